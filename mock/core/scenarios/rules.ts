import type { ServiceStatuses } from '../service-statuses';
import { SERVICE_STATUSES } from '../service-statuses';
import { isServiceOperation } from '../routing/route-table';
import type { ServiceOperationId, ServiceRequest } from '../service-request';
import { findNearestName } from '../near-miss';
import { ROUTE_TABLE } from '../routing/route-table';
import type { Preferences } from './preferences';
import { PREFERENCE_KEYS } from './preferences';
import type { Rule, RuleCondition, RuleInput, RuleOutcome } from './rule';
import type { RulePage, RulePageQuery, RuleStore } from './rule-store';
import type { RuleIndex } from './rule-index';
import { createRuleIndex } from './rule-index';
import { createMemoryRuleStore } from './rule-store';
import type { SwitchPlan } from './switch-plan';
import { toSwitchPlan } from './switch-plan';

/** `unprocessable`: well-formed, but naming something no operation has (a 422, not a 400). */
export type RuleAdd = { kind: 'added'; rule: Rule } | { kind: 'invalid'; detail: string; unprocessable?: true } | { kind: 'full'; detail: string; of: 'rules' | 'sessions' };

/** Rules one session may hold at once: a loop adding rules cannot make every request scan millions. */
export const MAX_RULES_PER_SESSION = 1_000;
/** Sessions that may hold rules at once: with the cap above, a loop over new session names stops too. */
export const MAX_RULE_SESSIONS = 1_000;

/** The stateful scenario rules, per session, in creation order (the first match wins). */
export interface Rules {
  add(input: unknown, session: string): Promise<RuleAdd>;
  list(session?: string): Promise<Rule[]>;
  /** A page in creation order (GET /__admin/scenarios); undefined for a cursor the store did not give. */
  page(query: RulePageQuery): Promise<RulePage | undefined>;
  remove(id: string): Promise<boolean>;
  clear(session?: string): Promise<number>;
  /**
   * Finds the first rule of the request's session that matches and applies, and uses it up once.
   * `version`: the session's rules' version as a store step just read it (one-trip.ts), instead of asking again.
   */
  take(request: ServiceRequest, session: string, documented: readonly number[], version?: string): Promise<{ rule: Rule; plan: SwitchPlan } | undefined>;
  /** Puts the configured rules (already checked) in the global session, once per deployment. */
  seed(inputs: readonly RuleInput[]): Promise<void>;
  restore(rules: readonly Rule[]): Promise<void>;
}

/** The query and path parameters of each service operation (what a rule's `param` may name), from the route table. */
const PARAMETERS_OF: ReadonlyMap<string, readonly string[]> = new Map(ROUTE_TABLE.filter((route) => isServiceOperation(route.operationId))
  .map((route) => [route.operationId, route.parameters.filter((parameter) => parameter.in === 'query' || parameter.in === 'path').map((parameter) => parameter.name)]));
/** Every parameter some service operation has, in alphabetical order. */
const ALL_PARAMETERS: readonly string[] = [...new Set([...PARAMETERS_OF.values()].flat())].sort();

const CONDITION_KEYS = ['operation', 'param', 'equals', 'accessToken'] as const;

/**
 * Creates the rule set over a store (this process's memory by default, or Redis). A rule's outcome
 * must be one some operation can answer; it is applied only to operations that document its
 * status (a 403 rule never touches the viewer's data call).
 * @example await createRules().add({ when: { param: 'fileId', equals: '123' }, then: { scenario: 'forbidden' }, times: 2 }, '')
 */
export function createRules(statuses: ServiceStatuses = SERVICE_STATUSES, store: RuleStore = createMemoryRuleStore()): Rules {
  /** Each session's rules indexed, kept while their version holds (rebuilt after a rule is added or goes). */
  const indexes = new Map<string, { version: string; index: RuleIndex }>();
  const indexOf = async (session: string, known: string | undefined): Promise<RuleIndex | undefined> => {
    const version = known ?? await store.version(session);
    if (version === undefined) {
      indexes.delete(session);
      return undefined;
    }
    const cached = indexes.get(session);
    if (cached?.version === version) return cached.index;
    // Read after the version: the rules are at least that new (a newer change gives a new version next time).
    const index = createRuleIndex(await store.list(session));
    if (indexes.size >= MAX_RULE_SESSIONS && !indexes.has(session)) indexes.clear();
    indexes.set(session, { version, index });
    return index;
  };
  return {
    async add(input, session) {
      const checked = checkRule(input, statuses);
      if (checked.kind === 'invalid') return checked;
      const { inSession, sessions } = await store.tally(session);
      if (inSession >= MAX_RULES_PER_SESSION) {
        return { kind: 'full', of: 'rules', detail: `This session already has ${MAX_RULES_PER_SESSION} rules, the most it may hold; delete some (DELETE /__admin/scenarios) first.` };
      }
      if (inSession === 0 && sessions >= MAX_RULE_SESSIONS) {
        return { kind: 'full', of: 'sessions', detail: `${MAX_RULE_SESSIONS} sessions hold rules already, the most the mock keeps; clear one (DELETE /__admin/scenarios with its X-Mock-Session) first.` };
      }
      return { kind: 'added', rule: await store.add({ session, ...checked.rule }) };
    },
    list: (session) => store.list(session),
    page: (query) => store.page(query),
    remove: (id) => store.remove(id),
    clear: (session) => store.clear(session),
    async take(request, session, documented, version) {
      const index = await indexOf(session, version);
      if (index === undefined) return undefined;
      for (const rule of index.matching(request)) {
        const planned = toSwitchPlan(toPreferences(rule.then), request.operationId, documented);
        if (planned.kind !== 'ok') continue;
        // A rule with uses left is counted in the store, atomically: another process may have used it up.
        const used = rule.remaining === null ? rule : await store.use(rule.id);
        if (used) return { rule: used, plan: planned.plan };
      }
      return undefined;
    },
    seed(inputs) {
      const rules = inputs.map((input) => checkRule(input, statuses)).flatMap((checked) => (checked.kind === 'ok' ? [{ session: '', ...checked.rule }] : []));
      return store.seed(rules);
    },
    restore: (saved) => store.restore(saved),
  };
}

function toPreferences(outcome: RuleOutcome): Preferences {
  return Object.fromEntries(Object.entries(outcome).map(([key, value]) => [key, String(value)]));
}

/** `allowed`: for a refused switch value, every value of each switch the rule's operation accepts. */
export type RuleCheck = { kind: 'ok'; rule: Omit<Rule, 'id' | 'session'> } | { kind: 'invalid'; detail: string; unprocessable?: true; allowed?: Record<string, readonly (string | number)[]> };

/**
 * Checks a rule as the admin API or the config file gives it.
 * @example checkRule({ then: { code: 503 }, times: 1 }) // { kind: 'ok', rule: { when: {}, then: { code: 503 }, remaining: 1 } }
 */
export function checkRule(input: unknown, statuses: ServiceStatuses = SERVICE_STATUSES): RuleCheck {
  const checked = toRule(input, statuses);
  if (typeof checked === 'string') return { kind: 'invalid', detail: checked };
  if ('rejected' in checked) return { kind: 'invalid', detail: checked.rejected, allowed: checked.allowed };
  return 'unprocessable' in checked ? { kind: 'invalid', detail: checked.unprocessable, unprocessable: true } : { kind: 'ok', rule: checked };
}

/** Checks a rule's shape; a string is what is wrong with it. */
function toRule(input: unknown, statuses: ServiceStatuses): Omit<Rule, 'id' | 'session'> | string | { unprocessable: string } | { rejected: string; allowed: Record<string, readonly (string | number)[]> } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'a rule is a JSON object {when?, then, times?}';
  const { when = {}, then, times } = input as { when?: unknown; then?: unknown; times?: unknown };
  if (typeof when !== 'object' || when === null || Array.isArray(when)) return '"when" must be an object {operation?, param?, equals?, accessToken?}';
  for (const [key, value] of Object.entries(when)) {
    if (!(CONDITION_KEYS as readonly string[]).includes(key)) return `"when.${key}" is not a condition (use ${CONDITION_KEYS.join(', ')})`;
    if (typeof value !== 'string' && typeof value !== 'number') return `"when.${key}" must be a string`;
  }
  for (const key of ['operation', 'param', 'accessToken'] as const) {
    if (key in when && typeof (when as Record<string, unknown>)[key] !== 'string') return `"when.${key}" must be a string`;
  }
  const condition = when as RuleCondition;
  if (condition.equals !== undefined && condition.param === undefined) return '"when.equals" needs "when.param"';
  if (typeof then !== 'object' || then === null || Array.isArray(then)) return '"then" must be an object with scenario, code, delay or fault';
  const outcome: RuleOutcome = {};
  for (const [key, value] of Object.entries(then)) {
    if (!(PREFERENCE_KEYS as readonly string[]).includes(key)) return `"then.${key}" is not an outcome (use ${PREFERENCE_KEYS.join(', ')})`;
    if (typeof value !== 'string' && typeof value !== 'number') return `"then.${key}" must be a string or a number`;
    outcome[key as keyof Preferences] = value;
  }
  if (Object.keys(outcome).length === 0) return '"then" needs one of scenario, code, delay, fault';
  if (condition.operation !== undefined && !isServiceOperation(condition.operation)) {
    return `"when.operation" ${condition.operation} is not a service operation (use ${Object.keys(statuses).join(', ')})`;
  }
  const documented = condition.operation === undefined ? [...new Set(Object.values(statuses).flat())] : statuses[condition.operation];
  const unknownParam = condition.param === undefined ? undefined : checkParam(condition.param, condition.operation);
  if (unknownParam !== undefined) return { unprocessable: unknownParam };
  const planned = toSwitchPlan(toPreferences(outcome), condition.operation ?? 'any service operation', documented);
  if (planned.kind === 'rejected') return { rejected: planned.detail, allowed: planned.allowed };
  if (times !== undefined && (!Number.isInteger(times) || (times as number) < 1)) return '"times" must be a positive integer';
  return { when: condition, then: outcome, remaining: (times as number | undefined) ?? null };
}

/** What is wrong with a rule's `param` (no operation, or not the rule's operation, has it), or undefined. */
function checkParam(param: string, operation: ServiceOperationId | undefined): string | undefined {
  const known = operation === undefined ? ALL_PARAMETERS : PARAMETERS_OF.get(operation) ?? [];
  if (known.includes(param)) return undefined;
  const nearest = findNearestName(param, known);
  const where = operation === undefined ? 'no service operation has it' : `${operation} does not have it`;
  return `"when.param" ${param}: ${where}${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}; use ${known.length === 0 ? 'no param' : known.join(', ')}`;
}
