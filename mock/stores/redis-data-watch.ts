import { randomUUID } from 'node:crypto';
import type { RedisClient } from './redis-connection';
import { createRedisKeys } from './redis-keys';

/** What the watch tells: Redis answered again after an outage, and whether it came back without its data. */
export interface RedisDataEvents {
  reconnected(): void;
  /** `detail`: what was lost and what to do, as health then says it. */
  lost(detail: string): void;
}

/** The watch: why health should say degraded (Redis came back empty), or undefined. */
export interface RedisDataWatch {
  failure(): string | undefined;
}

/**
 * Notices a Redis that came back empty: a marker key names this Redis's data (a generation) and is read
 * again each time the connection is ready after an outage. Gone, or naming another generation (another
 * process of the deployment found it gone first and marked it anew), the Redis lost every key of this
 * deployment (a restart without persistence, a flush): told once per outage by every process, and
 * health says so from then on.
 * @example const watch = await watchRedisData(redis, 'vtm:', { reconnected: () => log('reconnected'), lost: (detail) => log(detail) });
 */
export async function watchRedisData(
  redis: RedisClient,
  prefix: string,
  events: RedisDataEvents,
  realNow: () => number = Date.now,
): Promise<RedisDataWatch> {
  const { marker } = createRedisKeys(prefix);
  /** The generation the marker names: set by the first process to find none, read by every one. */
  const mark = async (): Promise<string | null> => {
    await redis.set(marker, `${new Date(realNow()).toISOString()} ${randomUUID()}`, 'NX');
    return redis.get(marker);
  };
  let generation = await mark();
  let away = false;
  let lostAt: string | undefined;
  redis.on('close', () => {
    away = true;
  });
  redis.on('ready', () => {
    // The first ready after an outage only: a reconnect is told once.
    if (away) void afterOutage();
  });
  /** Reads the marker before telling anything: "reconnected" comes with what was found. */
  const afterOutage = async (): Promise<void> => {
    try {
      const kept = (await redis.get(marker)) === generation;
      // Marked again (or the new mark read), so a later loss is noticed too.
      if (!kept) generation = await mark();
      if (!away) return;
      away = false;
      events.reconnected();
      if (kept) return;
      lostAt = new Date(realNow()).toISOString();
      events.lost(lostDetail(lostAt, prefix));
    } catch {
      // Redis went away again: the next ready reads the marker again.
    }
  };
  return { failure: () => (lostAt === undefined ? undefined : lostDetail(lostAt, prefix)) };
}

function lostDetail(at: string, prefix: string): string {
  return `Redis came back without this mock's data at ${at} (its marker key {${prefix}}marker was gone): every session's View Tokens, rules, clocks and journal from before are lost. Run Redis with persistence (appendonly yes) to keep them through a restart.`;
}
