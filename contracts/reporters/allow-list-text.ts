import type { AllowEntry, AllowListReport } from '../run-report';
import { toSafeLine } from './safe-text';

/** What the `--allow` file did, as console lines: entries past their date, and entries that match nothing (stale). */
export function describeAllowList(report: AllowListReport): string[] {
  const lines: string[] = [];
  if (report.expired.length > 0)
    lines.push(
      '',
      `Allow-list ${report.file}, past the date (what they name fails again): ${report.expired.length}`,
      ...report.expired.map((entry) => `  ${describeEntry(entry)}`),
    );
  if (report.stale.length > 0)
    lines.push(
      '',
      `Allow-list ${report.file}, stale (they match nothing in this run: delete them): ${report.stale.length}`,
      ...report.stale.map((entry) => `  ${describeEntry(entry)}`),
    );
  return lines;
}

/** One entry on one line: where it is, what it names, until when, why. */
export function describeEntry(entry: AllowEntry): string {
  const probe = entry.probe === undefined ? '' : ` (${entry.probe})`;
  const nearest = entry.nearestProbe === undefined ? '' : ` (did you mean probe "${entry.nearestProbe}"?)`;
  return toSafeLine(
    `${entry.where.replace(/^--allow /, '')}: ${entry.check}${probe} until ${entry.until}: ${entry.reason}${nearest}`,
  );
}
