import type { TokenPage, ViewTokenRecord } from '../core/token-store';
import type { RedisClient } from './redis-connection';
import { defineScript } from './redis-connection';

/**
 * The tokens of a page of an issue-time index (KEYS[1]: scores issue times, ties ordered by token),
 * newest first: ARGV[1] how many, after the cursor ARGV[2] (issue time, '' for the first page) and
 * ARGV[3] (token). The cursor's token is found by its rank; if it was deleted since, the place of its
 * key is found by binary search among the tokens of its issue time (ranks in a row, ordered by
 * token). O(log² n + page), never the whole index.
 */
const PAGE_SCRIPT = `
local limit = tonumber(ARGV[1])
if limit <= 0 then return {} end
local start = 0
if ARGV[2] ~= '' then
  local rank = redis.call('ZREVRANK', KEYS[1], ARGV[3])
  if rank and tonumber(redis.call('ZSCORE', KEYS[1], ARGV[3])) == tonumber(ARGV[2]) then
    start = rank + 1
  else
    local low = redis.call('ZCOUNT', KEYS[1], '(' .. ARGV[2], '+inf')
    local high = low + redis.call('ZCOUNT', KEYS[1], ARGV[2], ARGV[2])
    while low < high do
      local middle = math.floor((low + high) / 2)
      if redis.call('ZREVRANGE', KEYS[1], middle, middle)[1] < ARGV[3] then high = middle else low = middle + 1 end
    end
    start = low
  end
end
return redis.call('ZREVRANGE', KEYS[1], start, start + limit - 1)
`;

/** Reads records by token, in order; hands the tokens whose record Redis expired by itself to `onGone`. */
export type ReadRecords = (
  tokens: string[],
  onGone: (gone: string[]) => Promise<unknown>,
) => Promise<ViewTokenRecord[]>;

/** Pages of one issue-time index. */
export type IndexPager = (
  index: string,
  limit: number,
  cursor: string | undefined,
  prune: (gone: string[]) => Promise<unknown>,
) => Promise<TokenPage | undefined>;

/** Reads of a page at most (each after pruning tokens whose record Redis expired by itself). */
const PAGE_READS = 8;

/**
 * Pages of the Redis store's issue-time indexes (one session's, or all sessions'): the page's tokens
 * by one script, their records by one MGET; tokens whose record Redis expired by itself are pruned
 * from the index and the page read again. The cursor is the last record's issue time and token.
 * @example const page = createIndexPager(redis, readRecords); await page(keys.issued, 100, undefined, prune)
 */
export function createIndexPager(redis: RedisClient, read: ReadRecords): IndexPager {
  const runPage = defineScript(redis, PAGE_SCRIPT, 1);
  return async (index, limit, cursor, prune) => {
    const after = cursor === undefined ? undefined : fromCursor(cursor);
    if (after === null) return undefined;
    let records: ViewTokenRecord[] = [];
    for (let reads = 0; reads < PAGE_READS; reads += 1) {
      // One more than asked says whether a next page exists.
      const tokens = (await runPage(
        index,
        String(limit + 1),
        after === undefined ? '' : String(after.issuedAtMs),
        after?.token ?? '',
      )) as string[];
      let pruned = false;
      records = await read(tokens, (gone) => {
        pruned = true;
        return prune(gone);
      });
      if (!pruned) break;
    }
    const items = records.slice(0, limit);
    const last = items.at(-1);
    return {
      items,
      ...(records.length > limit && last !== undefined ? { nextCursor: `${last.issuedAtMs}.${last.token}` } : {}),
    };
  };
}

/** The issue time and token a cursor names; null when it is not one this store gave. */
function fromCursor(cursor: string): { issuedAtMs: number; token: string } | null {
  const match = /^(-?\d{1,16})\.([\s\S]+)$/.exec(cursor);
  return match ? { issuedAtMs: Number(match[1]), token: match[2] as string } : null;
}
