import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

// On Redis, a token's last forced use is kept in its record: forced through one process, every
// process's listing shows it beside the token's real state.

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
let server: RedisServer;
let one: MockServer;
let two: MockServer;

beforeAll(async () => {
  server = await startRedisServer();
  const options = {
    logLevel: 'silent' as const,
    store: 'redis' as const,
    redisUrl: server.url,
    redisPrefix: 'forced:',
    realNow: () => T0,
  };
  one = await createMockServer(options);
  two = await createMockServer(options);
});
afterAll(async () => {
  await one.close();
  await two.close();
  await server.stop();
});

test("a rule's forced expired through one process is shown by the other's listing, the token still valid and unused", async () => {
  const issued = await request(one.app)
    .get('/view/token?fileId=1')
    .set({ Authorization: 'Bearer forced', 'X-Mock-Session': 'qa' })
    .expect(200);
  const token = issued.body.data as string;
  const rule = await request(one.app)
    .post('/__admin/scenarios')
    .set('X-Mock-Session', 'qa')
    .send({ when: { operation: 'getViewerData' }, then: { scenario: 'access-token-expired' }, times: 1 })
    .expect(201);
  await request(two.app).get(`/inside/databag?viewToken=${token}`).expect(401);
  const listed = await request(one.app).get('/__admin/view-tokens?session=qa');
  expect(listed.body.viewTokens).toEqual([
    expect.objectContaining({
      token,
      state: 'valid',
      uses: 0,
      lastUsedAt: null,
      lastForced: {
        outcome: 'scenario=access-token-expired',
        rule: rule.body.id as string,
        at: new Date(T0).toISOString(),
      },
    }),
  ]);
  // The rule is used up: the next use is a real one, and the forced one stays on the record.
  await request(one.app).get(`/inside/databag?viewToken=${token}`).expect(200);
  const after = await request(two.app).get(`/__admin/view-tokens/${token}`);
  expect(after.body).toMatchObject({ uses: 1, lastForced: { rule: rule.body.id as string } });
});
