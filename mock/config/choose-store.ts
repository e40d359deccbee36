import { ConfigError } from './config-error';

/** Where the mock keeps its state: this process's memory, or Redis (several mocks, one truth). */
export type StoreKind = 'memory' | 'redis';

/**
 * The store the flags name, decided once for the CLI and the library alike: `--redis-url` alone selects
 * Redis, and a combination that would leave a flag unused is refused with the reason.
 * @example chooseStore(undefined, 'redis://127.0.0.1:6379') // 'redis'
 */
export function chooseStore(store: string | undefined, redisUrl: string | undefined): StoreKind {
  if (store !== undefined && store !== 'memory' && store !== 'redis')
    throw new ConfigError(`--store ${store}: use memory or redis (or leave it out: --redis-url alone selects redis)`);
  if (store === 'redis' && redisUrl === undefined)
    throw new ConfigError(
      '--store redis needs --redis-url redis://host:port (a single Redis, or any node of a Redis Cluster)',
    );
  if (store === 'memory' && redisUrl !== undefined) {
    throw new ConfigError(
      `--store memory with --redis-url ${redisUrl}: ` +
        'the memory store keeps everything in this process, so nothing would use Redis; ' +
        'drop --store memory (--redis-url alone selects the Redis store) or drop --redis-url',
    );
  }
  return store ?? (redisUrl === undefined ? 'memory' : 'redis');
}
