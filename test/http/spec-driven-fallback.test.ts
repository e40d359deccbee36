import path from 'node:path';
import request from 'supertest';
import { createMockCore } from '../../mock/compose/create-mock-core';
import { createFront } from '../../mock/front/front';
import { createNodeListener } from '../../mock/http/node-front';
import { parseQuery } from '../../mock/http/parse-query';
import { createSpecAnswers } from '../../mock/http/spec-answers';
import { loadSpecEngine } from '../../mock/spec-engine/spec-engine';
import { MOCK_SPEC, useMockSpec } from '../support/mock-app';

beforeAll(useMockSpec);

const silent = { error: () => undefined, warn: () => undefined };

/** The front with no handler at all: every matched operation goes to the spec engine. */
async function aSpecOnlyApp() {
  const engine = await loadSpecEngine(path.resolve(MOCK_SPEC));
  const front = createFront({
    core: createMockCore(),
    operations: {},
    unhandled: createSpecAnswers(() => Promise.resolve(engine)),
    basePath: '',
    guard: { isIp: () => true },
    parseQuery,
    logger: silent,
  });
  return createNodeListener(front);
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
