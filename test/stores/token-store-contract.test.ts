import type { TokenStore, TouchResult, ViewTokenRecord } from '../../mock/core/token-store';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';
import type { RedisClient } from '../../mock/stores/redis-connection';
import { scanKeys } from '../../mock/stores/redis-connection';
import { createRedisTokenStore } from '../../mock/stores/redis-token-store';
import type { RedisServer } from '../support/redis-server';
import { startTestRedis, testClient } from '../support/redis-server';

let redisServer: RedisServer;
let redis: RedisClient;
let prefixCounter = 0;
const MINUTE = 60_000;
/** Session names of every shape: empty, with separators, glob characters, a backslash, spaces, non-ASCII. */
const ODD_SESSIONS = ['', 'qa', 'qa:7', 'vt:activity', '*', 'a?[b]\\', 'two words', 'ünï ✓'] as const;
const NEVER_USED = { lastUsedAtMs: null, uses: 0 };
/** A cutoff every record was active after: for touches that are not about the cutoff. */
const ANY_TIME = Number.MIN_SAFE_INTEGER;

beforeAll(async () => {
  redisServer = await startTestRedis();
  redis = testClient(redisServer);
}, 60_000);
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
});

const stores: [string, () => TokenStore][] = [
  ['memory', () => createMemoryTokenStore()],
  ['redis', () => createRedisTokenStore({ redis, prefix: `test${++prefixCounter}:`, keepMs: 86_400_000 })],
];

const aRecord = (token: string, fields: Partial<ViewTokenRecord> = {}): ViewTokenRecord => ({
  token,
  objectType: 'file',
  objectId: '9223372036854775807' as ViewTokenRecord['objectId'],
  session: '',
  name: 'a.rvt',
  issuedAtMs: 1_000,
  lastUsedAtMs: null,
  uses: 0,
  ...fields,
});

describe.each(stores)('the %s token store', (_name, create) => {
  test('keeps the last forced use of a token beside its real fields: a use after leaves it, a delete or clear forgets it', async () => {
    const store = create();
    const record = aRecord('f'.repeat(32), { issuedAtMs: 1_767_225_600_000 });
    const forced = { outcome: 'scenario=access-token-expired', rule: 'r12', atMs: 1_767_225_900_123 };
    expect(await store.markForced(record.token, forced)).toBeUndefined();
    await store.insert(record);
    expect(await store.markForced(record.token, forced)).toEqual({ ...record, lastForced: forced });
    const later = { outcome: 'code=401', rule: null, atMs: 1_767_226_000_000 };
    await store.markForced(record.token, later);
    expect(await store.find(record.token)).toEqual({ ...record, lastForced: later });
    const touched = await store.touch(record.token, 1_767_226_100_000, ANY_TIME);
    const used = { ...record, lastUsedAtMs: 1_767_226_100_000, uses: 1, lastForced: later };
    expect(touched).toEqual({ kind: 'used', record: used });
    expect((await store.page({ limit: 5 }))?.items).toEqual([used]);
    expect(await store.list({})).toEqual([used]);
    await store.delete(record.token);
    await store.insert(record);
    expect(await store.find(record.token)).toEqual(record);
    await store.markForced(record.token, later);
    await store.clear();
    await store.insert(record);
    expect(await store.find(record.token)).toEqual(record);
  });

  test('keeps a record exactly, finds it, and forgets it on delete', async () => {
    const store = create();
    const record = aRecord('a'.repeat(32), {
      integrateId: '5' as ViewTokenRecord['objectId'],
      extension: 'dwg',
      session: 'qa',
    });
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
    await store.touch('t', 5_000, ANY_TIME);
    const touched = await store.touch('t', 3_000, ANY_TIME);
    expect(touched).toEqual({ kind: 'used', record: { ...aRecord('t'), lastUsedAtMs: 5_000, uses: 2 } });
    expect(await store.find('t')).toEqual({ ...aRecord('t'), lastUsedAtMs: 5_000, uses: 2 });
  });

  test.each<[string, TouchResult['kind'], Pick<ViewTokenRecord, 'lastUsedAtMs' | 'uses'>, number]>([
    ['never used, last active (issued) exactly at the cutoff', 'inactive', NEVER_USED, 1_000],
    ['never used, issued 1 ms after the cutoff', 'used', NEVER_USED, 999],
    ['last used exactly at the cutoff (issued long before)', 'inactive', { lastUsedAtMs: 5_000, uses: 1 }, 5_000],
    ['last used 1 ms after the cutoff (issued long before)', 'used', { lastUsedAtMs: 5_000, uses: 1 }, 4_999],
  ])('touch of a token %s answers %s', async (_case, kind, fields, activeAfterMs) => {
    const store = create();
    await store.insert(aRecord('t', fields));
    const expected =
      kind === 'used' ? { ...aRecord('t', fields), lastUsedAtMs: 6_000, uses: fields.uses + 1 } : aRecord('t', fields);
    expect(await store.touch('t', 6_000, activeAfterMs)).toEqual({ kind, record: expected });
    expect(await store.find('t')).toEqual(expected);
  });

  test('a refused touch leaves the record exactly as it was, its last activity included', async () => {
    const store = create();
    const record = aRecord('t', { lastUsedAtMs: 5_000, uses: 3, session: 'qa' });
    await store.insert(record);
    expect(await store.touch('t', 9_000, 5_000)).toEqual({ kind: 'inactive', record });
    expect(await store.find('t')).toEqual(record);
    // Still last active at 5,000, not 9,000: a reclaim just past it takes it.
    expect(await store.reclaim(5_001)).toBe(1);
    expect(await store.find('t')).toBeUndefined();
  });

  test('touch of an unknown token answers unknown and stores nothing', async () => {
    const store = create();
    await store.insert(aRecord('t'));
    expect(await store.touch('missing', 2_000, ANY_TIME)).toEqual({ kind: 'unknown' });
    expect(await store.find('missing')).toBeUndefined();
    expect(await store.count()).toBe(1);
  });

  test('list filters by session, newest issue first', async () => {
    const store = create();
    await store.insert(aRecord('old', { issuedAtMs: 1, session: 'a' }));
    await store.insert(aRecord('new', { issuedAtMs: 2, session: 'a' }));
    await store.insert(aRecord('other', { issuedAtMs: 3, session: 'b' }));
    expect((await store.list({ session: 'a' })).map((r) => r.token)).toEqual(['new', 'old']);
    expect((await store.list({})).map((r) => r.token)).toEqual(['other', 'new', 'old']);
  });

  test('listing one session among many gives its records only, newest issue first, whatever its name', async () => {
    const store = create();
    const inserted: ViewTokenRecord[] = [];
    for (let i = 0; i < 48; i += 1) {
      // Issue times out of insertion order, so the order comes from the store, not from the inserts.
      const record = aRecord(`t${i}`, {
        session: ODD_SESSIONS[i % ODD_SESSIONS.length] as string,
        issuedAtMs: 1_000 + ((i * 37) % 48),
      });
      inserted.push(record);
      await store.insert(record);
    }
    for (const session of ODD_SESSIONS) {
      const expected = inserted
        .filter((record) => record.session === session)
        .sort((a, b) => b.issuedAtMs - a.issuedAtMs);
      expect(await store.list({ session })).toEqual(expected);
    }
    expect(await store.list({ session: 'nobody' })).toEqual([]);
  });

  test("delete and reclaim remove a record from its session's list, and from no other", async () => {
    const store = create();
    for (const session of ['qa:1', 'qa:2']) {
      await store.insert(aRecord(`deleted ${session}`, { session, issuedAtMs: 30 * MINUTE }));
      await store.insert(aRecord(`stale ${session}`, { session, issuedAtMs: 10 * MINUTE }));
      await store.insert(aRecord(`kept ${session}`, { session, issuedAtMs: 50 * MINUTE }));
    }
    expect(await store.delete('deleted qa:1')).toBe(true);
    expect(await store.reclaim(20 * MINUTE)).toBe(2);
    expect((await store.list({ session: 'qa:1' })).map((r) => r.token)).toEqual(['kept qa:1']);
    expect((await store.list({ session: 'qa:2' })).map((r) => r.token)).toEqual(['kept qa:2', 'deleted qa:2']);
  });

  test("clear empties every session's list, and a session filled again lists only its new records", async () => {
    const store = create();
    for (const [i, session] of ODD_SESSIONS.entries()) await store.insert(aRecord(`before${i}`, { session }));
    await store.clear();
    for (const session of ODD_SESSIONS) expect(await store.list({ session })).toEqual([]);
    await store.insert(aRecord('after', { session: 'qa' }));
    expect((await store.list({ session: 'qa' })).map((r) => r.token)).toEqual(['after']);
    expect(await store.count()).toBe(1);
  });

  test('reclaim judges an inserted record by its last use, not its issue', async () => {
    const store = create();
    await store.insert(aRecord('used late', { issuedAtMs: 10 * MINUTE, lastUsedAtMs: 50 * MINUTE, uses: 1 }));
    expect(await store.reclaim(40 * MINUTE)).toBe(0);
    expect(await store.reclaim(60 * MINUTE)).toBe(1);
  });

  test("reclaim judges each record by its own session's cutoff: a session named keeps (or loses) only its own", async () => {
    const store = create();
    for (const [token, session] of [
      ['behind', 'frozen-in-2020'],
      ['ahead', 'advanced'],
      ['other', 'qa'],
      ['global', ''],
    ] as const)
      await store.insert(aRecord(token, { session, issuedAtMs: 30 * MINUTE }));
    await store.insert(aRecord('ahead-fresh', { session: 'advanced', issuedAtMs: 70 * MINUTE }));
    const sessions = new Map([
      ['frozen-in-2020', 10 * MINUTE],
      ['advanced', 60 * MINUTE],
      ['no-records', 90 * MINUTE],
    ]);
    let removed = 0;
    for (
      let step = await store.reclaim(40 * MINUTE, sessions);
      step > 0;
      step = await store.reclaim(40 * MINUTE, sessions)
    )
      removed += step;
    expect(removed).toBe(3);
    expect((await store.list({})).map((record) => record.token).sort()).toEqual(['ahead-fresh', 'behind']);
  });

  test('records a session keeps never hold up the others: 700 kept ahead of 10 stale in the activity order', async () => {
    const store = create();
    for (let i = 0; i < 700; i += 1) await store.insert(aRecord(`kept${i}`, { session: 'frozen', issuedAtMs: i }));
    for (let i = 0; i < 10; i += 1) await store.insert(aRecord(`stale${i}`, { session: 'qa', issuedAtMs: 1_000 + i }));
    const sessions = new Map([['frozen', 0]]);
    let removed = 0;
    for (let step = await store.reclaim(2_000, sessions); step > 0; step = await store.reclaim(2_000, sessions))
      removed += step;
    expect(removed).toBe(10);
    expect(await store.count()).toBe(700);
    expect(await store.list({ session: 'qa' })).toEqual([]);
  });

  test("deleteInSession deletes up to its limit of one session's records, newest first, and none of another's", async () => {
    const store = create();
    for (let i = 0; i < 5; i += 1) await store.insert(aRecord(`qa${i}`, { session: 'qa', issuedAtMs: i * MINUTE }));
    await store.insert(aRecord('other', { session: 'qa-2' }));
    expect(await store.deleteInSession('qa', 2)).toBe(2);
    expect((await store.list({ session: 'qa' })).map((record) => record.token)).toEqual(['qa2', 'qa1', 'qa0']);
    expect(await store.deleteInSession('qa', 5)).toBe(3);
    expect(await store.deleteInSession('qa', 5)).toBe(0);
    expect(await store.deleteInSession('nobody', 5)).toBe(0);
    expect((await store.list({})).map((record) => record.token)).toEqual(['other']);
    expect([await store.count(), await store.count('qa'), await store.count('qa-2')]).toEqual([1, 0, 1]);
  });

  test('reclaim removes only records last active before the cutoff, and clear removes all', async () => {
    const store = create();
    await store.insert(aRecord('stale', { issuedAtMs: 10 * MINUTE }));
    await store.insert(aRecord('used', { issuedAtMs: 10 * MINUTE }));
    await store.insert(aRecord('fresh', { issuedAtMs: 50 * MINUTE }));
    await store.touch('used', 60 * MINUTE, ANY_TIME);
    expect(await store.reclaim(40 * MINUTE)).toBe(1);
    expect((await store.list({})).map((r) => r.token).sort()).toEqual(['fresh', 'used']);
    await store.clear();
    expect(await store.count()).toBe(0);
  });
});

test('two Redis-backed processes using one token at once both see it, and the later use wins', async () => {
  const prefix = 'shared:';
  const a = createRedisTokenStore({ redis, prefix, keepMs: 86_400_000 });
  const other = testClient(redisServer);
  const b = createRedisTokenStore({ redis: other, prefix, keepMs: 86_400_000 });
  await a.insert(aRecord('s'));
  const [fromA, fromB] = await Promise.all([a.touch('s', 7_000, ANY_TIME), b.touch('s', 9_000, ANY_TIME)]);
  expect(fromA.kind).toBe('used');
  expect(fromB.kind).toBe('used');
  expect(await a.find('s')).toMatchObject({ lastUsedAtMs: 9_000, uses: 2 });
  other.disconnect();
});

test('records Redis expired by itself (keepMs passed, no reclaim) leave no key behind once their session is listed and reclaimed', async () => {
  const prefix = 'expired-by-redis:';
  const store = createRedisTokenStore({ redis, prefix, keepMs: 1 });
  await store.insert(aRecord('gone', { session: 'qa' }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await store.list({ session: 'qa' })).toEqual([]);
  expect(await store.reclaim(Number.MAX_SAFE_INTEGER)).toBe(1);
  expect(await scanKeys(redis, `{${prefix}}*`)).toEqual([]);
});

test("deleting and reclaiming every record leaves no Redis key behind, whatever the sessions' names", async () => {
  // Delete and reclaim find a record's session index from the stored record, insert from the
  // record given: both must name the same key (the listing would hide a miss, so look at Redis).
  const prefix = 'indexes:';
  const store = createRedisTokenStore({ redis, prefix, keepMs: 86_400_000 });
  const sessions = [...ODD_SESSIONS, 'nul\u0000 and\nnewline', 'é latin-1', '模型'];
  for (const [i, session] of sessions.entries()) {
    await store.insert(aRecord(`deleted${i}`, { session, issuedAtMs: 50 * MINUTE }));
    await store.insert(aRecord(`reclaimed${i}`, { session, issuedAtMs: 10 * MINUTE }));
  }
  expect(await scanKeys(redis, `{${prefix}}vt-session:*`)).toHaveLength(sessions.length);
  for (const i of sessions.keys()) expect(await store.delete(`deleted${i}`)).toBe(true);
  expect(await store.reclaim(20 * MINUTE)).toBe(sessions.length);
  expect(await scanKeys(redis, `{${prefix}}*`)).toEqual([]);
});

test('the memory store keeps a token used minute after minute, and reclaims the rest in steps', async () => {
  const store = createMemoryTokenStore();
  for (let i = 0; i < 20_000; i += 1) await store.insert(aRecord(`t${i}`, { issuedAtMs: 0 }));
  for (let minute = 0; minute < 100; minute += 1) await store.touch('t5', minute * MINUTE + 1, ANY_TIME);
  const steps: number[] = [];
  for (let removed = await store.reclaim(50 * MINUTE); removed > 0; removed = await store.reclaim(50 * MINUTE))
    steps.push(removed);
  expect(steps.reduce((sum, removed) => sum + removed, 0)).toBe(19_999);
  expect(Math.max(...steps)).toBeLessThanOrEqual(5_000);
  expect((await store.list({})).map((record) => record.token)).toEqual(['t5']);
  expect((await store.find('t5'))?.uses).toBe(100);
  expect(await store.reclaim(100 * MINUTE)).toBe(1);
});
