import type { JournalVerdict } from './judge-calls';
import type { DiffSpec } from './read-spec';
import type { SpecChange } from './spec-changes';

/** The diff's report: what every format prints. `contracts/diff/diff-report.schema.json` describes its JSON. */
export interface DiffReport {
  reportVersion: 1;
  old: SpecSummary;
  new: SpecSummary;
  differ: { name: string; version: string };
  /** True when a change breaks callers or a recorded call breaks: exit code 1. */
  breaksCallers: boolean;
  totals: {
    breaking: number;
    breakingRequest: number;
    breakingResponse: number;
    nonBreaking: number;
    annotation: number;
  };
  changes: ReportedChange[];
  journal: JournalVerdict | undefined;
}

export interface SpecSummary {
  file: string;
  title: string | undefined;
  version: string | undefined;
}

export type ReportedChange = Pick<
  SpecChange,
  'impact' | 'side' | 'operation' | 'where' | 'change' | 'reason' | 'judgedBy' | 'differ'
>;

/** The report of a comparison (and of the journal, when one was given). */
export function toDiffReport(
  specs: { old: DiffSpec; new: DiffSpec },
  differ: { name: string; version: string },
  changes: readonly SpecChange[],
  journal: JournalVerdict | undefined,
): DiffReport {
  const breaking = changes.filter((change) => change.impact === 'breaking');
  return {
    reportVersion: 1,
    old: summary(specs.old),
    new: summary(specs.new),
    differ,
    breaksCallers: breaking.length > 0 || (journal?.broken.length ?? 0) > 0,
    totals: {
      breaking: breaking.length,
      breakingRequest: breaking.filter((change) => change.side === 'request').length,
      breakingResponse: breaking.filter((change) => change.side === 'response').length,
      nonBreaking: changes.filter((change) => change.impact === 'non-breaking').length,
      annotation: changes.filter((change) => change.impact === 'annotation').length,
    },
    changes: changes.map(({ impact, side, operation, where, change, reason, judgedBy, differ: judged }) => ({
      impact,
      side,
      operation,
      where,
      change,
      reason,
      judgedBy,
      differ: judged,
    })),
    journal,
  };
}

function summary(spec: DiffSpec): SpecSummary {
  return { file: spec.file, title: spec.title, version: spec.version };
}

/** `8 changes break callers (4 request, 4 response); 1 does not; 2 documentation only.` */
export function toHeadline(report: DiffReport): string {
  const { breaking, breakingRequest, breakingResponse, nonBreaking, annotation } = report.totals;
  const first =
    breaking === 0
      ? 'no change breaks callers'
      : `${count(breaking, 'change breaks', 'changes break')} callers (${breakingRequest} request, ${breakingResponse} response)`;
  return `${first}; ${nonBreaking} ${nonBreaking === 1 ? 'does' : 'do'} not; ${annotation} documentation only.`;
}

/** `2 of 5 recorded calls break (1 not judged)`. */
export function toJournalHeadline(journal: JournalVerdict): string {
  const notJudged = journal.notJudged.length === 0 ? '' : ` (${journal.notJudged.length} not judged)`;
  return `${journal.broken.length} of ${count(journal.calls, 'recorded call', 'recorded calls')} ${journal.broken.length === 1 ? 'breaks' : 'break'}${notJudged}`;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
