import type { NewRule } from '../../mock/core/scenarios/rule-store';
import { createMemoryRuleStore, fromRuleCursor } from '../../mock/core/scenarios/rule-store';

// The memory rule store's pages (what GET /__admin/scenario-rules reads), its versions (what tells
// a session's cached rules are still right), and removals by id.

const aRule = (session: string, remaining: number | null = null): NewRule => ({
  session,
  when: {},
  then: { code: 503 },
  remaining,
});

/** A store holding r1..r7: sessions a, b, a, b, a, c, a. */
async function aStore() {
  const store = createMemoryRuleStore();
  for (const session of ['a', 'b', 'a', 'b', 'a', 'c', 'a']) await store.add(aRule(session));
  return store;
}
const ids = (page: { rules: { id: string }[]; nextCursor?: string } | undefined) =>
  page && { ids: page.rules.map((rule) => rule.id), nextCursor: page.nextCursor };

test.each<[string, number | undefined]>([
  ['1', 1],
  ['42', 42],
  ['999999999999999', 999999999999999],
  ['0', undefined],
  ['01', undefined],
  ['-1', undefined],
  ['1.5', undefined],
  ['r1', undefined],
  ['', undefined],
  [' 1', undefined],
  ['1000000000000000', undefined],
])('page cursor %j is rule number %j (a positive integer of at most 15 digits)', (cursor, number) => {
  expect(fromRuleCursor(cursor)).toBe(number);
});

test('pages of every rule in creation order: the cursor of the next page while more remain, none on the last', async () => {
  const store = await aStore();
  expect(ids(await store.page({ limit: 3 }))).toEqual({ ids: ['r1', 'r2', 'r3'], nextCursor: '3' });
  expect(ids(await store.page({ limit: 3, cursor: '3' }))).toEqual({ ids: ['r4', 'r5', 'r6'], nextCursor: '6' });
  expect(ids(await store.page({ limit: 3, cursor: '6' }))).toEqual({ ids: ['r7'], nextCursor: undefined });
  // A page exactly as long as what remains has no next page; one rule fewer has.
  expect(ids(await store.page({ limit: 7 }))).toEqual({
    ids: ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'],
    nextCursor: undefined,
  });
  expect(ids(await store.page({ limit: 6 }))).toEqual({ ids: ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'], nextCursor: '6' });
  expect(ids(await store.page({ limit: 1, cursor: '7' }))).toEqual({ ids: [], nextCursor: undefined });
  expect(ids(await store.page({ limit: 0 }))).toEqual({ ids: [], nextCursor: undefined });
});

test("one session's pages: its rules alone, a cursor between its rules continuing after it", async () => {
  const store = await aStore();
  expect(ids(await store.page({ session: 'a', limit: 2 }))).toEqual({ ids: ['r1', 'r3'], nextCursor: '3' });
  expect(ids(await store.page({ session: 'a', limit: 2, cursor: '3' }))).toEqual({
    ids: ['r5', 'r7'],
    nextCursor: undefined,
  });
  expect(ids(await store.page({ session: 'a', limit: 2, cursor: '4' }))).toEqual({
    ids: ['r5', 'r7'],
    nextCursor: undefined,
  });
  expect(ids(await store.page({ session: 'nobody', limit: 2 }))).toEqual({ ids: [], nextCursor: undefined });
  // A rule removed since the page before: the next page goes on after its number all the same.
  await store.remove('r3');
  expect(ids(await store.page({ session: 'a', limit: 2, cursor: '3' }))).toEqual({
    ids: ['r5', 'r7'],
    nextCursor: undefined,
  });
  expect(ids(await store.page({ session: 'a', limit: 5 }))).toEqual({ ids: ['r1', 'r5', 'r7'], nextCursor: undefined });
});

test('a cursor the store never gives is no page at all', async () => {
  const store = await aStore();
  expect([await store.page({ limit: 2, cursor: 'r3' }), await store.page({ limit: 2, cursor: '0' })]).toEqual([
    undefined,
    undefined,
  ]);
});

test("a session's version changes when a rule of it comes or goes, not when a use is counted, and is gone with its last rule", async () => {
  const store = createMemoryRuleStore();
  expect(await store.version('a')).toBeUndefined();
  const first = await store.add(aRule('a', 3));
  const v1 = await store.version('a');
  await store.add(aRule('b'));
  expect(await store.version('a')).toBe(v1);
  await store.use(first.id);
  expect(await store.version('a')).toBe(v1);
  const second = await store.add(aRule('a'));
  const v2 = await store.version('a');
  expect([typeof v1, v2 === v1]).toEqual(['string', false]);
  await store.remove(second.id);
  const v3 = await store.version('a');
  expect([v3 === v1, v3 === v2]).toEqual([false, false]);
  await store.remove(first.id);
  expect([await store.version('a'), await store.tally('a')]).toEqual([undefined, { inSession: 0, sessions: 1 }]);
});

test("a rule used up leaves its session's list, tally and version; the last one leaves the session", async () => {
  const store = createMemoryRuleStore();
  const once = await store.add(aRule('a', 1));
  await store.add(aRule('b', 1));
  expect(await store.use(once.id)).toMatchObject({ rule: { id: 'r1', remaining: 0 }, passed: false });
  expect([await store.list('a'), await store.version('a'), await store.tally('a')]).toEqual([
    [],
    undefined,
    { inSession: 0, sessions: 1 },
  ]);
});

test("removing by an id that names another rule's number (x1, r01) removes nothing; clearing a session removes its rules alone", async () => {
  const store = await aStore();
  expect([
    await store.remove('x1'),
    await store.remove('r01'),
    await store.remove('r8'),
    await store.use('x2'),
  ]).toEqual([false, false, false, undefined]);
  expect(await store.clear('a')).toBe(4);
  expect([(await store.list()).map((rule) => rule.id), await store.version('a'), await store.tally('b')]).toEqual([
    ['r2', 'r4', 'r6'],
    undefined,
    { inSession: 2, sessions: 2 },
  ]);
  expect(await store.clear('nobody')).toBe(0);
  expect(await store.clear()).toBe(3);
  expect([await store.list(), await store.tally('b'), await store.version('b')]).toEqual([
    [],
    { inSession: 0, sessions: 0 },
    undefined,
  ]);
});

test('restore replaces every rule: the old ones, their sessions and versions are gone', async () => {
  const store = await aStore();
  await store.restore([{ id: 'r9', session: 'z', when: {}, then: { code: 500 }, remaining: null }]);
  expect([
    (await store.list()).map((rule) => rule.id),
    await store.version('a'),
    await store.tally('z'),
    ids(await store.page({ limit: 5 })),
  ]).toEqual([['r9'], undefined, { inSession: 1, sessions: 1 }, { ids: ['r9'], nextCursor: undefined }]);
  expect(typeof (await store.version('z'))).toBe('string');
});
