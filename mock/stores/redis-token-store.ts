import type { TokenStore, ViewTokenRecord } from '../core/token-store';
import { DEFAULT_MAX_VIEW_TOKENS, lastActiveMs } from '../core/token-store';
import { StoreFullError, StoreReplyError } from '../core/store-errors';
import type { RedisClient } from './redis-connection';
import { defineKeyedScript, defineScript, guardAll, keysStartingWith, scanKeys } from './redis-connection';
import { createRedisKeys } from './redis-keys';
import { createIndexPager } from './redis-token-pages';

/** How many records one reclaim step removes, so a sweep never blocks Redis or the event loop. */
const RECLAIM_STEP = 300;
const LIST_CHUNK = 1_000;

/**
 * A session's index key, the same the store builds in TypeScript (createRedisKeys().sessionIndex): the session's
 * UTF-8 bytes in hex. Delete and reclaim know only the token: they read the record first, declare
 * the session index it names, and the script checks the record still names that index (every key a
 * script touches is declared, as Redis Cluster requires).
 */
const SESSION_INDEX_LUA = `
local function session_index(prefix, session)
  return prefix .. (string.gsub(session, '.', function(c) return string.format('%02x', string.byte(c)) end))
end
-- A record's session. Decoding every record made a reclaim step of 1,000 hold Redis ~12 ms; a
-- session with nothing JSON escapes is read as it stands (in JSON a quote inside a value is always
-- escaped, so this can only match the record's own "session" key), any other is decoded.
local function session_of(raw)
  return string.match(raw, '"session":"([^"\\\\]*)"') or cjson.decode(raw).session
end
`;

/**
 * A use: refuses a token not active after `active_after` (the core's cutoff), else lastUsedAtMs
 * becomes the later of the stored and the new time, so two processes using a token at once both
 * succeed and the later expiry wins. Answers {kind, record JSON}, or false for no token.
 * (A Lua function, so the one-trip script shares it: redis-one-trip.ts.)
 */
export const TOUCH_LUA = `
local function touch(record_key, activity, used_at, keep_ms, token, active_after)
  local raw = redis.call('GET', record_key)
  if not raw then return false end
  local record = cjson.decode(raw)
  local last = record.lastUsedAtMs
  if last == cjson.null or last == nil then last = record.issuedAtMs end
  if last <= tonumber(active_after) then return {'inactive', raw} end
  local used = tonumber(used_at)
  if used > last then last = used end
  record.lastUsedAtMs = last
  record.uses = record.uses + 1
  local out = cjson.encode(record)
  redis.call('SET', record_key, out, 'PX', keep_ms)
  redis.call('ZADD', activity, last, token)
  return {'used', out}
end
`;
const TOUCH_SCRIPT = `${TOUCH_LUA}
return touch(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], ARGV[4])
`;

/**
 * Stores a record and indexes it unless its token is stored already (never overwrites): 1, or 0;
 * -1 when the store holds `cap` View Tokens already (--max-view-tokens).
 */
export const INSERT_LUA = `
local function insert(record_key, activity, session_index, issued, raw, keep_ms, last_active, issued_at, token, cap)
  if redis.call('ZCARD', activity) >= tonumber(cap) then return -1 end
  if not redis.call('SET', record_key, raw, 'PX', keep_ms, 'NX') then return 0 end
  redis.call('ZADD', activity, last_active, token)
  redis.call('ZADD', session_index, issued_at, token)
  redis.call('ZADD', issued, issued_at, token)
  return 1
end
`;
const INSERT_SCRIPT = `${INSERT_LUA}
return insert(KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6])
`;

/** Answers 1 (deleted), 0 (no such token), or -1 when the record names another session index than KEYS[3] (read again). KEYS[4]: the issue-time index. */
const DELETE_SCRIPT = `${SESSION_INDEX_LUA}
local raw = redis.call('GET', KEYS[1])
if raw and session_index(ARGV[2], session_of(raw)) ~= KEYS[3] then return -1 end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
if not raw then return 0 end
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('DEL', KEYS[1])
return 1
`;

/**
 * One reclaim step over tokens read before (ZRANGEBYSCORE, MGET): KEYS are the activity and the
 * issue-time index, the N records (ARGV[3..N+2] their tokens) and the session indexes they named (ARGV[N+3..2N+2]: each
 * record's index among those KEYS, 0 for none). Atomic, so no index drifts; a token used since it
 * was read (no longer stale), or whose record names an undeclared index, is left for the next step.
 * Finding each record's session costs: a step of 1,000 held Redis 5–7 ms here, so a step is
 * RECLAIM_STEP records. UNLINK frees the values in a Redis background thread.
 */
const RECLAIM_SCRIPT = `${SESSION_INDEX_LUA}
-- KEYS[1], KEYS[2]: the activity and issue-time indexes; the records from KEYS[3].
local n = tonumber(ARGV[2])
local cutoff = tonumber(ARGV[1])
local gone, by_index, present = {}, {}, {}
for i = 1, n do
  local token = ARGV[2 + i]
  local score = redis.call('ZSCORE', KEYS[1], token)
  if score and tonumber(score) < cutoff then
    local raw = redis.call('GET', KEYS[2 + i])
    local at = tonumber(ARGV[2 + n + i])
    local index = at > 0 and KEYS[2 + n + at] or nil
    if not raw then
      gone[#gone + 1] = token
    elseif index and session_index(ARGV[3 + 2 * n], session_of(raw)) == index then
      gone[#gone + 1] = token
      present[#present + 1] = KEYS[2 + i]
      by_index[index] = by_index[index] or {}
      table.insert(by_index[index], token)
    end
  end
end
for index, tokens in pairs(by_index) do redis.call('ZREM', index, unpack(tokens)) end
if #present > 0 then redis.call('UNLINK', unpack(present)) end
if #gone > 0 then
  redis.call('ZREM', KEYS[1], unpack(gone))
  redis.call('ZREM', KEYS[2], unpack(gone))
end
return #gone
`;

/** Drops from a session index (KEYS[1]) the tokens (ARGV) whose record (KEYS[i + 1]) Redis expired by itself (checked here, so a token stored again stays). */
const PRUNE_SCRIPT = `
local removed = 0
for i = 1, #ARGV do
  if redis.call('EXISTS', KEYS[i + 1]) == 0 then removed = removed + redis.call('ZREM', KEYS[1], ARGV[i]) end
end
return removed
`;

export interface RedisTokenStoreOptions {
  redis: RedisClient;
  /** Key prefix, so several mocks can share one Redis (keys start with the hash tag `{prefix}`). */
  prefix: string;
  /**
   * How long Redis keeps a record after its last activity (real time). Only reclaims memory:
   * validity is always decided by the core from the mock's clock. Must exceed ttl + retention.
   */
  keepMs: number;
  /** View Tokens held at most, live or expired and not yet reclaimed (--max-view-tokens): 503 beyond it. */
  maxRecords?: number;
}

/**
 * View Tokens in Redis: one JSON value per token (`vt:<token>`), a sorted set by last activity (for
 * reclaiming and counting), one of all tokens by issue time (`vt-issued`) and one per session by
 * issue time (`vt-session:<hex of the session>`, so any session name makes a key of its own), kept
 * by the same scripts that insert, delete and reclaim: a page reads only its tokens. A record Redis
 * expired by itself (keepMs passed without a reclaim) stays in the issue-time indexes until a page
 * meets it.
 * @example createRedisTokenStore({ redis: new Redis(url), prefix: 'vtm:', keepMs: 3 * 86_400_000 })
 */
export function createRedisTokenStore({
  redis,
  prefix,
  keepMs,
  maxRecords = DEFAULT_MAX_VIEW_TOKENS,
}: RedisTokenStoreOptions): TokenStore {
  const runTouch = defineScript(redis, TOUCH_SCRIPT, 2);
  const runInsert = defineScript(redis, INSERT_SCRIPT, 4);
  const runDelete = defineScript(redis, DELETE_SCRIPT, 4);
  const runReclaim = defineKeyedScript(redis, RECLAIM_SCRIPT);
  const runPrune = defineKeyedScript(redis, PRUNE_SCRIPT);
  const {
    base,
    viewTokenPrefix: recordPrefix,
    sessionIndexPrefix: sessionPrefix,
    viewToken: key,
    sessionIndex,
    activity,
    issued,
  } = createRedisKeys(prefix);
  const indexOf = (raw: string): string => sessionIndex((JSON.parse(raw) as ViewTokenRecord).session);
  const parse = (raw: string | null): ViewTokenRecord | undefined =>
    raw === null ? undefined : (JSON.parse(raw) as ViewTokenRecord);
  /** The records of the tokens, in their order; tokens whose record is gone are left out (and handed to `onGone`). */
  const readAll = async (
    tokens: string[],
    onGone: (gone: string[]) => Promise<unknown>,
  ): Promise<ViewTokenRecord[]> => {
    const out: ViewTokenRecord[] = [];
    for (let i = 0; i < tokens.length; i += LIST_CHUNK) {
      const chunk = tokens.slice(i, i + LIST_CHUNK);
      const values = await redis.mget(chunk.map(key));
      const gone = chunk.filter((_token, at) => values[at] === null);
      if (gone.length > 0) await onGone(gone);
      for (const raw of values) {
        const record = parse(raw);
        if (record) out.push(record);
      }
    }
    return out;
  };
  const pageOf = createIndexPager(redis, readAll);
  const pruneFrom = (index: string) => (gone: string[]) => runPrune([index, ...gone.map(key)], gone);
  const store: TokenStore = {
    async insert(record) {
      const inserted = await runInsert(
        key(record.token),
        activity,
        sessionIndex(record.session),
        issued,
        JSON.stringify(record),
        String(keepMs),
        String(lastActiveMs(record)),
        String(record.issuedAtMs),
        record.token,
        String(maxRecords),
      );
      if (inserted === -1) throw new StoreFullError(maxRecords);
      if (inserted !== 0 && inserted !== 1) throw new StoreReplyError("the View Token store's insert", inserted);
      return inserted === 1;
    },
    async find(token) {
      return parse(await redis.get(key(token)));
    },
    async touch(token, usedAtMs, activeAfterMs) {
      const answer = (await runTouch(
        key(token),
        activity,
        String(usedAtMs),
        String(keepMs),
        token,
        String(activeAfterMs),
      )) as ['used' | 'inactive', string] | null;
      if (answer === null) return { kind: 'unknown' };
      const [kind, raw] = answer;
      return { kind, record: JSON.parse(raw) as ViewTokenRecord };
    },
    async delete(token) {
      for (;;) {
        // The record names its session index, which the script must declare: read it, then delete
        // if the record still names it (-1: it changed in between, read again).
        const raw = await redis.get(key(token));
        const deleted = await runDelete(
          key(token),
          activity,
          raw === null ? sessionIndex('') : indexOf(raw),
          issued,
          token,
          sessionPrefix,
        );
        if (deleted !== -1) return deleted === 1;
      }
    },
    async list({ session }) {
      // Both indexes are newest issue first already.
      const index = session === undefined ? issued : sessionIndex(session);
      return readAll(await redis.zrange(index, '0', '-1', 'REV'), pruneFrom(index));
    },
    page({ session, limit, cursor }) {
      const index = session === undefined ? issued : sessionIndex(session);
      return pageOf(index, limit, cursor, pruneFrom(index));
    },
    count: () => redis.zcard(activity),
    async reclaim(lastActiveBeforeMs) {
      const stale = await redis.zrangebyscore(activity, '-inf', `(${lastActiveBeforeMs}`, 'LIMIT', 0, RECLAIM_STEP);
      if (stale.length === 0) return 0;
      const values = await redis.mget(stale.map(key));
      const indexes: string[] = [];
      const at = values.map((raw) => {
        if (raw === null) return '0';
        const index = indexOf(raw);
        if (!indexes.includes(index)) indexes.push(index);
        return String(indexes.indexOf(index) + 1);
      });
      return (await runReclaim(
        [activity, issued, ...stale.map(key), ...indexes],
        [String(lastActiveBeforeMs), String(stale.length), ...stale, ...at, sessionPrefix],
      )) as number;
    },
    async clear() {
      // One pass over both families and the activity index (a pattern per family would scan the keyspace twice).
      const ours = (await scanKeys(redis, keysStartingWith(`${base}vt`))).filter(
        (found) =>
          found.startsWith(recordPrefix) || found.startsWith(sessionPrefix) || found === activity || found === issued,
      );
      for (let i = 0; i < ours.length; i += LIST_CHUNK) await redis.del(...ours.slice(i, i + LIST_CHUNK));
    },
  };
  return guardAll(store, 'the View Token store');
}
