import type { TokenStore, ViewTokenRecord } from '../core/token-store';
import { DEFAULT_MAX_VIEW_TOKENS, lastActiveMs } from '../core/token-store';
import { StoreFullError, StoreReplyError } from '../core/store-errors';
import type { RedisClient } from './redis-connection';
import { defineKeyedScript, defineScript, guardAll, keysStartingWith, scanKeys } from './redis-connection';
import { createRedisKeys } from './redis-keys';
import { createIndexPager } from './redis-token-pages';

/** How many records one reclaim step removes, so a sweep never blocks Redis or the event loop. */
const RECLAIM_STEP = 300;
/** Steps one reclaim call walks at most while it finds nothing to remove (the next sweep goes on from there). */
const MAX_STEPS_PER_CALL = 100;
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
/** A forced use: the record keeps its last one (its expiry and indexes as they are); false for no token. */
const MARK_FORCED_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local record = cjson.decode(raw)
record.lastForced = cjson.decode(ARGV[1])
local out = cjson.encode(record)
redis.call('SET', KEYS[1], out, 'KEEPTTL')
return out
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
 * One reclaim step over tokens read before (ZRANGEBYSCORE, MGET) and judged stale, each on its own
 * session's cutoff: KEYS are the activity and the issue-time index, the N records and the session
 * indexes they named; ARGV[1] is JSON {prefix, tokens: [[token, cutoff, index], ...]} (index: the
 * record's session index among those KEYS, 0 for none). Atomic, so no index drifts; a token used since
 * it was read (no longer stale), or whose record names an undeclared index, is left for the next step.
 * Finding each record's session costs: a step of 1,000 held Redis 5–7 ms here, so a step is
 * RECLAIM_STEP records. UNLINK frees the values in a Redis background thread.
 */
const RECLAIM_SCRIPT = `${SESSION_INDEX_LUA}
local job = cjson.decode(ARGV[1])
local n = #job.tokens
local gone, by_index, present = {}, {}, {}
for i = 1, n do
  local token, cutoff, at = job.tokens[i][1], job.tokens[i][2], job.tokens[i][3]
  local score = redis.call('ZSCORE', KEYS[1], token)
  if score and tonumber(score) < cutoff then
    local raw = redis.call('GET', KEYS[2 + i])
    local index = at > 0 and KEYS[2 + n + at] or nil
    if not raw then
      gone[#gone + 1] = token
    elseif index and session_index(job.prefix, session_of(raw)) == index then
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
  const runMarkForced = defineScript(redis, MARK_FORCED_SCRIPT, 1);
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
  /** Where the reclaim walk goes on from: a score, and how many tokens kept at that score it passed. */
  let walk: { score: number; kept: number } | undefined;
  /** Removes the tokens judged stale (each with its cutoff), in one atomic script; returns how many went. */
  const reclaimStep = async (stale: { token: string; raw: string | null; cutoff: number }[]): Promise<number> => {
    const indexes: string[] = [];
    const at = stale.map(({ raw }) => {
      if (raw === null) return 0;
      const index = indexOf(raw);
      if (!indexes.includes(index)) indexes.push(index);
      return indexes.indexOf(index) + 1;
    });
    // A record Redis expired by itself has no session: any cutoff takes it (its activity entry only).
    const tokens = stale.map(({ token, cutoff }, i) => [token, Number.isFinite(cutoff) ? cutoff : 8.64e15, at[i]]);
    const job = JSON.stringify({ prefix: sessionPrefix, tokens });
    return (await runReclaim([activity, issued, ...stale.map(({ token }) => key(token)), ...indexes], [job])) as number;
  };
  const store: TokenStore = {
    async markForced(token, forced) {
      const marked = await runMarkForced(key(token), JSON.stringify(forced));
      return typeof marked === 'string' ? (JSON.parse(marked) as ViewTokenRecord) : undefined;
    },
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
    // A session's index may still hold a token Redis expired by itself (until a page meets it): near enough for a message.
    count: (session) => redis.zcard(session === undefined ? activity : sessionIndex(session)),
    async reclaim(lastActiveBeforeMs, sessionCutoffs) {
      const cutoffOf = (session: string): number => sessionCutoffs?.get(session) ?? lastActiveBeforeMs;
      const highest = Math.max(lastActiveBeforeMs, ...(sessionCutoffs?.values() ?? []));
      // A walk up the activity index below the highest cutoff, resumed where the last step stopped:
      // tokens their session's clock keeps are passed over, never read again and again at the front.
      for (let step = 0; step < MAX_STEPS_PER_CALL; step += 1) {
        const from = walk ?? { score: -Infinity, kept: 0 };
        const found = await redis.zrangebyscore(
          activity,
          from.score === -Infinity ? '-inf' : String(from.score),
          `(${highest}`,
          'WITHSCORES',
          'LIMIT',
          from.kept,
          RECLAIM_STEP,
        );
        const tokens = found.filter((_value, at) => at % 2 === 0);
        const scores = found.filter((_value, at) => at % 2 === 1).map(Number);
        const values = tokens.length === 0 ? [] : await redis.mget(tokens.map(key));
        const judged = tokens.map((token, at) => {
          const raw = values[at] ?? null;
          const cutoff = raw === null ? Infinity : cutoffOf((JSON.parse(raw) as ViewTokenRecord).session);
          return { token, raw, cutoff, stale: (scores[at] as number) < cutoff };
        });
        const last = scores.at(-1);
        const keptAtLast = judged.filter((entry, at) => !entry.stale && scores[at] === last).length;
        walk =
          tokens.length < RECLAIM_STEP || last === undefined
            ? undefined
            : { score: last, kept: (last === from.score ? from.kept : 0) + keptAtLast };
        const stale = judged.filter((entry) => entry.stale);
        const removed = stale.length === 0 ? 0 : await reclaimStep(stale);
        if (removed > 0 || walk === undefined) return removed;
      }
      return 0;
    },
    async deleteInSession(session, limit) {
      // Each token as delete() removes one: its record names the indexes the script must declare.
      const tokens = await redis.zrange(sessionIndex(session), '0', String(limit - 1), 'REV');
      for (const token of tokens) await store.delete(token);
      // A token whose record Redis expired by itself leaves the index here too.
      if (tokens.length > 0) await runPrune([sessionIndex(session), ...tokens.map(key)], tokens);
      return tokens.length;
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
