import { Cluster } from 'ioredis';
import type { Backing } from './backing';
import { createRedisAccessTokenStore } from './redis-access-token-store';
import { openRedisClockStore } from './redis-clocks';
import { connectRedis, deploymentKeys } from './redis-connection';
import { createRedisJournal } from './redis-journal';
import { migrateRedisKeys } from './redis-migrate';
import { createRedisOneTrip } from './redis-one-trip';
import { createRedisRuleStore } from './redis-rule-store';
import { createRedisTokenStore } from './redis-token-store';
import type { RedisDataEvents } from './redis-data-watch';
import { watchRedisData } from './redis-data-watch';

export interface RedisSharedOptions {
  url: string;
  /** How long to wait for Redis at start (ms); 0: unreachable is a ConfigError. */
  waitMs: number;
  /** How long one command may take (ms) before the store call fails (→ 503). Default 1000. */
  timeoutMs?: number;
  /** Key prefix, so several deployments can share one Redis. */
  prefix: string;
  viewTokenKeepMs: number;
  accessTokenKeepMs: number;
  journalSize: number;
  /** View Tokens held at most (--max-view-tokens). */
  maxViewTokens?: number | undefined;
  /** Told when Redis answers again after an outage, and when it came back without its data (default: nothing). */
  events?: RedisDataEvents | undefined;
}

const UNTOLD: RedisDataEvents = { reconnected: () => undefined, lost: () => undefined };

/**
 * Everything the mock keeps, in one Redis: View Tokens, every session's clock, rules, granted Access Tokens
 * and the journal. Every process on the same Redis and prefix is one mock.
 * @example const backing = await openRedisShared({ url: 'redis://127.0.0.1:6379', waitMs: 0, prefix: 'vtm:', … });
 */
export async function openRedisShared(options: RedisSharedOptions): Promise<Backing> {
  const { prefix } = options;
  deploymentKeys(prefix); // a prefix that cannot be a hash tag is refused before connecting
  const redis = await connectRedis(options.url, options.waitMs, options.timeoutMs);
  await migrateRedisKeys(redis, prefix);
  const clockStore = await openRedisClockStore(redis, prefix);
  const watch = await watchRedisData(redis, prefix, options.events ?? UNTOLD);
  const tokens = {
    redis,
    prefix,
    keepMs: options.viewTokenKeepMs,
    ...(options.maxViewTokens === undefined ? {} : { maxRecords: options.maxViewTokens }),
  };
  return {
    store: createRedisTokenStore(tokens),
    clockStore,
    description: { kind: redis instanceof Cluster ? 'redis-cluster' : 'redis-single', redisPrefix: prefix },
    shared: {
      ruleStore: createRedisRuleStore({ redis, prefix }),
      accessTokenStore: createRedisAccessTokenStore({ redis, prefix, keepMs: options.accessTokenKeepMs }),
      journal: createRedisJournal({ redis, prefix, capacity: options.journalSize }),
      oneTrip: createRedisOneTrip({ ...tokens, journalCapacity: options.journalSize }),
    },
    failure: watch.failure,
    close: () => {
      redis.disconnect();
    },
  };
}
