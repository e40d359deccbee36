import type { TokenStore, ViewTokenRecord } from '../core/token-store';
import { lastActiveMs } from '../core/token-store';

/** How many index entries one reclaim step looks at, so a sweep never stalls the event loop. */
const RECLAIM_STEP = 5_000;
/** The expiry index's resolution: tokens last active in the same second share a bucket. */
const BUCKET_MS = 1_000;

/** Tokens last active in one second; `next` is how far a reclaim has read it. */
interface Bucket { tokens: string[]; next: number }

/**
 * The embedded in-memory store: a Map of records, and an expiry index of one-second buckets of
 * tokens by last activity. A use only appends the token to a newer bucket when it crosses a second
 * (never a Map delete + re-insert, which costs V8 O(size) per call); stale index entries are skipped
 * when their bucket is reclaimed. Reclaiming reads the oldest buckets a step at a time, never the whole Map.
 * @example const store = createMemoryTokenStore();
 */
export function createMemoryTokenStore(): TokenStore {
  const records = new Map<string, ViewTokenRecord>();
  let buckets = new Map<number, Bucket>();
  const index = (token: string, atMs: number): void => {
    const key = Math.floor(atMs / BUCKET_MS);
    const bucket = buckets.get(key);
    if (bucket) bucket.tokens.push(token);
    else buckets.set(key, { tokens: [token], next: 0 });
  };
  return {
    async insert(record) {
      if (records.has(record.token)) return false;
      records.set(record.token, record);
      index(record.token, lastActiveMs(record));
      return true;
    },
    async find(token) { return records.get(token); },
    async touch(token, usedAtMs) {
      const record = records.get(token);
      if (!record) return undefined;
      const before = lastActiveMs(record);
      record.lastUsedAtMs = Math.max(record.lastUsedAtMs ?? record.issuedAtMs, usedAtMs);
      record.uses += 1;
      if (Math.floor(lastActiveMs(record) / BUCKET_MS) !== Math.floor(before / BUCKET_MS)) index(token, lastActiveMs(record));
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
      // Oldest buckets first (the Map keeps them in creation order, which is time order unless the
      // clock was moved back: such a bucket waits for the ones before it). Only buckets wholly before
      // the cut-off; a record used since sits in a later bucket too.
      let looked = 0;
      let removed = 0;
      for (const [key, bucket] of buckets) {
        if ((key + 1) * BUCKET_MS > lastActiveBeforeMs) break;
        while (bucket.next < bucket.tokens.length && looked < RECLAIM_STEP) {
          const token = bucket.tokens[bucket.next++] as string;
          looked += 1;
          const record = records.get(token);
          if (record && lastActiveMs(record) < lastActiveBeforeMs) {
            records.delete(token);
            removed += 1;
          }
        }
        if (bucket.next === bucket.tokens.length) buckets.delete(key);
        if (looked >= RECLAIM_STEP) break;
      }
      return removed;
    },
    async clear() {
      records.clear();
      buckets = new Map();
    },
  };
}
