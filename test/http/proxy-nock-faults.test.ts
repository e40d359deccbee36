import nock from 'nock';
import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { aMock } from '../support/mock-app';

const UPSTREAM = 'http://upstream.test';
const BEARER = { Authorization: 'Bearer good-token' };
let mock: MockServer | undefined;

beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect('127.0.0.1'); // supertest's own ephemeral server
});
afterEach(async () => {
  nock.cleanAll();
  await mock?.close();
});
// restore() takes nock's interceptor out: a Jest worker runs later test files in the same process.
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

test.each([
  [
    'an error mid-request (ECONNRESET)',
    () =>
      nock(UPSTREAM)
        .get('/view/token')
        .query({ fileId: '1' })
        .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })),
    502,
    'The upstream http://upstream.test could not be reached: connection reset.',
  ],
  [
    'an answer delayed past --proxy-timeout',
    () =>
      nock(UPSTREAM)
        .get('/view/token')
        .query({ fileId: '1' })
        .delay(1_000)
        .reply(200, { code: 'success', data: 'x', message: '' }),
    504,
    'The upstream http://upstream.test did not answer within 200 ms.',
  ],
])('nock: %s is answered in the service envelope', async (_name, intercept, status, message) => {
  const scope = intercept();
  // Only the delayed answer needs a short timeout: the reset must not race it.
  mock = await aMock({ proxy: { url: UPSTREAM, timeout: status === 504 ? 200 : 10_000 } });
  const res = await request(mock.app).get('/view/token?fileId=1').set(BEARER);
  expect([res.status, res.body]).toEqual([status, { code: 'system.error', data: null, message }]);
  expect(scope.isDone()).toBe(true);
});

test("nock: the upstream base path prefixes the forwarded path, and the mock's own headers stay behind", async () => {
  const scope = nock(`${UPSTREAM}`, { badheaders: ['x-mock-session', 'accept-encoding'] })
    .matchHeader('authorization', BEARER.Authorization)
    .get('/api/view/token')
    .query({ fileId: '9223372036854775807' })
    .reply(
      200,
      { code: 'success', data: '0123456789abcdef0123456789abcdef', message: '' },
      { 'Content-Type': 'application/json' },
    );
  mock = await aMock({ proxy: { url: `${UPSTREAM}/api/` } });
  const res = await request(mock.app)
    .get('/view/token?fileId=9223372036854775807')
    .set({ ...BEARER, 'X-Mock-Session': 'qa-1', 'Accept-Encoding': 'gzip' });
  expect([res.status, res.headers['x-contract-violations'], res.body.data]).toEqual([
    200,
    '0',
    '0123456789abcdef0123456789abcdef',
  ]);
  expect(scope.isDone()).toBe(true);
});
