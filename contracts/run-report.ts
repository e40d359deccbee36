import type { ChecksVersion } from './check-versions';
import type { ProbeResult, Violation } from './check-types';
import type { ContractOperation } from './contract-spec';
import type { SystemicFailure } from './systemic';

/** One entry of an `--allow` file: a check (and optionally one probe of it) the team knowingly accepts, why, and until when. */
export interface AllowEntry {
  check: string;
  /** The probe's name as reports give it (`GET with no Authorization header`); none: every violation of the check. */
  probe?: string;
  reason: string;
  /** The last day it holds, `YYYY-MM-DD` (UTC): from the next day its violations fail again. */
  until: string;
  /** Where it is written, for messages: `contracts-allow.yaml, entry 2`. */
  where: string;
  /** For a stale entry naming a probe: the probe of one of its check's violations its name is probably a typo of. */
  nearestProbe?: string;
}

/** An `--allow` file, read and checked. */
export interface AllowList {
  file: string;
  entries: AllowEntry[];
}

/** What the `--allow` file did in a run. */
export interface AllowListReport {
  file: string;
  /** Entries that accepted at least one violation. */
  used: AllowEntry[];
  /** Entries past their `until` date: the violations they named fail again. */
  expired: AllowEntry[];
  /** Entries still in force whose check ran and found nothing they match: delete them. */
  stale: AllowEntry[];
}

/** `allowed`: every violation it found is one the team accepted in the `--allow` file, until its date. */
export type CheckStatus = 'pass' | 'fail' | 'skip' | 'allowed';

/** A violation an `--allow` entry accepts, with that entry. */
export interface AllowedViolation {
  violation: Violation;
  entry: AllowEntry;
}

export interface CheckResult {
  name: string;
  summary: string;
  source: string;
  /** The checks version that added it. */
  since: ChecksVersion;
  status: CheckStatus;
  /** Why it was skipped (what it needs), or how many answers it judged. */
  note: string;
  /** From the first of its requests starting to the last ending (its requests run among the others'). */
  durationMs: number;
  /** The violations that fail it (none allowed by `--allow`). */
  violations: Violation[];
  /** The violations an `--allow` entry accepts. */
  allowed: AllowedViolation[];
  /**
   * Skipped only because an operation it covers was not probed (its ids not given): what it judged
   * broke nothing. The Jest entry passes such a check's test and skips one test per operation not probed.
   */
  partial?: true;
}

/** An operation of the contract the run did not probe, and the flags that would (`add --integrate-id and --child-file-id`). */
export interface OperationNotProbed {
  operation: ContractOperation;
  /** `POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken` */
  label: string;
  needs: string;
}

/** A check a finding breaks: what the check expects, its sentence, and why these answers fail it. */
export interface FindingBreak {
  check: string;
  source: string;
  expected: string;
  /** Why these answers fail it (what their violations share). */
  reason: string;
  /** The first violation's own reason, when it says more than `reason`. */
  example?: string;
}

/**
 * One root cause: requests that broke the same checks for the same reasons (one broken behaviour
 * across seven id parameters is one finding listing the seven, not seven violations per check).
 */
export interface Finding {
  /** Each check it breaks, with why, in report order. */
  breaks: FindingBreak[];
  /** The requests that show it, in the order they were judged. */
  results: ProbeResult[];
  /** Where those requests went (`GET fileId`), each once. */
  where: string[];
  /** What they tried there (`hexadecimal: 0xb`), each once. */
  variants: string[];
}

/** How many checks ended each way: the one vocabulary of the library, the console, JSON, JUnit and SARIF. */
export interface Totals {
  checks: number;
  passed: number;
  failed: number;
  skipped: number;
  allowed: number;
}

/**
 * What the run says of the target, and the exit code the CLI gives it: `conformant` (0: no check
 * failed; some may be skipped or allowed), `defects-found` (1), `target-unusable` (3: nothing was
 * judged, see `systemic`). A usage error (2) is a thrown UsageError, before any request.
 */
export type RunOutcome = 'conformant' | 'defects-found' | 'target-unusable';

export interface RunReport {
  baseUrl: string;
  specPath: string;
  /** The contract's two operations as it gives them (`GET /view/token`), where findings point in the spec. */
  operations: Readonly<Record<ContractOperation, { method: string; path: string }>>;
  /** The set of checks the run held the target to (`--checks-version`). */
  checksVersion: ChecksVersion;
  durationMs: number;
  requests: number;
  outcome: RunOutcome;
  results: CheckResult[];
  totals: Totals;
  /** The failures grouped by root cause. */
  findings: Finding[];
  /** The operations the run could not probe for lack of ids: the checks covering them are skipped, and the verdict says so. */
  notProbed: OperationNotProbed[];
  /** Why the target could not be used: every first answer failed the same way, or mid-run it stopped answering or limited the rate (then no check is judged). */
  systemic?: SystemicFailure;
  /** What the `--allow` file did: the entries that matched, those past their date, those that match nothing. */
  allowList?: AllowListReport;
}
