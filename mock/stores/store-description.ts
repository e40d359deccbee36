import type { components } from '../../spec/generated/mock';

/** Which store a mock runs on, as `/__admin/health` and the start banner name it. */
export type StoreDescription = components['schemas']['StoreDescription'];

/**
 * The store in one line, for the start banner.
 * @example describeStore({ kind: 'redis-cluster', redisPrefix: 'qa:' }) // 'Redis Cluster (keys {qa:}…, prefix "qa:")'
 */
export function describeStore(store: StoreDescription): string {
  switch (store.kind) {
    case 'memory':
      return 'memory (this process only; gone when it stops)';
    case 'state-file':
      return `memory, kept in the state file ${store.stateFile ?? ''} and its change logs`;
    case 'redis-single':
      return `Redis, single (prefix ${JSON.stringify(store.redisPrefix ?? '')}: keys {${store.redisPrefix ?? ''}}…)`;
    case 'redis-cluster':
      return `Redis Cluster (prefix ${JSON.stringify(store.redisPrefix ?? '')}: keys {${store.redisPrefix ?? ''}}…, one slot)`;
  }
}
