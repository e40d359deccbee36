import type { SortedSlots } from '../sorted-slots';
import { createSortedSlots } from '../sorted-slots';
import type { Rule } from './rule';

/** A rule before the store has named it. */
export type NewRule = Omit<Rule, 'id'>;

/** Which page of rules: one session's (or all), after the rule the previous page ended with. */
export interface RulePageQuery {
  session?: string;
  limit: number;
  /** The previous page's `nextCursor` (a rule's number). */
  cursor?: string;
}

/** A page of rules in creation order and, when more remain, the cursor of the next. */
export interface RulePage {
  rules: Rule[];
  nextCursor?: string;
}

/**
 * Where scenario rules live: this process's memory, or Redis (shared by several mocks). The core
 * decides which rule applies; a store only keeps them in creation order and counts their uses.
 */
export interface RuleStore {
  /** Stores a rule under a fresh id (`r<n>`, increasing). */
  add(rule: NewRule): Promise<Rule>;
  /** Stores rules under fresh ids, in order, in one step: a failure stores none (another's never come between). */
  addAll(rules: readonly NewRule[]): Promise<Rule[]>;
  /** In creation order; one session's (costing its rules), or everyone's. */
  list(session?: string): Promise<Rule[]>;
  /** A page in creation order, after a cursor: O(log n + page). Undefined for a cursor this store does not give. */
  page(query: RulePageQuery): Promise<RulePage | undefined>;
  /**
   * What the session's rules are now, as a version that changes whenever a rule of it is added or
   * goes (not when a use is counted); undefined when it holds none. Equal versions: equal rules.
   */
  version(session: string): Promise<string | undefined>;
  /** How many rules the session holds, and how many sessions hold any. */
  tally(session: string): Promise<{ inSession: number; sessions: number }>;
  remove(id: string): Promise<boolean>;
  /** Forgets one session's rules (or all, and the seeding mark with them); returns how many went. */
  clear(session?: string): Promise<number>;
  /**
   * Meets a rule once, in one atomic step: while it has calls to let `after` through, the call passes
   * (`passed`, one fewer left); else it answers (one use fewer of its `times`). The rule after that, or
   * undefined if it ran out or is gone.
   */
  use(id: string): Promise<RuleUse | undefined>;
  /** Stores the configured rules unless this deployment already has them (several processes start with one config). */
  seed(rules: readonly NewRule[]): Promise<void>;
  restore(rules: readonly Rule[]): Promise<void>;
}

/** A rule met by a call: it answers it, or lets it pass (`after` calls not yet through); the rule after that. */
interface RuleUse {
  rule: Rule;
  passed: boolean;
}

/** The rule id's number, for ordering and for the next id after a restore. */
export function toRuleNumber(id: string): number {
  return Number(id.slice(1)) || 0;
}

/** A page cursor's rule number; undefined when it is not one (a positive integer). */
export function fromRuleCursor(cursor: string): number | undefined {
  return /^[1-9]\d{0,14}$/.test(cursor) ? Number(cursor) : undefined;
}

/**
 * Rules in this process: by number in a Map, each session's numbers (and all) in sorted sets, so a
 * page, a use or a removal costs O(log n), a session's list its rules, a tally O(1).
 * @example const rules = createRules(SERVICE_STATUSES, createMemoryRuleStore());
 */
export function createMemoryRuleStore(): RuleStore {
  const byNumber = new Map<number, Rule>();
  const all = createSortedSlots(byValue);
  const bySession = new Map<string, SortedSlots>();
  /** Each session's version: the change counter when a rule of it was last added or removed. */
  const versions = new Map<string, number>();
  let counter = 0;
  let changes = 0;
  let seeded = false;
  const put = (rule: Rule): void => {
    const number = toRuleNumber(rule.id);
    byNumber.set(number, rule);
    all.add(number);
    let numbers = bySession.get(rule.session);
    if (!numbers) bySession.set(rule.session, (numbers = createSortedSlots(byValue)));
    numbers.add(number);
    // Stryker disable next-line UpdateOperator: any counter value not used before works (versions are only compared for equality)
    versions.set(rule.session, ++changes);
  };
  const drop = (rule: Rule): void => {
    const number = toRuleNumber(rule.id);
    byNumber.delete(number);
    all.remove(number);
    const numbers = bySession.get(rule.session);
    numbers?.remove(number);
    if (numbers?.size === 0) {
      bySession.delete(rule.session);
      versions.delete(rule.session);
      // Stryker disable next-line UpdateOperator: any counter value not used before works (versions are only compared for equality)
    } else versions.set(rule.session, ++changes);
  };
  const rulesOf = (numbers: readonly number[]): Rule[] =>
    numbers.map((number) => ({ ...(byNumber.get(number) as Rule) }));
  const add = (rule: NewRule): Rule => {
    const stored: Rule = { id: `r${++counter}`, ...rule };
    put(stored);
    return { ...stored };
  };
  const reset = (): void => {
    byNumber.clear();
    all.clear();
    bySession.clear();
    versions.clear();
  };
  return {
    async add(rule) {
      return add(rule);
    },
    async addAll(rules) {
      return rules.map(add);
    },
    async list(session) {
      const numbers = session === undefined ? all : bySession.get(session);
      return rulesOf(numbers?.pageUp(Infinity) ?? []);
    },
    async page({ session, limit, cursor }) {
      const after = cursor === undefined ? 0 : fromRuleCursor(cursor);
      if (after === undefined) return undefined;
      const numbers =
        (session === undefined ? all : bySession.get(session))?.pageUp(limit + 1, (number) => number - after) ?? [];
      const rules = rulesOf(numbers.slice(0, limit));
      const last = rules.at(-1);
      return { rules, ...(numbers.length > limit && last ? { nextCursor: String(toRuleNumber(last.id)) } : {}) };
    },
    async version(session) {
      const version = versions.get(session);
      return version === undefined ? undefined : String(version);
    },
    async tally(session) {
      return { inSession: bySession.get(session)?.size ?? 0, sessions: bySession.size };
    },
    async remove(id) {
      const rule = byNumber.get(toRuleNumber(id));
      if (!rule || rule.id !== id) return false;
      drop(rule);
      return true;
    },
    async clear(session) {
      if (session === undefined) {
        const count = byNumber.size;
        reset();
        seeded = false;
        return count;
      }
      const gone = rulesOf(bySession.get(session)?.pageUp(Infinity) ?? []);
      for (const rule of gone) drop(rule);
      return gone.length;
    },
    async use(id) {
      const rule = byNumber.get(toRuleNumber(id));
      if (!rule || rule.id !== id) return undefined;
      // Calls to let through first: this one passes.
      if (rule.after !== undefined && rule.after > 0) {
        rule.after -= 1;
        return { rule: { ...rule }, passed: true };
      }
      if (rule.remaining !== null && --rule.remaining <= 0) drop(rule);
      return { rule: { ...rule }, passed: false };
    },
    async seed(configured) {
      if (seeded) return;
      seeded = true;
      for (const rule of configured) add(rule);
    },
    async restore(saved) {
      reset();
      for (const rule of saved) put({ ...rule });
      seeded = true;
      counter = Math.max(counter, ...saved.map((rule) => toRuleNumber(rule.id)));
    },
  };
}

const byValue = (a: number, b: number): number => a - b;
