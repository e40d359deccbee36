import { EXIT_CODES } from '../exit-codes';
import type { RunReport } from '../run-report';

/**
 * The report's last line: what the run says of the target and its exit code. A run with skipped
 * checks says so here, naming them (a skipped check judged nothing, or not all it covers), and so
 * does a run that could not probe an operation of the contract, saying what to add.
 * @example toVerdict(report) // 'Result: PASS: all 28 checks passed; exit code 0'
 */
export function toVerdict(report: RunReport): string {
  const { totals, systemic } = report;
  const code = `exit code ${EXIT_CODES[report.outcome]}`;
  if (systemic) return `Result: NOT JUDGED: the target could not be used (fix ${systemic.flag}); ${code}`;
  const skipped = report.results.filter((result) => result.status === 'skip').map((result) => result.name);
  const notJudged = skipped.length === 0 ? '' : `; ${skipped.length} skipped, not judged: ${skipped.join(', ')}`;
  const allowed = totals.allowed === 0 ? '' : `; ${totals.allowed} allowed by --allow`;
  const partial = notProbed(report);
  if (report.outcome === 'defects-found') {
    const findings = `${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}`;
    const operations = partial === '' ? '' : `; ${partial}${whatToAdd(report)}`;
    return `Result: FAIL: ${totals.failed} of ${totals.checks} checks failed (${findings})${operations}${notJudged}${allowed}; ${code}`;
  }
  if (skipped.length > 0 || partial !== '') {
    const operations = partial === '' ? '' : `, ${partial.toUpperCase()}${whatToAdd(report)}`;
    return `Result: PASS WITH ${skipped.length} SKIPPED${operations}: ${totals.passed} of ${totals.checks} checks passed${notJudged}${allowed}; ${code}`;
  }
  const all = totals.passed === totals.checks ? `all ${totals.checks}` : `${totals.passed} of ${totals.checks}`;
  return `Result: PASS: ${all} checks passed${allowed}; ${code}`;
}

/** `1 operation not probed`, or '' when every operation was. */
function notProbed({ notProbed: operations }: RunReport): string {
  if (operations.length === 0) return '';
  return `${operations.length} operation${operations.length === 1 ? '' : 's'} not probed`;
}

/** ` (POST /data/...: add --integrate-id and --child-file-id)`: each operation not probed and what would probe it. */
function whatToAdd({ notProbed: operations }: RunReport): string {
  return operations.length === 0 ? '' : ` (${operations.map(({ label, needs }) => `${label}: ${needs}`).join('; ')})`;
}
