import type { Int64 } from '../../mock/core/int64';
import type { ViewTokenRecord } from '../../mock/core/token-store';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';

const MINUTE = 60_000;
/** A cutoff every record was active after: for touches that are not about the cutoff. */
const ANY_TIME = Number.MIN_SAFE_INTEGER;

/** A 32-hex token like the core's, distinct for each n. */
const hexToken = (n: number): string => n.toString(16).padStart(8, '0').repeat(4);

const aRecord = (token: string, fields: Partial<ViewTokenRecord> = {}): ViewTokenRecord => ({
  token,
  objectType: 'file',
  objectId: '42' as Int64,
  session: '',
  name: 'model-42.rvt',
  issuedAtMs: 1_000,
  lastUsedAtMs: null,
  uses: 0,
  ...fields,
});

async function drain(store: ReturnType<typeof createMemoryTokenStore>, cutoffMs: number): Promise<number[]> {
  const steps: number[] = [];
  for (let removed = await store.reclaim(cutoffMs); removed > 0; removed = await store.reclaim(cutoffMs))
    steps.push(removed);
  return steps;
}

test('a record comes back exactly as inserted, with no optional field it did not have', async () => {
  const store = createMemoryTokenStore();
  const plain = aRecord(hexToken(1));
  const full = aRecord(hexToken(2), {
    objectType: 'childFile',
    integrateId: '7' as Int64,
    extension: 'dwg',
    session: 'qa',
    lastUsedAtMs: 5_000,
    uses: 3,
  });
  await store.insert(plain);
  await store.insert(full);
  expect(await store.find(plain.token)).toStrictEqual(plain);
  expect(await store.find(full.token)).toStrictEqual(full);
});

test('each read hands out a fresh record: changing it changes nothing stored', async () => {
  const store = createMemoryTokenStore();
  await store.insert(aRecord('t'));
  const read = await store.find('t');
  if (!read) throw new Error('not found');
  read.uses = 99;
  read.session = 'elsewhere';
  expect(await store.find('t')).toMatchObject({ uses: 0, session: '' });
  expect(await store.list({ session: 'elsewhere' })).toEqual([]);
});

test.each([
  ['0'],
  ['1'],
  ['-1'],
  ['42'],
  ['999999999999999'],
  ['-99999999999999'],
  ['1000000000000000'],
  ['9007199254740993'],
  ['9223372036854775807'],
  ['-9223372036854775808'],
  // Not canonical or out of range (a hand-edited state file): still kept exactly.
  ['007'],
  ['-0'],
  ['9223372036854775808'],
  ['-9223372036854775809'],
  ['12345678901234567890123'],
  [''],
  [' 1'],
  ['1e3'],
  ['abc'],
])('the id %j is kept exactly, as object id and as integration id, and in a name that contains it', async (id) => {
  const store = createMemoryTokenStore();
  const record = aRecord(hexToken(3), { objectId: id as Int64, integrateId: id as Int64, name: `model-${id}.rvt` });
  await store.insert(record);
  expect(await store.find(record.token)).toStrictEqual(record);
});

test.each([
  ['model-5.rvt', '5'],
  ['5-5-5.rvt', '5'],
  ['no id here.ifc', '5'],
  ['', '5'],
  ['5', '5'],
  ['a\u0000b 5', '5'],
  ['\u0000', '5'],
  ['x', ''],
  ['模型 5.rvt', '5'],
  ['$& $1 5 $$', '5'],
])('the name %j (object id %j) is kept exactly', async (name, id) => {
  const store = createMemoryTokenStore();
  const record = aRecord(hexToken(4), { name, objectId: id as Int64 });
  await store.insert(record);
  expect((await store.find(record.token))?.name).toBe(name);
});

test.each([
  ['upper-case hex', 'ABCDEF0123456789ABCDEF0123456789'],
  ['31 hex characters', 'abcdef0123456789abcdef012345678'],
  ['33 hex characters', 'abcdef0123456789abcdef01234567890'],
  ['hex with one other letter', 'abcdef0123456789abcdef012345678g'],
  ['empty', ''],
  ['unicode', 'tökén-✓'],
])(
  'a token that is not 32 lower-case hex characters (%s) is stored, found, touched and deleted',
  async (_kind, token) => {
    const store = createMemoryTokenStore();
    expect(await store.insert(aRecord(token))).toBe(true);
    expect(await store.insert(aRecord(token))).toBe(false);
    expect(await store.touch(token, 2_000, ANY_TIME)).toMatchObject({ kind: 'used', record: { token } });
    expect(await store.find(token)).toMatchObject({ token, uses: 1, lastUsedAtMs: 2_000 });
    expect((await store.list({})).map((record) => record.token)).toEqual([token]);
    expect(await store.delete(token)).toBe(true);
    expect(await store.find(token)).toBeUndefined();
  },
);

test('a hex token and its upper-case spelling are two tokens', async () => {
  const store = createMemoryTokenStore();
  const lower = 'abcdef0123456789abcdef0123456789';
  await store.insert(aRecord(lower, { session: 'lower' }));
  await store.insert(aRecord(lower.toUpperCase(), { session: 'upper' }));
  expect(await store.find(lower)).toMatchObject({ session: 'lower' });
  expect(await store.find(lower.toUpperCase())).toMatchObject({ session: 'upper' });
  expect(await store.count()).toBe(2);
});

test('touch keeps the later of the last activity and the use, even before the issue', async () => {
  const store = createMemoryTokenStore();
  await store.insert(aRecord('t', { issuedAtMs: 10_000 }));
  expect(await store.touch('t', 4_000, ANY_TIME)).toMatchObject({
    kind: 'used',
    record: { lastUsedAtMs: 10_000, uses: 1 },
  });
  expect(await store.touch('t', 12_000, ANY_TIME)).toMatchObject({
    kind: 'used',
    record: { lastUsedAtMs: 12_000, uses: 2 },
  });
  expect(await store.touch('t', 11_000, ANY_TIME)).toMatchObject({
    kind: 'used',
    record: { lastUsedAtMs: 12_000, uses: 3 },
  });
});

test('a touch refused at the cutoff leaves the slot as it was: a later touch inside the cutoff counts from there', async () => {
  const store = createMemoryTokenStore();
  await store.insert(aRecord('t', { issuedAtMs: 10_000 }));
  expect(await store.touch('t', 30_000, 10_000)).toStrictEqual({
    kind: 'inactive',
    record: aRecord('t', { issuedAtMs: 10_000 }),
  });
  expect(await store.touch('t', 20_000, 9_999)).toStrictEqual({
    kind: 'used',
    record: aRecord('t', { issuedAtMs: 10_000, lastUsedAtMs: 20_000, uses: 1 }),
  });
});

test('a freed slot taken by a new token shows only the new record', async () => {
  const store = createMemoryTokenStore();
  await store.insert(
    aRecord(hexToken(1), {
      integrateId: '9' as Int64,
      extension: 'rvt',
      session: 'old',
      lastUsedAtMs: 3_000,
      uses: 5,
      objectId: '9223372036854775807' as Int64,
    }),
  );
  await store.delete(hexToken(1));
  const fresh = aRecord(hexToken(2), { session: 'new', objectId: '007' as Int64 });
  await store.insert(fresh);
  expect(await store.find(hexToken(1))).toBeUndefined();
  expect(await store.find(fresh.token)).toStrictEqual(fresh);
  expect(await store.list({ session: 'old' })).toEqual([]);
  expect(await store.list({})).toStrictEqual([fresh]);
});

test('listing a session returns its records only, newest first, after deletes and reclaims', async () => {
  const store = createMemoryTokenStore();
  for (let i = 0; i < 30; i += 1) {
    await store.insert(
      aRecord(hexToken(i), { session: ['a', 'b', 'c'][i % 3] as string, issuedAtMs: (i % 2 ? 100 : 1) * MINUTE + i }),
    );
  }
  await store.delete(hexToken(3));
  await store.delete(hexToken(27));
  expect(await store.reclaim(50 * MINUTE)).toBe(15);
  const a = await store.list({ session: 'a' });
  expect(a.map((record) => record.token)).toEqual([21, 15, 9].map(hexToken));
  expect(a.every((record) => record.session === 'a')).toBe(true);
  expect((await store.list({ session: 'b' })).map((record) => record.token)).toEqual([25, 19, 13, 7, 1].map(hexToken));
  expect(await store.list({ session: 'nobody' })).toEqual([]);
  const all = await store.list({});
  expect(all).toHaveLength(13);
  expect(all.map((record) => record.issuedAtMs)).toEqual(
    [...all.map((record) => record.issuedAtMs)].sort((x, y) => y - x),
  );
});

test('a session emptied and used again lists only its new records', async () => {
  const store = createMemoryTokenStore();
  await store.insert(aRecord('first', { session: 'qa' }));
  await store.insert(aRecord('other', { session: 'x' }));
  await store.delete('first');
  expect(await store.list({ session: 'qa' })).toEqual([]);
  await store.insert(aRecord('second', { session: 'qa' }));
  expect((await store.list({ session: 'qa' })).map((record) => record.token)).toEqual(['second']);
  expect((await store.list({ session: 'x' })).map((record) => record.token)).toEqual(['other']);
});

test('list is newest issue first even when records were stored out of order', async () => {
  const store = createMemoryTokenStore();
  for (const [token, issuedAtMs] of [
    ['b', 2],
    ['d', 4],
    ['a', 1],
    ['c', 3],
  ] as const)
    await store.insert(aRecord(token, { issuedAtMs, session: 's' }));
  await store.insert(aRecord('e', { issuedAtMs: 5, session: 'other' }));
  expect((await store.list({ session: 's' })).map((record) => record.token)).toEqual(['d', 'c', 'b', 'a']);
  expect((await store.list({})).map((record) => record.token)).toEqual(['e', 'd', 'c', 'b', 'a']);
});

test('reclaim goes in steps of at most 5,000 and reports 0 only when nothing before the cutoff is left', async () => {
  const store = createMemoryTokenStore();
  for (let i = 0; i < 12_000; i += 1)
    await store.insert(aRecord(hexToken(i), { issuedAtMs: i % 4 === 0 ? 90 * MINUTE : 10 * MINUTE }));
  const steps = await drain(store, 60 * MINUTE);
  expect(Math.max(...steps)).toBeLessThanOrEqual(5_000);
  expect(steps.reduce((sum, removed) => sum + removed, 0)).toBe(9_000);
  expect(await store.count()).toBe(3_000);
  expect(await store.reclaim(60 * MINUTE)).toBe(0);
});

test('reclaim finds stale records in slots it has already passed', async () => {
  const store = createMemoryTokenStore();
  await store.insert(aRecord('fresh-1', { issuedAtMs: 90 * MINUTE }));
  await store.insert(aRecord('stale', { issuedAtMs: 10 * MINUTE }));
  await store.insert(aRecord('fresh-2', { issuedAtMs: 90 * MINUTE }));
  expect(await store.reclaim(60 * MINUTE)).toBe(1);
  // The freed slot is taken again by another stale record, behind where the sweep stopped.
  await store.insert(aRecord('stale-again', { issuedAtMs: 20 * MINUTE }));
  expect(await store.reclaim(60 * MINUTE)).toBe(1);
  expect((await store.list({})).map((record) => record.token).sort()).toEqual(['fresh-1', 'fresh-2']);
});

test('a store grown past its first columns, emptied by reclaim and filled again keeps every record', async () => {
  const store = createMemoryTokenStore();
  for (let i = 0; i < 5_000; i += 1)
    await store.insert(
      aRecord(hexToken(i), { objectId: String(i) as Int64, name: `model-${i}.rvt`, session: `s${i % 7}` }),
    );
  expect(await store.find(hexToken(4_321))).toMatchObject({ objectId: '4321', name: 'model-4321.rvt', session: 's2' });
  expect((await drain(store, 2_000)).reduce((sum, removed) => sum + removed, 0)).toBe(5_000);
  expect(await store.count()).toBe(0);
  expect(await store.find(hexToken(4_321))).toBeUndefined();
  await store.insert(aRecord(hexToken(4_321), { session: 's2' }));
  expect((await store.list({ session: 's2' })).map((record) => record.token)).toEqual([hexToken(4_321)]);
  expect(await store.count()).toBe(1);
});

test('clear forgets every record, session and token of every kind', async () => {
  const store = createMemoryTokenStore();
  for (let i = 0; i < 3_000; i += 1)
    await store.insert(aRecord(hexToken(i), { session: `s${i % 3}`, objectId: '9223372036854775808' as Int64 }));
  await store.insert(aRecord('odd token', { session: 's1' }));
  await store.clear();
  expect(await store.count()).toBe(0);
  expect(await store.find(hexToken(7))).toBeUndefined();
  expect(await store.find('odd token')).toBeUndefined();
  expect(await store.list({})).toEqual([]);
  expect(await store.list({ session: 's1' })).toEqual([]);
  expect(await store.insert(aRecord('odd token'))).toBe(true);
  expect(await store.find('odd token')).toStrictEqual(aRecord('odd token'));
});
