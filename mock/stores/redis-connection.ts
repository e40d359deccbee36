import { createHash } from 'node:crypto';
import { Cluster, Redis } from 'ioredis';
import { ConfigError } from '../config/config-error';
import { toStoreError } from './redis-failures';

const RECONNECT_EVERY_MS = 250;
/** How long a Redis command may take before the request that needs it answers 503 (--redis-timeout). */
const DEFAULT_REDIS_TIMEOUT_MS = 1_000;

/** A single Redis or a Redis Cluster: every store works on both (each script's keys share one slot). */
export type RedisClient = Redis | Cluster;

/**
 * Connects to Redis for a shared store: a single Redis, or a Redis Cluster when the node the URL
 * names has cluster mode on (detected here; the URL may name any node). Commands fail fast while
 * Redis is away and time out after `timeoutMs` while it stalls (the service answers 503), and the
 * client reconnects by itself when Redis returns. With `waitMs` the start waits that long for
 * Redis; otherwise an unreachable Redis is a ConfigError (exit 2) naming the URL.
 */
export async function connectRedis(
  url: string,
  waitMs = 0,
  timeoutMs = DEFAULT_REDIS_TIMEOUT_MS,
): Promise<RedisClient> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`--redis-url ${url}: not a URL (expected redis://host:port)`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new ConfigError(`--redis-url ${url}: expected redis:// or rediss://`);
  // No auto-pipelining: with one script per request it only added work (13.0k against 11.5k issues/s
  // on the bench's topology, bench/RESULTS.md); commands still go out in order on one connection.
  const options = { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: timeoutMs };
  const single = await reach(
    url,
    waitMs,
    () => new Redis(url, { ...options, lazyConnect: true, retryStrategy: () => RECONNECT_EVERY_MS }),
  );
  if (!/^cluster_enabled:1\b/m.test(await single.info('cluster'))) return single;
  single.disconnect();
  const node = { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 6379) };
  const redisOptions = {
    ...options,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  return reach(
    url,
    waitMs,
    () =>
      new Cluster([node], {
        lazyConnect: true,
        enableOfflineQueue: false,
        redisOptions,
        clusterRetryStrategy: () => RECONNECT_EVERY_MS,
        retryDelayOnClusterDown: RECONNECT_EVERY_MS,
      }),
  );
}

/** Connects a new client (again after each failure until `waitMs` is over) and checks it answers. */
async function reach<T extends RedisClient>(url: string, waitMs: number, create: () => T): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const redis = create();
    let lastError: Error | undefined;
    // Reported through failed commands and health; the client reconnects by itself.
    redis.on('error', (error: Error) => {
      lastError = error;
    });
    try {
      await redis.connect();
      await redis.ping();
      return redis;
    } catch (error) {
      redis.disconnect();
      if (Date.now() >= deadline) {
        throw new ConfigError(
          `--redis-url ${url}: cannot reach Redis (${(lastError ?? (error as Error)).message})${waitMs > 0 ? ` after waiting ${waitMs} ms` : '; use --redis-wait to wait for it'}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_EVERY_MS));
    }
  }
}

/**
 * The start of every key of the deployment with this prefix: the prefix as a hash tag, `{prefix}`.
 * All of a deployment's keys hash to one slot (so every script runs on Redis Cluster), and as `}`
 * ends the tag no deployment's keys start with another's: `{qa}` never begins `{qavt:}…`. A prefix
 * with `{` or `}` is refused (it could end the tag early), as is an empty one.
 * @example deploymentKeys('qa:') // '{qa:}'
 */
export function deploymentKeys(prefix: string): string {
  if (!/^[^{}]+$/.test(prefix))
    throw new ConfigError(
      `--redis-prefix ${JSON.stringify(prefix)}: use one or more characters other than { and } (the prefix becomes the keys' hash tag {prefix})`,
    );
  return `{${prefix}}`;
}

/**
 * Every key matching `pattern`: SCAN on a single Redis, and on each master of a cluster (SCAN only
 * sees the node it runs on).
 */
export async function scanKeys(redis: RedisClient, pattern: string): Promise<string[]> {
  const found: string[] = [];
  const nodes: Redis[] = redis instanceof Cluster ? redis.nodes('master') : [redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, batch] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1_000);
      found.push(...batch);
      cursor = next;
    } while (cursor !== '0');
  }
  return found;
}

/**
 * Wraps a store call so each failure surfaces as the store error of its concept: Redis refusing or
 * not reachable as StoreUnavailableError (→ 503), an answer the mock cannot use as StoreReplyError
 * (→ 500); a store's own refusal (full) stays as it is. `where` names the store and method.
 */
async function guarded<T>(call: () => Promise<T>, where: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toStoreError(error, where);
  }
}

/**
 * The same object, every method of which surfaces a Redis failure as a store error (see guarded).
 * @example return guardAll(store, 'the View Token store');
 */
export function guardAll<T extends object>(target: T, store: string): T {
  const wrapped: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  for (const [name, value] of Object.entries(target)) {
    if (typeof value !== 'function') continue;
    const method = value as (...args: unknown[]) => Promise<unknown>;
    const where = `${store}'s ${name}`;
    wrapped[name] = (...args: unknown[]) => guarded(() => method.apply(target, args), where);
  }
  return wrapped as T;
}

/** A Lua script run by its SHA (EVALSHA, falling back to EVAL when Redis does not know it yet). */
export type RedisScript = (...keysThenArgs: string[]) => Promise<unknown>;

/**
 * A Lua script Redis compiles once: each call sends only its SHA, and after a Redis restart the
 * first call sends the script again.
 * @example const touch = defineScript(redis, TOUCH_SCRIPT, 2); await touch(key, activity, String(now));
 */
export function defineScript(redis: RedisClient, lua: string, numberOfKeys: number): RedisScript {
  const run = defineKeyedScript(redis, lua);
  return (...keysThenArgs) => run(keysThenArgs.slice(0, numberOfKeys), keysThenArgs.slice(numberOfKeys));
}

/** A Lua script taking any number of keys (each call declares its own), run as defineScript runs one. */
export type KeyedRedisScript = (keys: readonly string[], args: readonly string[]) => Promise<unknown>;

/** defineScript for a script whose number of keys varies from call to call. */
export function defineKeyedScript(redis: RedisClient, lua: string): KeyedRedisScript {
  const sha = createHash('sha1').update(lua).digest('hex');
  return async (keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error as Error).message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(lua, keys.length, ...keys, ...args);
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
