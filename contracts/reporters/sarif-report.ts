import { createHash } from 'node:crypto';
import path from 'node:path';
import { CHECKS } from '../checks';
import { EXIT_CODES } from '../exit-codes';
import { groupFindings } from '../findings';
import type { CheckResult, Finding, RunReport } from '../run-report';
import { describeFinding, describeSystemic } from './console-report';
import { toSafeJson, toSafeLines } from './safe-text';
import { locateIn } from './spec-location';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * SARIF 2.1.0 for code-scanning UIs (GitHub's upload-sarif among them): one rule per check with its
 * sentence, one result per finding (a finding an `--allow` entry accepts carries it as a
 * suppression), each located at its operation's path in the contract; a target that could not be
 * used is a failed invocation with one error notification and no results; an operation the run
 * could not probe is a warning notification.
 * @example writeFileSync('reports/contracts.sarif', toSarifReport(report, '1.0.0'))
 */
export function toSarifReport(report: RunReport, version: string, cwd: string = process.cwd()): string {
  const rules = report.results.map((result) => toRule(result));
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const locate = locateIn(report, cwd);
  const located = (finding: Finding): object => {
    const { file, inside, line, operation } = locate(finding);
    const uri = inside ? file.split('/').map(encodeURIComponent).join('/') : pathToUri(file);
    return {
      physicalLocation: {
        artifactLocation: { uri, ...(inside ? { uriBaseId: '%SRCROOT%' } : {}) },
        region: { startLine: line },
      },
      logicalLocations: [{ fullyQualifiedName: operation, kind: 'function' }],
    };
  };
  const result = (finding: Finding, suppression?: { justification: string }): object => {
    const [first] = finding.breaks;
    const rule = first?.check ?? '';
    return {
      ruleId: rule,
      ruleIndex: ruleIndex.get(rule) ?? 0,
      level: 'error',
      message: { text: toSafeLines(describeFinding(finding, 'Contract finding:').join('\n')) },
      locations: [located(finding)],
      partialFingerprints: { 'viewTokenContractFinding/v1': fingerprint(finding) },
      properties: {
        checks: finding.breaks.map((entry) => entry.check),
        probes: finding.results.map((entry) => entry.probe.id),
        where: finding.where,
      },
      ...(suppression ? { suppressions: [{ kind: 'external', status: 'accepted', ...suppression }] } : {}),
    };
  };
  const allowed = report.results.flatMap((check) =>
    groupFindings([{ ...check, violations: check.allowed.map(({ violation }) => violation) }]).map((finding) => {
      const entries = check.allowed.filter(({ violation }) => finding.results.includes(violation.result));
      const justification = [...new Set(entries.map(({ entry }) => `${entry.reason} (until ${entry.until})`))];
      return result(finding, { justification: justification.join('; ') });
    }),
  );
  const log = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'view-token-contracts', version, rules } },
        invocations: [toInvocation(report)],
        originalUriBaseIds: { '%SRCROOT%': { uri: `${pathToUri(cwd)}/` } },
        columnKind: 'utf16CodeUnits',
        results: [...report.findings.map((finding) => result(finding)), ...allowed],
        properties: {
          outcome: report.outcome,
          checksVersion: report.checksVersion,
          totals: report.totals,
          notProbed: report.notProbed.map(({ label, needs }) => `${label}: ${needs}`),
        },
      },
    ],
  };
  return `${toSafeJson(JSON.stringify(log, null, 2))}\n`;
}

/** One check as a SARIF rule: its summary, its sentence, what it sends and accepts. */
function toRule(result: CheckResult): { id: string } & Record<string, unknown> {
  const check = CHECKS.find((candidate) => candidate.name === result.name);
  return {
    id: result.name,
    name: result.name.replace(/(^|_)([a-z0-9])/g, (_whole, _sep: string, char: string) => char.toUpperCase()),
    shortDescription: { text: result.summary },
    fullDescription: { text: `From the interface: "${result.source}"` },
    help: { text: check?.detail ?? result.summary },
    defaultConfiguration: { level: 'error' },
    properties: { tags: ['contract', 'view-token'], checksVersion: result.since },
  };
}

function toInvocation(report: RunReport): object {
  const systemic = report.systemic;
  const notifications = systemic
    ? [{ level: 'error', message: { text: toSafeLines(describeSystemic(systemic, report.totals.checks).join('\n')) } }]
    : report.notProbed.map(({ label, needs }) => ({
        level: 'warning',
        message: { text: `${label} was not probed (${needs}): the checks covering it are skipped` },
      }));
  return {
    executionSuccessful: systemic === undefined,
    exitCode: EXIT_CODES[report.outcome],
    ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
  };
}

/** A stable identity for a finding across runs (its checks, reasons and where; not URLs, ports or times). */
function fingerprint(finding: Finding): string {
  const key = JSON.stringify([finding.breaks.map(({ check, reason }) => [check, reason]), finding.where]);
  return createHash('sha256').update(key).digest('hex');
}

function pathToUri(file: string): string {
  return `file://${file.split(path.sep).map(encodeURIComponent).join('/')}`;
}
