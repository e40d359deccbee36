import { EXIT_CODES } from '../exit-codes';
import type { RunReport } from '../run-report';

/**
 * The report's last line: what the run says of the target and its exit code. A run with skipped
 * checks says so here, naming them: a skipped check judged nothing.
 * @example toVerdict(report) // 'Result: PASS: all 28 checks passed; exit code 0'
 */
export function toVerdict(report: RunReport): string {
  const { totals, systemic } = report;
  const code = `exit code ${EXIT_CODES[report.outcome]}`;
  if (systemic) return `Result: NOT JUDGED: the target could not be used (fix ${systemic.flag}); ${code}`;
  const skipped = report.results.filter((result) => result.status === 'skip').map((result) => result.name);
  const notJudged = skipped.length === 0 ? '' : `; ${skipped.length} skipped, not judged: ${skipped.join(', ')}`;
  const allowed = totals.allowed === 0 ? '' : `; ${totals.allowed} allowed by --allow`;
  if (report.outcome === 'defects-found') {
    const findings = `${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}`;
    return `Result: FAIL: ${totals.failed} of ${totals.checks} checks failed (${findings})${notJudged}${allowed}; ${code}`;
  }
  if (skipped.length > 0)
    return `Result: PASS WITH ${skipped.length} SKIPPED: ${totals.passed} of ${totals.checks} checks passed${notJudged}${allowed}; ${code}`;
  const all = totals.passed === totals.checks ? `all ${totals.checks}` : `${totals.passed} of ${totals.checks}`;
  return `Result: PASS: ${all} checks passed${allowed}; ${code}`;
}
