import type { AccessTokenStore } from '../core/access-token-store';
import type { AccessTokenRecord } from '../core/access-token-store';
import type { RedisClient } from './redis-connection';
import { defineScript, guardAll, keysStartingWith, scanKeys } from './redis-connection';
import { createRedisKeys } from './redis-keys';

/**
 * The application's current token if still valid at ARGV[2], else the candidate ARGV[1] becomes
 * it, in one step: two processes granting at once hand out one token. Expiry is the mock clock's.
 */
const GRANT_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if raw then
  local record = cjson.decode(raw)
  if tonumber(ARGV[2]) < tonumber(record.expiresAtMs) then return raw end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[3])
return ARGV[1]
`;

export interface RedisAccessTokenStoreOptions {
  redis: RedisClient;
  prefix: string;
  /** How long Redis keeps a record (real time): only reclaims memory, must exceed the 7-day validity. */
  keepMs: number;
}

/**
 * Granted Access Tokens in Redis, shared by every mock on it: a token granted through one process
 * is accepted by all. One JSON record per token, and each application's current record.
 * @example createRedisAccessTokenStore({ redis, prefix: 'vtm:', keepMs: 8 * 86_400_000 })
 */
export function createRedisAccessTokenStore({ redis, prefix, keepMs }: RedisAccessTokenStoreOptions): AccessTokenStore {
  const runGrant = defineScript(redis, GRANT_SCRIPT, 2);
  const { accessToken: tokenKey, accessTokenPrefix, application: appKey, applicationPrefix } = createRedisKeys(prefix);
  const parse = (raw: string | null): AccessTokenRecord | undefined =>
    raw === null ? undefined : (JSON.parse(raw) as AccessTokenRecord);
  const keys = (pattern: string): Promise<string[]> => scanKeys(redis, pattern);
  const store: AccessTokenStore = {
    async find(token) {
      return parse(await redis.get(tokenKey(token)));
    },
    async current(app) {
      return parse(await redis.get(appKey(app)));
    },
    async grant(candidate, nowMs) {
      const raw = await runGrant(
        appKey(candidate.appKey),
        tokenKey(candidate.token),
        JSON.stringify(candidate),
        String(nowMs),
        String(keepMs),
      );
      return JSON.parse(raw as string) as AccessTokenRecord;
    },
    async records() {
      const found = await keys(keysStartingWith(accessTokenPrefix));
      if (found.length === 0) return [];
      return (await redis.mget(found)).flatMap((raw) => parse(raw) ?? []);
    },
    async restore(records) {
      const batch = redis.multi();
      for (const record of records) {
        batch.set(tokenKey(record.token), JSON.stringify(record), 'PX', keepMs);
        batch.set(appKey(record.appKey), JSON.stringify(record), 'PX', keepMs);
      }
      await batch.exec();
    },
    async clear() {
      const found = [
        ...(await keys(keysStartingWith(accessTokenPrefix))),
        ...(await keys(keysStartingWith(applicationPrefix))),
      ];
      if (found.length > 0) await redis.del(...found);
    },
  };
  return guardAll(store, 'the Access Token store');
}
