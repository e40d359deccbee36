import type { RunReport } from '../runner';
import { redact } from './exchange-text';

/** The version of the report's shape; contracts/report.schema.json describes it. */
export const JSON_REPORT_VERSION = 1;
const BODY_CHARS = 2_000;

/** The machine-readable report (contracts/report.schema.json): every check with its violations (request, answer, expectation). */
export function toJsonReport(report: RunReport): string {
  return `${JSON.stringify({
    reportVersion: JSON_REPORT_VERSION,
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
      durationMs: result.durationMs,
      violations: result.violations.map(({ result: { probe, exchange }, expected, reason }) => ({
        probe: probe.id,
        request: {
          method: exchange.request.method,
          url: exchange.request.url,
          headers: Object.fromEntries(Object.entries(exchange.request.headers).map(([name, value]) => [name, redact(name, value)])),
        },
        response: exchange.kind === 'response' ? { status: exchange.status, headers: exchange.headers, body: exchange.bodyText.slice(0, BODY_CHARS) } : null,
        expected,
        reason,
      })),
    })),
  }, null, 2)}\n`;
}
