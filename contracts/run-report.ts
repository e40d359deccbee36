import type { ProbeResult, Violation } from './check-types';

export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  summary: string;
  source: string;
  status: CheckStatus;
  /** Why it was skipped, or how many answers it judged. */
  note: string;
  /** From the first of its requests starting to the last ending (its requests run among the others'). */
  durationMs: number;
  violations: Violation[];
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

export interface RunReport {
  baseUrl: string;
  specPath: string;
  durationMs: number;
  requests: number;
  results: CheckResult[];
  totals: Record<CheckStatus, number>;
  /** The failures grouped by root cause. */
  findings: Finding[];
}
