import type { RedisClient } from './redis-connection';
import { defineScript } from './redis-connection';
import { createRedisKeys } from './redis-keys';
import { HEX_LUA } from './redis-journal';

/**
 * Up to 0.2 the activity index was `{prefix}vt:activity`, inside the View Tokens' own namespace
 * (so `viewToken=activity` read the index). Moves it to its own key, merging with one a newer
 * process may have started meanwhile (the later activity wins): 1 when something moved, else 0.
 */
const MOVE_ACTIVITY_SCRIPT = `
if redis.call('TYPE', KEYS[1]).ok ~= 'zset' then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('ZUNIONSTORE', KEYS[2], 2, KEYS[2], KEYS[1], 'AGGREGATE', 'MAX')
  redis.call('DEL', KEYS[1])
else
  redis.call('RENAME', KEYS[1], KEYS[2])
end
return 1
`;

/**
 * Up to 0.2 the journal was one list (`{prefix}journal`, newest first): its entries move to the
 * sorted sets (entries by number, indexed by session and unmatched), oldest first. KEYS: the list,
 * the entries, the unmatched ids, the two by-session indexes.
 */
const MOVE_JOURNAL_SCRIPT = `${HEX_LUA}
if redis.call('TYPE', KEYS[1]).ok ~= 'list' then return 0 end
local raws = redis.call('LRANGE', KEYS[1], 0, -1)
for i = #raws, 1, -1 do
  local entry = cjson.decode(raws[i])
  local padded = string.format('%016d', entry.id)
  local member = hex(entry.session or '') .. ':' .. padded
  redis.call('ZADD', KEYS[2], entry.id, raws[i])
  redis.call('ZADD', KEYS[4], 0, member)
  if entry.operationId == '' then
    redis.call('ZADD', KEYS[3], entry.id, padded)
    redis.call('ZADD', KEYS[5], 0, member)
  end
end
redis.call('DEL', KEYS[1])
return #raws
`;

/** Tokens read at a time while building an index. */
const CHUNK = 1_000;

/**
 * Brings a deployment's keys written by an earlier version to today's layout, at start (every
 * step is idempotent: several processes may start at once): the activity index moved, the issue-time
 * index of all tokens built, the journal's list moved to its sorted sets.
 * @example await migrateRedisKeys(redis, 'vtm:');
 */
export async function migrateRedisKeys(redis: RedisClient, prefix: string): Promise<void> {
  const keys = createRedisKeys(prefix);
  await defineScript(redis, MOVE_ACTIVITY_SCRIPT, 2)(`${keys.viewTokenPrefix}activity`, keys.activity);
  await buildIssueIndex(redis, keys);
  await defineScript(redis, MOVE_JOURNAL_SCRIPT, 5)(
    keys.legacyJournal,
    keys.journalEntries,
    keys.journalUnmatched,
    keys.journalBySession,
    keys.journalUnmatchedBySession,
  );
}

/**
 * Up to 0.2 there was no index of all View Tokens by issue time (a page of all sessions read every
 * token): builds it from the records once, when it is missing and tokens are held.
 */
async function buildIssueIndex(redis: RedisClient, keys: ReturnType<typeof createRedisKeys>): Promise<void> {
  if ((await redis.exists(keys.issued)) === 1) return;
  for (let start = 0; ; start += CHUNK) {
    const tokens = await redis.zrange(keys.activity, String(start), String(start + CHUNK - 1));
    if (tokens.length === 0) return;
    const records = await redis.mget(tokens.map(keys.viewToken));
    const scored = records.flatMap((raw, at) =>
      raw === null ? [] : [String((JSON.parse(raw) as { issuedAtMs: number }).issuedAtMs), tokens[at] as string],
    );
    if (scored.length > 0) await redis.zadd(keys.issued, ...scored);
  }
}
