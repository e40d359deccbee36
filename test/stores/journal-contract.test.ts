import type { Journal, JournalEntry } from '../../mock/core/journal';
import { createJournal } from '../../mock/core/journal';
import { createRedisJournal } from '../../mock/stores/redis-journal';
import { useTestRedis } from '../support/redis-server';

const testRedis = useTestRedis();

const anEntry = (fileId: string, fields: Partial<JournalEntry> = {}): Omit<JournalEntry, 'id'> => ({
  at: '2026-01-01T00:00:00.000Z', method: 'GET', path: '/view/token', query: { fileId }, session: '',
  operationId: 'getViewToken', hasAuthorization: true, status: 200, outcome: null, ...fields,
});

describe.each([
  ['memory', (capacity: number): Journal => createJournal(capacity)],
  ['redis', (capacity: number): Journal => createRedisJournal({ redis: testRedis.client(), prefix: testRedis.prefix(), capacity })],
])('the %s journal', (_name, create) => {
  test('keeps the newest entries up to its capacity, numbered in order, newest first', async () => {
    const journal = create(3);
    for (const fileId of ['1', '2', '3', '4']) await journal.record(anEntry(fileId));
    const listed = await journal.list({});
    expect(listed.map((entry) => [entry.id, entry.query.fileId])).toEqual([[4, '4'], [3, '3'], [2, '2']]);
    expect(listed[0]).toEqual({ id: 4, ...anEntry('4') });
    expect(await journal.list({ limit: 1 })).toHaveLength(1);
  });

  test('counts what matches and lists or clears one session', async () => {
    const journal = create(10);
    await journal.record(anEntry('1', { session: 'qa', status: 401 }));
    await journal.record(anEntry('2', { query: { fileId: '2', viewToken: ['a', 'b'] } }));
    await journal.record(anEntry('3', { session: 'qa' }));
    expect(await journal.count({ method: 'get', session: 'qa' })).toBe(2);
    expect(await journal.count({ status: 401, query: { fileId: '1' } })).toBe(1);
    await journal.clear('qa');
    expect((await journal.list({})).map((entry) => entry.query)).toEqual([{ fileId: '2', viewToken: ['a', 'b'] }]);
    await journal.clear();
    expect(await journal.list({})).toEqual([]);
  });
});
