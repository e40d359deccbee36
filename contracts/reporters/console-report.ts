import type { Violation } from '../checks';
import type { RunReport } from '../runner';

const LABEL = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;
const EXCERPT_CHARS = 300;

/** The human summary: one line per check, a total, then every failure with its detail. */
export function toConsoleReport(report: RunReport): string {
  const width = Math.max(...report.results.map((result) => result.name.length));
  const lines = [`Contract checks against ${report.baseUrl} (${report.requests} requests, ${report.durationMs} ms)`, ''];
  for (const result of report.results) {
    const detail = result.status === 'fail' ? `${result.violations.length} violation${result.violations.length === 1 ? '' : 's'}` : result.note;
    lines.push(`  ${LABEL[result.status]}  ${result.name.padEnd(width)}  ${detail}`);
  }
  lines.push('', `Checks: ${report.totals.pass} passed, ${report.totals.fail} failed, ${report.totals.skip} skipped`);
  for (const result of report.results.filter((candidate) => candidate.status === 'fail')) {
    lines.push('', `FAIL ${result.name}: ${result.summary}`, `  from the interface: "${result.source}"`);
    for (const violation of result.violations) lines.push(...describeViolation(violation).map((line) => `  ${line}`));
  }
  return lines.join('\n');
}

/** One violation as a few indented lines (request, answer, expected, reason). */
export function describeViolation({ result, expected, reason }: Violation): string[] {
  const { probe, exchange } = result;
  const lines = [`- ${probe.id}: ${exchange.request.method} ${exchange.request.url}`];
  if (exchange.kind === 'response') {
    lines.push(`    got ${exchange.status} ${exchange.headers['content-type'] ?? '(no content type)'}: ${excerpt(exchange.bodyText)}`);
  }
  lines.push(`    expected ${expected}; ${reason.split('\n').join('\n    ')}`);
  return lines;
}

export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty body)';
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}
