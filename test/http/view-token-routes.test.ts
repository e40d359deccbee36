import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

const HOUR = 3_600_000;
let mock: MockServer;

beforeAll(useMockSpec);
beforeEach(async () => {
  mock = await aMock({
    config: { missing: { fileId: ['404'], integrateId: ['40400'] }, forbidden: { fileId: ['403'], sceneId: ['4030'] } },
  });
});

const getToken = (query: string, headers: Record<string, string> = BEARER) =>
  request(mock.app).get(`/view/token?${query}`).set(headers);

test.each(['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'])(
  'GET /view/token?%s=… issues a 32-hex View Token in the success envelope',
  async (parameter) => {
    const res = await getToken(`${parameter}=123`);
    expect(res.status).toBe(200);
    expect(res).toSatisfyApiSpec();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ code: 'success', data: expect.stringMatching(/^[0-9a-f]{32}$/), message: '' });
    expect(Date.parse(res.headers['x-view-token-expires-at'] as string)).toBe(T0 + 12 * HOUR);
  },
);

test('the largest int64 id is accepted exactly and listed with all its digits', async () => {
  const res = await getToken('fileId=9223372036854775807');
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  const listed = await request(mock.app).get('/__admin/view-tokens');
  expect(listed.body.viewTokens[0]).toMatchObject({ objectType: 'file', objectId: '9223372036854775807' });
});

test.each([
  ['fileId=9223372036854775808', 'fileId', 'out of the int64 range'],
  ['fileId=abc', 'fileId', 'not an integer'],
  ['fileId=1.5', 'fileId', 'not an integer'],
  ['fileId=', 'fileId', 'empty'],
  ['', 'id', 'exactly one'],
  ['fileId=1&sceneId=2', 'fileId, sceneId', 'exactly one'],
  ['fileId=1&fileId=2', 'fileId', 'more than once'],
])('GET /view/token?%s → 400 parameter.invalid naming %s', async (query, parameter, reason) => {
  const res = await getToken(query);
  expect(res.status).toBe(400);
  expect(res).toSatisfyApiSpec();
  expect(res.body.code).toBe('parameter.invalid');
  expect(res.body.data).toBeNull();
  expect(res.body.message).toContain(parameter);
  expect(res.body.message).toContain(reason);
});

test.each([
  ['fileId=0', 'file.not.found'],
  ['fileId=-1', 'file.not.found'],
  ['fileId=404', 'file.not.found'],
  ['integrateId=40400', 'integration.not.found'],
  ['compareId=0', 'comparison.not.found'],
  ['sceneId=-5', 'scene.not.found'],
  ['submodelId=0', 'submodel.not.found'],
  ['clashDetectiveId=0', 'clash.detection.not.found'],
  ['moduleDataId=0', 'module.data.not.found'],
])('GET /view/token?%s → 404 %s', async (query, code) => {
  const res = await getToken(query);
  expect(res.status).toBe(404);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({ code, data: null, message: expect.any(String) });
});

test.each([['fileId=403'], ['sceneId=4030']])(
  'GET /view/token?%s of a forbidden object → 403 permission.denied',
  async (query) => {
    const res = await getToken(query);
    expect(res.status).toBe(403);
    expect(res).toSatisfyApiSpec();
    expect(res.body.code).toBe('permission.denied');
  },
);

test.each([
  ['no Authorization', {}],
  ['an empty bearer token', { Authorization: 'Bearer ' }],
  ['the Basic scheme', { Authorization: 'Basic x' }],
  ['a bare token', { Authorization: 'test-access-token' }],
])('%s → 401 authentication.failed with WWW-Authenticate', async (_label, headers) => {
  const res = await getToken('fileId=1', headers);
  expect(res.status).toBe(401);
  expect(res).toSatisfyApiSpec();
  expect(res.body.code).toBe('authentication.failed');
  expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
});

test('the Bearer scheme is matched case-insensitively', async () => {
  const res = await getToken('fileId=1', { Authorization: 'bearer x' });
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
});

test('authentication is checked before the parameters', async () => {
  const res = await getToken('fileId=abc', {});
  expect(res.status).toBe(401);
});

test.each(['post', 'get'] as const)(
  '%s on the child-file route issues a token for the file within the integration',
  async (method) => {
    const res = await request(mock.app)[method]('/data/v2/integrations/5/files/6/viewToken').set(BEARER);
    expect(res.status).toBe(200);
    expect(res).toSatisfyApiSpec();
    expect(res.body.data).toMatch(/^[0-9a-f]{32}$/);
    const record = await request(mock.app).get(`/__admin/view-tokens/${res.body.data}`);
    expect(record.body).toMatchObject({ objectType: 'childFile', objectId: '6', integrateId: '5' });
  },
);

test.each([
  ['40400/files/6', 404, 'integration.not.found'],
  ['5/files/404', 404, 'file.not.found'],
  ['5/files/403', 403, 'permission.denied'],
  ['abc/files/6', 400, 'parameter.invalid'],
  ['5/files/9223372036854775808', 400, 'parameter.invalid'],
  ['9223372036854775807/files/9223372036854775807', 200, undefined],
])('POST /data/v2/integrations/%s/viewToken → %d %s', async (tail, status, code) => {
  const res = await request(mock.app).post(`/data/v2/integrations/${tail}/viewToken`).set(BEARER);
  expect(res.status).toBe(status);
  expect(res).toSatisfyApiSpec();
  if (code) expect(res.body.code).toBe(code);
});

test('an unknown route is a 404 envelope and a wrong method a 405 with Allow', async () => {
  const unknown = await request(mock.app).get('/view/tokens').set(BEARER);
  expect(unknown.status).toBe(404);
  expect(unknown.body).toEqual({
    code: 'route.not.found',
    data: null,
    message: expect.stringContaining('/view/tokens'),
  });
  const wrong = await request(mock.app).delete('/view/token').set(BEARER);
  expect(wrong.status).toBe(405);
  expect(wrong.headers.allow).toBe('GET, HEAD, OPTIONS');
  expect(wrong.body.code).toBe('method.not.allowed');
});

test('a CORS preflight from another origin is answered with the headers a browser needs', async () => {
  const res = await request(mock.app)
    .options('/view/token')
    .set('Origin', 'http://localhost:5173')
    .set('Access-Control-Request-Method', 'GET')
    .set('Access-Control-Request-Headers', 'authorization, x-mock-session');
  expect(res.status).toBe(204);
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(res.headers['access-control-allow-methods']).toContain('GET');
  expect(res.headers['access-control-allow-headers']).toBe('authorization, x-mock-session');
  const actual = await getToken('fileId=1', { ...BEARER, Origin: 'http://localhost:5173' });
  expect(actual.headers['access-control-allow-origin']).toBe('*');
  expect(actual.headers['access-control-expose-headers']).toContain('X-View-Token-Expires-At');
});

test('--cors-origin narrows CORS to the listed origin', async () => {
  const narrow = await aMock({ corsOrigin: 'http://app.test' });
  const allowed = await request(narrow.app).get('/view/token?fileId=1').set(BEARER).set('Origin', 'http://app.test');
  expect(allowed.headers['access-control-allow-origin']).toBe('http://app.test');
  const other = await request(narrow.app).get('/view/token?fileId=1').set(BEARER).set('Origin', 'http://evil.test');
  expect(other.headers['access-control-allow-origin']).toBeUndefined();
});

test('--base-path prefixes the service routes but not /__admin', async () => {
  const prefixed = await aMock({ basePath: '/api/' });
  expect((await request(prefixed.app).get('/api/view/token?fileId=1').set(BEARER)).status).toBe(200);
  expect((await request(prefixed.app).get('/view/token?fileId=1').set(BEARER)).status).toBe(404);
  expect((await request(prefixed.app).get('/__admin/health')).status).toBe(200);
});
