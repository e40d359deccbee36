import { toSafeJson } from '../reporters/safe-text';
import type { DiffReport } from './diff-report';

/** The report as JSON (described by diff-report.schema.json); strings exact, C1 and bidi characters as `\u` escapes. */
export function toJsonDiffReport(report: DiffReport): string {
  return toSafeJson(JSON.stringify(report, null, 2));
}
