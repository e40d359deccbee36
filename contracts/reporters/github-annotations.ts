import type { RunReport } from '../run-report';
import { describeEntry } from './allow-list-text';
import { describeFinding } from './console-report';
import { toSafeLine, toSafeLines } from './safe-text';
import { locateIn } from './spec-location';

/**
 * GitHub Actions workflow commands (printed when `GITHUB_ACTIONS` is `true`): an `::error` per
 * finding, at its operation in the contract, one for a target that could not be used, a `::warning`
 * per operation the run could not probe, a `::notice` per skipped check, and a `::warning` per
 * allow-list entry past its date or stale. Each is one
 * line: the message's newlines and `%` are escaped as the runner reads them, so a server's text
 * can never start a command of its own.
 * @example if (process.env.GITHUB_ACTIONS === 'true') console.log(toGitHubAnnotations(report).join('\n'))
 */
export function toGitHubAnnotations(report: RunReport, cwd: string = process.cwd()): string[] {
  const locate = locateIn(report, cwd);
  const lines: string[] = [];
  if (report.systemic) {
    const { summary, advice } = report.systemic;
    lines.push(command('error', 'title=view-token-contracts: the target could not be used', `${summary}. ${advice}.`));
  }
  for (const finding of report.findings) {
    const { file, inside, line } = locate(finding);
    const at = inside ? `file=${property(file)},line=${line},` : '';
    const checks = finding.breaks.map((entry) => entry.check).join(', ');
    const message = describeFinding(finding, 'Contract finding:').join('\n');
    lines.push(command('error', `${at}title=${property(`view-token-contracts: ${checks}`)}`, message));
  }
  for (const { label, needs } of report.systemic ? [] : report.notProbed)
    lines.push(
      command(
        'warning',
        `title=${property(`view-token-contracts: ${label} not probed`)}`,
        `${needs}: the checks covering it are skipped`,
      ),
    );
  for (const result of report.results.filter((candidate) => candidate.status === 'skip' && !report.systemic))
    lines.push(command('notice', `title=${property(`view-token-contracts: ${result.name} skipped`)}`, result.note));
  for (const entry of report.allowList?.expired ?? [])
    lines.push(command('warning', 'title=view-token-contracts: allow-list entry past its date', describeEntry(entry)));
  for (const entry of report.allowList?.stale ?? [])
    lines.push(command('warning', 'title=view-token-contracts: stale allow-list entry', describeEntry(entry)));
  return lines;
}

/** `::level props::message`, the message on one line (GitHub's escapes for `%`, CR and LF). */
function command(level: 'error' | 'warning' | 'notice', props: string, message: string): string {
  return `::${level} ${props}::${data(toSafeLines(message))}`;
}

function data(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: also `:` and `,` escaped (they end a property). */
function property(value: string): string {
  return data(toSafeLine(value)).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
