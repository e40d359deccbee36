import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisClient } from '../../mock/stores/redis-connection';
import { createRedisKeys } from '../../mock/stores/redis-keys';
import type { RedisServer } from '../support/redis-server';
import { startTestRedis, testClient } from '../support/redis-server';
import { BEARER, T0, useMockSpec } from '../support/mock-app';

// Keys and errors by concept on Redis (single here, Cluster in the .cluster twin): a View Token a
// client chooses names only a View Token record, and an answer Redis gives that the mock cannot use
// is a 500 logged with what came back, not a 503 "unavailable".

let server: RedisServer;
let redis: RedisClient;
let prefixes = 0;
const running: MockServer[] = [];
beforeAll(async () => {
  useMockSpec();
  server = await startTestRedis();
  redis = testClient(server);
}, 60_000);
afterEach(async () => {
  for (const mock of running.splice(0)) await mock.close();
});
afterAll(async () => {
  redis.disconnect();
  await server.stop();
});

async function aRedisMock(lines: Record<string, unknown>[] = []): Promise<{ mock: MockServer; prefix: string }> {
  const prefix = `keys${++prefixes}:`;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const mock = await createMockServer({
    seed: 3,
    realNow: () => T0,
    store: 'redis',
    redisUrl: server.url,
    redisPrefix: prefix,
    logger: pino({ level: 'warn' }, sink),
  });
  running.push(mock);
  return { mock, prefix };
}

const UNKNOWN_VIEW_TOKEN = { code: 'authentication.failed', data: null, message: 'View token was not recognized.' };

test.each(['activity', 'vt-activity', 'at:x', 'vt-session:71', '{keys1:}vt-activity'])(
  'viewToken=%j is a View Token nobody issued (401), never another key: the store keeps working',
  async (chosen) => {
    const { mock } = await aRedisMock();
    const issued = await request(mock.app).get('/view/token?fileId=1').set(BEARER);
    expect(issued.status).toBe(200);
    const res = await request(mock.app).get(`/inside/databag?viewToken=${encodeURIComponent(chosen)}`);
    expect(res).toSatisfyApiSpec();
    expect([res.status, res.body]).toEqual([401, UNKNOWN_VIEW_TOKEN]);
    expect((await request(mock.app).delete(`/__admin/view-tokens/${encodeURIComponent(chosen)}`)).status).toBe(404);
    const listed = await request(mock.app).get('/__admin/view-tokens');
    expect([listed.status, listed.body.viewTokens.map((record: { token: string }) => record.token)]).toEqual([
      200,
      [issued.body.data],
    ]);
    expect((await request(mock.app).get(`/inside/databag?viewToken=${issued.body.data as string}`)).status).toBe(200);
  },
);

test("no fixed key of a deployment starts where a client-chosen name's key does (View Tokens, Access Tokens, appKeys)", () => {
  const keys = createRedisKeys('qa:');
  const chosen = [keys.viewTokenPrefix, keys.accessTokenPrefix, keys.applicationPrefix];
  const fixed = Object.entries(keys).filter(
    ([, value]) =>
      typeof value === 'string' && !chosen.includes(value) && value !== keys.base && value !== keys.sessionIndexPrefix,
  );
  const clashes = fixed.flatMap(([name, key]) =>
    chosen.filter((start) => (key as string).startsWith(start)).map((start) => `${name} starts with ${start}`),
  );
  expect([fixed.length > 5, clashes]).toEqual([true, []]);
  // A session's index is its name in hex: no session name makes a key outside that family.
  expect(keys.sessionIndex('vt:activity')).toBe(`${keys.sessionIndexPrefix}76743a6163746976697479`);
});

test('indexes Redis holds as another type is an unexpected reply: 500 on the service, logged as an error with what Redis answered', async () => {
  const lines: Record<string, unknown>[] = [];
  const { mock, prefix } = await aRedisMock(lines);
  const keys = createRedisKeys(prefix);
  for (const index of [keys.activity, keys.issued]) await redis.set(index, 'not a sorted set');
  const res = await request(mock.app).get('/view/token?fileId=1').set(BEARER);
  expect(res).toSatisfyApiSpec();
  expect([res.status, res.headers['retry-after'], res.body]).toEqual([
    500,
    undefined,
    {
      code: 'system.error',
      data: null,
      message: "The mock's store answered something unexpected; see the mock's log.",
    },
  ]);
  const admin = await request(mock.app).get('/__admin/view-tokens');
  expect([admin.status, admin.body.type, admin.body.detail]).toEqual([
    500,
    'urn:view-token-mock:problem:server-error',
    expect.stringMatching(
      /^The store answered the View Token store's page with something the mock does not expect: WRONGTYPE Operation against a key holding the wrong kind of value/,
    ),
  ]);
  const logged = lines
    .filter((line) => line.error === 'StoreReplyError')
    .map(({ level, msg, received, path }) => ({ level, msg, received, path }));
  expect(logged).toEqual([
    {
      level: 50,
      msg: expect.stringMatching(
        /^The store answered the one-trip script's run with something the mock does not expect: WRONGTYPE/,
      ),
      received: expect.stringMatching(/^WRONGTYPE Operation against a key holding the wrong kind of value/),
      path: '/view/token',
    },
    {
      level: 50,
      msg: expect.stringMatching(
        /^The store answered the View Token store's page with something the mock does not expect: WRONGTYPE/,
      ),
      received: expect.stringMatching(/^WRONGTYPE/),
      path: '/__admin/view-tokens',
    },
  ]);
});

test('a View Token record that is not the JSON the mock wrote is an unexpected reply (500), its token cut in the log', async () => {
  const lines: Record<string, unknown>[] = [];
  const { mock, prefix } = await aRedisMock(lines);
  const token = '0123456789abcdef0123456789abcdef';
  await redis.set(createRedisKeys(prefix).viewToken(token), `{"token":"${token}",`);
  const res = await request(mock.app).get(`/__admin/view-tokens/${token}`);
  expect([res.status, res.body.type]).toEqual([500, 'urn:view-token-mock:problem:server-error']);
  expect(JSON.stringify(lines)).not.toContain(token);
  expect(lines.map(({ level, error }) => [level, error])).toEqual([[50, 'StoreReplyError']]);
});

test("a 0.2 deployment's keys are brought up to date at start: the activity index moved out of the View Tokens' namespace, the issue-time index built; its tokens stay listed", async () => {
  const prefix = `keys${++prefixes}:`;
  const keys = createRedisKeys(prefix);
  const token = 'fedcba9876543210fedcba9876543210';
  const record = {
    token,
    objectType: 'file',
    objectId: '5',
    session: '',
    name: 'a.rvt',
    issuedAtMs: T0,
    lastUsedAtMs: null,
    uses: 0,
  };
  await redis.set(keys.viewToken(token), JSON.stringify(record), 'PX', 60_000);
  await redis.zadd(`${keys.viewTokenPrefix}activity`, T0, token);
  await redis.zadd(keys.sessionIndex(''), T0, token);
  const mock = await createMockServer({
    realNow: () => T0,
    logLevel: 'silent',
    store: 'redis',
    redisUrl: server.url,
    redisPrefix: prefix,
  });
  running.push(mock);
  expect([await redis.exists(`${keys.viewTokenPrefix}activity`), await redis.zscore(keys.activity, token)]).toEqual([
    0,
    String(T0),
  ]);
  expect((await request(mock.app).get('/__admin/health')).body.viewTokens).toBe(1);
  // 0.2 had no index of all tokens by issue time: it is built from the records at start.
  expect(
    (await request(mock.app).get('/__admin/view-tokens')).body.viewTokens.map(
      (listed: { token: string }) => listed.token,
    ),
  ).toEqual([token]);
  expect((await request(mock.app).get('/inside/databag?viewToken=activity')).status).toBe(401);
});
