import type { RunOutcome } from './run-report';

/**
 * The exit codes of `view-token-contracts`: 0 the contract holds (no check failed), 1 a contract
 * defect found, 2 a usage error (a flag, option or file; nothing was sent), 3 the target could not
 * be used (nothing answered, or every first answer failed the same way; nothing was judged).
 */
export const EXIT_CODES = { conformant: 0, 'defects-found': 1, usage: 2, 'target-unusable': 3 } as const;

/** The harness itself failed (a bug in view-token-contracts, not in the target): its message says where. */
export const EXIT_INTERNAL_ERROR = 4;

/**
 * The exit code the CLI gives a run's outcome; a library caller reads the same from `report.outcome`.
 * @example exitCodeOf(report.outcome) // 0, 1 or 3
 */
export function exitCodeOf(outcome: RunOutcome): 0 | 1 | 3 {
  return EXIT_CODES[outcome];
}
