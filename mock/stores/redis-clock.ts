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

/** What the shared clock tells its owner: every failed read or write, and the first success after failures. */
export interface SharedClockEvents {
  /** `failures`: failed reads and writes in a row so far, this one included (1: the outage begins). */
  failed(error: unknown, failures: number): void;
  /** A read or write worked again after `failures` failed ones in a row: once per outage. */
  recovered(failures: number): void;
}

/**
 * Shares a controllable clock's offset and frozen state through Redis: a change made through
 * any process's admin API is written at once and seen by every other process within
 * CLOCK_SYNC_MS. Concurrent changes from two processes: the last write wins. While Redis is away
 * each sync fails (every CLOCK_SYNC_MS): the owner hears each failure with its count, and the
 * recovery once, so it can log the outage and its end rather than every retry.
 * @example const clock = createRedisClock(createControllableClock(Date.now), redis, 'vtm:', { failed: warn, recovered: info });
 */
export function createRedisClock(inner: ControllableClock, redis: RedisClient, prefix: string, events: SharedClockEvents): SharedClock {
  const key = createRedisKeys(prefix).clock;
  let failures = 0;
  const succeeded = (): void => {
    if (failures === 0) return;
    const ended = failures;
    failures = 0;
    events.recovered(ended);
  };
  const failed = (error: unknown): void => {
    failures += 1;
    events.failed(error, failures);
  };
  const publish = (): void => {
    const { offsetMs, frozenAtMs } = inner.state();
    redis.hset(key, { offsetMs: String(offsetMs), frozenAtMs: frozenAtMs === null ? '' : String(frozenAtMs) }).then(succeeded, failed);
  };
  const sync = async (): Promise<void> => {
    const stored = await redis.hgetall(key);
    if (stored.offsetMs === undefined) return publish();
    const state: ClockState = { offsetMs: Number(stored.offsetMs), frozenAtMs: stored.frozenAtMs ? Number(stored.frozenAtMs) : null };
    inner.restore(state);
    succeeded();
  };
  const timer = setInterval(() => { sync().catch(failed); }, CLOCK_SYNC_MS);
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
