import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

const HOUR = 3_600_000;
let mock: MockServer;

beforeAll(useMockSpec);
beforeEach(async () => {
  mock = await aMock();
});

async function issueToken(query = 'fileId=1'): Promise<string> {
  const res = await request(mock.app).get(`/view/token?${query}`).set(BEARER);
  return res.body.data as string;
}
const useToken = (token: string) => request(mock.app).get(`/inside/databag?viewToken=${token}`);
const advance = (by: string | number) => request(mock.app).post('/__admin/clock/advance').send({ by });

test('the viewer data request is a use: it answers model metadata and slides the expiry', async () => {
  const token = await issueToken('fileId=77');
  await advance('11h');
  const res = await useToken(token);
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  expect(res.body.data).toMatchObject({
    renderType: 'bimView',
    objectType: 'file',
    objectId: '77',
    jsSDKVersion: expect.any(String),
  });
  expect(res.headers['x-view-token-expires-at']).toBe(new Date(T0 + 23 * HOUR).toISOString());
  await advance('11h');
  expect((await useToken(token)).status).toBe(200);
});

test('advancing the clock 12 hours expires an unused token: the viewer gets 401 authentication.failed', async () => {
  const token = await issueToken();
  const clock = await advance('12h');
  expect(clock).toSatisfyApiSpec();
  expect(clock.body).toEqual({
    now: new Date(T0 + 12 * HOUR).toISOString(),
    frozen: false,
    offsetMs: 12 * HOUR,
    session: '',
    ownClock: false,
  });
  const res = await useToken(token);
  expect(res.status).toBe(401);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({ code: 'authentication.failed', data: null, message: 'View token has expired.' });
  expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
});

test('an unknown View Token and a missing one are refused', async () => {
  const unknown = await useToken('0123456789abcdef0123456789abcdef');
  expect(unknown.status).toBe(401);
  expect(unknown).toSatisfyApiSpec();
  const missing = await request(mock.app).get('/inside/databag');
  expect(missing.status).toBe(400);
  expect(missing).toSatisfyApiSpec();
  expect(missing.body.message).toContain('viewToken');
});

test('reading a token through the admin API does not count as a use', async () => {
  const token = await issueToken();
  await advance('11h');
  const read = await request(mock.app).get(`/__admin/view-tokens/${token}`);
  expect(read).toSatisfyApiSpec();
  expect(read.body).toMatchObject({
    uses: 0,
    lastUsedAt: null,
    state: 'valid',
    expiresAt: new Date(T0 + 12 * HOUR).toISOString(),
  });
  await advance('1h');
  expect((await useToken(token)).status).toBe(401);
  const after = await request(mock.app).get(`/__admin/view-tokens/${token}`);
  expect(after.body.state).toBe('expired');
});

test('the admin API lists tokens by session and revokes one', async () => {
  const mine = (await request(mock.app).get('/view/token?fileId=1').set(BEARER).set('X-Mock-Session', 'worker-1')).body
    .data as string;
  await issueToken('sceneId=2');
  const all = await request(mock.app).get('/__admin/view-tokens');
  expect(all).toSatisfyApiSpec();
  expect(all.body.viewTokens).toHaveLength(2);
  const scoped = await request(mock.app).get('/__admin/view-tokens?session=worker-1');
  expect(scoped.body.viewTokens.map((record: { token: string }) => record.token)).toEqual([mine]);
  const revoked = await request(mock.app).delete(`/__admin/view-tokens/${mine}`);
  expect(revoked.status).toBe(204);
  expect(revoked).toSatisfyApiSpec();
  expect((await useToken(mine)).status).toBe(401);
  const again = await request(mock.app).delete(`/__admin/view-tokens/${mine}`);
  expect(again.status).toBe(404);
  expect(again).toSatisfyApiSpec();
  expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
});

test('the clock can be set and frozen, read, and put back to real time', async () => {
  const set = await request(mock.app).put('/__admin/clock').send({ now: '2030-05-01T10:00:00Z', frozen: true });
  expect(set.status).toBe(200);
  expect(set).toSatisfyApiSpec();
  expect(set.body).toMatchObject({ now: '2030-05-01T10:00:00.000Z', frozen: true });
  expect((await request(mock.app).get('/__admin/clock')).body.now).toBe('2030-05-01T10:00:00.000Z');
  const reset = await request(mock.app).post('/__admin/clock/reset');
  expect(reset).toSatisfyApiSpec();
  expect(reset.body).toEqual({
    now: new Date(T0).toISOString(),
    frozen: false,
    offsetMs: 0,
    session: '',
    ownClock: false,
  });
});

test.each([
  ['advance', { by: 'soon' }],
  ['advance', { by: -5 }],
  ['advance', {}],
  ['set', { now: 'yesterday' }],
  ['set', { frozen: 'yes' }],
  ['set', {}],
])('a bad clock %s body %j is a 400 problem that says what is expected', async (operation, body) => {
  const res =
    operation === 'advance' ? await advance(body as never) : await request(mock.app).put('/__admin/clock').send(body);
  expect(res.status).toBe(400);
  expect(res).toSatisfyApiSpec();
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.detail).toMatch(/must be|Give/);
});

test('malformed JSON on the admin API is a 400 problem, not a 500', async () => {
  const res = await request(mock.app)
    .post('/__admin/clock/advance')
    .set('Content-Type', 'application/json')
    .send('{"by":');
  expect(res.status).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
});

test('reset forgets tokens and puts the clock back; health counts tokens', async () => {
  await issueToken();
  await advance('1h');
  expect((await request(mock.app).get('/__admin/health')).body).toMatchObject({ status: 'ok', viewTokens: 1 });
  const reset = await request(mock.app).post('/__admin/reset');
  expect(reset.status).toBe(204);
  const health = await request(mock.app).get('/__admin/health');
  expect(health).toSatisfyApiSpec();
  expect(health.body).toMatchObject({
    status: 'ok',
    viewTokens: 0,
    now: new Date(T0).toISOString(),
    store: { kind: 'memory' },
  });
});

test('--admin-token guards the admin API (health stays open) and is compared exactly', async () => {
  const guarded = await aMock({ adminToken: 's3cret' });
  const refused = await request(guarded.app).get('/__admin/view-tokens');
  expect(refused.status).toBe(401);
  expect(refused).toSatisfyApiSpec();
  expect((await request(guarded.app).get('/__admin/view-tokens').set('Authorization', 'Bearer s3cre')).status).toBe(
    401,
  );
  expect((await request(guarded.app).get('/__admin/view-tokens').set('Authorization', 'Bearer s3cret')).status).toBe(
    200,
  );
  expect((await request(guarded.app).get('/__admin/health')).status).toBe(200);
});
