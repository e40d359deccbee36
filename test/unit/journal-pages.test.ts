import type { JournalRecord } from '../../mock/core/journal';
import { countEntries, createJournal, selectEntries } from '../../mock/core/journal';

// Journal pages read through the chains: for every filter and every cursor (before), the page is what
// a whole scan of the ring finds, after the ring wrapped and after a session was cleared.

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
interface Kept {
  id: number;
  session: string;
  unmatched: boolean;
}

/** Request n: session b every third, c every fifth, else a; unmatched every fourth. */
const aRecord = (n: number): JournalRecord => ({
  atMs: T0 + n,
  method: 'GET',
  path: `/p/${n}`,
  query: {},
  session: n % 3 === 0 ? 'b' : n % 5 === 0 ? 'c' : 'a',
  operationId: n % 4 === 0 ? '' : 'getViewToken',
  hasAuthorization: false,
  status: 200,
  outcome: null,
});

/** What a whole scan finds: the kept entries under the cursor, newest first, filtered, cut at limit. */
function scan(
  kept: Kept[],
  filter: { session?: string; unmatched?: boolean; before?: number; limit?: number },
): number[] {
  return kept
    .filter(
      (entry) =>
        (filter.session === undefined || entry.session === filter.session) &&
        (!filter.unmatched || entry.unmatched) &&
        (filter.before === undefined || entry.id < filter.before),
    )
    .map((entry) => entry.id)
    .reverse()
    .slice(0, filter.limit ?? Infinity);
}

async function checkEveryPage(journal: ReturnType<typeof createJournal>, kept: Kept[], written: number): Promise<void> {
  for (const session of [undefined, 'a', 'b', 'c', 'nobody']) {
    for (const unmatched of [false, true]) {
      for (let before = -1; before <= written + 2; before += 1) {
        for (const limit of [1, 3, undefined]) {
          const filter = {
            ...(session === undefined ? {} : { session }),
            unmatched,
            before,
            ...(limit === undefined ? {} : { limit }),
          };
          const got = (await journal.list(filter)).map((entry) => entry.id);
          expect([filter, got]).toEqual([filter, scan(kept, filter)]);
        }
      }
      const whole = { ...(session === undefined ? {} : { session }), unmatched };
      expect([whole, (await journal.list(whole)).map((entry) => entry.id)]).toEqual([whole, scan(kept, whole)]);
    }
  }
}

test('every page of a ring of 10 after 23 requests (wrapped twice) is what a whole scan of the 10 kept finds', async () => {
  const journal = createJournal(10);
  for (let n = 1; n <= 23; n += 1) await journal.record(aRecord(n));
  const kept = Array.from({ length: 10 }, (_unused, i) => i + 14).map((id) => ({
    id,
    session: aRecord(id).session,
    unmatched: aRecord(id).operationId === '',
  }));
  await checkEveryPage(journal, kept, 23);
});

test('after a session is cleared and more requests come, every page skips the cleared entries, whatever cursor it has', async () => {
  const journal = createJournal(10);
  for (let n = 1; n <= 12; n += 1) await journal.record(aRecord(n));
  await journal.clear('a');
  for (let n = 13; n <= 16; n += 1) await journal.record(aRecord(n));
  const kept = Array.from({ length: 10 }, (_unused, i) => i + 7)
    .filter((id) => id > 12 || aRecord(id).session !== 'a')
    .map((id) => ({ id, session: aRecord(id).session, unmatched: aRecord(id).operationId === '' }));
  await checkEveryPage(journal, kept, 16);
});

test('a count reads the chain of its session and unmatched filter: after the ring wrapped and a session was cleared', async () => {
  const journal = createJournal(10);
  for (let n = 1; n <= 23; n += 1) await journal.record(aRecord(n));
  // Kept: 14..23. Sessions: b 15, 18, 21; c 20 (15 is b); a the rest. Unmatched: 16, 20.
  expect([
    await journal.count({}),
    await journal.count({ session: 'b' }),
    await journal.count({ session: 'c' }),
    await journal.count({ session: 'a' }),
    await journal.count({ operationId: '' }),
    await journal.count({ session: 'c', operationId: '' }),
    await journal.count({ session: 'a', operationId: '' }),
  ]).toEqual([10, 3, 1, 6, 2, 1, 1]);
  await journal.clear('a');
  expect([
    await journal.count({}),
    await journal.count({ session: 'a' }),
    await journal.count({ operationId: '' }),
    await journal.count({ path: '/p/20' }),
    await journal.count({ path: '/p/16' }),
  ]).toEqual([4, 0, 1, 1, 0]);
  await journal.clear();
  expect([await journal.count({}), await journal.list({})]).toEqual([0, []]);
  await journal.record(aRecord(24));
  expect((await journal.list({})).map((entry) => entry.id)).toEqual([24]);
});

test("the whole-list filters (the Redis journal's) select and count what the chains do, for every filter and cursor", async () => {
  const journal = createJournal(10);
  for (let n = 1; n <= 23; n += 1)
    await journal.record({ ...aRecord(n), method: n % 2 === 0 ? 'POST' : 'GET', status: n % 7 === 0 ? 404 : 200 });
  await journal.clear('c');
  const entries = await journal.list({});
  for (const session of [undefined, 'a', 'b', 'nobody']) {
    for (const unmatched of [false, true]) {
      for (const before of [undefined, 0, 15, 18, 22, 30]) {
        for (const limit of [undefined, 0, 2]) {
          const filter = {
            ...(session === undefined ? {} : { session }),
            ...(before === undefined ? {} : { before }),
            ...(limit === undefined ? {} : { limit }),
            unmatched,
          };
          expect([filter, selectEntries(entries, filter)]).toEqual([filter, await journal.list(filter)]);
        }
      }
    }
  }
  // Kept: 14..23 but 20 (session c, cleared). POST: the even ones; b: 15, 18, 21; unmatched: 16; 404: 14, 21.
  const matchers = [
    {},
    { method: 'post' },
    { method: 'GET' },
    { path: '/p/21' },
    { path: '/p/1' },
    { session: 'b' },
    { operationId: '' },
    { operationId: 'getViewToken' },
    { status: 404 },
    { status: 200, session: 'a' },
    { method: 'POST', path: '/p/16', session: 'a', operationId: '', status: 200 },
    { method: 'GET', path: '/p/16' },
    { query: {} },
    { query: { fileId: '1' } },
  ];
  expect(matchers.map((match) => countEntries(entries, match))).toEqual(
    await Promise.all(matchers.map((match) => journal.count(match))),
  );
  expect(matchers.map((match) => countEntries(entries, match))).toEqual([9, 4, 5, 1, 0, 3, 1, 8, 2, 5, 1, 0, 9, 0]);
});
