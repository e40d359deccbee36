import type { Violation } from '../check-types';
import { groupFindings } from '../findings';
import type { Finding, RunReport } from '../run-report';
import { toSafeLine } from './safe-text';

const LABEL = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;
const EXCERPT_CHARS = 300;
const LISTED = 12;

/**
 * The human summary: one line per check, a total, then the failures grouped by root cause, each
 * with one example exchange. Every byte the server sent is escaped (no control sequence reaches the terminal).
 */
export function toConsoleReport(report: RunReport): string {
  const width = Math.max(...report.results.map((result) => result.name.length));
  const lines = [
    `Contract checks against ${toSafeLine(report.baseUrl)} (${report.requests} requests, ${report.durationMs} ms)`,
    '',
  ];
  for (const result of report.results) {
    const detail =
      result.status === 'fail'
        ? `${result.violations.length} violation${result.violations.length === 1 ? '' : 's'}`
        : result.note;
    lines.push(`  ${LABEL[result.status]}  ${result.name.padEnd(width)}  ${detail}`);
  }
  lines.push('', `Checks: ${report.totals.pass} passed, ${report.totals.fail} failed, ${report.totals.skip} skipped`);
  const findings = report.findings ?? groupFindings(report.results); // a report put together by hand may lack them
  if (findings.length > 0)
    lines.push(
      '',
      `${findings.length} finding${findings.length === 1 ? '' : 's'} (the failures grouped by root cause):`,
    );
  findings.forEach((finding, index) => lines.push('', ...describeFinding(finding, `${index + 1}.`)));
  return lines.join('\n');
}

/**
 * One finding as a few lines: how many requests, where; each check it breaks with why, what was
 * expected and the sentence; what was tried; one exchange as an example.
 */
export function describeFinding(finding: Finding, label: string): string[] {
  const count = finding.results.length;
  const lines = [`${label} ${count} request${count === 1 ? '' : 's'} on ${listed(finding.where)}`];
  for (const { check, reason, expected, source, example } of finding.breaks) {
    lines.push(
      `   fails ${check}: ${toSafeLine(reason)}${example === undefined ? '' : ` (e.g. ${toSafeLine(example)})`}`,
      `     expected ${expected}; from the interface: "${source}"`,
    );
  }
  lines.push(`   tried: ${listed(finding.variants)}`);
  const [example] = finding.results;
  if (example) lines.push(...describeExchange(example.probe.id, example.exchange, count > 1 ? '   e.g. ' : '   '));
  return lines;
}

/** One violation as a few indented lines (request, answer, expected, reason). */
export function describeViolation({ result, expected, reason }: Violation): string[] {
  const [request, ...answer] = describeExchange(result.probe.id, result.exchange, '- ');
  return [request ?? '', ...answer, `    expected ${expected}; ${toSafeLine(reason)}`];
}

function describeExchange(id: string, exchange: Violation['result']['exchange'], prefix: string): string[] {
  const indent = ' '.repeat(prefix.length + 2);
  const lines = [`${prefix}${id}: ${exchange.request.method} ${toSafeLine(exchange.request.url)}`];
  // A broken exchange's reason is the violation's reason, said where the violation is.
  if (exchange.kind === 'response')
    lines.push(
      `${indent}got ${exchange.status} ${toSafeLine(exchange.headers['content-type'] ?? '(no content type)')}: ${excerpt(exchange.bodyText)}`,
    );
  return lines;
}

/** The body on one line: runs of whitespace as one space, cut at 300 characters, every unsafe character escaped. */
export function excerpt(text: string): string {
  const flat = text.replace(/[ \t\r\n]+/g, ' ').trim();
  if (flat === '') return '(empty body)';
  return toSafeLine(flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat);
}

function listed(items: readonly string[]): string {
  const shown = items.slice(0, LISTED).map(toSafeLine).join('; ');
  return items.length > LISTED ? `${shown}; and ${items.length - LISTED} more` : shown;
}
