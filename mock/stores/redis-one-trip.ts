import type { OneTripStore } from '../core/one-trip-store';
import type { TouchResult, ViewTokenRecord } from '../core/token-store';
import { DEFAULT_MAX_VIEW_TOKENS, lastActiveMs } from '../core/token-store';
import { StoreFullError, StoreReplyError } from '../core/store-errors';
import { JOURNAL_LUA, journalKeys, toJournalArgs } from './redis-journal';
import type { RedisClient } from './redis-connection';
import { defineKeyedScript, guardAll } from './redis-connection';
import { createRedisKeys } from './redis-keys';
import { INSERT_LUA, TOUCH_LUA } from './redis-token-store';

/**
 * A whole View Token request in one step. KEYS: the rule counts by session, the rules' versions by session, the journal's
 * five keys (journalKeys), the Access Token's record (the rule counts again when none is checked),
 * then the effect's keys. A session holding rules gets their version back (nothing else is done):
 * the step-by-step way matches them from this process's index of them unless they changed since. ARGV: session, journal capacity, the entry's JSON
 * without `status`, the status when done and when a touched token is refused, the Access Token's
 * appKey ('' for none) and expiry, the effect ('none', 'insert', 'touch'), the entry's session in hex
 * and unmatched flag (toJournalArgs), then the effect's arguments. Nothing is changed unless
 * everything is.
 */
const TRIP_SCRIPT = `${INSERT_LUA}${TOUCH_LUA}${JOURNAL_LUA}
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return {'rules', redis.call('HGET', KEYS[2], ARGV[1]) or ''} end
if ARGV[6] ~= '' then
  local raw = redis.call('GET', KEYS[8])
  if not raw then return {'stale'} end
  local granted = cjson.decode(raw)
  if granted.appKey ~= ARGV[6] or tonumber(granted.expiresAtMs) ~= tonumber(ARGV[7]) then return {'stale'} end
end
local status, answer = ARGV[4], {'done'}
if ARGV[8] == 'insert' then
  local inserted = insert(KEYS[9], KEYS[10], KEYS[11], KEYS[12], ARGV[11], ARGV[12], ARGV[13], ARGV[14], ARGV[15], ARGV[16])
  if inserted == 0 then return {'taken'} end
  if inserted == -1 then return {'full'} end
elseif ARGV[8] == 'touch' then
  local touched = touch(KEYS[9], KEYS[10], ARGV[11], ARGV[12], ARGV[13], ARGV[14])
  if not touched then
    status, answer = ARGV[5], {'done', 'unknown'}
  else
    if touched[1] ~= 'used' then status = ARGV[5] end
    answer = {'done', touched[1], touched[2]}
  end
end
journal(KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], '"status":' .. status .. ',' .. string.sub(ARGV[3], 2), ARGV[2], ARGV[9], ARGV[10])
return answer
`;

export interface RedisOneTripOptions {
  redis: RedisClient;
  prefix: string;
  /** As the token store's (createRedisTokenStore): how long Redis keeps a record, and the cap. */
  keepMs: number;
  maxRecords?: number;
  journalCapacity: number;
}

/**
 * The Redis store's one round trip per View Token request (see OneTripStore): the keys and Lua of
 * the rule, token and journal stores, in one script.
 * @example createCore({ …, oneTrip: createRedisOneTrip({ redis, prefix: 'vtm:', keepMs, journalCapacity: 1000 }) })
 */
export function createRedisOneTrip({ redis, prefix, keepMs, maxRecords = DEFAULT_MAX_VIEW_TOKENS, journalCapacity }: RedisOneTripOptions): OneTripStore {
  const runTrip = defineKeyedScript(redis, TRIP_SCRIPT);
  const keys = createRedisKeys(prefix);
  const capacity = String(journalCapacity);
  const keep = String(keepMs);
  const cap = String(maxRecords);
  const store: OneTripStore = {
    async run({ session, accessToken, effect, journal, refusedStatus }) {
      const { status, ...fields } = journal;
      const tripKeys = [keys.ruleSessions, keys.ruleVersions, ...journalKeys(keys), accessToken ? keys.accessToken(accessToken.token) : keys.ruleSessions];
      const args = [session, capacity, JSON.stringify(fields), String(status), String(refusedStatus), accessToken?.appKey ?? '', String(accessToken?.expiresAtMs ?? 0), effect.kind, ...toJournalArgs(journal)];
      if (effect.kind === 'insert') {
        const { record } = effect;
        tripKeys.push(keys.viewToken(record.token), keys.activity, keys.sessionIndex(record.session), keys.issued);
        args.push(JSON.stringify(record), keep, String(lastActiveMs(record)), String(record.issuedAtMs), record.token, cap);
      } else if (effect.kind === 'touch') {
        tripKeys.push(keys.viewToken(effect.token), keys.activity);
        args.push(String(effect.usedAtMs), keep, effect.token, String(effect.activeAfterMs));
      }
      const answer = (await runTrip(tripKeys, args)) as string[];
      const [kind, touched, raw] = answer;
      if (kind === 'full') throw new StoreFullError(maxRecords);
      if (kind === 'rules') return touched ? { kind, version: touched } : { kind };
      if (kind === 'stale' || kind === 'taken') return { kind };
      if (kind !== 'done') throw new StoreReplyError('the one-trip script', answer);
      return touched === undefined ? { kind: 'done' } : { kind: 'done', touched: toTouchResult(touched, raw) };
    },
  };
  return guardAll(store, 'the one-trip script');
}

function toTouchResult(kind: string, raw: string | undefined): TouchResult {
  if (kind === 'unknown' || raw === undefined) return { kind: 'unknown' };
  return { kind: kind === 'used' ? 'used' : 'inactive', record: JSON.parse(raw) as ViewTokenRecord };
}
