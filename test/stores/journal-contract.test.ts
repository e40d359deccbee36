import type { Journal, JournalEntry, JournalRecord } from '../../mock/core/journal';
import { createJournal } from '../../mock/core/journal';
import { createRedisJournal } from '../../mock/stores/redis-journal';
import { useTestRedis } from '../support/redis-server';

const testRedis = useTestRedis();

const AT = '2026-01-01T00:00:00.000Z';

const aRecord = (fileId: string, fields: Partial<JournalRecord> = {}): JournalRecord => ({
  atMs: Date.parse(AT), method: 'GET', path: '/view/token', query: { fileId }, session: '',
  operationId: 'getViewToken', hasAuthorization: true, status: 200, outcome: null, ...fields,
});

describe.each([
  ['memory', (capacity: number): Journal => createJournal(capacity)],
  ['redis', (capacity: number): Journal => createRedisJournal({ redis: testRedis.client(), prefix: testRedis.prefix(), capacity })],
])('the %s journal', (_name, create) => {
  test('keeps the newest entries up to its capacity, numbered in order, newest first', async () => {
    const journal = create(3);
    for (const fileId of ['1', '2', '3', '4']) await journal.record(aRecord(fileId));
    const listed = await journal.list({});
    expect(listed.map((entry) => [entry.id, entry.query.fileId])).toEqual([[4, '4'], [3, '3'], [2, '2']]);
    expect(listed[0]).toEqual({
      id: 4, at: AT, method: 'GET', path: '/view/token', query: { fileId: '4' }, session: '',
      operationId: 'getViewToken', hasAuthorization: true, status: 200, outcome: null,
    } satisfies JournalEntry);
    expect(await journal.list({ limit: 1 })).toHaveLength(1);
  });

  test('pages below an entry number (the admin cursor), within a session too', async () => {
    const journal = create(10);
    for (const fileId of ['1', '2', '3', '4', '5']) await journal.record(aRecord(fileId, { session: fileId === '3' ? 'other' : 'qa' }));
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
    await journal.record(aRecord('1', { method: 'POST', path: '/data/v2/integrations/1/files/2/viewToken', query: odd, session: 'qa 1', operationId: 'getChildFileViewToken', hasAuthorization: false, status: 0, outcome: 'fault=connection-reset (rule r2)', atMs: 1 }));
    expect(await journal.list({})).toEqual([{
      id: 1, at: '1970-01-01T00:00:00.001Z', method: 'POST', path: '/data/v2/integrations/1/files/2/viewToken', query: odd, session: 'qa 1',
      operationId: 'getChildFileViewToken', hasAuthorization: false, status: 0, outcome: 'fault=connection-reset (rule r2)',
    }]);
  });

  test('keeps numbering after a clear and clears a session among entries that wrapped around', async () => {
    const journal = create(3);
    for (const fileId of ['1', '2']) await journal.record(aRecord(fileId));
    await journal.clear();
    for (const [fileId, session] of [['3', 'a'], ['4', 'b'], ['5', 'a'], ['6', 'b']] as const) await journal.record(aRecord(fileId, { session }));
    await journal.clear('a');
    expect((await journal.list({})).map((entry) => [entry.id, entry.query.fileId, entry.session])).toEqual([[6, '6', 'b'], [4, '4', 'b']]);
    expect(await journal.list({ session: 'a' })).toEqual([]);
  });
});
