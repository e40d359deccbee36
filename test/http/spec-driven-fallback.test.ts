import express from 'express';
import request from 'supertest';
import path from 'node:path';
import { createSpecRouter } from '../../mock/http/spec-routes';
import { loadSpecEngine } from '../../mock/spec-engine/spec-engine';
import { MOCK_SPEC, useMockSpec } from '../support/mock-app';

beforeAll(useMockSpec);

test('an operation with no stateful handler is answered from the spec by prism, and the answer satisfies the spec', async () => {
  const engine = await loadSpecEngine(path.resolve(MOCK_SPEC));
  const app = express().use(createSpecRouter(engine, ''));
  const res = await request(app).get('/__admin/health');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['now', 'status', 'version', 'viewTokens']));
  expect(res).toSatisfyApiSpec();
});
