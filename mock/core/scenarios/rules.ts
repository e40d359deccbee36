import { parseInt64 } from '../int64';
import type { ServiceStatuses } from '../service-statuses';
import { SERVICE_STATUSES, isServiceOperation } from '../service-statuses';
import type { ServiceOperationId, ServiceRequest } from '../service-request';
import { findNearestName } from '../near-miss';
import { ALL_PARAMETERS, PARAMETERS_OF } from '../service-routes';
import type { Preferences } from './preferences';
import { PREFERENCE_KEYS } from './preferences';
import type { Rule, RuleCondition, RuleInput, RuleOutcome } from './rule';
import type { RuleStore } from './rule-store';
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
  remove(id: string): Promise<boolean>;
  clear(session?: string): Promise<number>;
  /**
   * Finds the first rule of the request's session that matches and applies, and uses it up once.
   * `listed`: the session's rules as a store step just read them (one-trip.ts), instead of reading again.
   */
  take(request: ServiceRequest, session: string, documented: readonly number[], listed?: readonly Rule[]): Promise<{ rule: Rule; plan: SwitchPlan } | undefined>;
  /** Puts the configured rules (already checked) in the global session, once per deployment. */
  seed(inputs: readonly RuleInput[]): Promise<void>;
  restore(rules: readonly Rule[]): Promise<void>;
}

const CONDITION_KEYS = ['operation', 'param', 'equals', 'accessToken'] as const;

/**
 * Creates the rule set over a store (this process's memory by default, or Redis). A rule's outcome
 * must be one some operation can answer; it is applied only to operations that document its
 * status (a 403 rule never touches the viewer's data call).
 * @example await createRules().add({ when: { param: 'fileId', equals: '123' }, then: { scenario: 'forbidden' }, times: 2 }, '')
 */
export function createRules(statuses: ServiceStatuses = SERVICE_STATUSES, store: RuleStore = createMemoryRuleStore()): Rules {
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
    remove: (id) => store.remove(id),
    clear: (session) => store.clear(session),
    async take(request, session, documented, listed) {
      for (const rule of listed ?? await store.list(session)) {
        if (!matches(rule.when, request)) continue;
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

function matches(when: RuleCondition, request: ServiceRequest): boolean {
  if (when.operation !== undefined && when.operation !== request.operationId) return false;
  // Stryker disable next-line StringLiteral: any text without the Bearer scheme names no access token
  if (when.accessToken !== undefined && /^bearer\s+(.*)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() !== when.accessToken) return false;
  if (when.param === undefined) return true;
  const value = request.pathParams[when.param] ?? request.query[when.param];
  if (typeof value !== 'string') return false;
  return when.equals === undefined || sameValue(value, String(when.equals));
}

function toPreferences(outcome: RuleOutcome): Preferences {
  return Object.fromEntries(Object.entries(outcome).map(([key, value]) => [key, String(value)]));
}

function sameValue(actual: string, expected: string): boolean {
  const [a, b] = [parseInt64(actual), parseInt64(expected)];
  return a.kind === 'ok' && b.kind === 'ok' ? a.value === b.value : actual === expected;
}

export type RuleCheck = { kind: 'ok'; rule: Omit<Rule, 'id' | 'session'> } | { kind: 'invalid'; detail: string; unprocessable?: true };

/**
 * Checks a rule as the admin API or the config file gives it.
 * @example checkRule({ then: { code: 503 }, times: 1 }) // { kind: 'ok', rule: { when: {}, then: { code: 503 }, remaining: 1 } }
 */
export function checkRule(input: unknown, statuses: ServiceStatuses = SERVICE_STATUSES): RuleCheck {
  const checked = toRule(input, statuses);
  if (typeof checked === 'string') return { kind: 'invalid', detail: checked };
  return 'unprocessable' in checked ? { kind: 'invalid', detail: checked.unprocessable, unprocessable: true } : { kind: 'ok', rule: checked };
}

/** Checks a rule's shape; a string is what is wrong with it. */
function toRule(input: unknown, statuses: ServiceStatuses): Omit<Rule, 'id' | 'session'> | string | { unprocessable: string } {
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
  if (planned.kind === 'rejected') return planned.detail;
  if (times !== undefined && (!Number.isInteger(times) || (times as number) < 1)) return '"times" must be a positive integer';
  return { when: condition, then: outcome, remaining: (times as number | undefined) ?? null };
}

/** What is wrong with a rule's `param` (no operation, or not the rule's operation, has it), or undefined. */
function checkParam(param: string, operation: ServiceOperationId | undefined): string | undefined {
  const known = operation === undefined ? ALL_PARAMETERS : PARAMETERS_OF[operation];
  if (known.includes(param)) return undefined;
  const nearest = findNearestName(param, known);
  const where = operation === undefined ? 'no service operation has it' : `${operation} does not have it`;
  return `"when.param" ${param}: ${where}${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}; use ${known.length === 0 ? 'no param' : known.join(', ')}`;
}
