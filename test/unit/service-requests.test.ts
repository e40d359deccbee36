import { createMemoryClockStore, createSessionClocks } from '../../mock/core/session-clocks';
import type { CoreOptions } from '../../mock/core/create-core';
import { createCore } from '../../mock/core/create-core';
import { handleServiceRequest, recordUnmatched, shorten } from '../../mock/core/handle-service-request';
import { createSeededRandom } from '../../mock/core/random-source';
import type { ServiceRequest } from '../../mock/core/service-request';
import { StoreFullError, StoreUnavailableError } from '../../mock/core/store-errors';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const HOUR = 3_600_000;
const TOKEN = expect.stringMatching(/^[0-9a-f]{32}$/);
const BEARER = { authorization: 'Bearer test-token' };
const EXPIRES_IN_12H = { 'X-View-Token-Expires-At': '2026-01-01T12:00:00.000Z' };
const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer error="invalid_token"' };

function aCore(options: Partial<CoreOptions> = {}) {
  return createCore({
    clocks: createSessionClocks(createMemoryClockStore(), () => T0),
    random: createSeededRandom(1),
    store: createMemoryTokenStore(),
    timeZone: 'UTC',
    ...options,
  });
}

const aRequest = (fields: Partial<ServiceRequest> = {}): ServiceRequest => ({
  operationId: 'getViewToken',
  method: 'GET',
  path: '/view/token',
  query: { fileId: '1' },
  pathParams: {},
  headers: BEARER,
  ...fields,
});
const aUse = (viewToken: string | string[] | undefined, headers = {}): ServiceRequest =>
  aRequest({
    operationId: 'getViewerData',
    path: '/inside/databag',
    query: viewToken === undefined ? {} : { viewToken },
    headers,
  });
const aGrant = (authorization?: string): ServiceRequest =>
  aRequest({
    operationId: 'issueAccessToken',
    method: 'POST',
    path: '/oauth2/token',
    query: {},
    headers: authorization === undefined ? {} : { authorization },
  });
const aChildFile = (integrateId: string, fileId: string, method = 'POST'): ServiceRequest =>
  aRequest({
    operationId: method === 'POST' ? 'getChildFileViewToken' : 'getChildFileViewTokenByGet',
    method,
    path: `/data/v2/integrations/${integrateId}/files/${fileId}/viewToken`,
    query: {},
    pathParams: { integrateId, fileId },
  });
const envelope = (code: string, message: string) => ({ code, data: null, message });

async function issued(core: ReturnType<typeof aCore>): Promise<string> {
  const result = await handleServiceRequest(core, aRequest());
  if (result.kind !== 'answer') throw new Error('no answer');
  return (result.answer.body as { data: string }).data;
}

const journalOf = async (core: ReturnType<typeof aCore>) =>
  (await core.journal.list({})).map(({ id: _id, at: _at, ...entry }) => entry);

test('a View Token request is answered with the token and its expiry, and journaled', async () => {
  const core = aCore();
  expect(await handleServiceRequest(core, aRequest({ headers: { ...BEARER, 'x-mock-session': 'qa' } }))).toStrictEqual({
    kind: 'answer',
    delayMs: 0,
    answer: { status: 200, headers: EXPIRES_IN_12H, body: { code: 'success', data: TOKEN, message: '' } },
  });
  expect(await journalOf(core)).toStrictEqual([
    {
      method: 'GET',
      path: '/view/token',
      query: { fileId: '1' },
      session: 'qa',
      operationId: 'getViewToken',
      hasAuthorization: true,
      status: 200,
      outcome: null,
    },
  ]);
  expect(await core.store.list({ session: 'qa' })).toHaveLength(1);
});

test.each<[string, ServiceRequest, unknown]>([
  [
    'no Authorization',
    aRequest({ headers: {} }),
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: envelope('authentication.failed', 'Authorization header is missing; expected "Bearer <ACCESS_TOKEN>".'),
    },
  ],
  [
    'no Authorization and no id (the 401 comes first)',
    aRequest({ headers: {}, query: {} }),
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: envelope('authentication.failed', 'Authorization header is missing; expected "Bearer <ACCESS_TOKEN>".'),
    },
  ],
  [
    'no id',
    aRequest({ query: {} }),
    {
      status: 400,
      headers: {},
      body: envelope(
        'parameter.invalid',
        'Invalid parameter id: none given; give exactly one of compareId, fileId, integrateId, sceneId, submodelId, clashDetectiveId, moduleDataId.',
      ),
    },
  ],
  [
    'id 0',
    aRequest({ query: { sceneId: '0' } }),
    { status: 404, headers: {}, body: envelope('scene.not.found', 'Scene was not found.') },
  ],
  [
    'a child file without its path parameters',
    aRequest({ operationId: 'getChildFileViewToken', query: {} }),
    {
      status: 400,
      headers: {},
      body: envelope('parameter.invalid', 'Invalid parameter integrateId: empty; expected an int64.'),
    },
  ],
  [
    'a child file with a bad file id',
    aChildFile('1', 'x'),
    {
      status: 400,
      headers: {},
      body: envelope('parameter.invalid', 'Invalid parameter fileId: "x" is not an integer.'),
    },
  ],
])(
  'a View Token request with %s is refused in the envelope, and nothing is issued',
  async (_label, request, answer) => {
    const core = aCore();
    expect(await handleServiceRequest(core, request)).toStrictEqual({ kind: 'answer', delayMs: 0, answer });
    expect(await core.store.count()).toBe(0);
    expect((await journalOf(core))[0]?.status).toBe((answer as { status: number }).status);
  },
);

test("the spec's validation runs after authentication and before the core's own checks", async () => {
  const core = aCore();
  const invalid = () => ({ kind: 'invalid' as const, parameter: 'fileId', reason: 'must be an int64' });
  expect(await handleServiceRequest(core, aRequest(), invalid)).toMatchObject({
    answer: { status: 400, body: envelope('parameter.invalid', 'Invalid parameter fileId: must be an int64.') },
  });
  expect(await handleServiceRequest(core, aRequest({ headers: {} }), invalid)).toMatchObject({
    answer: { status: 401 },
  });
  expect(await handleServiceRequest(core, aUse('x'), invalid)).toMatchObject({
    answer: { status: 400, body: envelope('parameter.invalid', 'Invalid parameter fileId: must be an int64.') },
  });
});

test('a child file is issued under its integration, on POST and GET alike', async () => {
  const core = aCore();
  expect(await handleServiceRequest(core, aChildFile('10', '20'))).toMatchObject({
    answer: { status: 200, headers: EXPIRES_IN_12H },
  });
  expect(await handleServiceRequest(core, aChildFile('10', '21', 'GET'))).toMatchObject({ answer: { status: 200 } });
  expect(
    (await core.store.list({})).map((record) => [record.objectType, record.integrateId, record.objectId, record.name]),
  ).toEqual([
    ['childFile', '10', '21', 'model-21.rvt'],
    ['childFile', '10', '20', 'model-20.rvt'],
  ]);
});

test("the viewer's data call uses the token: its data, the slid expiry; an unknown or expired token is a 401", async () => {
  const core = aCore();
  const token = await issued(core);
  await core.clocks.change('', { kind: 'advance', byMs: 11 * HOUR });
  expect(await handleServiceRequest(core, aUse(token, {}))).toStrictEqual({
    kind: 'answer',
    delayMs: 0,
    answer: {
      status: 200,
      headers: { 'X-View-Token-Expires-At': '2026-01-01T23:00:00.000Z' },
      body: {
        code: 'success',
        message: '',
        data: {
          renderType: 'bimView',
          viewType: '3DView',
          jsSDKVersion: 'Bimface@3.6.36-standin',
          subRenders: [{ renderType: 'drawingView', jsSDKVersion: 'Drawing@1.6.34-standin' }],
          databagId: 'file-1-databag',
          modelId: '1',
          modelType: 'singleModel',
          name: 'model-1.rvt',
          objectType: 'file',
          objectId: '1',
          viewTokenUsedAt: '2026-01-01T11:00:00.000Z',
          viewTokenExpiresAt: '2026-01-01T23:00:00.000Z',
        },
      },
    },
  });
  await core.clocks.change('', { kind: 'advance', byMs: 12 * HOUR });
  expect(await handleServiceRequest(core, aUse(token))).toMatchObject({
    answer: {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: envelope('authentication.failed', 'View token has expired.'),
    },
  });
  expect(await handleServiceRequest(core, aUse('0'.repeat(32)))).toMatchObject({
    answer: { status: 401, body: envelope('authentication.failed', 'View token was not recognized.') },
  });
  expect((await journalOf(core)).map((entry) => [entry.status, entry.query.viewToken, entry.hasAuthorization])).toEqual(
    [
      [401, '000000…', false],
      [401, `${token.slice(0, 6)}…`, false],
      [200, `${token.slice(0, 6)}…`, false],
      [200, undefined, true],
    ],
  );
});

test.each<[string, ServiceRequest, string]>([
  ['no viewToken', aUse(undefined), 'Invalid parameter viewToken: is required once.'],
  ['viewToken twice', aUse(['a', 'b']), 'Invalid parameter viewToken: is required once.'],
  [
    'a misspelt viewToken',
    aRequest({ operationId: 'getViewerData', query: { viewtoken: 'a' } }),
    'Invalid parameter viewtoken: not a parameter of this route; did you mean viewToken?',
  ],
])("the viewer's data call with %s is a 400", async (_label, request, message) => {
  expect(await handleServiceRequest(aCore(), request)).toMatchObject({
    answer: { status: 400, headers: {}, body: envelope('parameter.invalid', message) },
  });
});

test("the token endpoint grants an Access Token with its expiry in the platform's format, and refuses bad credentials", async () => {
  const core = aCore({ applications: [{ appKey: 'app', appSecret: 'secret' }] });
  const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
  expect(await handleServiceRequest(core, aGrant(basic('app:secret')))).toStrictEqual({
    kind: 'answer',
    delayMs: 0,
    answer: {
      status: 200,
      headers: {},
      body: {
        code: 'success',
        message: '',
        data: { token: expect.stringMatching(/^cn-/), expireTime: '2026-01-08 00:00:00' },
      },
    },
  });
  expect(await handleServiceRequest(core, aGrant(basic('app:wrong')))).toMatchObject({
    answer: {
      status: 401,
      headers: { 'WWW-Authenticate': 'Basic realm="view-token-mock"' },
      body: envelope(
        'authentication.failed',
        'Invalid basic authentication token. The appSecret of appKey "app" does not match the configured one.',
      ),
    },
  });
});

test('a switch forces its outcome, names it in Preference-Applied and the journal, and issues nothing', async () => {
  const core = aCore();
  expect(await handleServiceRequest(core, aRequest({ headers: { ...BEARER, prefer: 'code=403' } }))).toStrictEqual({
    kind: 'answer',
    delayMs: 0,
    answer: {
      status: 403,
      headers: { 'Preference-Applied': 'code=403' },
      body: envelope('permission.denied', 'The object belongs to another application.'),
    },
  });
  expect(
    await handleServiceRequest(core, aRequest({ query: { fileId: '1', __scenario: 'not-found', __delay: '7' } })),
  ).toStrictEqual({
    kind: 'answer',
    delayMs: 7,
    answer: {
      status: 404,
      headers: { 'Preference-Applied': 'scenario=not-found, delay=7' },
      body: envelope('file.not.found', 'File was not found.'),
    },
  });
  expect(await core.store.count()).toBe(0);
  expect((await journalOf(core)).map((entry) => [entry.status, entry.outcome, entry.query])).toEqual([
    [404, 'scenario=not-found, delay=7', { fileId: '1' }],
    [403, 'code=403', { fileId: '1' }],
  ]);
});

test('a delay alone answers the real outcome after it; code=200 forces nothing', async () => {
  const core = aCore();
  expect(await handleServiceRequest(core, aRequest({ headers: { ...BEARER, prefer: 'delay=250' } }))).toStrictEqual({
    kind: 'answer',
    delayMs: 250,
    answer: {
      status: 200,
      headers: { ...EXPIRES_IN_12H, 'Preference-Applied': 'delay=250' },
      body: { code: 'success', data: TOKEN, message: '' },
    },
  });
  expect(await handleServiceRequest(core, aRequest({ headers: { ...BEARER, prefer: 'code=200' } }))).toMatchObject({
    answer: { status: 200, headers: { 'Preference-Applied': 'code=200' } },
  });
  expect(await core.store.count()).toBe(2);
});

test('code=201 on the child-file POST answers a bodiless 201', async () => {
  const core = aCore();
  expect(
    await handleServiceRequest(core, { ...aChildFile('1', '2'), headers: { ...BEARER, prefer: 'code=201' } }),
  ).toStrictEqual({
    kind: 'answer',
    delayMs: 0,
    answer: { status: 201, headers: { 'Preference-Applied': 'code=201' }, body: undefined },
  });
});

test('a fault is handed to the adapter with its delay and headers, journaled with status 0', async () => {
  const core = aCore();
  expect(
    await handleServiceRequest(core, aRequest({ headers: { ...BEARER, prefer: 'fault=EMPTY_RESPONSE, delay=3' } })),
  ).toStrictEqual({
    kind: 'fault',
    fault: 'empty-response',
    delayMs: 3,
    headers: { 'Preference-Applied': 'fault=empty-response, delay=3' },
  });
  expect((await journalOf(core)).map((entry) => [entry.status, entry.outcome])).toEqual([
    [0, 'fault=empty-response, delay=3'],
  ]);
});

test('unusable switches are refused with what is allowed, journaled as a 422, and nothing else happens', async () => {
  const core = aCore();
  expect(await handleServiceRequest(core, aRequest({ headers: { ...BEARER, prefer: 'code=418' } }))).toStrictEqual({
    kind: 'rejected-preference',
    detail: 'code=418 is not a status this operation documents (operation getViewToken); did you mean code=404?',
    allowed: {
      code: [200, 400, 401, 403, 404, 500, 503],
      scenario: [
        'access-token-missing',
        'access-token-invalid',
        'access-token-expired',
        'forbidden',
        'not-found',
        'invalid-parameter',
        'server-error',
        'unavailable',
      ],
      fault: ['connection-reset', 'empty-response', 'malformed-json', 'random-data-then-close'],
      delay: ['0..60000'],
    },
    nearest: { code: 404 },
  });
  expect(
    await handleServiceRequest(core, aRequest({ query: { fileId: '1', __code: '404', __delya: '1' } })),
  ).toStrictEqual({
    kind: 'rejected-preference',
    detail:
      '__delya is not a switch (did you mean __delay?); use __code, __scenario, __delay, __fault (operation getViewToken)',
    allowed: { switch: ['__code', '__scenario', '__delay', '__fault'] },
    nearest: { switch: '__delay' },
  });
  expect((await journalOf(core)).map((entry) => [entry.status, entry.outcome, entry.query])).toEqual([
    [422, 'rejected switches', { fileId: '1', __delya: '1' }],
    [422, 'rejected switches', { fileId: '1' }],
  ]);
  expect(await core.store.count()).toBe(0);
});

test("a session's rule forces its outcome, named in X-Mock-Rule, Preference-Applied and the journal; a request's own switch wins", async () => {
  const core = aCore();
  await core.rules.add({ when: { param: 'fileId', equals: '1' }, then: { code: 503 }, times: 2 }, 'qa');
  const inQa = (headers = {}) => aRequest({ headers: { ...BEARER, 'x-mock-session': 'qa', ...headers } });
  expect(await handleServiceRequest(core, inQa())).toStrictEqual({
    kind: 'answer',
    delayMs: 0,
    answer: {
      status: 503,
      headers: { 'Retry-After': '1', 'Preference-Applied': 'code=503', 'X-Mock-Rule': 'r1' },
      body: envelope('system.error', 'Service temporarily unavailable.'),
    },
  });
  expect(await handleServiceRequest(core, inQa({ prefer: 'code=404' }))).toMatchObject({
    answer: { status: 404, headers: { 'Preference-Applied': 'code=404' } },
  });
  expect(await handleServiceRequest(core, aRequest())).toMatchObject({ answer: { status: 200 } });
  expect((await journalOf(core)).map((entry) => [entry.session, entry.status, entry.outcome])).toEqual([
    ['', 200, null],
    ['qa', 404, 'code=404'],
    ['qa', 503, 'code=503 (rule r1)'],
  ]);
  expect((await core.rules.list('qa'))[0]?.remaining).toBe(1);
});

test('a rule that only delays names itself but no applied switch beyond the delay', async () => {
  const core = aCore();
  await core.rules.add({ then: { delay: 0 } }, '');
  expect(await handleServiceRequest(core, aRequest())).toMatchObject({
    kind: 'answer',
    delayMs: 0,
    answer: { status: 200, headers: { 'Preference-Applied': 'delay=0', 'X-Mock-Rule': 'r1' } },
  });
  expect((await journalOf(core))[0]?.outcome).toBe('delay=0 (rule r1)');
});

test("a forwarding adapter answers instead of the core, and its violations and the check's are journaled", async () => {
  const core = aCore();
  const forwarded = {
    status: 200,
    headers: { 'X-Upstream': 'yes' },
    body: { code: 'success', data: 'upstream', message: '' },
    violations: ['body: data is not 32 hex'],
  };
  const result = await handleServiceRequest(core, aRequest(), undefined, {
    forward: async () => forwarded,
    check: () => ['status 200 without X-View-Token-Expires-At'],
  });
  expect(result).toStrictEqual({ kind: 'answer', delayMs: 0, answer: forwarded });
  expect(await core.store.count()).toBe(0);
  expect((await journalOf(core))[0]?.violations).toEqual([
    'body: data is not 32 hex',
    'status 200 without X-View-Token-Expires-At',
  ]);
});

test('a check that finds nothing journals no violations; forced outcomes are checked too', async () => {
  const core = aCore();
  const checked: number[] = [];
  await handleServiceRequest(core, aRequest(), undefined, {
    check: (_request, answer) => {
      checked.push(answer.status);
      return [];
    },
  });
  await handleServiceRequest(core, aRequest({ headers: { ...BEARER, prefer: 'code=500' } }), undefined, {
    check: (_request, answer) => {
      checked.push(answer.status);
      return ['500 body'];
    },
  });
  expect(checked).toEqual([200, 500]);
  const journal = await journalOf(core);
  expect(journal[1]).not.toHaveProperty('violations');
  expect(journal[0]?.violations).toEqual(['500 body']);
});

test("a full store's refusal is journaled as a 503 with its cause and thrown on for the adapter's answer", async () => {
  const core = aCore({ store: createMemoryTokenStore(0) });
  await expect(handleServiceRequest(core, aRequest())).rejects.toBeInstanceOf(StoreFullError);
  expect((await journalOf(core)).map((entry) => [entry.status, entry.outcome])).toEqual([
    [503, 'store full (--max-view-tokens)'],
  ]);
});

test('an unreachable store is thrown on unjournaled: the adapter answers and logs it', async () => {
  const store = createMemoryTokenStore();
  store.insert = () => Promise.reject(new StoreUnavailableError('Redis is down'));
  const core = aCore({ store });
  await expect(handleServiceRequest(core, aRequest())).rejects.toThrow('Redis is down');
  expect(await journalOf(core)).toEqual([]);
});

test('the journal keeps what the client sent, View Tokens shortened, a parameter named __proto__ included', async () => {
  const core = aCore();
  const query = JSON.parse('{"viewToken":["0123456789abcdef","short"],"__proto__":"x","other":"y"}');
  await handleServiceRequest(core, aRequest({ operationId: 'getViewerData', query: { ...query, skipped: undefined } }));
  const [entry] = await core.journal.list({});
  expect(Object.entries(entry?.query ?? {})).toEqual([
    ['viewToken', ['012345…', '…']],
    ['__proto__', 'x'],
    ['other', 'y'],
  ]);
});

test.each([
  ['', '…'],
  ['12345678', '…'],
  ['123456789', '123456…'],
])('a secret %j is journaled as %j (enough to tell tokens apart, not to use one)', (secret, shortened) => {
  expect(shorten(secret)).toBe(shortened);
});

test('a request that matched no route is journaled as unmatched, with its hint, its whole path and switches dropped', async () => {
  const core = aCore();
  await recordUnmatched(
    core,
    {
      method: 'GET',
      path: '/view/tokens/0123456789abcdef/x',
      query: { fileId: '1', __code: '403' },
      headers: { 'x-mock-session': 'qa' },
    },
    404,
    'GET /view/token',
  );
  await recordUnmatched(
    core,
    { method: 'HEAD', path: '/view/token/012345678901234', query: {}, headers: BEARER },
    405,
    undefined,
  );
  expect(await journalOf(core)).toStrictEqual([
    {
      method: 'HEAD',
      path: '/view/token/012345678901234',
      query: {},
      session: '',
      operationId: '',
      hasAuthorization: true,
      status: 405,
      outcome: 'unmatched',
    },
    {
      method: 'GET',
      path: '/view/tokens/0123456789abcdef/x',
      query: { fileId: '1' },
      session: 'qa',
      operationId: '',
      hasAuthorization: false,
      status: 404,
      outcome: 'unmatched: did you mean GET /view/token?',
    },
  ]);
});

test("a forwarding adapter's own violations are journaled without a check", async () => {
  const core = aCore();
  await handleServiceRequest(core, aRequest(), undefined, {
    forward: async () => ({ status: 200, headers: {}, body: {}, violations: ['body: not an envelope'] }),
  });
  expect((await journalOf(core))[0]?.violations).toEqual(['body: not an envelope']);
});

test('a misspelt parameter beside a viewToken is not taken for it', async () => {
  expect(
    await handleServiceRequest(
      aCore(),
      aRequest({ operationId: 'getViewerData', query: { viewToken: 'a', viewtoken: 'b' } }),
    ),
  ).toMatchObject({ answer: { status: 401, body: { message: 'View token was not recognized.' } } });
});

test.each([
  ['a View Token', '/view/token/0123456789abcdef0123456789abcdef/x', '/view/token/012345…/x'],
  ['a View Token in capitals', '/files/ABCDEF0123456789ABCDEF0123456789', '/files/ABCDEF…'],
  ['a View Token with letters on both sides', '/a/x0123456789abcdef0123456789abcdefz', '/a/x012345…z'],
  ['two View Tokens', '/0123456789abcdef0123456789abcdef/fedcba9876543210fedcba9876543210', '/012345…/fedcba…'],
  [
    '31 hex digits (not a View Token)',
    '/view/token/0123456789abcdef0123456789abcde',
    '/view/token/0123456789abcdef0123456789abcde',
  ],
  [
    '33 hex digits (not a View Token)',
    '/view/token/0123456789abcdef0123456789abcdef0',
    '/view/token/0123456789abcdef0123456789abcdef0',
  ],
  ['a granted Access Token', '/oauth2/token/cn-01234567-89ab-4def-8123-456789abcdef', '/oauth2/token/cn-012…'],
  ['a granted Access Token in capitals, then more', '/x/CN-01234567-89AB-4DEF-8123-456789ABCDEF/y', '/x/CN-012…/y'],
  [
    'a cn- value one digit short in its first group',
    '/x/cn-0123456-89ab-4def-8123-456789abcdef',
    '/x/cn-0123456-89ab-4def-8123-456789abcdef',
  ],
  [
    'a cn- value one digit short in its last group',
    '/x/cn-01234567-89ab-4def-8123-456789abcde',
    '/x/cn-01234567-89ab-4def-8123-456789abcde',
  ],
  [
    'a cn- value with a non-hex digit',
    '/x/cn-0123456g-89ab-4def-8123-456789abcdef',
    '/x/cn-0123456g-89ab-4def-8123-456789abcdef',
  ],
])('an unmatched path with %s is journaled with only the token shortened', async (_label, path, journaled) => {
  const core = aCore();
  await recordUnmatched(core, { method: 'GET', path, query: {}, headers: {} }, 404, undefined);
  expect(await journalOf(core)).toStrictEqual([
    {
      method: 'GET',
      path: journaled,
      query: {},
      session: '',
      operationId: '',
      hasAuthorization: false,
      status: 404,
      outcome: 'unmatched',
    },
  ]);
});
