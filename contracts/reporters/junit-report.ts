import { findingsOf } from '../findings';
import type { CheckResult, Finding, RunReport } from '../run-report';
import { describeEntry } from './allow-list-text';
import { describeFinding, describeSystemic } from './console-report';
import { toExchangeText } from './exchange-text';
import { toSafeLines } from './safe-text';

/**
 * JUnit XML for CI systems: one testcase per check with its time; a failing one carries its
 * failures grouped by root cause in `<failure>` and every failing exchange in full in `<system-out>`.
 * An allowed check is `<skipped>` saying so; a target that could not be used is one more testcase,
 * `target`, in `<error>`. The totals in the report's own words are the suite's `<properties>`, with
 * a `notProbed` property per operation the run could not probe.
 */
export function toJUnitReport(report: RunReport): string {
  const cases = report.results.map((result) => toTestCase(result, report.findings));
  if (report.systemic) {
    const text = describeSystemic(report.systemic, report.totals.checks).join('\n');
    cases.push(
      [
        '    <testcase classname="view-token-contracts" name="target" time="0.000">',
        `      <error message="${xml(`the target could not be used: ${report.systemic.summary}`)}">${xml(text)}</error>`,
        `      <system-out>${xml(toExchangeText(report.systemic.example))}</system-out>`,
        '    </testcase>',
      ].join('\n'),
    );
  }
  const { totals } = report;
  const errors = report.systemic ? 1 : 0;
  const counts = `tests="${cases.length}" failures="${totals.failed}" errors="${errors}" skipped="${totals.skipped + totals.allowed}"`;
  const properties = (['checks', 'passed', 'failed', 'skipped', 'allowed'] as const).map(
    (name) => `      <property name="${name}" value="${totals[name]}"/>`,
  );
  for (const { label, needs } of report.notProbed)
    properties.push(`      <property name="notProbed" value="${xml(`${label}: ${needs}`)}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="view-token-contracts" ${counts} time="${seconds(report.durationMs)}">`,
    `  <testsuite name="${xml(report.baseUrl)}" ${counts} time="${seconds(report.durationMs)}">`,
    '    <properties>',
    `      <property name="outcome" value="${report.outcome}"/>`,
    `      <property name="checksVersion" value="${report.checksVersion}"/>`,
    ...properties,
    '    </properties>',
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function toTestCase(result: CheckResult, findings: readonly Finding[]): string {
  const open = `    <testcase classname="view-token-contracts" name="${xml(result.name)}" time="${seconds(result.durationMs)}">`;
  if (result.status === 'pass') return `${open}</testcase>`;
  if (result.status === 'skip') return `${open}\n      <skipped message="${xml(result.note)}"/>\n    </testcase>`;
  if (result.status === 'allowed') {
    const entries = [...new Set(result.allowed.map(({ entry }) => entry))].map(describeEntry);
    const message = `${result.allowed.length} violation(s) allowed by --allow: ${entries.join('; ')}`;
    return `${open}\n      <skipped message="${xml(message)}"/>\n    </testcase>`;
  }
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
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** Text for XML: unsafe characters escaped visibly (XML 1.0 cannot hold most controls), then the markup characters. */
function xml(text: string): string {
  return toSafeLines(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
