import type { RuleStore } from '../core/scenarios/rule-store';
import { fromRuleCursor, toRuleNumber } from '../core/scenarios/rule-store';
import type { Rule } from '../core/scenarios/rule';
import type { RedisClient } from './redis-connection';
import { defineScript, guardAll } from './redis-connection';
import { HEX_LUA } from './redis-journal';
import type { RedisKeys } from './redis-keys';
import { createRedisKeys } from './redis-keys';

/**
 * What every rule script shares. KEYS (all eight, always, in this order): the rules (a hash of JSON
 * by id), each session's count, the id counter, the seeding mark, the ids by number, the
 * by-session text index, each session's version, the change counter. A rule comes and goes with
 * its index entries, its session's count and a new version of its session's rules, in one step.
 */
const RULES_LUA = `${HEX_LUA}
local RULES, SESSIONS, COUNTER, SEEDED, ORDER, BY_SESSION, VERSIONS, CHANGES = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
local function number_of(id) return tonumber(string.sub(id, 2)) or 0 end
local function member_of(session, id) return hex(session) .. ':' .. string.format('%016d', number_of(id)) .. ':' .. id end
local function count(session, by)
  if redis.call('HINCRBY', SESSIONS, session, by) <= 0 then
    redis.call('HDEL', SESSIONS, session)
    redis.call('HDEL', VERSIONS, session)
  else
    redis.call('HSET', VERSIONS, session, redis.call('INCR', CHANGES))
  end
end
local function put(id, raw, session)
  redis.call('HSET', RULES, id, raw)
  redis.call('ZADD', ORDER, number_of(id), id)
  redis.call('ZADD', BY_SESSION, 0, member_of(session, id))
  count(session, 1)
end
local function drop(id, session)
  redis.call('HDEL', RULES, id)
  redis.call('ZREM', ORDER, id)
  redis.call('ZREM', BY_SESSION, member_of(session, id))
  count(session, -1)
end
local function reindex()
  redis.call('DEL', SESSIONS, ORDER, BY_SESSION, VERSIONS)
  local all = redis.call('HGETALL', RULES)
  for i = 1, #all, 2 do
    local session = cjson.decode(all[i + 1]).session
    redis.call('ZADD', ORDER, number_of(all[i]), all[i])
    redis.call('ZADD', BY_SESSION, 0, member_of(session, all[i]))
    count(session, 1)
  end
end
local function named(id, json) return '{"id":"' .. id .. '",' .. string.sub(json, 2) end
`;

/** Names a rule and stores it, in one step: `r<n>` from a shared counter, so ids never collide across processes. */
const ADD_SCRIPT = `${RULES_LUA}
local id = 'r' .. redis.call('INCR', COUNTER)
local rule = named(id, ARGV[1])
put(id, rule, ARGV[2])
return rule
`;

/** Names and stores several rules in one step (ARGV: each rule's JSON and session, in order): all or none. */
const ADD_ALL_SCRIPT = `${RULES_LUA}
local added = {}
for i = 1, #ARGV, 2 do
  local id = 'r' .. redis.call('INCR', COUNTER)
  local rule = named(id, ARGV[i])
  put(id, rule, ARGV[i + 1])
  added[#added + 1] = rule
end
return added
`;

/**
 * A call meeting a rule, counted atomically: while the rule has calls to let through (`after`) this one
 * passes, else it takes one use; two processes never both take its last use or its last pass (a count
 * is no new version). Answers 'passed' or 'answers' with the rule after that.
 */
const USE_SCRIPT = `${RULES_LUA}
local raw = redis.call('HGET', RULES, ARGV[1])
if not raw then return false end
local rule = cjson.decode(raw)
if type(rule.after) == 'number' and rule.after > 0 then
  rule.after = rule.after - 1
  local out = cjson.encode(rule)
  redis.call('HSET', RULES, ARGV[1], out)
  return {'passed', out}
end
if rule.remaining == cjson.null then return {'answers', raw} end
rule.remaining = rule.remaining - 1
local out = cjson.encode(rule)
if rule.remaining > 0 then redis.call('HSET', RULES, ARGV[1], out) else drop(ARGV[1], rule.session) end
return {'answers', out}
`;

const REMOVE_SCRIPT = `${RULES_LUA}
local raw = redis.call('HGET', RULES, ARGV[1])
if not raw then return 0 end
drop(ARGV[1], cjson.decode(raw).session)
return 1
`;

/** One session's rules (its range of the text index): O(its rules). */
const CLEAR_SESSION_SCRIPT = `${RULES_LUA}
local first, last = '[' .. hex(ARGV[1]) .. ':', '(' .. hex(ARGV[1]) .. ';'
local members = redis.call('ZRANGEBYLEX', BY_SESSION, first, last)
for _, member in ipairs(members) do
  local id = string.match(member, ':%d+:(.*)$')
  redis.call('HDEL', RULES, id)
  redis.call('ZREM', ORDER, id)
end
redis.call('ZREMRANGEBYLEX', BY_SESSION, first, last)
redis.call('HDEL', SESSIONS, ARGV[1])
redis.call('HDEL', VERSIONS, ARGV[1])
return #members
`;

/**
 * The configured rules, stored by the first process to start (or to reset); the others find them
 * there. Rules stored without their counts or indexes (by an earlier version) are indexed once here.
 */
const SEED_SCRIPT = `${RULES_LUA}
if not redis.call('SET', SEEDED, '1', 'NX') then
  if redis.call('HLEN', RULES) > 0 and (redis.call('EXISTS', SESSIONS) == 0 or redis.call('EXISTS', ORDER) == 0 or redis.call('EXISTS', VERSIONS) == 0) then reindex() end
  return 0
end
for i = 1, #ARGV do
  local id = 'r' .. redis.call('INCR', COUNTER)
  put(id, named(id, ARGV[i]), cjson.decode(ARGV[i]).session)
end
return #ARGV
`;

/** Everything goes but the counters: ids and versions never repeat. */
const CLEAR_ALL_SCRIPT = `${RULES_LUA}
local count = redis.call('HLEN', RULES)
redis.call('DEL', RULES, SEEDED, SESSIONS, ORDER, BY_SESSION, VERSIONS)
return count
`;

const RESTORE_SCRIPT = `${RULES_LUA}
redis.call('DEL', RULES)
for i = 2, #ARGV, 2 do redis.call('HSET', RULES, ARGV[i], ARGV[i + 1]) end
local highest = tonumber(redis.call('GET', COUNTER) or '0')
if tonumber(ARGV[1]) > highest then redis.call('SET', COUNTER, ARGV[1]) end
redis.call('SET', SEEDED, '1')
reindex()
`;

/**
 * A page in creation order: ARGV[1] how many, ARGV[2] the number after which ('0' from the start),
 * ARGV[3] the session ('' with ARGV[4] '0' for all sessions). O(log n + page).
 */
const PAGE_SCRIPT = `${RULES_LUA}
local limit, after = tonumber(ARGV[1]), tonumber(ARGV[2])
if limit <= 0 then return {} end
local ids
if ARGV[4] == '0' then
  ids = redis.call('ZRANGEBYSCORE', ORDER, '(' .. after, '+inf', 'LIMIT', 0, limit)
else
  local session = hex(ARGV[3])
  ids = {}
  for _, member in ipairs(redis.call('ZRANGEBYLEX', BY_SESSION, '(' .. session .. ':' .. string.format('%016d', after) .. ';', '(' .. session .. ';', 'LIMIT', 0, limit)) do
    ids[#ids + 1] = string.match(member, ':%d+:(.*)$')
  end
end
if #ids == 0 then return {} end
return redis.call('HMGET', RULES, unpack(ids))
`;

/** Stored rules as the store lists them: in creation order. */
function toRules(raws: readonly (string | null)[]): Rule[] {
  return raws
    .flatMap((raw) => (raw === null ? [] : [JSON.parse(raw) as Rule]))
    .sort((a, b) => toRuleNumber(a.id) - toRuleNumber(b.id));
}

/** The keys every rule script declares, in RULES_LUA's order. */
function ruleKeys(keys: RedisKeys): string[] {
  return [
    keys.rules,
    keys.ruleSessions,
    keys.ruleCounter,
    keys.rulesSeeded,
    keys.ruleOrder,
    keys.rulesBySession,
    keys.ruleVersions,
    keys.ruleChanges,
  ];
}

/**
 * Scenario rules in Redis, shared by every mock on it: a hash of rule JSON by id, indexed by number
 * and by session, with each session's count and version. A rule set through any process's admin
 * API applies on all of them at their next request; a page or a session's rules read only those.
 * @example createRules(statuses, createRedisRuleStore({ redis, prefix: 'vtm:' }))
 */
export function createRedisRuleStore({ redis, prefix }: { redis: RedisClient; prefix: string }): RuleStore {
  const keys = createRedisKeys(prefix);
  const declared = ruleKeys(keys);
  const script = (lua: string) => {
    const run = defineScript(redis, lua, declared.length);
    return (...args: string[]): Promise<unknown> => run(...declared, ...args);
  };
  const runAdd = script(ADD_SCRIPT);
  const runAddAll = script(ADD_ALL_SCRIPT);
  const runUse = script(USE_SCRIPT);
  const runRemove = script(REMOVE_SCRIPT);
  const runClearSession = script(CLEAR_SESSION_SCRIPT);
  const runSeed = script(SEED_SCRIPT);
  const runClearAll = script(CLEAR_ALL_SCRIPT);
  const runRestore = script(RESTORE_SCRIPT);
  const runPage = script(PAGE_SCRIPT);
  const page = async (session: string | undefined, after: number, limit: number): Promise<Rule[]> =>
    toRules(
      (await runPage(String(limit), String(after), session ?? '', session === undefined ? '0' : '1')) as (
        string | null
      )[],
    );
  const store: RuleStore = {
    async add(rule) {
      return JSON.parse((await runAdd(JSON.stringify(rule), rule.session)) as string) as Rule;
    },
    async addAll(rules) {
      const added = (await runAddAll(...rules.flatMap((rule) => [JSON.stringify(rule), rule.session]))) as string[];
      return added.map((raw) => JSON.parse(raw) as Rule);
    },
    async list(session) {
      if (session !== undefined) return page(session, 0, Number.MAX_SAFE_INTEGER);
      return toRules(await redis.hvals(keys.rules));
    },
    async page({ session, limit, cursor }) {
      const after = cursor === undefined ? 0 : fromRuleCursor(cursor);
      if (after === undefined) return undefined;
      const rules = await page(session, after, limit + 1);
      const shown = rules.slice(0, limit);
      const last = shown.at(-1);
      return { rules: shown, ...(rules.length > limit && last ? { nextCursor: String(toRuleNumber(last.id)) } : {}) };
    },
    async version(session) {
      return (await redis.hget(keys.ruleVersions, session)) ?? undefined;
    },
    async tally(session) {
      const [inSession, held] = await Promise.all([
        redis.hget(keys.ruleSessions, session),
        redis.hlen(keys.ruleSessions),
      ]);
      return { inSession: Number(inSession ?? 0), sessions: held };
    },
    async remove(id) {
      return (await runRemove(id)) === 1;
    },
    async clear(session) {
      return (await (session === undefined ? runClearAll() : runClearSession(session))) as number;
    },
    async use(id) {
      const met = (await runUse(id)) as [string, string] | null;
      return met === null ? undefined : { rule: JSON.parse(met[1]) as Rule, passed: met[0] === 'passed' };
    },
    async seed(configured) {
      await runSeed(...configured.map((rule) => JSON.stringify(rule)));
    },
    async restore(saved) {
      const highest = Math.max(0, ...saved.map((rule) => toRuleNumber(rule.id)));
      await runRestore(String(highest), ...saved.flatMap((rule) => [rule.id, JSON.stringify(rule)]));
    },
  };
  return guardAll(store, 'the rule store');
}
