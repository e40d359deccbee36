import type { TokenStore, ViewTokenRecord } from '../core/token-store';
import { lastActiveMs } from '../core/token-store';

/** How many records one reclaim step looks at, so a sweep never stalls the event loop. */
const RECLAIM_STEP = 5_000;

/**
 * The embedded in-memory store. The Map is kept in order of last activity (a use re-inserts the
 * record), so expired records sit at its head and are reclaimed without scanning the rest.
 * @example const store = createMemoryTokenStore();
 */
export function createMemoryTokenStore(): TokenStore {
  const records = new Map<string, ViewTokenRecord>();
  return {
    async insert(record) { records.set(record.token, record); },
    async find(token) { return records.get(token); },
    async touch(token, usedAtMs) {
      const record = records.get(token);
      if (!record) return undefined;
      record.lastUsedAtMs = Math.max(record.lastUsedAtMs ?? record.issuedAtMs, usedAtMs);
      record.uses += 1;
      records.delete(token);
      records.set(token, record);
      return record;
    },
    async delete(token) { return records.delete(token); },
    async list({ session }) {
      const out: ViewTokenRecord[] = [];
      for (const record of records.values()) if (session === undefined || record.session === session) out.push(record);
      return out.sort((a, b) => b.issuedAtMs - a.issuedAtMs);
    },
    async count() { return records.size; },
    async reclaim(lastActiveBeforeMs) {
      // Head-first: stops at the first record still active. A clock moved backwards can leave
      // some stale records behind a fresh one; they are reclaimed later, never judged valid.
      let removed = 0;
      for (const [token, record] of records) {
        if (removed >= RECLAIM_STEP || lastActiveMs(record) >= lastActiveBeforeMs) break;
        records.delete(token);
        removed += 1;
      }
      return removed;
    },
    async clear() { records.clear(); },
  };
}
