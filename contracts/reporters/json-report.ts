import { groupFindings } from '../findings';
import type { RunReport } from '../run-report';
import { redact } from '../redact';
import { toSafeJson } from './safe-text';

/** The version of the report's shape; contracts/report.schema.json describes it. */
export const JSON_REPORT_VERSION = 1;
const BODY_CHARS = 2_000;

/**
 * The machine-readable report (contracts/report.schema.json): every check with its violations
 * (request, answer, expectation), and the failures grouped by root cause. Server text keeps its
 * value; C1 and bidi characters are written as `\u` escapes, so printing the file is safe.
 */
export function toJsonReport(report: RunReport): string {
  return `${toSafeJson(
    JSON.stringify(
      {
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
              headers: Object.fromEntries(
                Object.entries(exchange.request.headers).map(([name, value]) => [name, redact(name, value)]),
              ),
              ...(exchange.request.body === undefined ? {} : { body: exchange.request.body }),
            },
            response:
              exchange.kind === 'response'
                ? { status: exchange.status, headers: exchange.headers, body: exchange.bodyText.slice(0, BODY_CHARS) }
                : null,
            expected,
            reason,
          })),
        })),
        findings: (report.findings ?? groupFindings(report.results)).map((finding) => ({
          breaks: finding.breaks.map(({ check, reason, example }) => ({
            check,
            reason,
            ...(example === undefined ? {} : { example }),
          })),
          probes: finding.results.map((result) => result.probe.id),
          where: finding.where,
          variants: finding.variants,
        })),
      },
      null,
      2,
    ),
  )}\n`;
}
