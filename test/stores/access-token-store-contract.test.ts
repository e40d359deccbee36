import type { AccessTokenStore } from '../../mock/core/access-token-store';
import { createMemoryAccessTokenStore } from '../../mock/core/access-token-store';
import type { AccessTokenRecord } from '../../mock/core/access-token-store';
import { createRedisAccessTokenStore } from '../../mock/stores/redis-access-token-store';
import { useTestRedis } from '../support/redis-server';

const testRedis = useTestRedis();
const DAY = 86_400_000;

const aRecord = (token: string, appKey = 'app', expiresAtMs = 7 * DAY): AccessTokenRecord => ({
  token,
  appKey,
  expiresAtMs,
});

describe.each([
  ['memory', (): AccessTokenStore => createMemoryAccessTokenStore()],
  [
    'redis',
    (): AccessTokenStore =>
      createRedisAccessTokenStore({ redis: testRedis.client(), prefix: testRedis.prefix(), keepMs: 8 * DAY }),
  ],
])('the %s Access Token store', (_name, create) => {
  test('a grant stores the candidate; while it is valid the same record is granted again, after it a new one', async () => {
    const store = create();
    expect(await store.current('app')).toBeUndefined();
    const first = aRecord('cn-1', 'app', 1_700_000_000_000 + 7 * DAY);
    expect(await store.grant(first, 1_700_000_000_000)).toEqual(first);
    expect(await store.grant(aRecord('cn-2'), first.expiresAtMs - 1)).toEqual(first);
    expect(await store.find('cn-2')).toBeUndefined();
    const second = aRecord('cn-3', 'app', first.expiresAtMs + 7 * DAY);
    expect(await store.grant(second, first.expiresAtMs)).toEqual(second);
    expect(await store.current('app')).toEqual(second);
    expect(await store.find('cn-1')).toEqual(first);
  });

  test('ten grants at once for one application hand out one token', async () => {
    const store = create();
    const granted = await Promise.all(Array.from({ length: 10 }, (_, i) => store.grant(aRecord(`cn-${i}`), 0)));
    expect(new Set(granted.map((record) => record.token)).size).toBe(1);
  });

  test('records, restore and clear', async () => {
    const store = create();
    await store.restore([aRecord('cn-a', 'a'), aRecord('cn-b', 'b')]);
    expect((await store.records()).map((record) => record.token).sort()).toEqual(['cn-a', 'cn-b']);
    expect(await store.current('b')).toEqual(aRecord('cn-b', 'b'));
    await store.clear();
    expect(await store.records()).toEqual([]);
    expect(await store.current('a')).toBeUndefined();
    expect(await store.find('cn-a')).toBeUndefined();
  });
});
