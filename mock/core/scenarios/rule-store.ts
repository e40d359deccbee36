import type { Rule } from './rule';

/** A rule before the store has named it. */
export type NewRule = Omit<Rule, 'id'>;

/**
 * Where scenario rules live: this process's memory, or Redis (shared by several mocks). The core
 * decides which rule applies; a store only keeps them in creation order and counts their uses.
 */
export interface RuleStore {
  /** Stores a rule under a fresh id (`r<n>`, increasing). */
  add(rule: NewRule): Promise<Rule>;
  /** In creation order; one session's, or everyone's. */
  list(session?: string): Promise<Rule[]>;
  /** How many rules the session holds, and how many sessions hold any. */
  tally(session: string): Promise<{ inSession: number; sessions: number }>;
  remove(id: string): Promise<boolean>;
  /** Forgets one session's rules (or all, and the seeding mark with them); returns how many went. */
  clear(session?: string): Promise<number>;
  /** Uses a rule once, in one atomic step: the rule after the use, or undefined if it ran out or is gone. */
  use(id: string): Promise<Rule | undefined>;
  /** Stores the configured rules unless this deployment already has them (several processes start with one config). */
  seed(rules: readonly NewRule[]): Promise<void>;
  restore(rules: readonly Rule[]): Promise<void>;
}

/** The rule id's number, for ordering and for the next id after a restore. */
export function toRuleNumber(id: string): number {
  return Number(id.slice(1)) || 0;
}

/**
 * Rules in this process: an array in creation order.
 * @example const rules = createRules(SERVICE_STATUSES, createMemoryRuleStore());
 */
export function createMemoryRuleStore(): RuleStore {
  let rules: Rule[] = [];
  let counter = 0;
  let seeded = false;
  const add = (rule: NewRule): Rule => {
    const stored: Rule = { id: `r${++counter}`, ...rule };
    rules.push(stored);
    return { ...stored };
  };
  return {
    async add(rule) { return add(rule); },
    async list(session) {
      const out: Rule[] = [];
      for (const rule of rules) if (session === undefined || rule.session === session) out.push({ ...rule });
      return out;
    },
    async tally(session) {
      const holding = new Set<string>();
      let inSession = 0;
      for (const rule of rules) {
        holding.add(rule.session);
        if (rule.session === session) inSession += 1;
      }
      return { inSession, sessions: holding.size };
    },
    async remove(id) {
      const before = rules.length;
      rules = rules.filter((rule) => rule.id !== id);
      return rules.length < before;
    },
    async clear(session) {
      const before = rules.length;
      rules = session === undefined ? [] : rules.filter((rule) => rule.session !== session);
      if (session === undefined) seeded = false;
      return before - rules.length;
    },
    async use(id) {
      const rule = rules.find((candidate) => candidate.id === id);
      if (!rule) return undefined;
      if (rule.remaining !== null && --rule.remaining <= 0) rules = rules.filter((candidate) => candidate !== rule);
      return { ...rule };
    },
    async seed(configured) {
      if (seeded) return;
      seeded = true;
      for (const rule of configured) add(rule);
    },
    async restore(saved) {
      rules = saved.map((rule) => ({ ...rule })).sort((a, b) => toRuleNumber(a.id) - toRuleNumber(b.id));
      seeded = true;
      counter = Math.max(counter, ...saved.map((rule) => toRuleNumber(rule.id)));
    },
  };
}
