import type { ProbeResult } from './check-types';
import type { CheckResult, Finding, FindingBreak } from './run-report';

/**
 * Groups the violations of a run by root cause: the requests that broke exactly the same checks
 * for exactly the same reasons form one finding, listing where they went and what they tried.
 * @example groupFindings(report.results).map((finding) => finding.breaks[0]?.reason)
 */
export function groupFindings(results: readonly CheckResult[]): Finding[] {
  const breaksOf = new Map<ProbeResult, FindingBreak[]>();
  for (const check of results) {
    for (const { result, reason, expected, cause } of check.violations) {
      const breaks = breaksOf.get(result) ?? [];
      const shared = cause ?? reason;
      if (!breaks.some((known) => known.check === check.name && known.reason === shared))
        breaks.push({
          check: check.name,
          source: check.source,
          expected,
          reason: shared,
          ...(cause === undefined ? {} : { example: reason }),
        });
      breaksOf.set(result, breaks);
    }
  }
  const findings = new Map<string, Finding>();
  for (const [result, breaks] of breaksOf) {
    const key = JSON.stringify(breaks.map(({ check, reason }) => [check, reason]));
    const finding = findings.get(key) ?? { breaks, results: [], where: [], variants: [] };
    finding.results.push(result);
    if (!finding.where.includes(result.probe.where)) finding.where.push(result.probe.where);
    if (!finding.variants.includes(result.probe.variant)) finding.variants.push(result.probe.variant);
    findings.set(key, finding);
  }
  return [...findings.values()];
}

/** The findings that break this check, each reduced to its reason for it. */
export function findingsOf(findings: readonly Finding[], check: string): Finding[] {
  return findings.flatMap((finding) => {
    const breaks = finding.breaks.filter((entry) => entry.check === check);
    return breaks.length === 0 ? [] : [{ ...finding, breaks }];
  });
}
