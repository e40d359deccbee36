import fc from 'fast-check';
import type { TokenStore, ViewTokenRecord } from '../../mock/core/token-store';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';
import { createRedisTokenStore } from '../../mock/stores/redis-token-store';
import { useTestRedis } from '../support/redis-server';

// Pages of View Tokens on every store (single Redis here, Redis Cluster in the .cluster twin):
// newest issue first, every record once across pages, resumed after a cursor whose record was
// deleted meanwhile, one session's or all.

const testRedis = useTestRedis();

const stores: [string, () => TokenStore][] = [
  ['memory', () => createMemoryTokenStore()],
  ['redis', () => createRedisTokenStore({ redis: testRedis.client(), prefix: testRedis.prefix(), keepMs: 86_400_000 })],
];

const aRecord = (token: string, issuedAtMs: number, session = ''): ViewTokenRecord => ({
  token,
  objectType: 'file',
  objectId: '1' as ViewTokenRecord['objectId'],
  session,
  name: 'a.rvt',
  issuedAtMs,
  lastUsedAtMs: null,
  uses: 0,
});
const hex = (i: number): string => i.toString(16).padStart(32, '0');

/** Every page of a listing, `limit` at a time; `between` runs before each next page (with the page just read). */
async function readAll(
  store: TokenStore,
  limit: number,
  session?: string,
  between: (items: ViewTokenRecord[]) => Promise<void> = async () => undefined,
): Promise<ViewTokenRecord[][]> {
  const pages: ViewTokenRecord[][] = [];
  let cursor: string | undefined;
  do {
    const page = await store.page({
      limit,
      ...(session === undefined ? {} : { session }),
      ...(cursor === undefined ? {} : { cursor }),
    });
    if (!page) throw new Error(`cursor ${String(cursor)} refused`);
    pages.push(page.items);
    cursor = page.nextCursor;
    if (cursor !== undefined) await between(page.items);
  } while (cursor !== undefined && pages.length < 100);
  return pages;
}

describe.each(stores)('pages of the %s token store', (_name, create) => {
  test('a page of all sessions holds the newest first, limit at a time, every record once; the last page has no cursor', async () => {
    const store = create();
    for (let i = 1; i <= 7; i += 1) await store.insert(aRecord(hex(i), i * 1_000, i % 2 === 0 ? 'qa' : ''));
    const pages = await readAll(store, 3);
    expect(pages.map((page) => page.map((record) => record.issuedAtMs / 1_000))).toEqual([[7, 6, 5], [4, 3, 2], [1]]);
  });

  test('limit 0 is an empty page without a cursor, and a limit over the count the whole list', async () => {
    const store = create();
    for (let i = 1; i <= 3; i += 1) await store.insert(aRecord(hex(i), i));
    expect(await store.page({ limit: 0 })).toEqual({ items: [] });
    expect(await store.page({ limit: 3 })).toEqual({
      items: [aRecord(hex(3), 3), aRecord(hex(2), 2), aRecord(hex(1), 1)],
    });
    expect((await store.page({ limit: 2 }))?.nextCursor).toEqual(expect.any(String));
  });

  test('a page of one session holds only its records, and a session nobody used an empty page', async () => {
    const store = create();
    for (let i = 1; i <= 9; i += 1) await store.insert(aRecord(hex(i), i, ['a', 'b', 'vt:activity'][i % 3]));
    const pages = await readAll(store, 2, 'vt:activity');
    expect(pages.map((page) => page.map((record) => [record.issuedAtMs, record.session]))).toEqual([
      [
        [8, 'vt:activity'],
        [5, 'vt:activity'],
      ],
      [[2, 'vt:activity']],
    ]);
    expect(await store.page({ limit: 5, session: 'nobody' })).toEqual({ items: [] });
  });

  test("deleting the cursor's record (and its neighbours) between pages: the next page goes on after where it stood", async () => {
    const store = create();
    for (let i = 1; i <= 10; i += 1) await store.insert(aRecord(hex(i), i * 1_000));
    const pages = await readAll(store, 3, undefined, async (items) => {
      const last = items.at(-1) as ViewTokenRecord;
      await store.delete(last.token);
      // The one just after the cursor too: the next page starts after it.
      await store.delete(hex(last.issuedAtMs / 1_000 - 1));
    });
    expect(pages.map((page) => page.map((record) => record.issuedAtMs / 1_000))).toEqual([
      [10, 9, 8],
      [6, 5, 4],
      [2, 1],
    ]);
  });

  test("tokens issued at the same moment (a frozen clock) page through once each, also when the cursor's record goes", async () => {
    const store = create();
    const tokens = Array.from({ length: 40 }, (_unused, i) => hex(1_000 + i * 7));
    for (const token of tokens) await store.insert(aRecord(token, 5_000));
    await store.insert(aRecord(hex(1), 6_000));
    await store.insert(aRecord(hex(2), 4_000));
    const deleted: string[] = [];
    const pages = await readAll(store, 6, undefined, async (items) => {
      const last = (items.at(-1) as ViewTokenRecord).token;
      deleted.push(last);
      await store.delete(last);
    });
    const seen = pages.flat().map((record) => record.token);
    expect(seen[0]).toBe(hex(1));
    expect(seen.at(-1)).toBe(hex(2));
    expect([
      seen.length,
      new Set(seen).size,
      [...tokens, hex(1), hex(2)].filter((token) => !seen.includes(token)),
    ]).toEqual([42, 42, []]);
    expect(deleted).toHaveLength(6);
  });

  test('a cursor the store did not give is refused (undefined), not read as the first page', async () => {
    const store = create();
    await store.insert(aRecord(hex(1), 1));
    for (const cursor of ['', 'x', '12', 'a.b', '.1', '99999999999999999.1'])
      expect([cursor, await store.page({ limit: 1, cursor })]).toEqual([cursor, undefined]);
  });
});

test('paging with random inserts and deletes between pages never shows a record twice, never skips one that stayed, and stays newest first', async () => {
  // fast-check picks the seed (printed on failure, replayable); each run meets new orders of events.
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ at: fc.integer({ min: 0, max: 20 }), session: fc.constantFrom('', 'qa') }), {
        minLength: 1,
        maxLength: 40,
      }),
      fc.integer({ min: 1, max: 5 }),
      fc.array(fc.nat(60), { maxLength: 10 }),
      async (records, limit, deletions) => {
        for (const [, create] of stores) {
          const store = create();
          for (const [i, { at, session }] of records.entries()) await store.insert(aRecord(hex(i + 1), at, session));
          const left = [...deletions];
          const pages = await readAll(store, limit, undefined, async () => {
            const victim = left.shift();
            if (victim !== undefined) await store.delete(hex(victim));
          });
          const seen = pages.flat();
          const deletedEarly = new Set(deletions.map(hex));
          const stayed = records.map((_record, i) => hex(i + 1)).filter((token) => !deletedEarly.has(token));
          expect(new Set(seen.map((record) => record.token)).size).toBe(seen.length);
          expect(stayed.filter((token) => !seen.some((record) => record.token === token))).toEqual([]);
          expect(seen.map((record) => record.issuedAtMs)).toEqual(
            [...seen.map((record) => record.issuedAtMs)].sort((a, b) => b - a),
          );
        }
      },
    ),
    { numRuns: 40 },
  );
});
