import { Redis } from 'ioredis';
import type { TokenStore, ViewTokenRecord } from '../../mock/core/token-store';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';
import { createRedisTokenStore } from '../../mock/stores/redis-token-store';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

let redisServer: RedisServer;
let redis: Redis;
let prefixCounter = 0;
const MINUTE = 60_000;

beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = new Redis(redisServer.url, { lazyConnect: false, maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
});

const stores: [string, () => TokenStore][] = [
  ['memory', () => createMemoryTokenStore()],
  ['redis', () => createRedisTokenStore({ redis, prefix: `test${++prefixCounter}:`, keepMs: 86_400_000 })],
];

const aRecord = (token: string, fields: Partial<ViewTokenRecord> = {}): ViewTokenRecord => ({
  token, objectType: 'file', objectId: '9223372036854775807' as ViewTokenRecord['objectId'], session: '', name: 'a.rvt',
  issuedAtMs: 1_000, lastUsedAtMs: null, uses: 0, ...fields,
});

describe.each(stores)('the %s token store', (_name, create) => {
  test('keeps a record exactly, finds it, and forgets it on delete', async () => {
    const store = create();
    const record = aRecord('a'.repeat(32), { integrateId: '5' as ViewTokenRecord['objectId'], extension: 'dwg', session: 'qa' });
    await store.insert(record);
    expect(await store.find(record.token)).toEqual(record);
    expect(await store.count()).toBe(1);
    expect(await store.delete(record.token)).toBe(true);
    expect(await store.delete(record.token)).toBe(false);
    expect(await store.find(record.token)).toBeUndefined();
  });

  test('insert never overwrites a stored token: the second insert is refused and changes nothing', async () => {
    const store = create();
    expect(await store.insert(aRecord('same', { session: 'first' }))).toBe(true);
    expect(await store.insert(aRecord('same', { session: 'second' }))).toBe(false);
    expect(await store.find('same')).toMatchObject({ session: 'first' });
    expect(await store.count()).toBe(1);
  });

  test('touch keeps the later of two use times and counts every use', async () => {
    const store = create();
    await store.insert(aRecord('t'));
    await store.touch('t', 5_000);
    const touched = await store.touch('t', 3_000);
    expect(touched).toMatchObject({ lastUsedAtMs: 5_000, uses: 2 });
    expect(await store.touch('missing', 1)).toBeUndefined();
  });

  test('list filters by session, newest issue first', async () => {
    const store = create();
    await store.insert(aRecord('old', { issuedAtMs: 1, session: 'a' }));
    await store.insert(aRecord('new', { issuedAtMs: 2, session: 'a' }));
    await store.insert(aRecord('other', { issuedAtMs: 3, session: 'b' }));
    expect((await store.list({ session: 'a' })).map((r) => r.token)).toEqual(['new', 'old']);
    expect((await store.list({})).map((r) => r.token)).toEqual(['other', 'new', 'old']);
  });

  test('reclaim removes only records last active before the cutoff, and clear removes all', async () => {
    // Minutes apart: the memory store's expiry index has one-second buckets.
    const store = create();
    await store.insert(aRecord('stale', { issuedAtMs: 10 * MINUTE }));
    await store.insert(aRecord('used', { issuedAtMs: 10 * MINUTE }));
    await store.insert(aRecord('fresh', { issuedAtMs: 50 * MINUTE }));
    await store.touch('used', 60 * MINUTE);
    expect(await store.reclaim(40 * MINUTE)).toBe(1);
    expect((await store.list({})).map((r) => r.token).sort()).toEqual(['fresh', 'used']);
    await store.clear();
    expect(await store.count()).toBe(0);
  });
});

test('two Redis-backed processes using one token at once both see it, and the later use wins', async () => {
  const prefix = 'shared:';
  const a = createRedisTokenStore({ redis, prefix, keepMs: 86_400_000 });
  const other = new Redis(redisServer.url);
  const b = createRedisTokenStore({ redis: other, prefix, keepMs: 86_400_000 });
  await a.insert(aRecord('s'));
  const [fromA, fromB] = await Promise.all([a.touch('s', 7_000), b.touch('s', 9_000)]);
  expect(fromA).toBeDefined();
  expect(fromB).toBeDefined();
  expect(await a.find('s')).toMatchObject({ lastUsedAtMs: 9_000, uses: 2 });
  other.disconnect();
});

test('the memory store keeps a token used minute after minute, and reclaims the rest in steps', async () => {
  const store = createMemoryTokenStore();
  for (let i = 0; i < 20_000; i += 1) await store.insert(aRecord(`t${i}`, { issuedAtMs: 0 }));
  for (let minute = 0; minute < 100; minute += 1) await store.touch('t5', minute * MINUTE + 1);
  const steps: number[] = [];
  for (let removed = await store.reclaim(50 * MINUTE); removed > 0; removed = await store.reclaim(50 * MINUTE)) steps.push(removed);
  expect(steps.reduce((sum, removed) => sum + removed, 0)).toBe(19_999);
  expect(Math.max(...steps)).toBeLessThanOrEqual(5_000);
  expect((await store.list({})).map((record) => record.token)).toEqual(['t5']);
  expect((await store.find('t5'))?.uses).toBe(100);
  expect(await store.reclaim(100 * MINUTE)).toBe(1);
});
