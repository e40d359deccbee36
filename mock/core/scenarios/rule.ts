import type { ServiceOperationId } from '../service-request';
import type { Fault } from './preferences';
import type { ScenarioName } from './scenario-catalog';

/** When a rule applies; every given field must match. */
export interface RuleCondition {
  /** The operationId, e.g. `getViewToken`. */
  operation?: ServiceOperationId;
  /** A query or path parameter, with `equals` its value (ids compared as exact int64). */
  param?: string;
  /** Kept as given (a number stays a number in the rule's echo); compared as text or exact int64. */
  equals?: string | number;
  /** The bearer Access Token of the request. */
  accessToken?: string;
}

/** WireMock's fault names, accepted as aliases of ours. */
type WireMockFault =
  'CONNECTION_RESET_BY_PEER' | 'EMPTY_RESPONSE' | 'MALFORMED_RESPONSE_CHUNK' | 'RANDOM_DATA_THEN_CLOSE';

/** A status a rule may force: one the operation documents (200 is the real answer, 201 the POST route's). */
type ForcedStatus = 200 | 201 | 400 | 401 | 403 | 404 | 500 | 503;

/** A rule's outcome as given: `{"code": 503}` stays a number in its echo. */
export interface RuleOutcome {
  code?: ForcedStatus | `${ForcedStatus}`;
  scenario?: ScenarioName;
  /** Milliseconds, 0 to 60000. */
  delay?: number | string;
  fault?: Fault | WireMockFault;
}

/** A rule as the admin API, the config file and `scenarios.add` take it (checked at run time too). */
export interface RuleInput {
  when?: RuleCondition;
  then: RuleOutcome;
  /** How many times it answers; without it, it never runs out. */
  times?: number;
  /** How many matching calls pass through (the real answer, or a later rule's) before it answers. */
  after?: number;
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
  /** Matching calls still to pass through before it answers (counts down to 0); absent when none was given. */
  after?: number;
}

/** Rules a session starts with (a rules file's), and has again after its reset. */
export interface SessionRules {
  /** '' is the global session. */
  session: string;
  rules: readonly RuleInput[];
}
