import { toSafeLine } from '../reporters/safe-text';
import type { DiffReport, ReportedChange, SpecSummary } from './diff-report';
import { toHeadline, toJournalHeadline } from './diff-report';

/**
 * The report for a terminal or CI log: the breaking changes with why, the others in one line each,
 * then the recorded calls the change breaks. Every string taken from a file is escaped (toSafeLine).
 */
export function toTextReport(report: DiffReport): string {
  const breaking = report.changes.filter((change) => change.impact === 'breaking');
  const nonBreaking = report.changes.filter((change) => change.impact === 'non-breaking');
  return [
    `view-token-contracts diff: ${toSpecName(report.old)} → ${toSpecName(report.new)} (compared by ${report.differ.name} ${report.differ.version})`,
    `${report.breaksCallers ? 'BREAKS CALLERS' : 'OK'}: ${toHeadline(report)}`,
    ...section('Breaking changes:', breaking.flatMap(toBreakingLines)),
    ...section(
      'Not breaking:',
      nonBreaking.map((change) => `  ${toChangeLine(change)} (${toSafeLine(change.reason)})`),
    ),
    ...journalLines(report),
  ].join('\n');
}

function section(title: string, lines: string[]): string[] {
  return lines.length === 0 ? [] : ['', title, ...lines];
}

function toBreakingLines(change: ReportedChange): string[] {
  const overruled = change.judgedBy.startsWith('rule ')
    ? ` [${change.judgedBy}; the differ said ${change.differ.type}]`
    : '';
  return [`  ${toChangeLine(change)}`, `      why: ${toSafeLine(change.reason)}${overruled}`];
}

function toChangeLine(change: ReportedChange): string {
  const operation = change.operation === undefined ? '' : `${toSafeLine(change.operation)}  `;
  return `${change.side.padEnd(8)}  ${operation}${toSafeLine(change.where)}: ${toSafeLine(change.change)}`;
}

function journalLines(report: DiffReport): string[] {
  const { journal } = report;
  if (journal === undefined) return [];
  const kind = journal.kind === 'journal' ? 'journal' : '--record file';
  return [
    '',
    `Recorded calls (${kind} ${toSafeLine(journal.file)}): ${toJournalHeadline(journal)}`,
    ...journal.broken.flatMap(({ call, reasons }) => [
      `  ${toSafeLine(call)}`,
      ...reasons.map((reason) => `      ${toSafeLine(reason)}`),
    ]),
    ...journal.notJudged.map(({ call, why }) => `  not judged: ${toSafeLine(call)} (${toSafeLine(why)})`),
  ];
}

function toSpecName(spec: SpecSummary): string {
  const about = [spec.title, spec.version].filter((part) => part !== undefined).join(' ');
  return `${toSafeLine(spec.file)}${about === '' ? '' : ` (${toSafeLine(about)})`}`;
}
