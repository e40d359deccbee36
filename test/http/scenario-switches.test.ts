import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { BEARER, aMock, useMockSpec } from '../support/mock-app';

let mock: MockServer;
beforeAll(useMockSpec);
beforeEach(async () => {
  mock = await aMock();
});

const getToken = (query: string, headers: Record<string, string> = {}) =>
  request(mock.app)
    .get(`/view/token?${query}`)
    .set({ ...BEARER, ...headers });

test.each([
  ['code=400', 400, 'parameter.invalid'],
  ['code=401', 401, 'authentication.failed'],
  ['code=403', 403, 'permission.denied'],
  ['code=404', 404, 'scene.not.found'],
  ['code=500', 500, 'system.error'],
  ['code=503', 503, 'system.error'],
  ['scenario=access-token-missing', 401, 'authentication.failed'],
  ['scenario=access-token-invalid', 401, 'authentication.failed'],
  ['scenario=access-token-expired', 401, 'authentication.failed'],
  ['scenario=forbidden', 403, 'permission.denied'],
  ['scenario=not-found', 404, 'scene.not.found'],
  ['scenario=invalid-parameter', 400, 'parameter.invalid'],
  ['scenario=server-error', 500, 'system.error'],
  ['scenario=unavailable', 503, 'system.error'],
])(
  'Prefer: %s on GET /view/token?sceneId= → %d %s, satisfying the spec, echoed in Preference-Applied',
  async (prefer, status, code) => {
    const res = await getToken('sceneId=5', { Prefer: prefer });
    expect(res.status).toBe(status);
    expect(res).toSatisfyApiSpec();
    expect(res.body).toEqual({ code, data: null, message: expect.any(String) });
    expect(res.headers['preference-applied']).toBe(prefer);
  },
);

test('a forced 401 is the real 401: same body and WWW-Authenticate as a missing Authorization header', async () => {
  const forced = await getToken('fileId=1', { Prefer: 'scenario=access-token-missing' });
  const real = await request(mock.app).get('/view/token?fileId=1');
  expect(forced.body).toEqual(real.body);
  expect(forced.headers['www-authenticate']).toBe(real.headers['www-authenticate']);
});

test('a forced 503 says when to retry', async () => {
  const res = await getToken('fileId=1', { Prefer: 'code=503' });
  expect(res.headers['retry-after']).toBe('1');
});

test('Prefer: code=201 on the POST child-file route answers the documented bodiless 201', async () => {
  const res = await request(mock.app)
    .post('/data/v2/integrations/1/files/2/viewToken')
    .set(BEARER)
    .set('Prefer', 'code=201');
  expect(res.status).toBe(201);
  expect(res).toSatisfyApiSpec();
  expect(res.text).toBe('');
});

test('the __ query fallbacks work, are never validated as parameters, and the header wins', async () => {
  const fallback = await getToken('fileId=1&__code=404');
  expect(fallback.status).toBe(404);
  expect(fallback.body.code).toBe('file.not.found');
  const headerWins = await getToken('fileId=1&__code=404', { Prefer: 'code=403' });
  expect(headerWins.status).toBe(403);
  const plainDelay = await getToken('fileId=1&__delay=1');
  expect(plainDelay.status).toBe(200);
  expect(plainDelay.headers['preference-applied']).toBe('delay=1');
});

test('Prefer: delay=300 holds the answer until the timers have run 300 ms, and not a millisecond less', async () => {
  // Fake timers: the delay is read off the timers the mock sets, never off a wall clock.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    let answered = false;
    const pending = getToken('fileId=1', { Prefer: 'delay=300' }).then((res) => {
      answered = true;
      return res;
    });
    const ioTurns = async (turns: number): Promise<void> => {
      for (let i = 0; i < turns && !answered; i += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    // The request is journaled before the mock waits; then give an undelayed answer every chance to arrive.
    while ((await mock.core.journal.count({})) === 0) await ioTurns(1);
    await ioTurns(200);
    await jest.advanceTimersByTimeAsync(299);
    await ioTurns(200);
    expect(answered).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.headers['preference-applied']).toBe('delay=300');
    expect(res.body).toEqual({ code: 'success', data: expect.stringMatching(/^[0-9a-f]{32}$/), message: '' });
  } finally {
    jest.useRealTimers();
  }
});

test.each([
  ['code=418', 'code=418'],
  ['code=403, scenario=forbidden', 'either code or scenario'],
  ['scenario=slow', 'scenario=slow'],
  ['fault=meltdown', 'fault=meltdown'],
  ['delay=600000', 'delay=600000'],
])('an unusable switch Prefer: %s is a loud 422 problem listing what is allowed', async (prefer, detail) => {
  const res = await getToken('fileId=1', { Prefer: prefer });
  expect(res.status).toBe(422);
  expect(res).toSatisfyApiSpec();
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.detail).toContain(detail);
  expect(res.body.allowed).toMatchObject({
    code: [200, 400, 401, 403, 404, 500, 503],
    fault: ['connection-reset', 'empty-response', 'malformed-json', 'random-data-then-close'],
  });
});

test('a 403 rule for one fileId applies twice, then the real answer returns; Prefer beats it', async () => {
  const created = await request(mock.app)
    .post('/__admin/scenarios')
    .send({
      when: { operation: 'getViewToken', param: 'fileId', equals: '123' },
      then: { scenario: 'forbidden' },
      times: 2,
    });
  expect(created.status).toBe(201);
  expect(created).toSatisfyApiSpec();
  expect((await getToken('fileId=123', { Prefer: 'code=404' })).status).toBe(404);
  expect((await getToken('fileId=999')).status).toBe(200);
  const first = await getToken('fileId=123');
  expect(first.status).toBe(403);
  expect(first.headers['preference-applied']).toBe('scenario=forbidden');
  expect(first.headers['x-mock-rule']).toBe(created.body.id);
  const [journaled] = (await request(mock.app).get('/__admin/requests?limit=1')).body.requests;
  expect(journaled.outcome).toBe(`scenario=forbidden (rule ${created.body.id})`);
  expect((await request(mock.app).get('/__admin/scenarios')).body.rules[0].remaining).toBe(1);
  expect((await getToken('fileId=123')).status).toBe(403);
  expect((await getToken('fileId=123')).status).toBe(200);
  const listed = await request(mock.app).get('/__admin/scenarios');
  expect(listed).toSatisfyApiSpec();
  expect(listed.body.rules).toEqual([]);
});

test('rules can be listed, removed one by one and cleared; a malformed rule is a 400 problem', async () => {
  const a = await request(mock.app)
    .post('/__admin/scenarios')
    .send({ then: { code: '503' } });
  await request(mock.app)
    .post('/__admin/scenarios')
    .send({ then: { delay: 10 } });
  const removed = await request(mock.app).delete(`/__admin/scenarios/${a.body.id}`);
  expect(removed.status).toBe(204);
  expect((await request(mock.app).delete(`/__admin/scenarios/${a.body.id}`)).status).toBe(404);
  const cleared = await request(mock.app).delete('/__admin/scenarios');
  expect(cleared).toSatisfyApiSpec();
  expect(cleared.body).toEqual({ removed: 1 });
  const bad = await request(mock.app).post('/__admin/scenarios').send({ then: 'forbidden' });
  expect(bad.status).toBe(400);
  expect(bad).toSatisfyApiSpec();
  expect(bad.body).toEqual({
    type: 'urn:view-token-mock:problem:bad-request',
    title: 'The request is not what this operation takes',
    status: 400,
    detail: '"then" must be an object with scenario, code, delay or fault',
  });
});

const ALL_SCENARIOS = [
  'access-token-missing',
  'access-token-invalid',
  'access-token-expired',
  'forbidden',
  'not-found',
  'invalid-parameter',
  'server-error',
  'unavailable',
];

test.each([
  [
    { then: { scenario: 'forbiden' } },
    'scenario=forbiden is not one this operation can answer (operation any service operation); did you mean scenario=forbidden?',
    { scenario: ALL_SCENARIOS },
    { scenario: 'forbidden' },
  ],
  [
    { when: { operation: 'getViewerData' }, then: { scenario: 'forbiden' } },
    'scenario=forbiden is not one this operation can answer (operation getViewerData)',
    {
      scenario: [
        'access-token-missing',
        'access-token-invalid',
        'access-token-expired',
        'invalid-parameter',
        'server-error',
        'unavailable',
      ],
    },
    undefined,
  ],
  [
    { then: { code: 418 } },
    'code=418 is not a status this operation documents (operation any service operation); did you mean code=404?',
    { code: [200, 400, 401, 403, 404, 500, 503, 201] },
    { code: 404 },
  ],
  [
    { then: { fault: 'conection-reset' } },
    "fault=conection-reset is not a fault (use connection-reset, empty-response, malformed-json, random-data-then-close, or WireMock's CONNECTION_RESET_BY_PEER, EMPTY_RESPONSE, MALFORMED_RESPONSE_CHUNK, RANDOM_DATA_THEN_CLOSE) (operation any service operation); did you mean fault=connection-reset?",
    { fault: ['connection-reset', 'empty-response', 'malformed-json', 'random-data-then-close'] },
    { fault: 'connection-reset' },
  ],
  [
    { when: { param: 'fileid', equals: '1' }, then: { code: 403 } },
    '"when.param" fileid: no service operation has it (did you mean fileId?); use clashDetectiveId, compareId, databagId, elementId, fileId, includeArea, includeDrawingSheet, includeOverrides, includeRoom, integrateId, moduleDataId, objectId, sceneId, sheetId, submodelId, treeType, v, viewToken, view_token',
    {
      param: [
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
    },
    { param: 'fileId' },
  ],
  [
    { when: { operation: 'getViewTokens' }, then: { code: 403 } },
    '"when.operation" getViewTokens is not a service operation (did you mean getViewToken?); use getChildFileViewTokenByGet, getChildFileViewToken, getViewToken, issueAccessToken, getViewerData, getFileElement, getFileFloors, getFileTree, getIntegrationFiles, getIntegrationFloors, getIntegrationTree, getIntegrationFileElement, getIntegrationElement, getDrawingIndex, getDrawingSheet, getModelGeometry',
    {
      operation: [
        'getChildFileViewTokenByGet',
        'getChildFileViewToken',
        'getViewToken',
        'issueAccessToken',
        'getViewerData',
        'getFileElement',
        'getFileFloors',
        'getFileTree',
        'getIntegrationFiles',
        'getIntegrationFloors',
        'getIntegrationTree',
        'getIntegrationFileElement',
        'getIntegrationElement',
        'getDrawingIndex',
        'getDrawingSheet',
        'getModelGeometry',
      ],
    },
    { operation: 'getViewToken' },
  ],
])(
  'every refused rule reads the same way: %j is a 422 problem with the allowed values and the nearest one',
  async (rule, detail, allowed, nearest) => {
    const res = await request(mock.app).post('/__admin/scenarios').send(rule);
    expect(res.status).toBe(422);
    expect(res).toSatisfyApiSpec();
    expect(res.body).toEqual({
      type: 'urn:view-token-mock:problem:preference-rejected',
      title: 'A scenario switch cannot be applied',
      status: 422,
      detail,
      allowed: expect.objectContaining(allowed),
      ...(nearest === undefined ? {} : { nearest }),
    });
    expect((await request(mock.app).get('/__admin/scenarios')).body.rules).toEqual([]);
  },
);

test.each([
  ['scenario=forbiden', { scenario: 'forbidden' }],
  ['code=402', { code: 401 }],
  ['fault=EMPTY_RESPONS', { fault: 'EMPTY_RESPONSE' }],
  ['delay=70000', { delay: 60_000 }],
])('a refused Prefer switch %s names the nearest allowed value as a rule does', async (prefer, nearest) => {
  const res = await getToken('fileId=1', { Prefer: prefer });
  expect(res.status).toBe(422);
  expect(res.body.nearest).toEqual(nearest);
  expect(res.body.detail).toMatch(
    new RegExp(`; did you mean ${Object.keys(nearest)[0]}=${String(Object.values(nearest)[0])}\\?$`),
  );
});

test("two CI workers with their own sessions never see each other's rules, tokens or journal (interleaved)", async () => {
  const as = (session: string) => ({ 'X-Mock-Session': session });
  await request(mock.app)
    .post('/__admin/scenarios')
    .set(as('worker-a'))
    .send({ then: { code: '401' } });
  await request(mock.app)
    .post('/__admin/scenarios')
    .set(as('worker-b'))
    .send({ then: { code: '503' } });
  const statuses: number[] = [];
  for (let round = 0; round < 3; round++) {
    statuses.push((await getToken('fileId=1', as('worker-a'))).status);
    statuses.push((await getToken('fileId=1', as('worker-b'))).status);
    statuses.push((await getToken('fileId=1', as('worker-c'))).status);
    statuses.push((await getToken('fileId=1')).status);
  }
  expect(statuses).toEqual([401, 503, 200, 200, 401, 503, 200, 200, 401, 503, 200, 200]);
  expect((await request(mock.app).get('/__admin/scenarios?session=worker-a')).body.rules).toHaveLength(1);
  expect((await request(mock.app).get('/__admin/view-tokens?session=worker-c')).body.viewTokens).toHaveLength(3);
  const journal = await request(mock.app).get('/__admin/requests').set(as('worker-b'));
  expect(
    journal.body.requests.map((entry: { status: number; session: string }) => [entry.status, entry.session]),
  ).toEqual([
    [503, 'worker-b'],
    [503, 'worker-b'],
    [503, 'worker-b'],
  ]);
});

test('the journal records requests without Authorization values and counts them for verification', async () => {
  await getToken('fileId=7');
  await getToken('fileId=8', { Prefer: 'code=404' });
  const token = (await getToken('fileId=7')).body.data as string;
  await request(mock.app).get(`/inside/databag?viewToken=${token}`);
  const journal = await request(mock.app).get('/__admin/requests?limit=10');
  expect(journal).toSatisfyApiSpec();
  const [newest, , forced] = journal.body.requests;
  expect(newest).toMatchObject({
    method: 'GET',
    path: '/inside/databag',
    operationId: 'getViewerData',
    hasAuthorization: false,
    status: 200,
  });
  expect(newest.query.viewToken).toBe(`${token.slice(0, 6)}…`);
  expect(forced).toMatchObject({ status: 404, outcome: 'code=404', hasAuthorization: true });
  expect(JSON.stringify(journal.body)).not.toContain('test-access-token');
  const count = await request(mock.app)
    .post('/__admin/requests/count')
    .send({ method: 'GET', path: '/view/token', query: { fileId: '7' } });
  expect(count).toSatisfyApiSpec();
  expect(count.body).toEqual({ count: 2 });
  expect(
    (
      await request(mock.app)
        .post('/__admin/requests/count')
        .send({ query: { fileId: 7 } })
    ).status,
  ).toBe(400);
  const countOf = async (body: object) =>
    (await request(mock.app).post('/__admin/requests/count').send(body)).body as unknown;
  expect(await countOf({ path: '/inside/databag', query: { viewToken: token } })).toEqual({ count: 1 });
  expect(await countOf({ path: '/inside/databag', query: { viewToken: `${token.slice(0, 6)}…` } })).toEqual({
    count: 1,
  });
  expect(
    await countOf({ path: '/inside/databag', query: { viewToken: `${token.slice(0, 6)}ffffffffffffffffffffffffff` } }),
  ).toEqual({ count: 1 });
  expect(
    await countOf({ method: 'GET', urlPath: '/view/token', queryParameters: { fileId: { equalTo: '7' } } }),
  ).toEqual({ count: 2 });
  expect(
    await countOf({ method: 'GET', urlPath: '/view/token', queryParameters: { fileId: { equalTo: '9' } } }),
  ).toEqual({ count: 0 });
  expect((await request(mock.app).delete('/__admin/requests')).status).toBe(204);
  expect((await request(mock.app).get('/__admin/requests')).body.requests).toEqual([]);
});

test('the scenario catalog lists, for every service operation, every documented status with a curl line', async () => {
  const res = await request(mock.app).get('/__admin/scenarios/catalog');
  expect(res).toSatisfyApiSpec();
  const operations = res.body.operations as {
    operationId: string;
    documentedStatuses: number[];
    outcomes: { status: number | null; curl: string; prefer: string | null }[];
  }[];
  expect(operations.map((operation) => operation.operationId).sort()).toEqual([
    'getChildFileViewToken',
    'getChildFileViewTokenByGet',
    'getDrawingIndex',
    'getDrawingSheet',
    'getFileElement',
    'getFileFloors',
    'getFileTree',
    'getIntegrationElement',
    'getIntegrationFileElement',
    'getIntegrationFiles',
    'getIntegrationFloors',
    'getIntegrationTree',
    'getModelGeometry',
    'getViewToken',
    'getViewerData',
    'issueAccessToken',
  ]);
  for (const operation of operations) {
    const covered = new Set(operation.outcomes.map((outcome) => outcome.status));
    for (const status of operation.documentedStatuses)
      expect([operation.operationId, covered.has(status)]).toEqual([operation.operationId, true]);
    for (const outcome of operation.outcomes) expect(outcome.curl).toMatch(/^curl -i .*'http:\/\/127\.0\.0\.1:\d+\//);
  }
  const forbidden = operations
    .find((operation) => operation.operationId === 'getViewToken')
    ?.outcomes.find((outcome) => outcome.prefer === 'scenario=forbidden');
  expect(forbidden?.curl).toContain("-H 'Prefer: scenario=forbidden'");
});

test('rules from the config apply from the start and come back after a reset', async () => {
  const configured = await aMock({
    config: { rules: [{ when: { param: 'fileId', equals: '66' }, then: { code: '404' } }] },
  });
  expect((await request(configured.app).get('/view/token?fileId=66').set(BEARER)).status).toBe(404);
  await request(configured.app).delete('/__admin/scenarios');
  expect((await request(configured.app).get('/view/token?fileId=66').set(BEARER)).status).toBe(200);
  await request(configured.app).post('/__admin/reset');
  expect((await request(configured.app).get('/view/token?fileId=66').set(BEARER)).status).toBe(404);
});

test.each([
  [
    { methd: 'GET' },
    '"methd" is not a field here (did you mean method?); use method, path, urlPath, query, queryParameters, session, operationId, status.',
  ],
  [
    { url: '/view/token?fileId=1' },
    '"url" is not a field here; use method, path, urlPath, query, queryParameters, session, operationId, status.',
  ],
  [{ status: '200' }, '"status" must be an integer; got "200".'],
  [{ query: { fileId: 7 } }, '"query.fileId" must be a string; got 7.'],
  [{ path: '/view/token', urlPath: '/view/token' }, 'Give "path" or WireMock\'s "urlPath", not both.'],
  [
    { queryParameters: { fileId: { matches: '1.*' } } },
    '"queryParameters.fileId" must be {"equalTo": "<value>"} (the one WireMock matcher the mock supports); "equalTo" is missing.',
  ],
  [
    { queryParameters: { fileId: { equalTo: '1', matches: '1.*' } } },
    '"queryParameters.fileId.matches" is not a field here; use equalTo.',
  ],
])('POST /__admin/requests/count with %j is a 400 saying what is allowed', async (body: object, detail) => {
  const res = await request(mock.app).post('/__admin/requests/count').send(body);
  expect(res.status).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status: 400, detail });
});
