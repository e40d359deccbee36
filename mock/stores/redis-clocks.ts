import type { ClockState } from '../core/clock';
import type { ClockStore, ClockWrite } from '../core/session-clocks';
import { MAX_SESSION_CLOCKS } from '../core/session-clocks';
import type { RedisClient } from './redis-connection';
import { defineScript, guardAll } from './redis-connection';
import { createRedisKeys } from './redis-keys';

/**
 * A session's clock changes only if it still is what the writer read (compare and set): the state's
 * JSON, '' for none. A session without a clock gets one while fewer than the cap of others have one
 * (the deployment's, field '', never counts).
 */
const WRITE_SCRIPT = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if (current or '') ~= ARGV[2] then return 'changed' end
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 'written'
end
if not current and ARGV[1] ~= '' then
  if redis.call('HLEN', KEYS[1]) - redis.call('HEXISTS', KEYS[1], '') >= tonumber(ARGV[4]) then return 'full' end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 'written'
`;

/** Activity is recorded only for a session that has a clock of its own. */
const TOUCH_SCRIPT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
`;

/** A clock is forgotten only if its last recorded activity is still at or before the cutoff (no process recorded one since). */
const FORGET_IDLE_SCRIPT = `
local at = redis.call('HGET', KEYS[2], ARGV[1])
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 or not at or tonumber(at) > tonumber(ARGV[2]) then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
`;

/** The one clock of 0.2.0 (a hash of offsetMs and frozenAtMs) becomes the deployment's clock, once. */
const MIGRATE_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
local offset = redis.call('HGET', KEYS[2], 'offsetMs')
local frozen = redis.call('HGET', KEYS[2], 'frozenAtMs')
if offset and redis.call('HEXISTS', KEYS[1], '') == 0 then
  redis.call('HSET', KEYS[1], '', '{"offsetMs":' .. offset .. ',"frozenAtMs":' .. ((frozen and frozen ~= '') and frozen or 'null') .. '}')
end
redis.call('DEL', KEYS[2])
return 1
`;

/** A state as Redis keeps it: the same JSON for the same state, so a compare is a string compare. */
function toStoredClock(state: ClockState): string {
  return JSON.stringify({ offsetMs: state.offsetMs, frozenAtMs: state.frozenAtMs });
}

function fromStoredClock(raw: string): ClockState {
  const { offsetMs, frozenAtMs } = JSON.parse(raw) as ClockState;
  return { offsetMs, frozenAtMs };
}

/**
 * Every session's clock in one Redis hash (`{prefix}clocks`: session → state JSON), shared by every
 * process of the deployment. Nothing is cached: each request reads the clocks it needs in its own
 * round trip (the one-trip script reads them itself), so a change written through any process applies
 * to the very next request through any other, and a change is answered only once Redis holds it.
 * @example const clocks = createSessionClocks(await openRedisClockStore(redis, 'vtm:'), Date.now);
 */
export async function openRedisClockStore(
  redis: RedisClient,
  prefix: string,
  maxSessions = MAX_SESSION_CLOCKS,
): Promise<ClockStore> {
  const keys = createRedisKeys(prefix);
  const runWrite = defineScript(redis, WRITE_SCRIPT, 2);
  const runTouch = defineScript(redis, TOUCH_SCRIPT, 2);
  const runForgetIdle = defineScript(redis, FORGET_IDLE_SCRIPT, 2);
  await defineScript(redis, MIGRATE_SCRIPT, 2)(keys.clocks, keys.clock);
  const store: ClockStore = {
    async read(sessions) {
      if (sessions === undefined) {
        const all = await redis.hgetall(keys.clocks);
        return new Map(Object.entries(all).map(([session, raw]) => [session, fromStoredClock(raw)]));
      }
      const found = new Map<string, ClockState>();
      if (sessions.length === 0) return found;
      const values = await redis.hmget(keys.clocks, ...sessions);
      sessions.forEach((session, index) => {
        const raw = values[index];
        if (raw !== null && raw !== undefined) found.set(session, fromStoredClock(raw));
      });
      return found;
    },
    async write(session, expected, next) {
      return (await runWrite(
        keys.clocks,
        keys.clockActivity,
        session,
        expected === null ? '' : toStoredClock(expected),
        next === null ? '' : toStoredClock(next),
        String(maxSessions),
      )) as ClockWrite;
    },
    async clear() {
      await redis.del(keys.clocks, keys.clockActivity);
    },
    async touch(session, atMs) {
      await runTouch(keys.clocks, keys.clockActivity, session, String(atMs));
    },
    async lastActive() {
      const all = await redis.hgetall(keys.clockActivity);
      return new Map(Object.entries(all).map(([session, at]) => [session, Number(at)]));
    },
    async forgetIdle(session, cutoffMs) {
      return (await runForgetIdle(keys.clocks, keys.clockActivity, session, String(cutoffMs))) === 1;
    },
  };
  return guardAll(store, 'the clock store');
}
