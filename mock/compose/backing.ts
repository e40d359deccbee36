import { chooseStore } from '../config/choose-store';
import { ConfigError, stateFileOnRedisError } from '../config/config-error';
import { createMemoryClockStore } from '../core/session-clocks';
import { EXPIRED_RETENTION_MS } from '../core/create-core';
import { DEFAULT_JOURNAL_SIZE } from '../core/journal';
import { ACCESS_TOKEN_TTL_MS } from '../core/access-tokens';
import type { Backing } from '../stores/backing';
import { createMemoryTokenStore } from '../stores/memory-token-store';
import type * as RedisShared from '../stores/redis-shared';
import { requireInstalled } from '../config/optional-package';

export interface BackingOptions {
  store?: 'memory' | 'redis' | undefined;
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  redisWaitMs?: number | undefined;
  redisTimeoutMs?: number | undefined;
  stateFile?: string | undefined;
  journalSize?: number | undefined;
  /** The store's cap on stored View Tokens (503 beyond it). */
  maxViewTokens?: number | undefined;
}

/** Redis keeps records this long beyond their last possible use, so a clock moved back a little finds them. */
const REDIS_KEEP_MARGIN_MS = 24 * 3_600_000;

/**
 * The memory stores of tokens and clocks, or Redis for everything (several processes, one truth).
 * @example const backing = await createBacking({ store: 'redis', redisUrl: 'redis://127.0.0.1:6379' }, 12 * 3_600_000);
 */
export async function createBacking(options: BackingOptions, ttlMs: number): Promise<Backing> {
  const redisUrl = options.redisUrl;
  if (chooseStore(options.store, redisUrl) === 'memory' || redisUrl === undefined) {
    const memory = createMemoryTokenStore(options.maxViewTokens);
    const clocks = createMemoryClockStore();
    return {
      store: memory,
      memory,
      clockStore: clocks,
      memoryClocks: clocks,
      description: { kind: 'memory' },
      close: () => undefined,
    };
  }
  if (options.stateFile !== undefined) throw stateFileOnRedisError(options.stateFile);
  const timeoutMs = options.redisTimeoutMs;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs >= 1 && timeoutMs <= 60_000))
    throw new ConfigError(`--redis-timeout ${timeoutMs}: use a duration from 1ms to 60s`);
  // ioredis is loaded only for the Redis store, and installed only by those who use it.
  requireInstalled('ioredis');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { openRedisShared } = require('../stores/redis-shared') as typeof RedisShared;
  return openRedisShared({
    url: redisUrl,
    waitMs: options.redisWaitMs ?? 0,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    prefix: options.redisPrefix ?? 'view-token-mock:',
    viewTokenKeepMs: ttlMs + EXPIRED_RETENTION_MS + REDIS_KEEP_MARGIN_MS,
    accessTokenKeepMs: ACCESS_TOKEN_TTL_MS + REDIS_KEEP_MARGIN_MS,
    journalSize: options.journalSize ?? DEFAULT_JOURNAL_SIZE,
    ...(options.maxViewTokens === undefined ? {} : { maxViewTokens: options.maxViewTokens }),
  });
}
