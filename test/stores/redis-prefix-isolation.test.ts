import { createRedisAccessTokenStore } from '../../mock/stores/redis-access-token-store';
import { keysStartingWith } from '../../mock/stores/redis-connection';
import { createRedisTokenStore } from '../../mock/stores/redis-token-store';
import { useTestRedis } from '../support/redis-server';

// Deployments share one Redis by prefix. Clearing one (POST /__admin/reset) scans for its keys: a
// prefix with glob characters, used as a pattern as it stands, would match another's keys too.

const testRedis = useTestRedis();
const DAY = 86_400_000;

test.each([
  ['team*', 'team-b:'],
  ['qa[1]:', 'qa1:'],
  ['a?', 'ab'],
  ['x\\', 'x'],
])('clearing the deployment with prefix %j leaves the one with prefix %j alone', async (clearedSuffix, keptSuffix) => {
  const base = testRedis.prefix();
  const stores = (prefix: string) => ({
    viewTokens: createRedisTokenStore({ redis: testRedis.client(), prefix, keepMs: DAY }),
    accessTokens: createRedisAccessTokenStore({ redis: testRedis.client(), prefix, keepMs: DAY }),
  });
  const cleared = stores(`${base}${clearedSuffix}`);
  const kept = stores(`${base}${keptSuffix}`);
  for (const [deployment, token] of [
    [cleared, 'a'.repeat(32)],
    [kept, 'b'.repeat(32)],
  ] as const) {
    await deployment.viewTokens.insert({
      token,
      objectType: 'file',
      objectId: '1' as never,
      session: 'qa',
      name: 'a.rvt',
      issuedAtMs: 1,
      lastUsedAtMs: null,
      uses: 0,
    });
    await deployment.accessTokens.restore([{ token: `cn-${token}`, appKey: 'app', expiresAtMs: DAY }]);
  }
  await cleared.viewTokens.clear();
  await cleared.accessTokens.clear();
  expect(await cleared.viewTokens.list({})).toEqual([]);
  expect(await cleared.accessTokens.records()).toEqual([]);
  expect((await kept.viewTokens.list({ session: 'qa' })).map((record) => record.token)).toEqual(['b'.repeat(32)]);
  expect((await kept.accessTokens.records()).map((record) => record.token)).toEqual([`cn-${'b'.repeat(32)}`]);
});

test('a pattern from a prefix matches exactly the keys that start with it', async () => {
  const redis = testRedis.client();
  const base = testRedis.prefix();
  const names = ['p*q:1', 'p*q:2', 'pXq:1', 'p[q]:1', 'pq:1', 'p\\q:1', 'p?q:1'].map((name) => `${base}${name}`);
  for (const name of names) await redis.set(name, '1');
  for (const prefix of ['p*q:', 'p[q]:', 'p\\q:', 'p?q:']) {
    const [, found] = await redis.scan('0', 'MATCH', keysStartingWith(`${base}${prefix}`), 'COUNT', 10_000);
    expect(found.sort()).toEqual(names.filter((name) => name.startsWith(`${base}${prefix}`)).sort());
  }
});
