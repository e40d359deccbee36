import { findingsOf, groupFindings } from '../findings';
import type { RunReport } from '../run-report';
import { describeFinding } from './console-report';
import { toExchangeText } from './exchange-text';
import { toSafeLines } from './safe-text';

/**
 * JUnit XML for CI systems: one testcase per check with its time; a failing one carries its
 * failures grouped by root cause in `<failure>` and every failing exchange in full in `<system-out>`.
 */
export function toJUnitReport(report: RunReport): string {
  const findings = report.findings ?? groupFindings(report.results);
  const cases = report.results.map((result) => {
    const open = `    <testcase classname="view-token-contracts" name="${xml(result.name)}" time="${seconds(result.durationMs)}">`;
    if (result.status === 'skip') return `${open}\n      <skipped message="${xml(result.note)}"/>\n    </testcase>`;
    if (result.status === 'pass') return `${open}</testcase>`;
    const own = findingsOf(findings, result.name);
    const body = own.flatMap((finding, index) => describeFinding(finding, `${index + 1}.`)).join('\n');
    const exchanges = [...new Set(result.violations.map((violation) => violation.result))]
      .map(toExchangeText)
      .join('\n\n');
    const message = `${result.violations.length} violation(s) in ${own.length} finding(s): ${result.summary}`;
    return [
      open,
      `      <failure message="${xml(message)}">${xml(body)}</failure>`,
      `      <system-out>${xml(exchanges)}</system-out>`,
      '    </testcase>',
    ].join('\n');
  });
  const counts = `tests="${report.results.length}" failures="${report.totals.fail}" skipped="${report.totals.skip}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="view-token-contracts" ${counts} time="${seconds(report.durationMs)}">`,
    `  <testsuite name="${xml(report.baseUrl)}" ${counts} errors="0" time="${seconds(report.durationMs)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** Text for XML: unsafe characters escaped visibly (XML 1.0 cannot hold most controls), then the markup characters. */
function xml(text: string): string {
  return toSafeLines(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
