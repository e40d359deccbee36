import type { RuleStore } from '../core/scenarios/rule-store';
import { toRuleNumber } from '../core/scenarios/rule-store';
import type { Rule } from '../core/scenarios/rules';
import type { RedisClient } from './redis-connection';
import { defineScript, deploymentKeys, guardAll } from './redis-connection';

/** Names a rule and stores it, in one step: `r<n>` from a shared counter, so ids never collide across processes. */
const ADD_SCRIPT = `
local id = 'r' .. redis.call('INCR', KEYS[2])
local rule = '{"id":"' .. id .. '",' .. string.sub(ARGV[1], 2)
redis.call('HSET', KEYS[1], id, rule)
return rule
`;

/** One use of a rule, counted atomically: two processes never both take its last use. */
const USE_SCRIPT = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return false end
local rule = cjson.decode(raw)
if rule.remaining == cjson.null then return raw end
rule.remaining = rule.remaining - 1
local out = cjson.encode(rule)
if rule.remaining <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HSET', KEYS[1], ARGV[1], out) end
return out
`;

/** The configured rules, stored by the first process to start (or to reset); the others find them there. */
const SEED_SCRIPT = `
if not redis.call('SET', KEYS[3], '1', 'NX') then return 0 end
for i = 1, #ARGV do
  local id = 'r' .. redis.call('INCR', KEYS[2])
  redis.call('HSET', KEYS[1], id, '{"id":"' .. id .. '",' .. string.sub(ARGV[i], 2))
end
return #ARGV
`;

const CLEAR_ALL_SCRIPT = `
local count = redis.call('HLEN', KEYS[1])
redis.call('DEL', KEYS[1], KEYS[2])
return count
`;

/**
 * Scenario rules in Redis, shared by every mock on it: a hash of rule JSON by id. A rule set
 * through any process's admin API applies on all of them at their next request.
 * @example createRules(statuses, createRedisRuleStore({ redis, prefix: 'vtm:' }))
 */
export function createRedisRuleStore({ redis, prefix }: { redis: RedisClient; prefix: string }): RuleStore {
  const runAdd = defineScript(redis, ADD_SCRIPT, 2);
  const runUse = defineScript(redis, USE_SCRIPT, 1);
  const runSeed = defineScript(redis, SEED_SCRIPT, 3);
  const runClearAll = defineScript(redis, CLEAR_ALL_SCRIPT, 2);
  const base = deploymentKeys(prefix);
  const rules = `${base}rules`;
  const next = `${base}rules:next`;
  const seeded = `${base}rules:seeded`;
  const all = async (): Promise<Rule[]> =>
    (await redis.hvals(rules)).map((raw) => JSON.parse(raw) as Rule).sort((a, b) => toRuleNumber(a.id) - toRuleNumber(b.id));
  const store: RuleStore = {
    async add(rule) { return JSON.parse((await runAdd(rules, next, JSON.stringify(rule))) as string) as Rule; },
    async list(session) {
      const listed = await all();
      return session === undefined ? listed : listed.filter((rule) => rule.session === session);
    },
    async remove(id) { return (await redis.hdel(rules, id)) === 1; },
    async clear(session) {
      if (session === undefined) return (await runClearAll(rules, seeded)) as number;
      const ids = (await all()).filter((rule) => rule.session === session).map((rule) => rule.id);
      return ids.length === 0 ? 0 : redis.hdel(rules, ...ids);
    },
    async use(id) {
      const raw = (await runUse(rules, id)) as string | null;
      return raw === null ? undefined : (JSON.parse(raw) as Rule);
    },
    async seed(configured) {
      await runSeed(rules, next, seeded, ...configured.map((rule) => JSON.stringify(rule)));
    },
    async restore(saved) {
      const highest = Math.max(Number(await redis.get(next)) || 0, ...saved.map((rule) => toRuleNumber(rule.id)));
      const batch = redis.multi().del(rules).set(next, String(highest)).set(seeded, '1');
      for (const rule of saved) batch.hset(rules, rule.id, JSON.stringify(rule));
      await batch.exec();
    },
  };
  return guardAll(store);
}
