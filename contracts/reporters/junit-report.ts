import type { RunReport } from '../runner';
import { describeViolation } from './console-report';
import { toExchangeText } from './exchange-text';

/**
 * JUnit XML for CI systems: one testcase per check with its time; a failing one carries the
 * violations in `<failure>` and every failing exchange in full in `<system-out>`.
 */
export function toJUnitReport(report: RunReport): string {
  const cases = report.results.map((result) => {
    const open = `    <testcase classname="view-token-contracts" name="${xml(result.name)}" time="${seconds(result.durationMs)}">`;
    if (result.status === 'skip') return `${open}\n      <skipped message="${xml(result.note)}"/>\n    </testcase>`;
    if (result.status === 'pass') return `${open}</testcase>`;
    const body = result.violations.flatMap(describeViolation).join('\n');
    const exchanges = result.violations.map((violation) => toExchangeText(violation.result)).join('\n\n');
    return [
      open,
      `      <failure message="${xml(`${result.violations.length} violation(s): ${result.summary}`)}">${xml(body)}</failure>`,
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

function xml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
