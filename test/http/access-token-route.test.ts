import request from 'supertest';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

beforeAll(useMockSpec);

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const applications = [{ appKey: 'app-a', appSecret: 'secret-a' }];

test('POST /oauth2/token grants a 7-day cn- token that then issues View Tokens', async () => {
  const mock = await aMock({ config: { applications } });
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

test.each([['wrong secret', basic('app-a', 'nope')], ['unknown app', basic('app-b', 'secret-a')], ['no credentials', undefined], ['not base64', 'Basic %%%']])(
  'bad Basic credentials (%s) → 401 Invalid basic authentication token.',
  async (_label, authorization) => {
    const mock = await aMock({ config: { applications } });
    const call = request(mock.app).post('/oauth2/token');
    const res = authorization === undefined ? await call : await call.set('Authorization', authorization);
    expect(res.status).toBe(401);
    expect(res).toSatisfyApiSpec();
    expect(res.body).toEqual({ code: 'authentication.failed', data: null, message: 'Invalid basic authentication token.' });
  },
);
