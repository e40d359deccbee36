import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

// --max-view-tokens on the Redis store: both ways of issuing (one round trip, and step by step for a
// session holding rules) refuse the token beyond the cap with the same 503, and a delete makes room.

const AUTH = { Authorization: 'Bearer caps' };
const FULL = {
  code: 'system.error',
  data: null,
  message:
    "The mock holds 2 View Tokens, the most it may (--max-view-tokens). A View Token is reclaimed 24 h after it expires on its own session's clock, and none of these is that far past it yet. DELETE some through the admin API (or POST /__admin/reset), or start with a larger --max-view-tokens.",
};
let server: RedisServer;
let mock: MockServer;

beforeAll(async () => {
  server = await startRedisServer();
  mock = await createMockServer({
    logLevel: 'silent',
    store: 'redis',
    redisUrl: server.url,
    redisPrefix: 'caps:',
    maxViewTokens: 2,
  });
});
afterAll(async () => {
  await mock.close();
  await server.stop();
});

test('with --max-view-tokens 2 on Redis the third View Token is a 503 that says why, whichever way it is issued; deleting one makes room', async () => {
  const issue = (fileId: number, session = '') =>
    request(mock.app)
      .get(`/view/token?fileId=${fileId}`)
      .set({ ...AUTH, 'X-Mock-Session': session });
  const first = await issue(1);
  expect(first.status).toBe(200);
  expect((await issue(2)).status).toBe(200);
  const refused = await issue(3);
  expect([refused.status, refused.body]).toEqual([503, FULL]);
  // A session holding a rule that does not match an issue: the step-by-step way, the insert script's cap.
  await request(mock.app)
    .post('/__admin/scenarios')
    .set({ 'Content-Type': 'application/json', 'X-Mock-Session': 'ruled' })
    .send({ when: { operation: 'getViewerData' }, then: { code: 503 } })
    .expect(201);
  const refusedStepByStep = await issue(3, 'ruled');
  expect([refusedStepByStep.status, refusedStepByStep.body]).toEqual([503, FULL]);
  expect((await request(mock.app).get('/__admin/view-tokens')).body.viewTokens).toHaveLength(2);
  // Both refusals are in the shared journal, saying why.
  const journal = (await request(mock.app).get('/__admin/requests?limit=2')).body as {
    requests: Array<{ status: number; outcome: string | null; session: string }>;
  };
  expect(journal.requests.map(({ status, outcome, session }) => ({ status, outcome, session }))).toEqual([
    { status: 503, outcome: 'store full (--max-view-tokens)', session: 'ruled' },
    { status: 503, outcome: 'store full (--max-view-tokens)', session: '' },
  ]);
  await request(mock.app)
    .delete(`/__admin/view-tokens/${first.body.data as string}`)
    .expect(204);
  expect((await issue(3)).status).toBe(200);
  expect((await issue(4, 'ruled')).status).toBe(503);
});
