import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import type { MatchedRoute } from '../../mock/core/routing/match-route';
import { createRouteMatcher } from '../../mock/core/routing/match-route';
import { ROUTE_TABLE } from '../../mock/core/routing/route-table';
import { createOperationDispatch } from '../../mock/http/operation-dispatch';
import { loadSpecEngine } from '../../mock/spec-engine/spec-engine';
import { MOCK_SPEC, useMockSpec } from '../support/mock-app';

beforeAll(useMockSpec);

/** The dispatch with no handler at all: every matched operation goes to the spec engine. */
async function aSpecOnlyApp() {
  const engine = await loadSpecEngine(path.resolve(MOCK_SPEC));
  const matchRoute = createRouteMatcher(ROUTE_TABLE, { basePath: '' });
  const matches = new WeakMap<IncomingMessage, MatchedRoute>();
  return express()
    .use((req, _res, next) => {
      const match = matchRoute(req.method, req.url);
      if (match.kind === 'matched') matches.set(req, match);
      next();
    })
    .use(createOperationDispatch((req) => matches.get(req), engine, {}));
}

test('an operation with no stateful handler is answered from the spec by prism, found by its operationId, and the answer satisfies the spec', async () => {
  const res = await request(await aSpecOnlyApp()).get('/__admin/health');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['now', 'status', 'version', 'viewTokens']));
  expect(res).toSatisfyApiSpec();
});

test('a templated operation without a handler is answered from the spec too, after its parameters were checked', async () => {
  const app = await aSpecOnlyApp();
  const found = await request(app).get('/__admin/view-tokens/abc');
  expect(found.status).toBe(200);
  expect(found).toSatisfyApiSpec();
  const refused = await request(app).get('/__admin/view-tokens?limit=5000');
  expect(refused.status).toBe(400);
  expect(refused.body.detail).toBe('"limit": must be an integer from 0 to 1000; got "5000".');
});
