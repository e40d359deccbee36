import type { Exchange } from '../http-exchange';
import type { CheckResult, Finding, RunReport } from '../run-report';
import type { SystemicFailure } from '../systemic';
import { describeAllowList } from './allow-list-text';
import { toSafeLine } from './safe-text';
import { toVerdict } from './verdict';

const LABEL = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP', allowed: 'ALLOW' } as const;
const EXCERPT_CHARS = 300;
const LISTED = 12;

/**
 * The human summary: one line per check, the totals, the failures grouped by root cause (each with
 * one example exchange), what the allow-list did, and the verdict last. A target that could not be
 * used is one finding instead. Every byte the server sent is escaped (no control sequence reaches the terminal).
 */
export function toConsoleReport(report: RunReport): string {
  const lines = [
    `Contract checks against ${toSafeLine(report.baseUrl)} (${report.requests} requests, ${report.durationMs} ms; checks version ${report.checksVersion})`,
    '',
  ];
  if (report.systemic) lines.push(...describeSystemic(report.systemic, report.totals.checks));
  else lines.push(...describeChecks(report));
  if (report.allowList) lines.push(...describeAllowList(report.allowList));
  lines.push('', toVerdict(report));
  return lines.join('\n');
}

function describeChecks(report: RunReport): string[] {
  const width = Math.max(...report.results.map((result) => result.name.length));
  const { totals, findings } = report;
  const lines = report.results.map(
    (result) => `  ${LABEL[result.status].padEnd(5)}  ${result.name.padEnd(width)}  ${detailOf(result)}`,
  );
  const allowed = totals.allowed === 0 ? '' : `, ${totals.allowed} allowed`;
  lines.push('', `Checks: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${allowed}`);
  for (const { label, needs } of report.notProbed)
    lines.push(`Not probed: ${label} (${needs}): the checks covering it are skipped`);
  if (findings.length > 0)
    lines.push(
      '',
      `${findings.length} finding${findings.length === 1 ? '' : 's'} (the failures grouped by root cause):`,
    );
  findings.forEach((finding, index) => lines.push('', ...describeFinding(finding, `${index + 1}.`)));
  return lines;
}

function detailOf(result: CheckResult): string {
  const count = (n: number): string => `${n} violation${n === 1 ? '' : 's'}`;
  if (result.status === 'fail') return count(result.violations.length);
  if (result.status !== 'allowed') return result.note;
  const untils = [...new Set(result.allowed.map(({ entry }) => entry.until))].sort();
  return `${count(result.allowed.length)} allowed by --allow (until ${untils.join(', ')})`;
}

/** The one finding of a target that could not be used: what every first answer shared, the likely cause, one exchange. */
export function describeSystemic(systemic: SystemicFailure, checks: number): string[] {
  return [
    `The target could not be used: ${toSafeLine(systemic.summary)}.`,
    `  Likely cause: ${toSafeLine(systemic.advice)}.`,
    ...describeExchange(systemic.example.probe.id, systemic.example.exchange, '  e.g. '),
    `  None of the ${checks} checks was judged.`,
  ];
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

function describeExchange(id: string, exchange: Exchange, prefix: string): string[] {
  const indent = ' '.repeat(prefix.length + 2);
  const lines = [`${prefix}${id}: ${exchange.request.method} ${toSafeLine(exchange.request.url)}`];
  // A broken exchange's reason is the violation's reason, said where the violation is.
  if (exchange.kind !== 'response') return [...lines, `${indent}${toSafeLine(exchange.reason)}`];
  lines.push(
    `${indent}got ${exchange.status} ${toSafeLine(exchange.headers['content-type'] ?? '(no content type)')}: ${excerpt(exchange.bodyText)}`,
  );
  const location = exchange.headers.location;
  if (location !== undefined) lines.push(`${indent}Location: ${toSafeLine(location)}`);
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
