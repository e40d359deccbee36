/** The contract harness as a library: run the checks in-process and read the report. It changes nothing global. */
export { CHECKS } from './checks';
export type { Check, ProbeResult, Violation } from './checks';
export { toContractOptions } from './library-options';
export type { ContractInput } from './library-options';
export { parseContractArgs, UsageError } from './options';
export type { ContractOptions, ContractTarget } from './options';
export { runContracts, planRun } from './runner';
export type {
  CheckResult,
  CheckStatus,
  Finding,
  FindingBreak,
  OperationNotProbed,
  RunOutcome,
  RunReport,
  Totals,
} from './runner';
export { EXIT_CODES, exitCodeOf } from './exit-codes';
export type { AllowEntry, AllowListReport } from './run-report';
export type { SystemicFailure, SystemicKind } from './systemic';
export { toGitHubAnnotations } from './reporters/github-annotations';
export { toSarifReport } from './reporters/sarif-report';
export { toConsoleReport } from './reporters/console-report';
export { toJUnitReport } from './reporters/junit-report';
export { toJsonReport } from './reporters/json-report';
