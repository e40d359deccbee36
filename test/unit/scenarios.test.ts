import { createJournal } from '../../mock/core/journal';
import type { ServiceRequest } from '../../mock/core/service-request';
import { readPreferences, withoutSwitches } from '../../mock/core/scenarios/preferences';
import { createRules } from '../../mock/core/scenarios/rules';
import { toSwitchPlan } from '../../mock/core/scenarios/switch-plan';
import { SERVICE_STATUSES } from '../../mock/core/service-statuses';
import { handleServiceRequest } from '../../mock/core/handle-service-request';
import { createMockCore } from '../../mock/compose/create-mock-core';

const GET_STATUSES = SERVICE_STATUSES.getViewToken;

test.each([
  ['code=403', {}, { code: '403' }],
  ['code=403, delay=200', {}, { code: '403', delay: '200' }],
  ['code=404; delay=10', {}, { code: '404', delay: '10' }],
  ['return=minimal, scenario="forbidden"', {}, { scenario: 'forbidden' }],
  [undefined, { __code: '401', __delay: '5' }, { code: '401', delay: '5' }],
  ['code=500', { __code: '401', __fault: 'empty-response' }, { code: '500', fault: 'empty-response' }],
  ['CODE=503', {}, { code: '503' }],
  ['code = 404 ; fault="malformed-json"', {}, { code: '404', fault: 'malformed-json' }],
  ['code', {}, { code: '' }],
  ['return=minimal', { fileId: '1' }, {}],
])('Prefer %j with query %j reads as %j (the header wins per key)', (prefer, query, expected) => {
  expect(readPreferences(prefer, query)).toEqual(expected);
});

test('the __ switches are removed from the query before validation', () => {
  expect(withoutSwitches({ fileId: '1', __code: '403', __delay: '1', __other: 'x' })).toEqual({
    fileId: '1',
    __other: 'x',
  });
});

test.each([
  [{ code: '418' }, 'code=418'],
  [{ code: 'abc' }, 'code=abc'],
  [{ scenario: 'teapot' }, 'scenario=teapot'],
  [{ fault: 'explode' }, 'fault=explode'],
  [{ delay: '-1' }, 'delay=-1'],
  [{ delay: '60001' }, 'delay=60001'],
  [{ delay: '1.5' }, 'delay=1.5'],
  [{ code: '403', scenario: 'forbidden' }, 'either code or scenario'],
  [{ code: '403', fault: 'empty-response' }, 'a fault replaces the answer'],
])('switches %j are refused, saying %s', (preferences, detail) => {
  const plan = toSwitchPlan(preferences, 'getViewToken', GET_STATUSES);
  expect(plan).toMatchObject({ kind: 'rejected', detail: expect.stringContaining(detail) });
  if (plan.kind === 'rejected') expect(plan.allowed.code).toEqual([200, 400, 401, 403, 404, 500, 503]);
});

test('code=200 is accepted and forces nothing (the real answer)', () => {
  expect(toSwitchPlan({ code: '200' }, 'getViewToken', GET_STATUSES)).toEqual({
    kind: 'ok',
    plan: { delayMs: 0, applied: ['code=200'] },
  });
});

test.each([
  ['CONNECTION_RESET_BY_PEER', 'connection-reset'],
  ['EMPTY_RESPONSE', 'empty-response'],
  ['MALFORMED_RESPONSE_CHUNK', 'malformed-json'],
  ['connection-reset', 'connection-reset'],
])("fault=%s (WireMock's name or ours) is the %s fault", (name, fault) => {
  expect(toSwitchPlan({ fault: name }, 'getViewToken', GET_STATUSES)).toEqual({
    kind: 'ok',
    plan: { delayMs: 0, fault, applied: [`fault=${fault}`] },
  });
});

test("an unknown fault is refused naming ours and WireMock's", () => {
  expect(toSwitchPlan({ fault: 'RANDOM' }, 'getViewToken', GET_STATUSES)).toMatchObject({
    kind: 'rejected',
    detail:
      "fault=RANDOM is not a fault (use connection-reset, empty-response, malformed-json, random-data-then-close, or WireMock's CONNECTION_RESET_BY_PEER, EMPTY_RESPONSE, MALFORMED_RESPONSE_CHUNK, RANDOM_DATA_THEN_CLOSE) (operation getViewToken)",
  });
});

test('a status the operation does not document is refused: 403 on the viewer data call', () => {
  expect(toSwitchPlan({ code: '403' }, 'getViewerData', SERVICE_STATUSES.getViewerData).kind).toBe('rejected');
  expect(toSwitchPlan({ scenario: 'forbidden' }, 'getViewerData', SERVICE_STATUSES.getViewerData).kind).toBe(
    'rejected',
  );
  expect(toSwitchPlan({ code: '201' }, 'getChildFileViewToken', SERVICE_STATUSES.getChildFileViewToken)).toMatchObject({
    kind: 'ok',
    plan: { successStatus: 201 },
  });
});

const aRequest = (query: Record<string, string>, headers: Record<string, string> = {}): ServiceRequest => ({
  operationId: 'getViewToken',
  method: 'GET',
  path: '/view/token',
  query,
  pathParams: {},
  headers,
});

test('a rule with times is used that many times, then disappears; the first match wins', async () => {
  const rules = createRules();
  await rules.add({ when: { param: 'fileId', equals: '0123' }, then: { scenario: 'forbidden' }, times: 2 }, '');
  await rules.add({ then: { code: '503' } }, '');
  const take = async (fileId: string) => (await rules.take(aRequest({ fileId }), '', GET_STATUSES))?.plan;
  expect(await take('123')).toMatchObject({ scenario: 'forbidden' });
  expect((await rules.list())[0]?.remaining).toBe(1);
  expect(await take('123')).toMatchObject({ scenario: 'forbidden' });
  expect(await take('123')).toMatchObject({ scenario: 'unavailable' });
  expect(await rules.list()).toHaveLength(1);
});

test('rules apply only to the session they were created in', async () => {
  const rules = createRules();
  await rules.add({ then: { code: '401' } }, 'worker-a');
  expect(await rules.take(aRequest({ fileId: '1' }), 'worker-b', GET_STATUSES)).toBeUndefined();
  expect(await rules.take(aRequest({ fileId: '1' }), '', GET_STATUSES)).toBeUndefined();
  expect((await rules.take(aRequest({ fileId: '1' }), 'worker-a', GET_STATUSES))?.plan.scenario).toBe(
    'access-token-invalid',
  );
});

test('a rule matches on operation and access token, and skips operations that do not document its status', async () => {
  const rules = createRules();
  await rules.add({ when: { accessToken: 'tester-7' }, then: { code: '403' } }, '');
  expect(
    await rules.take(aRequest({ fileId: '1' }, { authorization: 'Bearer other' }), '', GET_STATUSES),
  ).toBeUndefined();
  expect(
    (await rules.take(aRequest({ fileId: '1' }, { authorization: 'bearer tester-7' }), '', GET_STATUSES))?.plan
      .scenario,
  ).toBe('forbidden');
  const viewer: ServiceRequest = {
    ...aRequest({ viewToken: 'x' }, { authorization: 'Bearer tester-7' }),
    operationId: 'getViewerData',
  };
  expect(await rules.take(viewer, '', SERVICE_STATUSES.getViewerData)).toBeUndefined();
});

test.each([
  [null, 'JSON object'],
  [{ then: {} }, 'needs one of'],
  [{ then: { scenario: 'nope' } }, 'scenario=nope'],
  [{ when: { operation: 'getViewTokn' }, then: { code: '403' } }, 'not a service operation'],
  [{ when: { equals: '1' }, then: { code: '403' } }, 'needs "when.param"'],
  [{ when: { colour: 'red' }, then: { code: '403' } }, 'when.colour'],
  [{ then: { code: '403' }, times: 0 }, '"times"'],
  [{ when: { operation: 'getViewerData' }, then: { code: '403' } }, 'code=403'],
])('rule %j is refused (%s)', async (input, detail) => {
  expect(await createRules().add(input, '')).toMatchObject({
    kind: 'invalid',
    detail: expect.stringContaining(detail),
  });
});

test('the journal keeps the newest entries up to its capacity and counts matches', async () => {
  const journal = createJournal(3);
  for (const fileId of ['1', '2', '3', '4']) {
    await journal.record({
      atMs: 0,
      method: 'GET',
      path: '/view/token',
      query: { fileId },
      session: fileId === '4' ? 's' : '',
      operationId: 'getViewToken',
      hasAuthorization: true,
      status: 200,
      outcome: null,
    });
  }
  expect((await journal.list({})).map((entry) => entry.query.fileId)).toEqual(['4', '3', '2']);
  expect(await journal.count({ method: 'get', path: '/view/token', query: { fileId: '3' } })).toBe(1);
  expect(await journal.count({ query: { fileId: '1' } })).toBe(0);
  expect(await journal.list({ session: 's' })).toHaveLength(1);
  await journal.clear('s');
  expect(await journal.list({})).toHaveLength(2);
});

test("a switch may force only what the statuses handed to the core document (the spec engine's, in the server)", async () => {
  const core = createMockCore({
    seed: 1,
    realNow: () => 0,
    statuses: { ...SERVICE_STATUSES, getViewToken: [200, 401, 422] },
  });
  const forced = (prefer: string) =>
    handleServiceRequest(core, aRequest({ fileId: '1' }, { authorization: 'Bearer x', prefer }));
  expect(await forced('code=403')).toMatchObject({ kind: 'rejected-preference', allowed: { code: [200, 401] } });
  expect(await forced('code=401')).toMatchObject({ kind: 'answer', answer: { status: 401 } });
  expect(
    (
      await createMockCore({ statuses: { ...SERVICE_STATUSES, getViewToken: [200] } }).rules.add(
        { when: { operation: 'getViewToken' }, then: { code: '403' } },
        '',
      )
    ).kind,
  ).toBe('invalid');
});

test('a code=empty or unparseable Prefer value is refused, not ignored', () => {
  expect(toSwitchPlan(readPreferences('code', {}), 'getViewToken', GET_STATUSES)).toMatchObject({
    kind: 'rejected',
    detail: expect.stringContaining('code= is not'),
  });
});

test.each([
  [
    '__senario',
    '__senario is not a switch (did you mean __scenario?); use __code, __scenario, __delay, __fault (operation getViewToken)',
  ],
  [
    '__Code',
    '__Code is not a switch (did you mean __code?); use __code, __scenario, __delay, __fault (operation getViewToken)',
  ],
  ['__whatever', '__whatever is not a switch; use __code, __scenario, __delay, __fault (operation getViewToken)'],
])('an unknown query switch %s is refused, naming the known ones', async (name, detail) => {
  const core = createMockCore({ seed: 1, realNow: () => 0 });
  const result = await handleServiceRequest(
    core,
    aRequest({ fileId: '1', [name]: 'forbidden' }, { authorization: 'Bearer x' }),
  );
  const nearest = name === '__whatever' ? {} : { nearest: { switch: name === '__senario' ? '__scenario' : '__code' } };
  expect(result).toEqual({
    kind: 'rejected-preference',
    detail,
    allowed: { switch: ['__code', '__scenario', '__delay', '__fault'] },
    ...nearest,
  });
  expect(await core.store.count()).toBe(0);
});

test.each([
  [
    { when: { param: 'fileid', equals: '1' }, then: { code: 403 } },
    '"when.param" fileid: no service operation has it (did you mean fileId?); use clashDetectiveId, compareId, databagId, elementId, fileId, includeArea, includeDrawingSheet, includeOverrides, includeRoom, integrateId, moduleDataId, objectId, sceneId, sheetId, submodelId, treeType, v, viewToken, view_token',
    [
      'clashDetectiveId',
      'compareId',
      'databagId',
      'elementId',
      'fileId',
      'includeArea',
      'includeDrawingSheet',
      'includeOverrides',
      'includeRoom',
      'integrateId',
      'moduleDataId',
      'objectId',
      'sceneId',
      'sheetId',
      'submodelId',
      'treeType',
      'v',
      'viewToken',
      'view_token',
    ],
    { nearest: { param: 'fileId' } },
  ],
  [
    { when: { operation: 'getViewerData', param: 'fileId' }, then: { code: 500 } },
    '"when.param" fileId: getViewerData does not have it; use viewToken',
    ['viewToken'],
    {},
  ],
  [
    { when: { operation: 'issueAccessToken', param: 'appKey' }, then: { code: 500 } },
    '"when.param" appKey: issueAccessToken does not have it; use none',
    [],
    {},
  ],
])(
  'a rule naming a parameter no operation has is refused as unprocessable: %j',
  async (input, detail, params, nearest) => {
    expect(await createRules().add(input, '')).toEqual({
      kind: 'invalid',
      detail,
      unprocessable: true,
      allowed: { param: params },
      ...nearest,
    });
  },
);

test('a rule echoes numbers as numbers and strings as strings, and still applies', async () => {
  const rules = createRules();
  const added = await rules.add(
    { when: { param: 'fileId', equals: 123 }, then: { code: 403, delay: '5' }, times: 1 },
    '',
  );
  expect(added).toEqual({
    kind: 'added',
    rule: {
      id: expect.any(String),
      session: '',
      when: { param: 'fileId', equals: 123 },
      then: { code: 403, delay: '5' },
      remaining: 1,
    },
  });
  expect(await rules.take(aRequest({ fileId: '0123' }), '', GET_STATUSES)).toMatchObject({
    plan: { scenario: 'forbidden', delayMs: 5, applied: ['code=403', 'delay=5'] },
  });
});
