import type { ServiceRequest } from '../../mock/core/service-request';
import { SERVICE_STATUSES } from '../../mock/core/service-statuses';
import {
  FAULT_ALIASES,
  MAX_DELAY_MS,
  QUERY_SWITCHES,
  findUnknownSwitch,
  readPreferences,
  toFault,
  withoutSwitches,
} from '../../mock/core/scenarios/preferences';
import {
  SCENARIO_OF_CODE,
  SCENARIO_STATUS,
  answerScenario,
  isScenarioName,
} from '../../mock/core/scenarios/scenario-catalog';
import { allowedFor, toSwitchPlan } from '../../mock/core/scenarios/switch-plan';

const GET = SERVICE_STATUSES.getViewToken;
const ALL_FAULTS = ['connection-reset', 'empty-response', 'malformed-json', 'random-data-then-close'];

test.each<[Record<string, string>, unknown]>([
  [{}, { delayMs: 0, applied: [] }],
  [{ code: '200' }, { delayMs: 0, applied: ['code=200'] }],
  [
    { code: '403', delay: '5' },
    { scenario: 'forbidden', delayMs: 5, applied: ['code=403', 'delay=5'] },
  ],
  [{ code: '400' }, { scenario: 'invalid-parameter', delayMs: 0, applied: ['code=400'] }],
  [{ code: '401' }, { scenario: 'access-token-invalid', delayMs: 0, applied: ['code=401'] }],
  [{ code: '404' }, { scenario: 'not-found', delayMs: 0, applied: ['code=404'] }],
  [{ code: '500' }, { scenario: 'server-error', delayMs: 0, applied: ['code=500'] }],
  [{ code: '503' }, { scenario: 'unavailable', delayMs: 0, applied: ['code=503'] }],
  [
    { scenario: 'access-token-expired', delay: '0' },
    { scenario: 'access-token-expired', delayMs: 0, applied: ['scenario=access-token-expired', 'delay=0'] },
  ],
  [
    { fault: 'RANDOM_DATA_THEN_CLOSE', delay: '60000' },
    { fault: 'random-data-then-close', delayMs: 60_000, applied: ['fault=random-data-then-close', 'delay=60000'] },
  ],
  [{ delay: '000007' }, { delayMs: 7, applied: ['delay=7'] }],
])('switches %j on GET /view/token plan %j', (preferences, plan) => {
  expect(toSwitchPlan(preferences, 'getViewToken', GET)).toStrictEqual({ kind: 'ok', plan });
});

test('code=201 on the child-file POST is its documented bodiless success', () => {
  expect(toSwitchPlan({ code: '201' }, 'getChildFileViewToken', SERVICE_STATUSES.getChildFileViewToken)).toStrictEqual({
    kind: 'ok',
    plan: { successStatus: 201, delayMs: 0, applied: ['code=201'] },
  });
});

const GET_ALLOWED = {
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
  fault: ALL_FAULTS,
  delay: ['0..60000'],
};

test.each<[Record<string, string>, string, Record<string, number> | undefined]>([
  [
    { code: '403', scenario: 'forbidden' },
    'give either code or scenario, not both (operation getViewToken)',
    undefined,
  ],
  [
    { code: '403', fault: 'empty-response' },
    'a fault replaces the answer: drop code/scenario (operation getViewToken)',
    undefined,
  ],
  [
    { scenario: 'forbidden', fault: 'empty-response' },
    'a fault replaces the answer: drop code/scenario (operation getViewToken)',
    undefined,
  ],
  [
    { code: '422' },
    'code=422 is not a status this operation documents (operation getViewToken); did you mean code=404?',
    { code: 404 },
  ],
  [
    { code: '4033' },
    'code=4033 is not a status this operation documents (operation getViewToken); did you mean code=503?',
    { code: 503 },
  ],
  [
    { code: '40' },
    'code=40 is not a status this operation documents (operation getViewToken); did you mean code=200?',
    { code: 200 },
  ],
  [
    { code: '' },
    'code= is not a status this operation documents (operation getViewToken); did you mean code=200?',
    { code: 200 },
  ],
  [
    { code: '201' },
    'code=201 is not a status this operation documents (operation getViewToken); did you mean code=200?',
    { code: 200 },
  ],
  [{ scenario: 'teapot' }, 'scenario=teapot is not one this operation can answer (operation getViewToken)', undefined],
  [
    { delay: '60001' },
    'delay=60001 must be milliseconds from 0 to 60000 (operation getViewToken); did you mean delay=60000?',
    { delay: 60000 },
  ],
  [
    { delay: '1000000' },
    'delay=1000000 must be milliseconds from 0 to 60000 (operation getViewToken); did you mean delay=60000?',
    { delay: 60000 },
  ],
  [{ delay: '' }, 'delay= must be milliseconds from 0 to 60000 (operation getViewToken)', undefined],
  [{ delay: '1s' }, 'delay=1s must be milliseconds from 0 to 60000 (operation getViewToken)', undefined],
  [{ delay: 'x5' }, 'delay=x5 must be milliseconds from 0 to 60000 (operation getViewToken)', undefined],
])('switches %j are refused: %s', (preferences, detail, nearest) => {
  expect(toSwitchPlan(preferences, 'getViewToken', GET)).toStrictEqual({
    kind: 'rejected',
    detail,
    allowed: GET_ALLOWED,
    ...(nearest === undefined ? {} : { nearest }),
  });
});

test('a switch is refused where the operation does not document its status, naming what it accepts', () => {
  expect(toSwitchPlan({ scenario: 'forbidden' }, 'getViewerData', SERVICE_STATUSES.getViewerData)).toStrictEqual({
    kind: 'rejected',
    detail: 'scenario=forbidden is not one this operation can answer (operation getViewerData)',
    allowed: {
      code: [200, 400, 401, 500, 503],
      scenario: [
        'access-token-missing',
        'access-token-invalid',
        'access-token-expired',
        'invalid-parameter',
        'server-error',
        'unavailable',
      ],
      fault: ALL_FAULTS,
      delay: ['0..60000'],
    },
  });
});

test('what an operation accepts: 200, 201 and the statuses a scenario stands for, among those it documents', () => {
  expect(allowedFor([200, 201, 404, 422, 999])).toStrictEqual({
    code: [200, 201, 404],
    scenario: ['not-found'],
    fault: ALL_FAULTS,
    delay: ['0..60000'],
  });
  expect(allowedFor([])).toStrictEqual({ code: [], scenario: [], fault: ALL_FAULTS, delay: ['0..60000'] });
  expect(MAX_DELAY_MS).toBe(60_000);
});

test.each<[string | undefined, Record<string, string | string[]>, unknown]>([
  ['code=403;delay=1', {}, { code: '403', delay: '1' }],
  ['Code = "503" , Fault = "EMPTY_RESPONSE"', {}, { code: '503', fault: 'EMPTY_RESPONSE' }],
  ['scenario=a=b', {}, { scenario: 'a=b' }],
  ['delay="5', {}, { delay: '"5' }],
  [undefined, { __code: ['403', '404'] }, { code: '403,404' }],
  [
    undefined,
    { __scenario: 'forbidden', __fault: 'x', __delay: '9', __other: 'y' },
    { scenario: 'forbidden', fault: 'x', delay: '9' },
  ],
  ['', { __code: '401' }, { code: '401' }],
  ['respond-async, wait=5', {}, {}],
])('Prefer %j with query %j reads as %j', (prefer, query, preferences) => {
  expect(readPreferences(prefer, query)).toStrictEqual(preferences);
});

test.each([
  [{ fileId: '1' }, undefined],
  [{ __code: '1', __scenario: 'x', __delay: '1', __fault: 'x' }, undefined],
  [{ fileId: '1', __Code: '1', __later: '2' }, '__Code'],
  [{ _code: '1' }, undefined],
  [{ __: '1' }, '__'],
])('the first unknown __ switch of %j is %j', (query, unknown) => {
  expect(findUnknownSwitch(query)).toBe(unknown);
  expect(QUERY_SWITCHES).toEqual(['__code', '__scenario', '__delay', '__fault']);
});

test('only the known __ switches are taken out of the query; other parameters stay as given', () => {
  expect(
    withoutSwitches({
      fileId: '1',
      __code: '403',
      __scenario: 'x',
      __delay: '1',
      __fault: 'y',
      __other: 'z',
      _code: 'w',
    }),
  ).toStrictEqual({ fileId: '1', __other: 'z', _code: 'w' });
  expect(withoutSwitches({ fileId: '1' })).toStrictEqual({ fileId: '1' });
});

test.each([
  ['connection-reset', 'connection-reset'],
  ['random-data-then-close', 'random-data-then-close'],
  ['CONNECTION_RESET_BY_PEER', 'connection-reset'],
  ['EMPTY_RESPONSE', 'empty-response'],
  ['MALFORMED_RESPONSE_CHUNK', 'malformed-json'],
  ['RANDOM_DATA_THEN_CLOSE', 'random-data-then-close'],
  ['Connection-Reset', undefined],
  ['toString', undefined],
  ['', undefined],
])('fault name %j stands for %j', (name, fault) => {
  expect(toFault(name)).toBe(fault);
  expect(Object.keys(FAULT_ALIASES)).toHaveLength(4);
});

test('each scenario has its status, and each forcible code its scenario', () => {
  expect(SCENARIO_STATUS).toStrictEqual({
    'access-token-missing': 401,
    'access-token-invalid': 401,
    'access-token-expired': 401,
    forbidden: 403,
    'not-found': 404,
    'invalid-parameter': 400,
    'server-error': 500,
    unavailable: 503,
  });
  expect(SCENARIO_OF_CODE).toStrictEqual({
    400: 'invalid-parameter',
    401: 'access-token-invalid',
    403: 'forbidden',
    404: 'not-found',
    500: 'server-error',
    503: 'unavailable',
  });
  expect(isScenarioName('forbidden')).toBe(true);
  expect(isScenarioName('Forbidden')).toBe(false);
});

const aRequest = (fields: Partial<ServiceRequest> = {}): ServiceRequest => ({
  operationId: 'getViewToken',
  method: 'GET',
  path: '/view/token',
  query: { sceneId: '5' },
  pathParams: {},
  headers: {},
  ...fields,
});
const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer error="invalid_token"' };
const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="view-token-mock"' };
const envelope = (code: string, message: string) => ({ code, data: null, message });
const viewer = aRequest({ operationId: 'getViewerData', path: '/inside/databag', query: { viewToken: 'x' } });
const childFile = aRequest({
  operationId: 'getChildFileViewToken',
  method: 'POST',
  query: {},
  pathParams: { integrateId: '1', fileId: '2' },
});
const tokenGrant = (authorization?: string) =>
  aRequest({
    operationId: 'issueAccessToken',
    method: 'POST',
    path: '/oauth2/token',
    query: {},
    headers: authorization === undefined ? {} : { authorization },
  });
const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

test.each<[string, Parameters<typeof answerScenario>[0], ServiceRequest, unknown]>([
  [
    'GET /view/token?sceneId',
    'access-token-missing',
    aRequest(),
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: envelope('authentication.failed', 'Authorization header is missing; expected "Bearer <ACCESS_TOKEN>".'),
    },
  ],
  [
    'GET /view/token?sceneId',
    'access-token-invalid',
    aRequest(),
    { status: 401, headers: BEARER_CHALLENGE, body: envelope('authentication.failed', 'Token was not recognized.') },
  ],
  [
    'GET /view/token?sceneId',
    'access-token-expired',
    aRequest(),
    { status: 401, headers: BEARER_CHALLENGE, body: envelope('authentication.failed', 'Token has expired.') },
  ],
  [
    'GET /view/token?sceneId',
    'forbidden',
    aRequest(),
    { status: 403, headers: {}, body: envelope('permission.denied', 'The object belongs to another application.') },
  ],
  [
    'GET /view/token?sceneId',
    'not-found',
    aRequest(),
    { status: 404, headers: {}, body: envelope('scene.not.found', 'Scene was not found.') },
  ],
  [
    'GET /view/token?sceneId',
    'invalid-parameter',
    aRequest(),
    {
      status: 400,
      headers: {},
      body: envelope('parameter.invalid', 'Invalid parameter sceneId: is invalid (forced by a scenario).'),
    },
  ],
  [
    'GET /view/token?sceneId',
    'server-error',
    aRequest(),
    { status: 500, headers: {}, body: envelope('system.error', 'Internal server error.') },
  ],
  [
    'GET /view/token?sceneId',
    'unavailable',
    aRequest(),
    {
      status: 503,
      headers: { 'Retry-After': '1' },
      body: envelope('system.error', 'Service temporarily unavailable.'),
    },
  ],
  [
    'GET /view/token with no id',
    'not-found',
    aRequest({ query: {} }),
    { status: 404, headers: {}, body: envelope('file.not.found', 'File was not found.') },
  ],
  [
    'GET /view/token with no id',
    'invalid-parameter',
    aRequest({ query: {} }),
    {
      status: 400,
      headers: {},
      body: envelope('parameter.invalid', 'Invalid parameter fileId: is invalid (forced by a scenario).'),
    },
  ],
  [
    'GET /view/token?compareId',
    'not-found',
    aRequest({ query: { compareId: '1' } }),
    { status: 404, headers: {}, body: envelope('comparison.not.found', 'Model comparison was not found.') },
  ],
  [
    "the viewer's data call",
    'access-token-missing',
    viewer,
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: envelope('authentication.failed', 'View token was not recognized.'),
    },
  ],
  [
    "the viewer's data call",
    'access-token-invalid',
    viewer,
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: envelope('authentication.failed', 'View token was not recognized.'),
    },
  ],
  [
    "the viewer's data call",
    'access-token-expired',
    viewer,
    { status: 401, headers: BEARER_CHALLENGE, body: envelope('authentication.failed', 'View token has expired.') },
  ],
  [
    "the viewer's data call",
    'invalid-parameter',
    viewer,
    {
      status: 400,
      headers: {},
      body: envelope('parameter.invalid', 'Invalid parameter viewToken: is invalid (forced by a scenario).'),
    },
  ],
  [
    'the child-file route',
    'not-found',
    childFile,
    { status: 404, headers: {}, body: envelope('file.not.found', 'File was not found.') },
  ],
  [
    'the child-file route',
    'forbidden',
    childFile,
    { status: 403, headers: {}, body: envelope('permission.denied', 'The object belongs to another application.') },
  ],
  [
    'the child-file route',
    'invalid-parameter',
    childFile,
    {
      status: 400,
      headers: {},
      body: envelope('parameter.invalid', 'Invalid parameter fileId: is invalid (forced by a scenario).'),
    },
  ],
  [
    'the token endpoint',
    'access-token-missing',
    tokenGrant(basic('app:secret')),
    {
      status: 401,
      headers: BASIC_CHALLENGE,
      body: envelope(
        'authentication.failed',
        'Invalid basic authentication token. Expected "Authorization: Basic base64(appKey:appSecret)".',
      ),
    },
  ],
  [
    'the token endpoint with credentials',
    'access-token-invalid',
    tokenGrant(basic('app:secret')),
    {
      status: 401,
      headers: BASIC_CHALLENGE,
      body: envelope(
        'authentication.failed',
        'Invalid basic authentication token. The appSecret of appKey "app" does not match the configured one.',
      ),
    },
  ],
  [
    'the token endpoint without credentials',
    'access-token-expired',
    tokenGrant(),
    {
      status: 401,
      headers: BASIC_CHALLENGE,
      body: envelope(
        'authentication.failed',
        'Invalid basic authentication token. Expected "Authorization: Basic base64(appKey:appSecret)".',
      ),
    },
  ],
  [
    'the token endpoint with malformed credentials',
    'access-token-invalid',
    tokenGrant('Basic !!!'),
    {
      status: 401,
      headers: BASIC_CHALLENGE,
      body: envelope(
        'authentication.failed',
        'Invalid basic authentication token. The Basic credentials must be base64 of a non-empty appKey, a colon and a non-empty appSecret.',
      ),
    },
  ],
  [
    'the token endpoint',
    'server-error',
    tokenGrant(basic('app:secret')),
    { status: 500, headers: {}, body: envelope('system.error', 'Internal server error.') },
  ],
])('%s forced to %s answers exactly what the real condition answers', (_label, scenario, request, answer) => {
  expect(answerScenario(scenario, request)).toStrictEqual(answer);
});

test.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
  'fault=%s (a name every JS object has) is refused, not taken for a fault',
  (fault) => {
    expect(toSwitchPlan({ fault }, 'getViewToken', GET)).toStrictEqual({
      kind: 'rejected',
      allowed: GET_ALLOWED,
      detail: `fault=${fault} is not a fault (use connection-reset, empty-response, malformed-json, random-data-then-close, or WireMock's CONNECTION_RESET_BY_PEER, EMPTY_RESPONSE, MALFORMED_RESPONSE_CHUNK, RANDOM_DATA_THEN_CLOSE) (operation getViewToken)`,
    });
  },
);

test.each([' 403', '403 ', '+403', '4e2'])(
  'code=%j, a number only once spaces or signs are read into it, is refused',
  (code) => {
    expect(toSwitchPlan({ code }, 'getViewToken', GET)).toMatchObject({
      kind: 'rejected',
      detail: `code=${code} is not a status this operation documents (operation getViewToken); did you mean code=${Number(code)}?`,
    });
  },
);

test.each([
  ['code=4"03"', '4"03"'],
  ['code="403"x', '"403"x'],
  ['code=""', ''],
])('Prefer %s keeps quotes that do not wrap the whole value: %j', (prefer, code) => {
  expect(readPreferences(prefer, {})).toEqual({ code });
});

test('a forced 404 or 400 on the child-file route names the file, whatever else the query holds', () => {
  const child = aRequest({
    operationId: 'getChildFileViewToken',
    method: 'POST',
    query: { sceneId: '1' },
    pathParams: { integrateId: '1', fileId: '2' },
  });
  expect(answerScenario('not-found', child)).toMatchObject({ status: 404, body: { code: 'file.not.found' } });
  expect(answerScenario('invalid-parameter', child)).toMatchObject({
    status: 400,
    body: { message: 'Invalid parameter fileId: is invalid (forced by a scenario).' },
  });
});
