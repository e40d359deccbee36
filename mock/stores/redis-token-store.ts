import type { Redis } from 'ioredis';
import type { TokenStore, ViewTokenRecord } from '../core/token-store';
import { defineScript, guardAll } from './redis-connection';

/** How many records one reclaim step removes, so a sweep never blocks Redis or the event loop. */
const RECLAIM_STEP = 1_000;
const LIST_CHUNK = 1_000;

/**
 * Records a use in one round trip: lastUsedAtMs becomes the later of the stored and the new
 * time, so two processes using a token at once both succeed and the later expiry wins.
 */
const TOUCH_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local record = cjson.decode(raw)
local last = record.lastUsedAtMs
if last == cjson.null or last == nil then last = record.issuedAtMs end
local used = tonumber(ARGV[1])
if used > last then last = used end
record.lastUsedAtMs = last
record.uses = record.uses + 1
local out = cjson.encode(record)
redis.call('SET', KEYS[1], out, 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], last, ARGV[3])
return out
`;

/** Inserts a record unless its token is stored already (never overwrites), in one round trip. */
const INSERT_SCRIPT = `
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 0 end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[4])
return 1
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
 * View Tokens in Redis: one JSON value per token and a sorted set by last activity (for
 * reclaiming and listing).
 * @example createRedisTokenStore({ redis: new Redis(url), prefix: 'vtm:', keepMs: 3 * 86_400_000 })
 */
export function createRedisTokenStore({ redis, prefix, keepMs }: RedisTokenStoreOptions): TokenStore {
  const runTouch = defineScript(redis, TOUCH_SCRIPT, 2);
  const runInsert = defineScript(redis, INSERT_SCRIPT, 2);
  const key = (token: string): string => `${prefix}vt:${token}`;
  const activity = `${prefix}vt:activity`;
  const parse = (raw: string | null): ViewTokenRecord | undefined => (raw === null ? undefined : (JSON.parse(raw) as ViewTokenRecord));
  const store: TokenStore = {
    async insert(record) {
      const inserted = await runInsert(key(record.token), activity, JSON.stringify(record), String(keepMs), String(record.issuedAtMs), record.token);
      return inserted === 1;
    },
    async find(token) { return parse(await redis.get(key(token))); },
    async touch(token, usedAtMs) {
      const raw = (await runTouch(key(token), activity, String(usedAtMs), String(keepMs), token)) as string | null;
      return parse(raw);
    },
    async delete(token) {
      const [[, removed] = [null, 0]] = (await redis.multi().del(key(token)).zrem(activity, token).exec()) ?? [];
      return removed === 1;
    },
    async list({ session }) {
      const tokens = await redis.zrange(activity, '0', '-1');
      const out: ViewTokenRecord[] = [];
      for (let i = 0; i < tokens.length; i += LIST_CHUNK) {
        const values = await redis.mget(tokens.slice(i, i + LIST_CHUNK).map(key));
        for (const raw of values) {
          const record = parse(raw);
          if (record && (session === undefined || record.session === session)) out.push(record);
        }
      }
      return out.sort((a, b) => b.issuedAtMs - a.issuedAtMs);
    },
    count: () => redis.zcard(activity),
    async reclaim(lastActiveBeforeMs) {
      const stale = await redis.zrangebyscore(activity, '-inf', `(${lastActiveBeforeMs}`, 'LIMIT', 0, RECLAIM_STEP);
      if (stale.length === 0) return 0;
      // UNLINK frees the values in a Redis background thread: a step never blocks Redis either.
      await redis.multi().unlink(...stale.map(key)).zrem(activity, ...stale).exec();
      return stale.length;
    },
    async clear() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}vt:*`, 'COUNT', 1_000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };
  return guardAll(store);
}
