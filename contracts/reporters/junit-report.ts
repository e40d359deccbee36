import type { RunReport } from '../runner';
import { describeViolation } from './console-report';

/** JUnit XML (one testcase per check) for CI systems to publish. */
export function toJUnitReport(report: RunReport): string {
  const cases = report.results.map((result) => {
    const open = `    <testcase classname="view-token-contracts" name="${xml(result.name)}" time="0">`;
    if (result.status === 'skip') return `${open}\n      <skipped message="${xml(result.note)}"/>\n    </testcase>`;
    if (result.status === 'pass') return `${open}</testcase>`;
    const body = result.violations.flatMap(describeViolation).join('\n');
    return `${open}\n      <failure message="${xml(`${result.violations.length} violation(s): ${result.summary}`)}">${xml(body)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="view-token-contracts" tests="${report.results.length}" failures="${report.totals.fail}" skipped="${report.totals.skip}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${xml(report.baseUrl)}" tests="${report.results.length}" failures="${report.totals.fail}" skipped="${report.totals.skip}" errors="0" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function xml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
