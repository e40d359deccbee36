import type { ClockState, ControllableClock } from '../core/clock';
import type { RedisClient } from './redis-connection';
import { createRedisKeys } from './redis-keys';

/** How often each process reads the shared clock: the bound on how stale its clock can be. */
export const CLOCK_SYNC_MS = 200;

export interface SharedClock extends ControllableClock {
  /** Reads the shared state once (start-up, and then every CLOCK_SYNC_MS). */
  sync(): Promise<void>;
  stop(): void;
}

/**
 * Shares a controllable clock's offset and frozen state through Redis: a change made through
 * any process's admin API is written at once and seen by every other process within
 * CLOCK_SYNC_MS. Concurrent changes from two processes: the last write wins.
 * @example const clock = createRedisClock(createControllableClock(Date.now), redis, 'vtm:');
 */
export function createRedisClock(inner: ControllableClock, redis: RedisClient, prefix: string, onError: (error: unknown) => void): SharedClock {
  const key = createRedisKeys(prefix).clock;
  const publish = (): void => {
    const { offsetMs, frozenAtMs } = inner.state();
    redis.hset(key, { offsetMs: String(offsetMs), frozenAtMs: frozenAtMs === null ? '' : String(frozenAtMs) }).catch(onError);
  };
  const sync = async (): Promise<void> => {
    const stored = await redis.hgetall(key);
    if (stored.offsetMs === undefined) return publish();
    const state: ClockState = { offsetMs: Number(stored.offsetMs), frozenAtMs: stored.frozenAtMs ? Number(stored.frozenAtMs) : null };
    inner.restore(state);
  };
  const timer = setInterval(() => { sync().catch(onError); }, CLOCK_SYNC_MS);
  timer.unref();
  return {
    now: () => inner.now(),
    state: () => inner.state(),
    restore: (state) => { inner.restore(state); publish(); },
    set: (atMs, frozen) => { inner.set(atMs, frozen); publish(); },
    advance: (byMs) => { inner.advance(byMs); publish(); },
    reset: () => { inner.reset(); publish(); },
    sync,
    stop: () => clearInterval(timer),
  };
}
