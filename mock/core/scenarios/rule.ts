import type { Preferences } from './preferences';

/** When a rule applies; every given field must match. */
export interface RuleCondition {
  /** The operationId, e.g. `getViewToken`. */
  operation?: string;
  /** A query or path parameter, with `equals` its value (ids compared as exact int64). */
  param?: string;
  /** Kept as given (a number stays a number in the rule's echo); compared as text or exact int64. */
  equals?: string | number;
  /** The bearer Access Token of the request. */
  accessToken?: string;
}

/** A rule's outcome as given: `{"code": 503}` stays a number in its echo. */
export type RuleOutcome = { [Key in keyof Preferences]?: string | number };

/** A rule as the admin API and the config file take it. */
export interface RuleInput {
  when?: RuleCondition;
  then: RuleOutcome;
  times?: number;
}

/** A rule as kept: its id, session and uses left. */
export interface Rule {
  id: string;
  /** The X-Mock-Session it was created in ('' global); it applies to that session's requests only. */
  session: string;
  when: RuleCondition;
  then: RuleOutcome;
  /** Uses left, or null for a rule that never runs out. */
  remaining: number | null;
}
