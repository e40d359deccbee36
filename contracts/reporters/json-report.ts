import type { RunReport } from '../runner';

/** The machine-readable report: every check with its violations (request, answer, expectation). */
export function toJsonReport(report: RunReport): string {
  return `${JSON.stringify({
    baseUrl: report.baseUrl,
    spec: report.specPath,
    durationMs: report.durationMs,
    requests: report.requests,
    totals: { passed: report.totals.pass, failed: report.totals.fail, skipped: report.totals.skip },
    checks: report.results.map((result) => ({
      name: result.name,
      status: result.status,
      summary: result.summary,
      source: result.source,
      note: result.note,
      violations: result.violations.map(({ result: { probe, exchange }, expected, reason }) => ({
        probe: probe.id,
        request: { method: exchange.request.method, url: exchange.request.url },
        response: exchange.kind === 'response' ? { status: exchange.status, headers: exchange.headers, body: exchange.bodyText.slice(0, 2_000) } : null,
        expected,
        reason,
      })),
    })),
  }, null, 2)}\n`;
}
