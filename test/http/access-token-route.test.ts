import request from 'supertest';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

beforeAll(useMockSpec);

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const applications = [{ appKey: 'app-a', appSecret: 'secret-a' }];

test('POST /oauth2/token grants a 7-day cn- token that then issues View Tokens', async () => {
  const mock = await aMock({ config: { applications }, timeZone: 'UTC' });
  const grant = await request(mock.app).post('/oauth2/token').set('Authorization', basic('app-a', 'secret-a'));
  expect(grant.status).toBe(200);
  expect(grant).toSatisfyApiSpec();
  expect(grant.body.data.expireTime).toBe(new Date(T0 + 7 * 86_400_000).toISOString().slice(0, 19).replace('T', ' '));
  const again = await request(mock.app).post('/oauth2/token').set('Authorization', basic('app-a', 'secret-a'));
  expect(again.body.data.token).toBe(grant.body.data.token);
  const issued = await request(mock.app)
    .get('/view/token?fileId=1')
    .set('Authorization', `Bearer ${grant.body.data.token}`);
  expect(issued.status).toBe(200);
});

test('with applications configured, an arbitrary bearer token is not recognized', async () => {
  const mock = await aMock({ config: { applications } });
  const res = await request(mock.app).get('/view/token?fileId=1').set(BEARER);
  expect(res.status).toBe(401);
  expect(res.body.message).toBe('Token was not recognized.');
});

test.each([
  ['wrong secret', basic('app-a', 'nope'), 'The appSecret of appKey "app-a" does not match the configured one.'],
  [
    'unknown app',
    basic('app-b', 'secret-a'),
    'appKey "app-b" is unknown: applications are configured (1), so only their credentials are accepted.',
  ],
  ['no credentials', undefined, 'Expected "Authorization: Basic base64(appKey:appSecret)".'],
  [
    'not base64',
    'Basic %%%',
    'The Basic credentials must be base64 of a non-empty appKey, a colon and a non-empty appSecret.',
  ],
])(
  'bad Basic credentials (%s) → 401 Invalid basic authentication token. and why',
  async (_label, authorization, why) => {
    const mock = await aMock({ config: { applications } });
    const call = request(mock.app).post('/oauth2/token');
    const res = authorization === undefined ? await call : await call.set('Authorization', authorization);
    expect(res.status).toBe(401);
    expect(res).toSatisfyApiSpec();
    expect(res.body).toEqual({
      code: 'authentication.failed',
      data: null,
      message: `Invalid basic authentication token. ${why}`,
    });
  },
);

test('with no applications configured, POST /oauth2/token grants any appKey:appSecret a token that then issues View Tokens', async () => {
  const mock = await aMock();
  const grant = await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', 'my-secret'));
  expect(grant.status).toBe(200);
  expect(grant).toSatisfyApiSpec();
  expect(grant.body).toEqual({
    code: 'success',
    data: { token: expect.stringMatching(/^cn-[0-9a-f-]{36}$/), expireTime: expect.any(String) },
    message: '',
  });
  const again = await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', 'other-secret'));
  expect(again.body).toEqual(grant.body);
  const issued = await request(mock.app)
    .get('/view/token?fileId=1')
    .set('Authorization', `Bearer ${grant.body.data.token}`);
  expect(issued.status).toBe(200);
  expect(issued.body).toEqual({ code: 'success', data: expect.stringMatching(/^[0-9a-f]{32}$/), message: '' });
});

test('with no applications configured, empty credentials are still refused and say why', async () => {
  const mock = await aMock();
  const res = await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', ''));
  expect(res.status).toBe(401);
  expect(res).toSatisfyApiSpec();
  expect(res.headers['www-authenticate']).toBe('Basic realm="view-token-mock"');
  expect(res.body).toEqual({
    code: 'authentication.failed',
    data: null,
    message:
      'Invalid basic authentication token. The Basic credentials must be base64 of a non-empty appKey, a colon and a non-empty appSecret.',
  });
});

test.each([
  ['Asia/Shanghai', '2026-01-08 08:00:00'],
  ['America/Los_Angeles', '2026-01-07 16:00:00'],
])('expireTime is written in the configured time zone %s', async (timeZone, expireTime) => {
  const mock = await aMock({ timeZone });
  const grant = await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', 'my-secret'));
  expect(grant).toSatisfyApiSpec();
  expect(grant.body.data.expireTime).toBe(expireTime);
});

test('an unknown time zone is refused when the mock is created, naming the flag', async () => {
  await expect(aMock({ timeZone: 'Mars/Olympus' })).rejects.toThrow(
    '--time-zone Mars/Olympus: not an IANA time zone name (e.g. UTC, Europe/Berlin, Asia/Shanghai)',
  );
});

test('with no applications configured, a token the mock granted expires after its 7 days (401 in the envelope); any other bearer is still accepted', async () => {
  const mock = await aMock();
  const { token } = (await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', 'my-secret')))
    .body.data as { token: string };
  const issue = (bearer: string) =>
    request(mock.app).get('/view/token?fileId=1').set('Authorization', `Bearer ${bearer}`);
  await request(mock.app)
    .post('/__admin/clock/advance')
    .send({ by: 7 * 86_400_000 - 1 })
    .expect(200);
  expect((await issue(token)).status).toBe(200);
  await request(mock.app).post('/__admin/clock/advance').send({ by: 1 }).expect(200);
  const expired = await issue(token);
  expect(expired.status).toBe(401);
  expect(expired).toSatisfyApiSpec();
  expect(expired.body).toEqual({ code: 'authentication.failed', data: null, message: 'Token has expired.' });
  expect((await issue('test-access-token')).status).toBe(200);
  expect((await issue('cn-00000000-0000-4000-8000-000000000000')).status).toBe(200);
  // A new grant hands out a fresh token, valid again.
  const renewed = (await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', 'my-secret')))
    .body.data as { token: string };
  expect(renewed.token).not.toBe(token);
  expect((await issue(renewed.token)).status).toBe(200);
});

test('a granted Access Token is judged on the clock of the session using it', async () => {
  const mock = await aMock();
  const { token } = (await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', 'my-secret')))
    .body.data as { token: string };
  await request(mock.app)
    .post('/__admin/clock/advance')
    .set('X-Mock-Session', 'qa-anna')
    .send({ by: '7d' })
    .expect(200);
  const issue = (session: string) =>
    request(mock.app)
      .get('/view/token?fileId=1')
      .set({ Authorization: `Bearer ${token}`, 'X-Mock-Session': session });
  expect((await issue('qa-anna')).status).toBe(401);
  expect((await issue('qa-ben')).status).toBe(200);
});

test('POST /oauth2/token is forced to its failures by a Prefer switch and by a rule, as the other routes are', async () => {
  const mock = await aMock();
  const switched = await request(mock.app)
    .post('/oauth2/token')
    .set({ Authorization: basic('my-app', 'my-secret'), Prefer: 'code=401' });
  expect(switched.status).toBe(401);
  expect(switched).toSatisfyApiSpec();
  expect(switched.body).toMatchObject({ code: 'authentication.failed', data: null });
  await request(mock.app)
    .post('/__admin/scenarios')
    .send({ when: { operation: 'issueAccessToken' }, then: { code: 503 } })
    .expect(201);
  const ruled = await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', 'my-secret'));
  expect(ruled.status).toBe(503);
  expect(ruled.headers['x-mock-rule']).toEqual(expect.any(String));
});
