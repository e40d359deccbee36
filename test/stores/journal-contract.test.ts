import fc from 'fast-check';
import type { Journal, JournalEntry, JournalRecord } from '../../mock/core/journal';
import { createJournal } from '../../mock/core/journal';
import { createRedisJournal } from '../../mock/stores/redis-journal';
import { useTestRedis } from '../support/redis-server';

const testRedis = useTestRedis();

const AT = '2026-01-01T00:00:00.000Z';

const aRecord = (fileId: string, fields: Partial<JournalRecord> = {}): JournalRecord => ({
  atMs: Date.parse(AT),
  method: 'GET',
  path: '/view/token',
  query: { fileId },
  session: '',
  operationId: 'getViewToken',
  hasAuthorization: true,
  status: 200,
  outcome: null,
  ...fields,
});

describe.each([
  ['memory', (capacity: number): Journal => createJournal(capacity)],
  [
    'redis',
    (capacity: number): Journal =>
      createRedisJournal({ redis: testRedis.client(), prefix: testRedis.prefix(), capacity }),
  ],
])('the %s journal', (_name, create) => {
  test('keeps the newest entries up to its capacity, numbered in order, newest first', async () => {
    const journal = create(3);
    for (const fileId of ['1', '2', '3', '4']) await journal.record(aRecord(fileId));
    const listed = await journal.list({});
    expect(listed.map((entry) => [entry.id, entry.query.fileId])).toEqual([
      [4, '4'],
      [3, '3'],
      [2, '2'],
    ]);
    expect(listed[0]).toEqual({
      id: 4,
      at: AT,
      method: 'GET',
      path: '/view/token',
      query: { fileId: '4' },
      session: '',
      operationId: 'getViewToken',
      hasAuthorization: true,
      status: 200,
      outcome: null,
    } satisfies JournalEntry);
    expect(await journal.list({ limit: 1 })).toHaveLength(1);
  });

  test('pages below an entry number (the admin cursor), within a session too', async () => {
    const journal = create(10);
    for (const fileId of ['1', '2', '3', '4', '5'])
      await journal.record(aRecord(fileId, { session: fileId === '3' ? 'other' : 'qa' }));
    expect((await journal.list({ before: 4, limit: 2 })).map((entry) => entry.id)).toEqual([3, 2]);
    expect((await journal.list({ before: 4, limit: 2, session: 'qa' })).map((entry) => entry.id)).toEqual([2, 1]);
    expect(await journal.list({ before: 1 })).toEqual([]);
  });

  test('counts what matches and lists or clears one session', async () => {
    const journal = create(10);
    await journal.record(aRecord('1', { session: 'qa', status: 401 }));
    await journal.record(aRecord('2', { query: { fileId: '2', viewToken: ['a', 'b'] } }));
    await journal.record(aRecord('3', { session: 'qa' }));
    expect(await journal.count({ method: 'get', session: 'qa' })).toBe(2);
    expect(await journal.count({ status: 401, query: { fileId: '1' } })).toBe(1);
    await journal.clear('qa');
    expect((await journal.list({})).map((entry) => entry.query)).toEqual([{ fileId: '2', viewToken: ['a', 'b'] }]);
    await journal.clear();
    expect(await journal.list({})).toEqual([]);
  });

  test('gives back every field exactly as recorded', async () => {
    const journal = create(5);
    const odd = { fileId: '9223372036854775807', name: 'a&b=c+d %20 é ☃ \u{1F600}', empty: '', many: ['1', '', '&'] };
    await journal.record(
      aRecord('1', {
        method: 'POST',
        path: '/data/v2/integrations/1/files/2/viewToken',
        query: odd,
        session: 'qa 1',
        operationId: 'getChildFileViewToken',
        hasAuthorization: false,
        status: 0,
        outcome: 'fault=connection-reset (rule r2)',
        atMs: 1,
      }),
    );
    expect(await journal.list({})).toEqual([
      {
        id: 1,
        at: '1970-01-01T00:00:00.001Z',
        method: 'POST',
        path: '/data/v2/integrations/1/files/2/viewToken',
        query: odd,
        session: 'qa 1',
        operationId: 'getChildFileViewToken',
        hasAuthorization: false,
        status: 0,
        outcome: 'fault=connection-reset (rule r2)',
      },
    ]);
  });

  test('keeps numbering after a clear and clears a session among entries that wrapped around', async () => {
    const journal = create(3);
    for (const fileId of ['1', '2']) await journal.record(aRecord(fileId));
    await journal.clear();
    for (const [fileId, session] of [
      ['3', 'a'],
      ['4', 'b'],
      ['5', 'a'],
      ['6', 'b'],
    ] as const)
      await journal.record(aRecord(fileId, { session }));
    await journal.clear('a');
    expect((await journal.list({})).map((entry) => [entry.id, entry.query.fileId, entry.session])).toEqual([
      [6, '6', 'b'],
      [4, '4', 'b'],
    ]);
    expect(await journal.list({ session: 'a' })).toEqual([]);
  });
});

describe.each([
  ['memory', (capacity: number): Journal => createJournal(capacity)],
  [
    'redis',
    (capacity: number): Journal =>
      createRedisJournal({ redis: testRedis.client(), prefix: testRedis.prefix(), capacity }),
  ],
])('pages of the %s journal', (_name, create) => {
  const unmatched = (fileId: string, session = ''): JournalRecord =>
    aRecord(fileId, { operationId: '', path: '/view/tokens', status: 404, session });

  test('the unmatched requests page by themselves, of all sessions or one, below a cursor', async () => {
    const journal = create(20);
    for (let i = 1; i <= 12; i += 1)
      await journal.record(
        i % 3 === 0 ? unmatched(String(i), i % 2 === 0 ? 'qa' : '') : aRecord(String(i), { session: 'qa' }),
      );
    const ids = (entries: JournalEntry[]): number[] => entries.map((entry) => entry.id);
    expect(ids(await journal.list({ unmatched: true, limit: 2 }))).toEqual([12, 9]);
    expect(ids(await journal.list({ unmatched: true, limit: 5, before: 9 }))).toEqual([6, 3]);
    expect(ids(await journal.list({ unmatched: true, session: 'qa', before: 12 }))).toEqual([6]);
    expect(ids(await journal.list({ session: 'qa', limit: 3, before: 11 }))).toEqual([10, 8, 7]);
  });

  test('a cursor whose entry was cleared since, or came from another list, goes on below it; one that wrapped away ends the list', async () => {
    const journal = create(6);
    for (let i = 1; i <= 6; i += 1) await journal.record(aRecord(String(i), { session: i % 2 === 0 ? 'even' : 'odd' }));
    await journal.clear('even');
    const ids = async (filter: Parameters<Journal['list']>[0]): Promise<number[]> =>
      (await journal.list(filter)).map((entry) => entry.id);
    expect([
      await ids({ before: 6 }),
      await ids({ before: 4, limit: 1 }),
      await ids({ session: 'odd', before: 6 }),
    ]).toEqual([[5, 3, 1], [3], [5, 3, 1]]);
    for (let i = 7; i <= 12; i += 1) await journal.record(aRecord(String(i)));
    expect([await ids({ before: 5 }), await ids({ before: 7 }), await ids({ before: 8, limit: 2 })]).toEqual([
      [],
      [],
      [7],
    ]);
  });

  test("the newest capacity ids are kept: a session's clear leaves no room for older entries (fast-check's counterexample, seed 1653453773)", async () => {
    const journal = create(7);
    for (const [n, session] of [
      [1, ''],
      [2, 'b'],
      [3, ''],
      [4, ''],
    ] as const)
      await journal.record(aRecord(String(n), { session }));
    await journal.clear('b');
    for (let n = 5; n <= 8; n += 1) await journal.record(aRecord(String(n)));
    expect((await journal.list({ before: 2, limit: 1 })).map((entry) => entry.id)).toEqual([]);
    expect((await journal.list({})).map((entry) => entry.id)).toEqual([8, 7, 6, 5, 4, 3]);
  });

  test('listed with any filter, cursor and limit, after records and clears in any order, a page is what filtering the whole journal gives', async () => {
    const sessions = ['', 'a', 'b'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('record' as const),
              session: fc.constantFrom(...sessions),
              unmatched: fc.boolean(),
            }),
            fc.record({ kind: fc.constant('clear' as const), session: fc.constantFrom(...sessions) }),
          ),
          { maxLength: 40 },
        ),
        fc.record({
          session: fc.option(fc.constantFrom(...sessions), { nil: undefined }),
          unmatched: fc.boolean(),
          before: fc.option(fc.integer({ min: 1, max: 45 }), { nil: undefined }),
          limit: fc.integer({ min: 0, max: 8 }),
        }),
        async (steps, filter) => {
          const journal = create(7);
          let model: { id: number; session: string; unmatched: boolean }[] = [];
          let next = 1;
          for (const step of steps) {
            if (step.kind === 'clear') {
              await journal.clear(step.session);
              model = model.filter((entry) => entry.session !== step.session);
              continue;
            }
            await journal.record(
              step.unmatched ? unmatched(String(next), step.session) : aRecord(String(next), { session: step.session }),
            );
            model.push({ id: next, session: step.session, unmatched: step.unmatched });
            next += 1;
          }
          const kept = model.filter((entry) => entry.id > next - 1 - 7);
          const expected = kept
            .reverse()
            .filter(
              (entry) =>
                (filter.session === undefined || entry.session === filter.session) &&
                (!filter.unmatched || entry.unmatched) &&
                (filter.before === undefined || entry.id < filter.before),
            )
            .slice(0, filter.limit)
            .map((entry) => entry.id);
          const query = {
            limit: filter.limit,
            unmatched: filter.unmatched,
            ...(filter.session === undefined ? {} : { session: filter.session }),
            ...(filter.before === undefined ? {} : { before: filter.before }),
          };
          expect((await journal.list(query)).map((entry) => entry.id)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});

test("a page of the memory journal builds only its own entries: at 100,000 entries, 10 of one session's unmatched ones parse 10 queries; a count none", async () => {
  const journal = createJournal(100_000);
  for (let i = 1; i <= 100_000; i += 1)
    await journal.record(
      i % 1_000 === 0
        ? aRecord(String(i), { operationId: '', session: 'rare' })
        : aRecord(String(i), { session: i % 2 === 0 ? 'qa' : '' }),
    );
  const parse = jest.spyOn(JSON, 'parse');
  try {
    const first = await journal.list({ session: 'rare', unmatched: true, limit: 10 });
    const next = await journal.list({
      session: 'rare',
      unmatched: true,
      limit: 10,
      before: first.at(-1)?.id as number,
    });
    const all = await journal.list({ limit: 10, before: 50_001 });
    expect([first.map((entry) => entry.id), next[0]?.id, all[0]?.id, parse.mock.calls.length]).toEqual([
      [100_000, 99_000, 98_000, 97_000, 96_000, 95_000, 94_000, 93_000, 92_000, 91_000],
      90_000,
      50_000,
      30,
    ]);
    parse.mockClear();
    expect([await journal.count({ session: 'rare', status: 200 }), parse.mock.calls.length]).toEqual([100, 0]);
  } finally {
    parse.mockRestore();
  }
});
