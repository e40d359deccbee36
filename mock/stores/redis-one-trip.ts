import type { ClockState } from '../core/clock';
import type { OneTripStore, Trip, TripClocks } from '../core/one-trip-store';
import type { TouchResult, ViewTokenRecord } from '../core/token-store';
import { DEFAULT_MAX_VIEW_TOKENS } from '../core/token-store';
import { StoreFullError, StoreReplyError } from '../core/store-errors';
import { JOURNAL_LUA, journalKeys, toJournalArgs } from './redis-journal';
import type { RedisClient } from './redis-connection';
import { defineKeyedScript, guardAll } from './redis-connection';
import { createRedisKeys } from './redis-keys';
import { INSERT_LUA, TOUCH_LUA } from './redis-token-store';

/**
 * A whole View Token request in one step. KEYS: the rule counts by session, the rules' versions by
 * session, the journal's five keys (journalKeys), the Access Token's record (the rule counts again when
 * none is checked), the clocks (a hash by session), then the View Token's record (a use's, or the
 * carried token's whose session the request takes) and the effect's keys. ARGV: session, journal
 * capacity, the entry's JSON without `atMs` and `status`, the status when done and when a touched token
 * is refused, the Access Token's appKey ('' for none) and expiry, the effect ('none', 'insert',
 * 'touch'), the entry's session in hex and unmatched flag (toJournalArgs), this process's real time,
 * '1' when the request takes the session of the View Token it carries (then the entry's JSON starts
 * with `{"session":""` and the session is put in here), then the effect's arguments. The mock time is
 * read here from the stored clocks (a session without its own follows the deployment's, ''): the
 * request's session's for the journal, the issue and the Access Token; the token's own session's for a
 * use. A session holding rules gets their version and the clocks back, an Access Token gone or expired
 * the clocks, and nothing is done. Nothing is changed unless everything is. Every answer but 'taken'
 * and 'full' ends with the session it ran in.
 */
const TRIP_SCRIPT = `${INSERT_LUA}${TOUCH_LUA}${JOURNAL_LUA}
local real_now = tonumber(ARGV[11])
local session, entry, session_hex = ARGV[1], ARGV[3], ARGV[9]
if ARGV[12] == '1' then
  local raw = redis.call('GET', KEYS[10])
  session = raw and cjson.decode(raw).session or ''
  entry = '{"session":' .. cjson.encode(session) .. string.sub(ARGV[3], 14)
  session_hex = hex(session)
end
local function own_clock(name) return redis.call('HGET', KEYS[9], name) end
local function now_of(name)
  local raw = own_clock(name)
  if not raw and name ~= '' then raw = own_clock('') end
  if not raw then return real_now end
  local state = cjson.decode(raw)
  if state.frozenAtMs ~= cjson.null then return state.frozenAtMs end
  return real_now + state.offsetMs
end
local function ms(value) return string.format('%.0f', value) end
local function clocks_read()
  local sessions, out = {session, ''}, {}
  if ARGV[8] == 'touch' then
    local raw = redis.call('GET', KEYS[10])
    if raw then sessions[3] = cjson.decode(raw).session end
  end
  for _, name in ipairs(sessions) do
    out[#out + 1] = name
    out[#out + 1] = own_clock(name) or ''
  end
  return out
end
if redis.call('HEXISTS', KEYS[1], session) == 1 then return {'rules', redis.call('HGET', KEYS[2], session) or '', clocks_read(), session} end
local at = now_of(session)
if ARGV[6] ~= '' then
  local raw = redis.call('GET', KEYS[8])
  if not raw then return {'stale', clocks_read(), session} end
  local granted = cjson.decode(raw)
  local expires = tonumber(ARGV[7])
  if granted.appKey ~= ARGV[6] or tonumber(granted.expiresAtMs) ~= expires or at >= expires then return {'stale', clocks_read(), session} end
end
local owns = own_clock(session) and '1' or '0'
local status, answer = ARGV[4], {'done', ms(at), '', '', owns, session}
if ARGV[8] == 'insert' then
  local record = string.sub(ARGV[13], 1, -2) .. ',"issuedAtMs":' .. ms(at) .. '}'
  local inserted = insert(KEYS[10], KEYS[11], KEYS[12], KEYS[13], record, ARGV[14], ms(at), ms(at), ARGV[15], ARGV[16])
  if inserted == 0 then return {'taken'} end
  if inserted == -1 then return {'full'} end
elseif ARGV[8] == 'touch' then
  local raw, touched = redis.call('GET', KEYS[10]), false
  if raw then
    local used = now_of(cjson.decode(raw).session)
    touched = touch(KEYS[10], KEYS[11], used, ARGV[13], ARGV[14], used - tonumber(ARGV[15]))
  end
  if not touched then
    status, answer = ARGV[5], {'done', ms(at), 'unknown', '', owns, session}
  else
    if touched[1] ~= 'used' then status = ARGV[5] end
    answer = {'done', ms(at), touched[1], touched[2], owns, session}
  end
end
journal(KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], '"atMs":' .. ms(at) .. ',"status":' .. status .. ',' .. string.sub(entry, 2), ARGV[2], session_hex, ARGV[10])
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
export function createRedisOneTrip({
  redis,
  prefix,
  keepMs,
  maxRecords = DEFAULT_MAX_VIEW_TOKENS,
  journalCapacity,
}: RedisOneTripOptions): OneTripStore {
  const runTrip = defineKeyedScript(redis, TRIP_SCRIPT);
  const keys = createRedisKeys(prefix);
  const capacity = String(journalCapacity);
  const keep = String(keepMs);
  const cap = String(maxRecords);
  const store: OneTripStore = {
    async run({ session, sessionOfToken, accessToken, effect, journal, refusedStatus, realNowMs }) {
      const { status, ...fields } = journal;
      const byToken = sessionOfToken !== undefined;
      const tripKeys = [
        keys.ruleSessions,
        keys.ruleVersions,
        ...journalKeys(keys),
        accessToken ? keys.accessToken(accessToken.token) : keys.ruleSessions,
        keys.clocks,
      ];
      const args = [
        session,
        capacity,
        // The script puts the token's session in place of the first field's empty one.
        JSON.stringify(byToken ? sessionFirst(fields) : fields),
        String(status),
        String(refusedStatus),
        accessToken?.appKey ?? '',
        String(accessToken?.expiresAtMs ?? 0),
        effect.kind,
        ...toJournalArgs(journal),
        String(realNowMs),
        byToken ? '1' : '0',
      ];
      if (effect.kind === 'insert') {
        const { record } = effect;
        tripKeys.push(keys.viewToken(record.token), keys.activity, keys.sessionIndex(record.session), keys.issued);
        args.push(JSON.stringify(record), keep, record.token, cap);
      } else if (effect.kind === 'touch') {
        tripKeys.push(keys.viewToken(effect.token), keys.activity);
        args.push(keep, effect.token, String(effect.ttlMs));
      } else if (sessionOfToken !== undefined) tripKeys.push(keys.viewToken(sessionOfToken));
      const answer = (await runTrip(tripKeys, args)) as [string, ...unknown[]];
      const [kind] = answer;
      if (kind === 'full') throw new StoreFullError(maxRecords);
      if (kind === 'taken') return { kind };
      const ran = byToken ? { session: answer.at(-1) as string } : {};
      if (kind === 'rules') {
        const version = answer[1] as string;
        const clocks = toTripClocks(answer[2] as string[]);
        return { kind, ...(version === '' ? {} : { version }), clocks, ...ran };
      }
      if (kind === 'stale') return { kind, clocks: toTripClocks(answer[1] as string[]), ...ran };
      if (kind !== 'done') throw new StoreReplyError('the one-trip script', answer);
      const [, atMs, touched, raw, owns] = answer as [string, string, string, string, string, string];
      // Whether the session has a clock of its own: only then is its activity recorded (idle-clocks.ts).
      const ownClock = owns === '1' ? { ownClock: true } : {};
      return touched === ''
        ? { kind: 'done', atMs: Number(atMs), ...ownClock, ...ran }
        : { kind: 'done', atMs: Number(atMs), touched: toTouchResult(touched, raw), ...ownClock, ...ran };
    },
  };
  return guardAll(store, 'the one-trip script');
}

/** The entry's fields with an empty session first, where the script finds it. */
function sessionFirst({ session: _unknownYet, ...rest }: Omit<Trip['journal'], 'status'>): object {
  return { session: '', ...rest };
}

function toTouchResult(kind: string, raw: string): TouchResult {
  if (kind === 'unknown' || raw === '') return { kind: 'unknown' };
  return { kind: kind === 'used' ? 'used' : 'inactive', record: JSON.parse(raw) as ViewTokenRecord };
}

/** The clocks the script read, as `session, state JSON ('' for none)` pairs. */
function toTripClocks(pairs: readonly string[]): TripClocks {
  const sessions: string[] = [];
  const states = new Map<string, ClockState>();
  for (let index = 0; index + 1 < pairs.length; index += 2) {
    const session = pairs[index] as string;
    const raw = pairs[index + 1] as string;
    if (!sessions.includes(session)) sessions.push(session);
    if (raw !== '') {
      const { offsetMs, frozenAtMs } = JSON.parse(raw) as ClockState;
      states.set(session, { offsetMs, frozenAtMs });
    }
  }
  return { sessions, states };
}
