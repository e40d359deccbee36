import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import { parseServeOptions } from '../../mock/cli/serve-options';
import { ConfigError } from '../../mock/config/config-error';
import type { RedisServer } from '../support/redis-server';
import { startTestRedis } from '../support/redis-server';

// Deployments share one Redis by --redis-prefix. Keys used to start with the prefix as it stands, so
// `qa` was a prefix of `qavt:`'s keys (`qavt:vt:<token>` starts with `qa` + `vt:`), and a reset
// through `qa` deleted `qavt:`'s View Tokens. Keys now start with the hash tag `{prefix}`.

let redis: RedisServer;
const started: MockServer[] = [];
const AUTH = { Authorization: 'Bearer prefix-test' };

beforeAll(async () => {
  redis = await startTestRedis();
}, 60_000);
afterAll(async () => {
  await Promise.all(started.map((mock) => mock.close()));
  await redis.stop();
});

async function deployment(redisPrefix: string): Promise<MockServer> {
  const mock = await createMockServer({ logLevel: 'silent', store: 'redis', redisUrl: redis.url, redisPrefix });
  started.push(mock);
  return mock;
}

test.each([
  ['qa', 'qavt:'],
  ['qa', 'qavt-session:'],
  ['view-token-mock:', 'view-token-mock:vt:'],
])(
  'a reset through --redis-prefix %j leaves every View Token, rule and journal entry of --redis-prefix %j alone',
  async (resetPrefix, keptPrefix) => {
    const [reset, kept] = await Promise.all([deployment(resetPrefix), deployment(keptPrefix)]);
    const issued = await request(kept.app).get('/view/token?fileId=7').set(AUTH);
    expect(issued.status).toBe(200);
    const token = (issued.body as { data: string }).data;
    await request(kept.app)
      .post('/__admin/scenarios')
      .set('Content-Type', 'application/json')
      .send({ when: { param: 'fileId', equals: '8' }, then: { code: 503 } })
      .expect(201);
    await request(reset.app).get('/view/token?fileId=9').set(AUTH).expect(200);

    await request(reset.app).post('/__admin/reset').set('Content-Type', 'application/json').expect(204);

    const listed = await request(kept.app).get('/__admin/view-tokens');
    expect((listed.body as { viewTokens: { token: string }[] }).viewTokens.map((record) => record.token)).toEqual([
      token,
    ]);
    expect((await request(kept.app).get(`/inside/databag?viewToken=${token}`)).status).toBe(200);
    expect((await request(kept.app).get('/view/token?fileId=8').set(AUTH)).status).toBe(503);
    const journal = await request(kept.app).get('/__admin/requests');
    expect((journal.body as { requests: { path: string }[] }).requests.map((entry) => entry.path)).toEqual([
      '/view/token',
      '/inside/databag',
      '/view/token',
    ]);
    expect((await request(reset.app).get('/__admin/view-tokens')).body).toMatchObject({ viewTokens: [] });
  },
);

test.each(['qa{1}', 'a}', '{', ''])(
  '--redis-prefix %j is refused at start, naming the characters not allowed',
  (prefix) => {
    expect(() =>
      parseServeOptions(['--store', 'redis', '--redis-url', 'redis://127.0.0.1:6379', '--redis-prefix', prefix], {}),
    ).toThrow(
      new ConfigError(
        `--redis-prefix ${JSON.stringify(prefix)}: use one or more characters other than { and } (the prefix becomes the keys' hash tag {prefix})`,
      ),
    );
  },
);
