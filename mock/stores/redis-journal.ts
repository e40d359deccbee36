import type { Journal, JournalEntry, JournalRecord } from '../core/journal';
import { countEntries, selectEntries, toDatedRequest } from '../core/journal';
import type { RedisClient } from './redis-connection';
import { defineScript, guardAll } from './redis-connection';
import { createRedisKeys } from './redis-keys';

/**
 * Numbers an entry from a shared counter, pushes it and trims the list to capacity: one step.
 * `fields` is the entry's JSON without its opening brace. (A Lua function, so the one-trip script
 * shares it: redis-one-trip.ts.)
 */
export const JOURNAL_LUA = `
local function journal(list, counter, fields, capacity)
  local id = redis.call('INCR', counter)
  redis.call('LPUSH', list, '{"id":' .. id .. ',' .. fields)
  redis.call('LTRIM', list, 0, tonumber(capacity) - 1)
  return id
end
`;
const RECORD_SCRIPT = `${JOURNAL_LUA}
return journal(KEYS[1], KEYS[2], string.sub(ARGV[1], 2), ARGV[2])
`;

/** Drops one session's entries and keeps the rest in order. */
const CLEAR_SESSION_SCRIPT = `
local kept = {}
for _, raw in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  if cjson.decode(raw).session ~= ARGV[1] then kept[#kept + 1] = raw end
end
redis.call('DEL', KEYS[1])
for i = 1, #kept do redis.call('RPUSH', KEYS[1], kept[i]) end
return #kept
`;

/**
 * The request journal in Redis, shared by every mock on it: a capped list, newest first. A CI job
 * can send its requests through any process and verify them through another.
 * @example createRedisJournal({ redis, prefix: 'vtm:', capacity: 1000 })
 */
export function createRedisJournal({ redis, prefix, capacity }: { redis: RedisClient; prefix: string; capacity: number }): Journal {
  const runRecord = defineScript(redis, RECORD_SCRIPT, 2);
  const runClearSession = defineScript(redis, CLEAR_SESSION_SCRIPT, 1);
  const { journal: list, journalCounter: counter } = createRedisKeys(prefix);
  const entries = async (): Promise<JournalEntry[]> => (await redis.lrange(list, 0, capacity - 1)).map(toEntry);
  const journal: Journal = {
    capacity,
    async record(entry) { await runRecord(list, counter, JSON.stringify(entry), String(capacity)); },
    async list(filter) { return selectEntries(await entries(), filter); },
    async count(match) { return countEntries(await entries(), match); },
    async clear(session) {
      if (session === undefined) await redis.del(list);
      else await runClearSession(list, session);
    },
  };
  return guardAll(journal, 'the request journal');
}

/** A stored entry as the admin API shows it (an entry stored by an older version already has `at`). */
function toEntry(raw: string): JournalEntry {
  const { id, ...stored } = JSON.parse(raw) as { id: number } & (JournalRecord | Omit<JournalEntry, 'id'>);
  return 'atMs' in stored ? { id, ...toDatedRequest(stored) } : { id, ...stored };
}
