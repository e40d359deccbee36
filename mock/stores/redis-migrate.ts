import type { RedisClient } from './redis-connection';
import { defineScript } from './redis-connection';
import { createRedisKeys } from './redis-keys';

/**
 * Up to 0.2 the activity index was `{prefix}vt:activity`, inside the View Tokens' own namespace
 * (so `viewToken=activity` read the index). Moves it to its own key, merging with one a newer
 * process may have started meanwhile (the later activity wins): 1 when something moved, else 0.
 */
const MOVE_ACTIVITY_SCRIPT = `
if redis.call('TYPE', KEYS[1]).ok ~= 'zset' then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('ZUNIONSTORE', KEYS[2], 2, KEYS[2], KEYS[1], 'AGGREGATE', 'MAX')
  redis.call('DEL', KEYS[1])
else
  redis.call('RENAME', KEYS[1], KEYS[2])
end
return 1
`;

/**
 * Brings a deployment's keys written by an earlier version to today's layout, at start (every
 * step is idempotent: several processes may start at once).
 * @example await migrateRedisKeys(redis, 'vtm:');
 */
export async function migrateRedisKeys(redis: RedisClient, prefix: string): Promise<void> {
  const keys = createRedisKeys(prefix);
  await defineScript(redis, MOVE_ACTIVITY_SCRIPT, 2)(`${keys.viewTokenPrefix}activity`, keys.activity);
}
