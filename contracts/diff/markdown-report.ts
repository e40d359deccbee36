import { toSafeLine } from '../reporters/safe-text';
import type { DiffReport, ReportedChange, SpecSummary } from './diff-report';
import { toHeadline, toJournalHeadline } from './diff-report';

/** GitHub refuses a comment past 65,536 characters: rows stop well before, saying how many were left out. */
export const MARKDOWN_LIMIT = 60_000;

const MARK: Record<ReportedChange['impact'], string> = { breaking: '❌', 'non-breaking': '✅', annotation: '📝' };

/**
 * The report as a pull-request comment: a headline, one table of the changes (breaking first; the
 * documentation-only ones counted, not listed) and one of the recorded calls the change breaks.
 * Every cell is escaped, so a value from a spec cannot end a cell, open a link or inject HTML.
 */
export function toMarkdownReport(report: DiffReport, limit = MARKDOWN_LIMIT): string {
  const head = [
    `### Spec change: ${report.breaksCallers ? 'breaks callers' : 'no caller breaks'}`,
    '',
    `${toSpecName(report.old)} → ${toSpecName(report.new)}, compared by ${cell(report.differ.name)} ${cell(report.differ.version)}`,
    '',
    `**${cell(toHeadline(report))}**`,
  ];
  const rows = report.changes
    .filter((change) => change.impact !== 'annotation')
    .map((change) =>
      row(
        [MARK[change.impact], change.side, change.operation ?? '', change.where, change.change, toWhy(change)].map(
          cell,
        ),
      ),
    );
  const changeTable =
    rows.length === 0 ? [] : ['', '| | Side | Operation | Where | Change | Why |', '|---|---|---|---|---|---|'];
  const journal = report.journal;
  const callRows = (journal?.broken ?? []).map(({ call, reasons }) =>
    row([cell(call), reasons.map(cell).join('<br>')]),
  );
  const callTable =
    journal === undefined
      ? []
      : [
          '',
          `#### Recorded calls: ${cell(toJournalHeadline(journal))}`,
          ...(callRows.length === 0 ? [] : ['', '| Call | Why it breaks |', '|---|---|']),
        ];
  return fit([...head, ...changeTable], rows, callTable, callRows, limit).join('\n');
}

/** The tables' rows while they fit the limit; then one line saying how many were left out of each. */
function fit(head: string[], rows: string[], callHead: string[], callRows: string[], limit: number): string[] {
  let room = limit - [...head, ...callHead].join('\n').length - 200;
  const take = (lines: string[]): string[] => {
    const kept: string[] = [];
    for (const line of lines) {
      if (line.length + 1 > room) break;
      kept.push(line);
      room -= line.length + 1;
    }
    return kept;
  };
  const keptRows = take(rows);
  const keptCalls = take(callRows);
  const left = (all: string[], kept: string[], what: string): string[] =>
    all.length === kept.length
      ? []
      : ['', `…and ${all.length - kept.length} more ${what} (the JSON report, --format json, has them all).`];
  return [
    ...head,
    ...keptRows,
    ...left(rows, keptRows, 'changes'),
    ...callHead,
    ...keptCalls,
    ...left(callRows, keptCalls, 'recorded calls'),
  ];
}

function toWhy(change: ReportedChange): string {
  if (!change.judgedBy.startsWith('rule ')) return change.reason;
  return `${change.reason} (${change.judgedBy}; the differ said ${change.differ.type})`;
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** Text safe in a table cell: control characters escaped, Markdown and HTML punctuation backslash-escaped. */
function cell(text: string): string {
  return toSafeLine(text).replace(/[\\`*_{}[\]()<>#+!|~&]/g, (char) => `\\${char}`);
}

function toSpecName(spec: SpecSummary): string {
  const about = [spec.title, spec.version].filter((part) => part !== undefined).join(' ');
  return `${cell(spec.file)}${about === '' ? '' : ` (${cell(about)})`}`;
}
