import type { JournalRecord } from '../../mock/core/journal';
import {
  DEFAULT_JOURNAL_SIZE,
  countEntries,
  createJournal,
  selectEntries,
  toDatedRequest,
} from '../../mock/core/journal';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');

const aRecord = (fields: Partial<JournalRecord> = {}): JournalRecord => ({
  atMs: T0,
  method: 'GET',
  path: '/view/token',
  query: { fileId: '1' },
  session: '',
  operationId: 'getViewToken',
  hasAuthorization: true,
  status: 200,
  outcome: null,
  ...fields,
});

async function aJournalOf(records: Partial<JournalRecord>[], capacity?: number) {
  const journal = createJournal(capacity);
  for (const record of records) await journal.record(aRecord(record));
  return journal;
}

test('a journal keeps 1,000 requests unless told otherwise', () => {
  expect(DEFAULT_JOURNAL_SIZE).toBe(1_000);
  expect(createJournal().capacity).toBe(1_000);
  expect(createJournal(5).capacity).toBe(5);
});

test('an entry is the record as given, numbered from 1 and dated in ISO 8601 from the mock clock', async () => {
  const journal = await aJournalOf([
    {
      atMs: T0 + 1_500,
      method: 'POST',
      path: '/oauth2/token',
      query: {},
      session: 'qa',
      operationId: 'issueAccessToken',
      hasAuthorization: false,
      status: 401,
      outcome: 'code=401',
    },
    {
      query: { fileId: ['1', '2'] },
      status: 0,
      outcome: 'fault=connection-reset',
      violations: ['status 200 is not documented'],
    },
  ]);
  expect(await journal.list({})).toStrictEqual([
    {
      id: 2,
      at: '2026-01-01T00:00:00.000Z',
      method: 'GET',
      path: '/view/token',
      query: { fileId: ['1', '2'] },
      session: '',
      operationId: 'getViewToken',
      hasAuthorization: true,
      status: 0,
      outcome: 'fault=connection-reset',
      violations: ['status 200 is not documented'],
    },
    {
      id: 1,
      at: '2026-01-01T00:00:01.500Z',
      method: 'POST',
      path: '/oauth2/token',
      query: {},
      session: 'qa',
      operationId: 'issueAccessToken',
      hasAuthorization: false,
      status: 401,
      outcome: 'code=401',
    },
  ]);
});

test("a record is dated as the journal shows it, without a number (the debug log's form)", () => {
  expect(toDatedRequest(aRecord({ atMs: T0 + 1 }))).toStrictEqual({
    at: '2026-01-01T00:00:00.001Z',
    method: 'GET',
    path: '/view/token',
    query: { fileId: '1' },
    session: '',
    operationId: 'getViewToken',
    hasAuthorization: true,
    status: 200,
    outcome: null,
  });
});

test.each([
  [2, ['2', '1']],
  [3, ['3', '2', '1']],
  [4, ['4', '3', '2']],
  [7, ['7', '6', '5']],
])('a journal of 3 after %i requests lists the newest 3 at most, newest first', async (requests, fileIds) => {
  const journal = await aJournalOf(
    Array.from({ length: requests }, (_, i) => ({ query: { fileId: String(i + 1) } })),
    3,
  );
  const listed = await journal.list({});
  expect(listed.map((entry) => entry.query.fileId)).toEqual(fileIds);
  expect(listed.map((entry) => entry.id)).toEqual(fileIds.map(Number));
});

test('a list is filtered by session, by number (before), by unmatched, and cut at limit', async () => {
  const journal = await aJournalOf([
    { session: 'a' },
    { session: 'b' },
    { session: 'a', operationId: '' as never },
    { session: 'a' },
    { session: '', operationId: '' as never },
  ]);
  const ids = async (filter: Parameters<typeof journal.list>[0]) =>
    (await journal.list(filter)).map((entry) => entry.id);
  expect(await ids({})).toEqual([5, 4, 3, 2, 1]);
  expect(await ids({ session: 'a' })).toEqual([4, 3, 1]);
  expect(await ids({ session: '' })).toEqual([5]);
  expect(await ids({ before: 4 })).toEqual([3, 2, 1]);
  expect(await ids({ before: 1 })).toEqual([]);
  expect(await ids({ unmatched: true })).toEqual([5, 3]);
  expect(await ids({ unmatched: false })).toEqual([5, 4, 3, 2, 1]);
  expect(await ids({ limit: 2 })).toEqual([5, 4]);
  expect(await ids({ limit: 0 })).toEqual([]);
  expect(await ids({ session: 'a', before: 4, limit: 1 })).toEqual([3]);
  expect(await ids({ session: 'a', unmatched: true })).toEqual([3]);
});

test('count matches every given field: the method in any case, the path, session, operation, status and a subset of the query', async () => {
  const journal = await aJournalOf([
    { query: { fileId: '1', extra: 'x' } },
    { method: 'POST', path: '/oauth2/token', query: {}, operationId: 'issueAccessToken', status: 401 },
    { session: 'qa', query: { sceneId: '1' } },
  ]);
  expect(await journal.count({})).toBe(3);
  expect(await journal.count({ method: 'get' })).toBe(2);
  expect(await journal.count({ method: 'POST' })).toBe(1);
  expect(await journal.count({ path: '/view/token' })).toBe(2);
  expect(await journal.count({ path: '/view/token/' })).toBe(0);
  expect(await journal.count({ session: 'qa' })).toBe(1);
  expect(await journal.count({ session: '' })).toBe(2);
  expect(await journal.count({ operationId: 'issueAccessToken' })).toBe(1);
  expect(await journal.count({ status: 401 })).toBe(1);
  expect(await journal.count({ status: 200 })).toBe(2);
  expect(await journal.count({ query: { fileId: '1' } })).toBe(1);
  expect(await journal.count({ query: { fileId: '1', extra: 'x' } })).toBe(1);
  expect(await journal.count({ query: { fileId: '1', extra: 'y' } })).toBe(0);
  expect(await journal.count({ query: {} })).toBe(3);
  expect(await journal.count({ method: 'GET', session: 'qa', query: { sceneId: '1' } })).toBe(1);
  expect(await journal.count({ method: 'GET', session: 'qa', query: { sceneId: '2' } })).toBe(0);
});

test('clearing one session forgets only its entries; clearing all forgets every entry, and numbering goes on', async () => {
  const journal = await aJournalOf([{ session: 'a' }, { session: 'b' }, { session: 'a' }]);
  await journal.clear('a');
  expect((await journal.list({})).map((entry) => [entry.id, entry.session])).toEqual([[2, 'b']]);
  await journal.clear();
  expect(await journal.list({})).toEqual([]);
  await journal.record(aRecord());
  expect((await journal.list({})).map((entry) => entry.id)).toEqual([4]);
});

test('a listed entry is a copy: changing it changes nothing in the journal', async () => {
  const journal = await aJournalOf([{}]);
  const [entry] = await journal.list({});
  (entry?.query as Record<string, string>).fileId = 'changed';
  expect((await journal.list({}))[0]?.query).toEqual({ fileId: '1' });
});

test("selectEntries and countEntries work on any list of entries (the Redis journal's too)", async () => {
  const entries = await (await aJournalOf([{ session: 'a' }, { session: 'b', status: 404 }])).list({});
  expect(selectEntries(entries, {})).toBe(entries);
  expect(selectEntries(entries, { session: 'b' }).map((entry) => entry.id)).toEqual([2]);
  expect(countEntries(entries, { status: 404 })).toBe(1);
  expect(countEntries([], {})).toBe(0);
});
