/** The contract harness as a library: run the checks in-process and read the report. */
export { CHECKS } from './checks';
export type { Check, ProbeResult, Violation } from './checks';
export { parseContractArgs, UsageError } from './options';
export type { ContractOptions } from './options';
export { runContracts, UnreachableError } from './runner';
export type { CheckResult, RunReport } from './runner';
export { toConsoleReport } from './reporters/console-report';
export { toJUnitReport } from './reporters/junit-report';
export { toJsonReport } from './reporters/json-report';
