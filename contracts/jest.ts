import path from 'node:path';
import { defaultSpecPath } from './contract-spec';
import type { ContractInput } from './library-options';
import { toContractOptions } from './library-options';
import { UsageError } from './usage-error';
import { findingsOf } from './findings';
import { describeFinding, describeSystemic } from './reporters/console-report';
import type { RunReport } from './runner';
import { CONCURRENCY, MAX_FOLLOW_UPS, planRun, runContracts } from './runner';

/** The Jest globals this entry registers tests with (read, never replaced). */
interface JestGlobals {
  describe(name: string, body: () => void): void;
  beforeAll(body: () => Promise<void>, timeoutMs?: number): void;
  test: ((name: string, body: () => void) => void) & { skip(name: string, body: () => void): void };
}

/** `describeContracts` options: the library's, with a target that may still be on its way (a Promise). */
export interface DescribeContractsOptions extends Omit<ContractInput, 'target'> {
  target: ContractInput['target'] | Promise<ContractInput['target']>;
  /** The describe block's name (default "View Token contract"). */
  name?: string;
}

/** A check failed (the CLI's exit code 1): its message gives its failures grouped by root cause, each with what was expected, why, and an example exchange. */
export class ContractViolationError extends Error {
  override name = 'ContractViolationError';
}

/** The target could not be used (the CLI's exit code 3): every check's test fails with the one systemic finding. */
export class ContractTargetError extends Error {
  override name = 'ContractTargetError';
}

/** A check could not judge what its sentence needs in this run (the CLI's SKIP after the requests): its test fails saying why. */
export class ContractNotJudgedError extends Error {
  override name = 'ContractNotJudgedError';
}

/**
 * Registers one Jest test per contract check in the calling test file; the requests are sent once,
 * in a `beforeAll`. A check whose ids were not given is a skipped test whose name says which id enables it,
 * and so is an operation the ids cannot probe (the tests of the checks covering it judge the other).
 * The CLI's exit codes have their errors: a usage error is a UsageError thrown here (2), a failed
 * check a ContractViolationError (1), a target that could not be used a ContractTargetError in
 * every test (3); a check that could not judge enough after the requests fails with ContractNotJudgedError.
 * Nothing global changes: the caller's `expect` and its matchers stay as they are.
 * @example
 * import { describeContracts } from 'view-token-mock/contracts/jest';
 * import { app } from '../src/app';
 * describeContracts({ target: app, accessToken: 'ci-token', ids: { fileId: '1001', missingId: '999999' } });
 */
export function describeContracts(options: DescribeContractsOptions): void {
  const jest = globalThis as unknown as Partial<JestGlobals>;
  if (typeof jest.describe !== 'function' || typeof jest.beforeAll !== 'function' || typeof jest.test !== 'function') {
    throw new Error('describeContracts registers Jest tests: call it at the top level of a Jest test file');
  }
  const { describe, beforeAll, test } = jest as JestGlobals;
  const target = Promise.resolve(options.target);
  target.catch(() => undefined); // rejected targets fail the run in beforeAll, not as an unhandled rejection
  const planned = toContractOptions({ ...options, target: 'http://127.0.0.1' });
  const { checks, probes, notProbed } = planRun(planned);
  const budgetMs = (Math.ceil(probes.length / CONCURRENCY) + MAX_FOLLOW_UPS + 2) * planned.timeoutMs + 10_000;
  describe(options.name ?? 'View Token contract', () => {
    let report: RunReport | undefined;
    let failure: unknown;
    beforeAll(async () => {
      try {
        report = await runContracts(toContractOptions({ ...options, target: await target }));
      } catch (error) {
        failure = error;
      }
    }, budgetMs);
    for (const check of checks) {
      const skipped = check.skipReason?.(planned);
      if (skipped !== undefined) {
        test.skip(`${check.name} (${skipped})`, () => undefined);
        continue;
      }
      test(`${check.name}: ${check.summary}`, () => {
        if (failure !== undefined || !report) throw failure ?? new Error('the contract run did not complete');
        assertCheck(report, check.name);
      });
    }
    // Known before any request, as a check without its ids is: a skipped test saying what to add.
    for (const { label, needs } of notProbed) test.skip(`${label} not probed (${needs})`, () => undefined);
  });
}

/** Throws what the check's result says: nothing for a pass or an allowed check, the matching error otherwise. */
function assertCheck(report: RunReport, name: string): void {
  if (report.systemic)
    throw new ContractTargetError(describeSystemic(report.systemic, report.totals.checks).join('\n'));
  const result = report.results.find((candidate) => candidate.name === name);
  // Partial: what it judged broke nothing, and the operation it lacks is the skipped test beside it.
  if (result?.status === 'skip' && !result.partial) throw new ContractNotJudgedError(`${name}: ${result.note}`);
  if (result?.status !== 'fail') return;
  const findings = findingsOf(report.findings, name);
  throw new ContractViolationError(
    [
      `${result.violations.length} violation(s) of "${result.source}", in ${findings.length} finding(s):`,
      ...findings.flatMap((finding, index) => describeFinding(finding, `${index + 1}.`)),
    ].join('\n'),
  );
}

/**
 * Opt-in: registers jest-openapi's `toSatisfyApiSpec` on the caller's `expect`, bound to the View
 * Token contract, for a provider's own response tests. It replaces a `toSatisfyApiSpec` the caller
 * registered before: call it only where that is wanted. `describeContracts` never calls it.
 * @example useViewTokenSpec(); expect(await request(app).get('/view/token?fileId=1')).toSatisfyApiSpec();
 */
export function useViewTokenSpec(specPath: string = defaultSpecPath()): void {
  loadJestOpenApi()(path.resolve(specPath));
}

/** jest-openapi, an optional peer dependency: only callers of useViewTokenSpec install it. */
function loadJestOpenApi(): (spec: string) => void {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest-openapi is needed only by callers of useViewTokenSpec
    return (require('jest-openapi') as { default: (spec: string) => void }).default;
  } catch (error) {
    if (
      (error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND' ||
      !(error as Error).message.includes("'jest-openapi'")
    )
      throw error;
    throw new UsageError(
      'useViewTokenSpec needs the optional package jest-openapi@^0.14.2, which is not installed: npm install --save-dev jest-openapi@^0.14.2',
    );
  }
}
