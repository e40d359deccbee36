import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { ConfigError } from '../config/config-error';
import { StoreUnavailableError } from '../core/token-store';

const RECONNECT_EVERY_MS = 250;

/**
 * Connects to Redis for a shared store. Commands fail fast while Redis is away (the service
 * answers 503), and the client reconnects by itself when Redis returns.
 * With `waitMs` the start waits that long for Redis; otherwise an unreachable Redis is a
 * ConfigError (exit 2) naming the URL.
 */
export async function connectRedis(url: string, waitMs = 0): Promise<Redis> {
  let parsed: URL;
  try { parsed = new URL(url); } catch { throw new ConfigError(`--redis-url ${url}: not a URL (expected redis://host:port)`); }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new ConfigError(`--redis-url ${url}: expected redis:// or rediss://`);
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => RECONNECT_EVERY_MS,
  });
  let lastError: Error | undefined;
  // Reported through failed commands and health; the client reconnects by itself.
  redis.on('error', (error: Error) => { lastError = error; });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await redis.connect();
      await redis.ping();
      return redis;
    } catch (error) {
      if (Date.now() >= deadline) {
        redis.disconnect();
        throw new ConfigError(`--redis-url ${url}: cannot reach Redis (${(lastError ?? (error as Error)).message})${waitMs > 0 ? ` after waiting ${waitMs} ms` : '; use --redis-wait to wait for it'}`);
      }
      redis.disconnect();
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_EVERY_MS));
    }
  }
}

/** Wraps a store call so a lost connection surfaces as StoreUnavailableError (→ 503). */
export async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StoreUnavailableError(`Redis is unavailable: ${(error as Error).message}`);
  }
}

/** The same object, every method of which surfaces a Redis failure as StoreUnavailableError. */
export function guardAll<T extends object>(target: T): T {
  const wrapped: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  for (const [name, value] of Object.entries(target)) {
    if (typeof value !== 'function') continue;
    const method = value as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = (...args: unknown[]) => guarded(() => method.apply(target, args));
  }
  return wrapped as T;
}

/** A Lua script run by its SHA (EVALSHA, falling back to EVAL when Redis does not know it yet). */
export type RedisScript = (...keysThenArgs: string[]) => Promise<unknown>;

/**
 * A Lua script Redis compiles once: each call sends only its SHA, and after a Redis restart the
 * first call sends the script again. (Plain commands, so they join ioredis's auto-pipelines.)
 * @example const touch = defineScript(redis, TOUCH_SCRIPT, 2); await touch(key, activity, String(now));
 */
export function defineScript(redis: Redis, lua: string, numberOfKeys: number): RedisScript {
  const sha = createHash('sha1').update(lua).digest('hex');
  return async (...keysThenArgs) => {
    try {
      return await redis.evalsha(sha, numberOfKeys, ...keysThenArgs);
    } catch (error) {
      if (!(error as Error).message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(lua, numberOfKeys, ...keysThenArgs);
    }
  };
}

/**
 * A SCAN MATCH pattern for the keys that start with `prefix`, its glob characters escaped: a
 * deployment whose prefix is `team*` or `qa[1]` must not match, and delete, another's keys.
 * @example keysStartingWith('qa*:vt') // 'qa\\*:vt*'
 */
export function keysStartingWith(prefix: string): string {
  return `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
}
