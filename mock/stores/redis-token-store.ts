import type { Redis } from 'ioredis';
import type { TokenStore, ViewTokenRecord } from '../core/token-store';
import { lastActiveMs } from '../core/token-store';
import { defineScript, guardAll, keysStartingWith } from './redis-connection';

/** How many records one reclaim step removes, so a sweep never blocks Redis or the event loop. */
const RECLAIM_STEP = 300;
const LIST_CHUNK = 1_000;

/**
 * A session's index key, the same the store builds in TypeScript (sessionIndex below): the session's
 * UTF-8 bytes in hex. Delete and reclaim know only the token, so they read the session from the
 * stored record in the script that removes it (a key not in KEYS: fine on the single Redis the
 * shared deployment runs).
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
 * A use in one round trip: refuses a token not active after ARGV[4] (the core's cutoff), else
 * lastUsedAtMs becomes the later of the stored and the new time, so two processes using a token at
 * once both succeed and the later expiry wins. Answers {kind, record JSON}, or nil for no token.
 */
const TOUCH_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local record = cjson.decode(raw)
local last = record.lastUsedAtMs
if last == cjson.null or last == nil then last = record.issuedAtMs end
if last <= tonumber(ARGV[4]) then return {'inactive', raw} end
local used = tonumber(ARGV[1])
if used > last then last = used end
record.lastUsedAtMs = last
record.uses = record.uses + 1
local out = cjson.encode(record)
redis.call('SET', KEYS[1], out, 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], last, ARGV[3])
return {'used', out}
`;

/** Inserts a record and indexes it, unless its token is stored already (never overwrites), in one round trip. */
const INSERT_SCRIPT = `
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 0 end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[5])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[5])
return 1
`;

const DELETE_SCRIPT = `${SESSION_INDEX_LUA}
local raw = redis.call('GET', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if not raw then return 0 end
redis.call('ZREM', session_index(ARGV[2], session_of(raw)), ARGV[1])
redis.call('DEL', KEYS[1])
return 1
`;

/**
 * One reclaim step, atomic so no index drifts, with one command per kind (and per session) rather
 * than per record. Finding each record's session costs: a step of 1,000 held Redis 5–7 ms here (without
 * session indexes ~2 ms), so a step is RECLAIM_STEP records. UNLINK frees the values in a Redis
 * background thread.
 */
const RECLAIM_SCRIPT = `${SESSION_INDEX_LUA}
local stale = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
if #stale == 0 then return 0 end
local records = {}
for i, token in ipairs(stale) do records[i] = ARGV[3] .. token end
local values = redis.call('MGET', unpack(records))
local present, by_index, index_of = {}, {}, {}
for i, token in ipairs(stale) do
  local raw = values[i]
  if raw then
    present[#present + 1] = records[i]
    local session = session_of(raw)
    local index = index_of[session]
    if not index then
      index = session_index(ARGV[4], session)
      index_of[session] = index
      by_index[index] = {}
    end
    table.insert(by_index[index], token)
  end
end
for index, tokens in pairs(by_index) do redis.call('ZREM', index, unpack(tokens)) end
if #present > 0 then redis.call('UNLINK', unpack(present)) end
redis.call('ZREM', KEYS[1], unpack(stale))
return #stale
`;

/** Drops from a session index the tokens whose record Redis expired by itself (checked here, so a token stored again stays). */
const PRUNE_SCRIPT = `
local removed = 0
for i = 2, #ARGV do
  if redis.call('EXISTS', ARGV[1] .. ARGV[i]) == 0 then removed = removed + redis.call('ZREM', KEYS[1], ARGV[i]) end
end
return removed
`;

export interface RedisTokenStoreOptions {
  redis: Redis;
  /** Key prefix, so several mocks can share one Redis. */
  prefix: string;
  /**
   * How long Redis keeps a record after its last activity (real time). Only reclaims memory:
   * validity is always decided by the core from the mock's clock. Must exceed ttl + retention.
   */
  keepMs: number;
}

/**
 * View Tokens in Redis: one JSON value per token (`vt:<token>`), a sorted set by last activity (for
 * reclaiming and listing all) and one sorted set per session by issue time (`vt-session:<hex of the
 * session>`, so any session name makes a key of its own), kept by the same scripts that insert,
 * delete and reclaim. A record Redis expired by itself (keepMs passed without a reclaim) stays in its
 * session's index until that session is next listed.
 * @example createRedisTokenStore({ redis: new Redis(url), prefix: 'vtm:', keepMs: 3 * 86_400_000 })
 */
export function createRedisTokenStore({ redis, prefix, keepMs }: RedisTokenStoreOptions): TokenStore {
  const runTouch = defineScript(redis, TOUCH_SCRIPT, 2);
  const runInsert = defineScript(redis, INSERT_SCRIPT, 3);
  const runDelete = defineScript(redis, DELETE_SCRIPT, 2);
  const runReclaim = defineScript(redis, RECLAIM_SCRIPT, 1);
  const runPrune = defineScript(redis, PRUNE_SCRIPT, 1);
  const recordPrefix = `${prefix}vt:`;
  const sessionPrefix = `${prefix}vt-session:`;
  const key = (token: string): string => `${recordPrefix}${token}`;
  const sessionIndex = (session: string): string => `${sessionPrefix}${Buffer.from(session, 'utf8').toString('hex')}`;
  const activity = `${prefix}vt:activity`;
  const parse = (raw: string | null): ViewTokenRecord | undefined => (raw === null ? undefined : (JSON.parse(raw) as ViewTokenRecord));
  /** The records of the tokens, in their order; tokens whose record is gone are left out (and handed to `onGone`). */
  const readAll = async (tokens: string[], onGone?: (gone: string[]) => Promise<unknown>): Promise<ViewTokenRecord[]> => {
    const out: ViewTokenRecord[] = [];
    for (let i = 0; i < tokens.length; i += LIST_CHUNK) {
      const chunk = tokens.slice(i, i + LIST_CHUNK);
      const values = await redis.mget(chunk.map(key));
      const gone = chunk.filter((_token, at) => values[at] === null);
      if (onGone && gone.length > 0) await onGone(gone);
      for (const raw of values) {
        const record = parse(raw);
        if (record) out.push(record);
      }
    }
    return out;
  };
  const store: TokenStore = {
    async insert(record) {
      const inserted = await runInsert(key(record.token), activity, sessionIndex(record.session),
        JSON.stringify(record), String(keepMs), String(lastActiveMs(record)), String(record.issuedAtMs), record.token);
      return inserted === 1;
    },
    async find(token) { return parse(await redis.get(key(token))); },
    async touch(token, usedAtMs, activeAfterMs) {
      const answer = (await runTouch(key(token), activity, String(usedAtMs), String(keepMs), token, String(activeAfterMs))) as ['used' | 'inactive', string] | null;
      if (answer === null) return { kind: 'unknown' };
      const [kind, raw] = answer;
      return { kind, record: JSON.parse(raw) as ViewTokenRecord };
    },
    async delete(token) { return (await runDelete(key(token), activity, token, sessionPrefix)) === 1; },
    async list({ session }) {
      if (session !== undefined) {
        // The index is newest issue first already.
        const index = sessionIndex(session);
        return readAll(await redis.zrange(index, '0', '-1', 'REV'), (gone) => runPrune(index, recordPrefix, ...gone));
      }
      const all = await readAll(await redis.zrange(activity, '0', '-1'));
      return all.sort((a, b) => b.issuedAtMs - a.issuedAtMs);
    },
    count: () => redis.zcard(activity),
    async reclaim(lastActiveBeforeMs) {
      return (await runReclaim(activity, String(lastActiveBeforeMs), String(RECLAIM_STEP), recordPrefix, sessionPrefix)) as number;
    },
    async clear() {
      let cursor = '0';
      do {
        // One pass over both families (a pattern per family would scan the keyspace twice).
        const [next, keys] = await redis.scan(cursor, 'MATCH', keysStartingWith(`${prefix}vt`), 'COUNT', 1_000);
        const ours = keys.filter((found) => found.startsWith(recordPrefix) || found.startsWith(sessionPrefix));
        if (ours.length > 0) await redis.del(...ours);
        cursor = next;
      } while (cursor !== '0');
    },
  };
  return guardAll(store);
}
