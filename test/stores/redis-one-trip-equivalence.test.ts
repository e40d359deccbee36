import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

// The one round trip (Redis) and the step-by-step way (memory) are one behaviour: the same seeded
// requests get the same answers and leave the same journal, including the refused uses whose status
// the script decides.

const AUTH = { Authorization: 'Bearer same' };
const JSON_BODY = { 'Content-Type': 'application/json' };
const HOUR = 3_600_000;
let server: RedisServer;

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(() => server.stop());

async function run(mock: MockServer): Promise<{ answers: unknown[]; journal: unknown[] }> {
  const app = request(mock.app);
  await app.put('/__admin/clock').set(JSON_BODY).send({ now: '2026-11-23T08:00:00.000Z', frozen: true }).expect(200);
  const sent: request.Test[] = [];
  const answers: unknown[] = [];
  const send = async (test: request.Test): Promise<request.Response> => {
    sent.push(test);
    const res = await test;
    answers.push({
      status: res.status,
      body: res.body as unknown,
      expiresAt: res.headers['x-view-token-expires-at'],
      auth: res.headers['www-authenticate'],
    });
    return res;
  };
  const first = await send(app.get('/view/token?fileId=9223372036854775807').set(AUTH));
  const token = (first.body as { data: string }).data;
  await send(app.get('/data/v2/integrations/7/files/8/viewToken').set({ ...AUTH, 'X-Mock-Session': 'qa' }));
  await send(app.get('/view/token?fileId=abc').set(AUTH));
  await send(app.get('/view/token?fileId=1'));
  await send(app.get(`/inside/databag?viewToken=${token}`));
  await app.post('/__admin/clock/advance').set(JSON_BODY).send({ by: '12h' }).expect(200);
  await send(app.get(`/inside/databag?viewToken=${token}`));
  await send(app.get('/inside/databag?viewToken=ffffffffffffffffffffffffffffffff'));
  await send(app.get('/inside/databag?viewtoken=x'));
  await app.post('/__admin/clock/advance').set(JSON_BODY).send({ by: HOUR }).expect(200);
  await send(app.get('/view/token?sceneId=0').set(AUTH));
  // Alice's token: the viewer's uses (no X-Mock-Session) run in her session, her rule included.
  const alices = await send(app.get('/view/token?fileId=5').set({ ...AUTH, 'X-Mock-Session': 'alice' }));
  const alice = (alices.body as { data: string }).data;
  await send(app.get(`/inside/databag?viewToken=${alice}`));
  await app
    .post('/__admin/scenarios')
    .set({ ...JSON_BODY, 'X-Mock-Session': 'alice' })
    .send({ when: { operation: 'getViewerData' }, then: { code: 503 }, times: 1 })
    .expect(201);
  await send(app.get(`/inside/databag?viewToken=${alice}`));
  await send(app.get(`/inside/databag?viewToken=${alice}`).set('X-Mock-Session', 'bob'));
  const journal = ((await app.get('/__admin/requests')).body as { requests: { id: number }[] }).requests.map(
    ({ id: _id, ...entry }) => entry,
  );
  return { answers, journal };
}

test('seeded, the same requests get the same answers and journal on Redis (one trip) as in memory (step by step)', async () => {
  const memory = await createMockServer({ logLevel: 'silent', seed: 7 });
  const redis = await createMockServer({
    logLevel: 'silent',
    seed: 7,
    store: 'redis',
    redisUrl: server.url,
    redisPrefix: 'same:',
  });
  try {
    const [inMemory, onRedis] = [await run(memory), await run(redis)];
    expect(onRedis).toEqual(inMemory);
    expect(inMemory.journal.map((entry) => (entry as { status: number }).status)).toEqual([
      200, 503, 200, 200, 404, 400, 401, 401, 200, 401, 400, 200, 200,
    ]);
    expect(onRedis.journal.slice(0, 4).map((entry) => (entry as { session: string }).session)).toEqual([
      'bob',
      'alice',
      'alice',
      'alice',
    ]);
  } finally {
    await Promise.all([memory.close(), redis.close()]);
  }
});
