import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

// A stalled Redis (SIGSTOP: its connections stay open, nothing answers) used to hang every request,
// health included, until Redis woke. Each Redis command now has a timeout (--redis-timeout): what
// needs Redis answers 503 after it, and the mock recovers by itself once Redis answers again.
// (No timing is asserted: without the timeout these requests never answer and Jest's limit fails them.)

const AUTH = { Authorization: 'Bearer stall-test' };
let redis: RedisServer;
let mock: MockServer;

beforeAll(async () => {
  redis = await startRedisServer();
  mock = await createMockServer({
    logLevel: 'silent',
    store: 'redis',
    redisUrl: redis.url,
    redisPrefix: 'stall:',
    redisTimeoutMs: 200,
  });
});
afterAll(async () => {
  redis.signal('SIGCONT');
  await mock.close();
  await redis.stop();
});

test('a stalled Redis gives 503 on service, admin and health routes instead of a hang, and the mock recovers when Redis wakes', async () => {
  const token = ((await request(mock.app).get('/view/token?fileId=1').set(AUTH).expect(200)).body as { data: string })
    .data;
  redis.signal('SIGSTOP');
  try {
    const issued = await request(mock.app).get('/view/token?fileId=2').set(AUTH);
    expect({ status: issued.status, body: issued.body as unknown, retryAfter: issued.headers['retry-after'] }).toEqual({
      status: 503,
      body: { code: 'system.error', data: null, message: "The mock's store is unavailable; retry shortly." },
      retryAfter: expect.any(String),
    });
    const used = await request(mock.app).get(`/inside/databag?viewToken=${token}`);
    expect(used.status).toBe(503);
    const admin = await request(mock.app).get('/__admin/view-tokens');
    expect(admin.status).toBe(503);
    expect(admin.headers['content-type']).toMatch(/^application\/problem\+json/);
    const health = await request(mock.app).get('/__admin/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable' });
  } finally {
    redis.signal('SIGCONT');
  }
  let healthy = 0;
  for (let attempt = 0; attempt < 100 && healthy !== 200; attempt += 1) {
    healthy = (await request(mock.app).get('/__admin/health')).status;
    if (healthy !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(healthy).toBe(200);
  expect((await request(mock.app).get(`/inside/databag?viewToken=${token}`)).status).toBe(200);
  expect((await request(mock.app).get('/view/token?fileId=3').set(AUTH)).status).toBe(200);
});
