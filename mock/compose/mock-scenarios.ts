import type { Rules } from '../core/scenarios/rules';
import type { Rule, RuleInput } from '../core/scenarios/rule';

/**
 * A scenario rule the library was given that the mock cannot use: the message says what is wrong (as
 * the admin API's 422 or 400 detail does); `allowed` lists the values each refused field allows and
 * `nearest` the one probably meant, when the rule named something the mock does not have.
 */
export class ScenarioRuleError extends Error {
  override name = 'ScenarioRuleError';
  readonly allowed: Readonly<Record<string, readonly (string | number)[]>> | undefined;
  readonly nearest: Readonly<Record<string, string | number>> | undefined;
  constructor(
    message: string,
    refusal: {
      allowed?: Record<string, readonly (string | number)[]> | undefined;
      nearest?: Record<string, string | number> | undefined;
    } = {},
  ) {
    super(message);
    this.allowed = refusal.allowed;
    this.nearest = refusal.nearest;
  }
}

/** The scenario rules as a library user drives them: typed input, and an invalid rule throws. */
export interface MockScenarios {
  /**
   * Adds a rule (to `session`, default the global one) and returns it with its id.
   * @throws {ScenarioRuleError} when the rule is invalid (the message names what is allowed), or the session
   *   holds the most rules it may
   * @example
   * await mock.scenarios.add({ when: { param: 'fileId', equals: '123' }, then: { scenario: 'forbidden' }, times: 2 });
   */
  add(rule: RuleInput, session?: string): Promise<Rule>;
  list(session?: string): Promise<Rule[]>;
  remove(id: string): Promise<boolean>;
  clear(session?: string): Promise<number>;
}

/** Wraps the core's rules (which answer an invalid rule as a value, for the admin API) for the library. */
export function toMockScenarios(rules: Rules): MockScenarios {
  return {
    async add(rule, session = '') {
      const added = await rules.add(rule, session);
      if (added.kind === 'invalid') throw new ScenarioRuleError(`invalid scenario rule: ${added.detail}`, added);
      if (added.kind === 'full') throw new ScenarioRuleError(added.detail);
      return added.rule;
    },
    list: (session) => rules.list(session),
    remove: (id) => rules.remove(id),
    clear: (session) => rules.clear(session),
  };
}
