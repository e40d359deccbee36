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
  const issued = await request(mock.app).get('/view/token?fileId=1').set('Authorization', `Bearer ${grant.body.data.token}`);
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
  ['unknown app', basic('app-b', 'secret-a'), 'appKey "app-b" is unknown: applications are configured (1), so only their credentials are accepted.'],
  ['no credentials', undefined, 'Expected "Authorization: Basic base64(appKey:appSecret)".'],
  ['not base64', 'Basic %%%', 'The Basic credentials must be base64 of a non-empty appKey, a colon and a non-empty appSecret.'],
])(
  'bad Basic credentials (%s) → 401 Invalid basic authentication token. and why',
  async (_label, authorization, why) => {
    const mock = await aMock({ config: { applications } });
    const call = request(mock.app).post('/oauth2/token');
    const res = authorization === undefined ? await call : await call.set('Authorization', authorization);
    expect(res.status).toBe(401);
    expect(res).toSatisfyApiSpec();
    expect(res.body).toEqual({ code: 'authentication.failed', data: null, message: `Invalid basic authentication token. ${why}` });
  },
);

test('with no applications configured, POST /oauth2/token grants any appKey:appSecret a token that then issues View Tokens', async () => {
  const mock = await aMock();
  const grant = await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', 'my-secret'));
  expect(grant.status).toBe(200);
  expect(grant).toSatisfyApiSpec();
  expect(grant.body).toEqual({ code: 'success', data: { token: expect.stringMatching(/^cn-[0-9a-f-]{36}$/), expireTime: expect.any(String) }, message: '' });
  const again = await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', 'other-secret'));
  expect(again.body).toEqual(grant.body);
  const issued = await request(mock.app).get('/view/token?fileId=1').set('Authorization', `Bearer ${grant.body.data.token}`);
  expect(issued.status).toBe(200);
  expect(issued.body).toEqual({ code: 'success', data: expect.stringMatching(/^[0-9a-f]{32}$/), message: '' });
});

test('with no applications configured, empty credentials are still refused and say why', async () => {
  const mock = await aMock();
  const res = await request(mock.app).post('/oauth2/token').set('Authorization', basic('my-app', ''));
  expect(res.status).toBe(401);
  expect(res).toSatisfyApiSpec();
  expect(res.headers['www-authenticate']).toBe('Basic realm="view-token-mock"');
  expect(res.body).toEqual({ code: 'authentication.failed', data: null, message: 'Invalid basic authentication token. The Basic credentials must be base64 of a non-empty appKey, a colon and a non-empty appSecret.' });
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
  await expect(aMock({ timeZone: 'Mars/Olympus' })).rejects.toThrow('--time-zone Mars/Olympus: not an IANA time zone name (e.g. UTC, Europe/Berlin, Asia/Shanghai)');
});
