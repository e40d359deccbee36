import type { ServiceStatuses } from '../service-statuses';
import { SERVICE_STATUSES } from '../service-statuses';
import type { ServiceRequest } from '../service-request';
import type { Rule, RuleInput, SessionRules } from './rule';
import type { RulePage, RulePageQuery, RuleStore } from './rule-store';
import type { RuleIndex } from './rule-index';
import { createRuleIndex } from './rule-index';
import { createMemoryRuleStore } from './rule-store';
import type { SwitchPlan } from './switch-plan';
import type { RuleCheck } from './rule-check';
import { checkRule, toPreferences } from './rule-check';
import { toSwitchPlan } from './switch-plan';

type RuleFull = { kind: 'full'; detail: string; of: 'rules' | 'sessions' };
type RuleInvalid = Extract<RuleCheck, { kind: 'invalid' }>;

type RuleAdd = { kind: 'added'; rule: Rule } | RuleInvalid | RuleFull;

/** Rules added as one (all or none): the refused one named by its `index` in the array. */
export type RulesAdd = { kind: 'added'; rules: Rule[] } | (RuleInvalid & { index?: number }) | RuleFull;

/** Rules one session may hold at once: a loop adding rules cannot make every request scan millions. */
export const MAX_RULES_PER_SESSION = 1_000;
/** Sessions that may hold rules at once: with the cap above, a loop over new session names stops too. */
export const MAX_RULE_SESSIONS = 1_000;

/** The stateful scenario rules, per session, in creation order (the first match wins). */
export interface Rules {
  add(input: unknown, session: string): Promise<RuleAdd>;
  /**
   * Adds an array of rules as one, in its order: every rule is checked, and the session's room for all
   * of them, before the first is stored; one refused rule refuses the array, naming its index.
   * @example await rules.addAll([{ then: { code: 401 }, after: 3, times: 1 }, { then: { delay: 200 } }], 'qa-7')
   */
  addAll(inputs: readonly unknown[], session: string): Promise<RulesAdd>;
  list(session?: string): Promise<Rule[]>;
  /** A page in creation order (GET /__admin/scenarios); undefined for a cursor the store did not give. */
  page(query: RulePageQuery): Promise<RulePage | undefined>;
  remove(id: string): Promise<boolean>;
  clear(session?: string): Promise<number>;
  /**
   * Finds the first rule of the request's session that matches and applies, and uses it up once.
   * `version`: the session's rules' version as a store step just read it (one-trip.ts), instead of asking again.
   */
  take(
    request: ServiceRequest,
    session: string,
    documented: readonly number[],
    version?: string,
  ): Promise<{ rule: Rule; plan: SwitchPlan } | undefined>;
  /** Puts the configured rules (already checked) in the global session, and rules files' in theirs, once per deployment. */
  seed(inputs: readonly RuleInput[], sessions?: readonly SessionRules[]): Promise<void>;
  restore(rules: readonly Rule[]): Promise<void>;
}

/**
 * Creates the rule set over a store (this process's memory by default, or Redis). A rule's outcome
 * must be one some operation can answer; it is applied only to operations that document its
 * status (a 403 rule never touches the viewer's data call).
 * @example await createRules().add({ when: { param: 'fileId', equals: '123' }, then: { scenario: 'forbidden' }, times: 2 }, '')
 */
export function createRules(
  statuses: ServiceStatuses = SERVICE_STATUSES,
  store: RuleStore = createMemoryRuleStore(),
): Rules {
  /** Each session's rules indexed, kept while their version holds (rebuilt after a rule is added or goes). */
  const indexes = new Map<string, { version: string; index: RuleIndex }>();
  const indexOf = async (session: string, known: string | undefined): Promise<RuleIndex | undefined> => {
    const version = known ?? (await store.version(session));
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
  /** Whether the session may take `count` more rules; the refusal naming the cap when not. */
  const roomFor = async (session: string, count: number): Promise<RuleFull | undefined> => {
    const { inSession, sessions } = await store.tally(session);
    if (inSession + count > MAX_RULES_PER_SESSION) {
      const held =
        count === 1
          ? `already has ${MAX_RULES_PER_SESSION} rules, the most it may hold`
          : `has ${inSession} rules: ${count} more would pass the ${MAX_RULES_PER_SESSION} it may hold, so none was added`;
      return {
        kind: 'full',
        of: 'rules',
        detail: `This session ${held}; delete some (DELETE /__admin/scenarios) first.`,
      };
    }
    if (inSession > 0 || sessions < MAX_RULE_SESSIONS) return undefined;
    return {
      kind: 'full',
      of: 'sessions',
      detail: `${MAX_RULE_SESSIONS} sessions hold rules already, the most the mock keeps; clear one (DELETE /__admin/scenarios with its X-Mock-Session) first.`,
    };
  };
  return {
    async add(input, session) {
      const checked = checkRule(input, statuses);
      if (checked.kind === 'invalid') return checked;
      const full = await roomFor(session, 1);
      if (full) return full;
      return { kind: 'added', rule: await store.add({ session, ...checked.rule }) };
    },
    async addAll(inputs, session) {
      // Nothing to add is a mistake (an empty file, a filter that dropped every rule), not a success.
      if (inputs.length === 0) return { kind: 'invalid', detail: 'an array of rules needs at least one rule' };
      const checked: Omit<Rule, 'id' | 'session'>[] = [];
      for (const [index, input] of inputs.entries()) {
        const one = checkRule(input, statuses);
        if (one.kind === 'invalid')
          return { ...one, index, detail: `rule [${index}]: ${one.detail}; no rule of the array was added` };
        checked.push(one.rule);
      }
      const full = await roomFor(session, checked.length);
      if (full) return full;
      return { kind: 'added', rules: await store.addAll(checked.map((rule) => ({ session, ...rule }))) };
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
        const waiting = rule.after !== undefined && rule.after > 0;
        // A rule that never runs out and lets nothing through answers as it is: no store step.
        if (rule.remaining === null && !waiting) return { rule, plan: planned.plan };
        // Uses and calls let through are counted in the store, atomically: another process may have counted some.
        const met = await store.use(rule.id);
        if (met === undefined) continue;
        // Only ever fewer: the indexed rule may skip the store once nothing is left to let through.
        if (rule.after !== undefined) rule.after = met.rule.after ?? 0;
        // Let through: a later rule, or the real answer, answers this call.
        if (met.passed) continue;
        return { rule: met.rule, plan: planned.plan };
      }
      return undefined;
    },
    seed(inputs, sessions = []) {
      const rules = [{ session: '', rules: inputs }, ...sessions].flatMap(({ session, rules: given }) =>
        given
          .map((input) => checkRule(input, statuses))
          .flatMap((checked) => (checked.kind === 'ok' ? [{ session, ...checked.rule }] : [])),
      );
      return store.seed(rules);
    },
    restore: (saved) => store.restore(saved),
  };
}
