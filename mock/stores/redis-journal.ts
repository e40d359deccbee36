import type { Journal, JournalEntry, JournalMatch, JournalRecord } from '../core/journal';
import { countEntries, toDatedRequest } from '../core/journal';
import type { RedisClient } from './redis-connection';
import { defineKeyedScript, defineScript, guardAll } from './redis-connection';
import type { RedisKeys } from './redis-keys';
import { createRedisKeys } from './redis-keys';

/** A session name as hex (its UTF-8 bytes), the same as `Buffer.from(session).toString('hex')`. */
export const HEX_LUA = `
local function hex(text)
  return (string.gsub(text, '.', function(c) return string.format('%02x', string.byte(c)) end))
end
`;

/**
 * Numbers an entry from a shared counter, stores it and its index members, and drops from every
 * index the entries older than the newest `capacity` ids: one step. `fields` is the entry's JSON without its opening
 * brace; `session_hex` its session in hex; `unmatched` '1' for a request that matched no route.
 * (A Lua function, so the one-trip script shares it: redis-one-trip.ts.)
 */
export const JOURNAL_LUA = `${HEX_LUA}
local function journal(entries, counter, unmatched_ids, by_session, unmatched_by_session, fields, capacity, session_hex, unmatched)
  local id = redis.call('INCR', counter)
  local padded = string.format('%016d', id)
  redis.call('ZADD', entries, id, '{"id":' .. id .. ',' .. fields)
  redis.call('ZADD', by_session, 0, session_hex .. ':' .. padded)
  if unmatched == '1' then
    redis.call('ZADD', unmatched_ids, id, padded)
    redis.call('ZADD', unmatched_by_session, 0, session_hex .. ':' .. padded)
  end
  -- The newest \`capacity\` ids are kept, as the memory journal's ring keeps them: entries a clear
  -- removed leave no room for older ones.
  local last_dropped = id - tonumber(capacity)
  if last_dropped > 0 then
    for _, raw in ipairs(redis.call('ZRANGEBYSCORE', entries, '-inf', last_dropped)) do
      local old = cjson.decode(raw)
      local old_padded = string.format('%016d', old.id)
      local member = hex(old.session) .. ':' .. old_padded
      redis.call('ZREM', by_session, member)
      if old.operationId == '' then
        redis.call('ZREM', unmatched_ids, old_padded)
        redis.call('ZREM', unmatched_by_session, member)
      end
    end
    redis.call('ZREMRANGEBYSCORE', entries, '-inf', last_dropped)
  end
  return id
end
`;
const RECORD_SCRIPT = `${JOURNAL_LUA}
return journal(KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], string.sub(ARGV[1], 2), ARGV[2], ARGV[3], ARGV[4])
`;

/**
 * A page, newest first: KEYS[1] the entries, KEYS[2] the index read ('all': the entries themselves;
 * 'ids': the unmatched ids; 'lex': a by-session index, ARGV[4] the session's hex). ARGV[2] the
 * cursor's id ('' for the first page), ARGV[3] how many. O(log n) a step, never the whole journal.
 */
const PAGE_SCRIPT = `
local kind, before, limit, session_hex = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
if limit <= 0 then return {} end
local top = before == '' and '+inf' or '(' .. before
if kind == 'all' then return redis.call('ZREVRANGEBYSCORE', KEYS[1], top, '-inf', 'LIMIT', 0, limit) end
local members
if kind == 'ids' then
  members = redis.call('ZREVRANGEBYSCORE', KEYS[2], top, '-inf', 'LIMIT', 0, limit)
else
  local max = before == '' and '(' .. session_hex .. ';' or '(' .. session_hex .. ':' .. string.format('%016d', tonumber(before))
  members = redis.call('ZREVRANGEBYLEX', KEYS[2], max, '[' .. session_hex .. ':', 'LIMIT', 0, limit)
end
local out = {}
for _, member in ipairs(members) do
  local id = string.sub(member, -16)
  local raw = redis.call('ZRANGEBYSCORE', KEYS[1], id, id)[1]
  if raw then out[#out + 1] = raw end
end
return out
`;

/** Drops one session's entries from the entries and every index: O(its entries). */
const CLEAR_SESSION_SCRIPT = `
local first, last = '[' .. ARGV[1] .. ':', '(' .. ARGV[1] .. ';'
for _, member in ipairs(redis.call('ZRANGEBYLEX', KEYS[2], first, last)) do
  local padded = string.sub(member, -16)
  redis.call('ZREMRANGEBYSCORE', KEYS[1], padded, padded)
  redis.call('ZREM', KEYS[3], padded)
end
redis.call('ZREMRANGEBYLEX', KEYS[2], first, last)
redis.call('ZREMRANGEBYLEX', KEYS[4], first, last)
return 0
`;

/** What a journal entry adds to the one-trip and record scripts: its session in hex, and whether it is unmatched. */
export function toJournalArgs(record: Pick<JournalRecord, 'session' | 'operationId'>): [string, string] {
  return [Buffer.from(record.session, 'utf8').toString('hex'), record.operationId === '' ? '1' : '0'];
}

/** The journal's keys, in the order its scripts declare them. */
export function journalKeys(keys: RedisKeys): string[] {
  return [
    keys.journalEntries,
    keys.journalCounter,
    keys.journalUnmatched,
    keys.journalBySession,
    keys.journalUnmatchedBySession,
  ];
}

/**
 * The request journal in Redis, shared by every mock on it: the entries in a sorted set by number,
 * indexed by session and by "unmatched" (sorted sets kept by the same scripts), capped at
 * `capacity`. A page of any filter reads its entries only (O(page · log n)); a count reads the
 * entries of its session (or all). A CI job can send its requests through any process and verify
 * them through another.
 * @example createRedisJournal({ redis, prefix: 'vtm:', capacity: 1000 })
 */
export function createRedisJournal({
  redis,
  prefix,
  capacity,
}: {
  redis: RedisClient;
  prefix: string;
  capacity: number;
}): Journal {
  const runRecord = defineKeyedScript(redis, RECORD_SCRIPT);
  const runPage = defineKeyedScript(redis, PAGE_SCRIPT);
  const runClearSession = defineScript(redis, CLEAR_SESSION_SCRIPT, 4);
  const keys = createRedisKeys(prefix);
  const declared = journalKeys(keys);
  const page = async (
    session: string | undefined,
    unmatched: boolean,
    before: number | undefined,
    limit: number,
  ): Promise<JournalEntry[]> => {
    const index =
      session === undefined
        ? unmatched
          ? keys.journalUnmatched
          : keys.journalEntries
        : unmatched
          ? keys.journalUnmatchedBySession
          : keys.journalBySession;
    const kind = session !== undefined ? 'lex' : unmatched ? 'ids' : 'all';
    const hex = Buffer.from(session ?? '', 'utf8').toString('hex');
    const raws = (await runPage(
      [keys.journalEntries, index],
      [kind, before === undefined ? '' : String(before), String(Math.min(limit, capacity)), hex],
    )) as string[];
    return raws.map(toEntry);
  };
  const journal: Journal = {
    capacity,
    async record(entry) {
      await runRecord(declared, [JSON.stringify(entry), String(capacity), ...toJournalArgs(entry)]);
    },
    list: ({ session, limit = capacity, before, unmatched = false }) => page(session, unmatched, before, limit),
    async count(match: JournalMatch) {
      return countEntries(await page(match.session, match.operationId === '', undefined, capacity), match);
    },
    async clear(session) {
      if (session === undefined)
        await redis.del(
          keys.journalEntries,
          keys.journalUnmatched,
          keys.journalBySession,
          keys.journalUnmatchedBySession,
          keys.legacyJournal,
        );
      else
        await runClearSession(
          keys.journalEntries,
          keys.journalBySession,
          keys.journalUnmatched,
          keys.journalUnmatchedBySession,
          Buffer.from(session, 'utf8').toString('hex'),
        );
    },
  };
  return guardAll(journal, 'the request journal');
}

/** A stored entry as the admin API shows it (an entry stored by an older version already has `at`). */
function toEntry(raw: string): JournalEntry {
  const { id, ...stored } = JSON.parse(raw) as { id: number } & (JournalRecord | Omit<JournalEntry, 'id'>);
  return 'atMs' in stored ? { id, ...toDatedRequest(stored) } : { id, ...stored };
}
