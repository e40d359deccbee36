import type { RuleStore } from '../core/scenarios/rule-store';
import { toRuleNumber } from '../core/scenarios/rule-store';
import type { Rule } from '../core/scenarios/rule';
import type { RedisClient } from './redis-connection';
import { defineScript, guardAll } from './redis-connection';
import { createRedisKeys } from './redis-keys';

/**
 * Each session's rule count (KEYS[2] of the scripts below, a hash), kept with the rules in the same
 * scripts: a request's one round trip asks it whether its session holds any rule (one-trip.ts).
 */
const COUNT_LUA = `
local function count(sessions, session, by)
  if redis.call('HINCRBY', sessions, session, by) <= 0 then redis.call('HDEL', sessions, session) end
end
local function recount(rules, sessions)
  redis.call('DEL', sessions)
  for _, raw in ipairs(redis.call('HVALS', rules)) do count(sessions, cjson.decode(raw).session, 1) end
end
`;

/** Names a rule and stores it, in one step: `r<n>` from a shared counter, so ids never collide across processes. */
const ADD_SCRIPT = `${COUNT_LUA}
local id = 'r' .. redis.call('INCR', KEYS[3])
local rule = '{"id":"' .. id .. '",' .. string.sub(ARGV[1], 2)
redis.call('HSET', KEYS[1], id, rule)
count(KEYS[2], ARGV[2], 1)
return rule
`;

/** One use of a rule, counted atomically: two processes never both take its last use. */
const USE_SCRIPT = `${COUNT_LUA}
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return false end
local rule = cjson.decode(raw)
if rule.remaining == cjson.null then return raw end
rule.remaining = rule.remaining - 1
local out = cjson.encode(rule)
if rule.remaining > 0 then
  redis.call('HSET', KEYS[1], ARGV[1], out)
else
  redis.call('HDEL', KEYS[1], ARGV[1])
  count(KEYS[2], rule.session, -1)
end
return out
`;

const REMOVE_SCRIPT = `${COUNT_LUA}
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
count(KEYS[2], cjson.decode(raw).session, -1)
return 1
`;

const CLEAR_SESSION_SCRIPT = `
local all, gone = redis.call('HGETALL', KEYS[1]), 0
for i = 1, #all, 2 do
  if cjson.decode(all[i + 1]).session == ARGV[1] then
    redis.call('HDEL', KEYS[1], all[i])
    gone = gone + 1
  end
end
redis.call('HDEL', KEYS[2], ARGV[1])
return gone
`;

/**
 * The configured rules, stored by the first process to start (or to reset); the others find them
 * there. Rules stored without their counts (by an earlier build of 0.2.0) are counted once here.
 */
const SEED_SCRIPT = `${COUNT_LUA}
if not redis.call('SET', KEYS[4], '1', 'NX') then
  if redis.call('EXISTS', KEYS[2]) == 0 and redis.call('HLEN', KEYS[1]) > 0 then recount(KEYS[1], KEYS[2]) end
  return 0
end
for i = 1, #ARGV do
  local id = 'r' .. redis.call('INCR', KEYS[3])
  local rule = '{"id":"' .. id .. '",' .. string.sub(ARGV[i], 2)
  redis.call('HSET', KEYS[1], id, rule)
  count(KEYS[2], cjson.decode(rule).session, 1)
end
return #ARGV
`;

const CLEAR_ALL_SCRIPT = `
local count = redis.call('HLEN', KEYS[1])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
return count
`;

const RESTORE_SCRIPT = `${COUNT_LUA}
redis.call('DEL', KEYS[1])
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
local highest = tonumber(redis.call('GET', KEYS[3]) or '0')
if tonumber(ARGV[1]) > highest then redis.call('SET', KEYS[3], ARGV[1]) end
redis.call('SET', KEYS[4], '1')
recount(KEYS[1], KEYS[2])
`;

/** Stored rules as the store lists them: in creation order. */
export function toRules(raws: readonly string[]): Rule[] {
  return raws.map((raw) => JSON.parse(raw) as Rule).sort((a, b) => toRuleNumber(a.id) - toRuleNumber(b.id));
}

/**
 * Scenario rules in Redis, shared by every mock on it: a hash of rule JSON by id. A rule set
 * through any process's admin API applies on all of them at their next request.
 * @example createRules(statuses, createRedisRuleStore({ redis, prefix: 'vtm:' }))
 */
export function createRedisRuleStore({ redis, prefix }: { redis: RedisClient; prefix: string }): RuleStore {
  const runAdd = defineScript(redis, ADD_SCRIPT, 3);
  const runUse = defineScript(redis, USE_SCRIPT, 2);
  const runRemove = defineScript(redis, REMOVE_SCRIPT, 2);
  const runClearSession = defineScript(redis, CLEAR_SESSION_SCRIPT, 2);
  const runSeed = defineScript(redis, SEED_SCRIPT, 4);
  const runClearAll = defineScript(redis, CLEAR_ALL_SCRIPT, 3);
  const runRestore = defineScript(redis, RESTORE_SCRIPT, 4);
  const { rules, ruleSessions: sessions, ruleCounter: next, rulesSeeded: seeded } = createRedisKeys(prefix);
  const all = async (): Promise<Rule[]> => toRules(await redis.hvals(rules));
  const store: RuleStore = {
    async add(rule) { return JSON.parse((await runAdd(rules, sessions, next, JSON.stringify(rule), rule.session)) as string) as Rule; },
    async list(session) {
      const listed = await all();
      return session === undefined ? listed : listed.filter((rule) => rule.session === session);
    },
    async tally(session) {
      const [inSession, held] = await Promise.all([redis.hget(sessions, session), redis.hlen(sessions)]);
      return { inSession: Number(inSession ?? 0), sessions: held };
    },
    async remove(id) { return (await runRemove(rules, sessions, id)) === 1; },
    async clear(session) {
      return (await (session === undefined ? runClearAll(rules, seeded, sessions) : runClearSession(rules, sessions, session))) as number;
    },
    async use(id) {
      const raw = (await runUse(rules, sessions, id)) as string | null;
      return raw === null ? undefined : (JSON.parse(raw) as Rule);
    },
    async seed(configured) {
      await runSeed(rules, sessions, next, seeded, ...configured.map((rule) => JSON.stringify(rule)));
    },
    async restore(saved) {
      const highest = Math.max(0, ...saved.map((rule) => toRuleNumber(rule.id)));
      await runRestore(rules, sessions, next, seeded, String(highest), ...saved.flatMap((rule) => [rule.id, JSON.stringify(rule)]));
    },
  };
  return guardAll(store, 'the rule store');
}
