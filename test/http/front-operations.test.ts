import request from 'supertest';
import { createMockCore } from '../../mock/compose/create-mock-core';
import { createFront } from '../../mock/front/front';
import type { Operations } from '../../mock/front/operation';
import { createOperations } from '../../mock/front/operations';
import { json } from '../../mock/front/reply';
import { serviceOperation } from '../../mock/front/service-operations';
import { createNodeListener } from '../../mock/http/node-front';
import { parseQuery } from '../../mock/http/parse-query';

// How an operation is added to the front: one entry by operationId (docs/internals/layout.md). The
// viewer's data call stands in for a new operation here: its own handler replaces the core's.
const silent = { error: () => undefined, warn: () => undefined };

function anApp(replace: (core: ReturnType<typeof createMockCore>) => Operations) {
  const core = createMockCore({ seed: 1 });
  const deps = { core, basePath: '', logger: silent, version: 'test', store: { kind: 'memory' as const } };
  const front = createFront({
    core,
    operations: { ...createOperations(deps), ...replace(core) },
    basePath: '',
    guard: { isIp: () => true },
    parseQuery,
    logger: silent,
  });
  return { app: createNodeListener(front), core };
}

test('a plain handler registered by operationId gets the request with its parameters checked against the spec first', async () => {
  const { app, core } = anApp(() => ({
    getViewerData: (input, match) => json(200, { asked: input.query.viewToken, operationId: match.operationId }),
  }));
  expect((await request(app).get('/inside/databag?viewToken=abc')).body).toEqual({
    asked: 'abc',
    operationId: 'getViewerData',
  });
  const refused = await request(app).get('/inside/databag');
  expect([refused.status, refused.body]).toEqual([
    400,
    { code: 'parameter.invalid', data: null, message: '"viewToken": is required.' },
  ]);
  // A plain handler runs outside the core: nothing journaled.
  expect(await core.journal.count({})).toBe(0);
});

test('an operation registered with serviceOperation runs through the core: switches, rules and the journal, its own real outcome', async () => {
  const { app, core } = anApp((core) => ({
    getViewerData: serviceOperation(core, undefined, async (input) => ({
      status: 200,
      headers: {},
      body: { code: 'success', data: { asked: input.query.viewToken }, message: '' },
    })),
  }));
  expect((await request(app).get('/inside/databag?viewToken=abc')).body.data).toEqual({ asked: 'abc' });
  const forced = await request(app).get('/inside/databag?viewToken=abc').set('Prefer', 'code=500');
  expect([forced.status, forced.headers['preference-applied']]).toEqual([500, 'code=500']);
  await core.rules.add({ when: { operation: 'getViewerData' }, then: { scenario: 'unavailable' }, times: 1 }, '');
  expect((await request(app).get('/inside/databag?viewToken=abc')).status).toBe(503);
  expect((await core.journal.list({})).map((entry) => [entry.operationId, entry.status])).toEqual([
    ['getViewerData', 503],
    ['getViewerData', 500],
    ['getViewerData', 200],
  ]);
});
