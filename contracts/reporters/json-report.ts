import type { AllowEntry } from '../run-report';
import type { ProbeResult } from '../check-types';
import { EXIT_CODES } from '../exit-codes';
import { redact } from '../redact';
import type { RunReport } from '../run-report';
import { toSafeJson } from './safe-text';

/** The version of the report's shape; contracts/report.schema.json describes it. */
const JSON_REPORT_VERSION = 2;
const BODY_CHARS = 2_000;

/**
 * The machine-readable report (contracts/report.schema.json): the outcome and its exit code, every
 * check with its violations (request, answer, expectation), the failures grouped by root cause, the
 * systemic failure of a target that could not be used, and what the allow-list did. Server text
 * keeps its value; C1 and bidi characters are written as `\u` escapes, so printing the file is safe.
 */
export function toJsonReport(report: RunReport): string {
  const document = {
    reportVersion: JSON_REPORT_VERSION,
    baseUrl: report.baseUrl,
    spec: report.specPath,
    checksVersion: report.checksVersion,
    durationMs: report.durationMs,
    requests: report.requests,
    outcome: report.outcome,
    exitCode: EXIT_CODES[report.outcome],
    totals: report.totals,
    checks: report.results.map((result) => ({
      name: result.name,
      status: result.status,
      since: result.since,
      summary: result.summary,
      source: result.source,
      note: result.note,
      ...(result.partial ? { partial: true } : {}),
      durationMs: result.durationMs,
      violations: result.violations.map(({ result: probed, expected, reason }) => ({
        ...toJsonExchange(probed),
        expected,
        reason,
      })),
      allowed: result.allowed.map(({ violation, entry }) => ({
        ...toJsonExchange(violation.result),
        expected: violation.expected,
        reason: violation.reason,
        entry: toJsonEntry(entry),
      })),
    })),
    findings: report.findings.map((finding) => ({
      breaks: finding.breaks.map(({ check, reason, example }) => ({
        check,
        reason,
        ...(example === undefined ? {} : { example }),
      })),
      probes: finding.results.map((result) => result.probe.id),
      where: finding.where,
      variants: finding.variants,
    })),
    notProbed: report.notProbed.map(({ operation, label, needs }) => ({ operation, label, needs })),
    ...(report.systemic
      ? {
          systemic: {
            kind: report.systemic.kind,
            summary: report.systemic.summary,
            advice: report.systemic.advice,
            flag: report.systemic.flag,
            example: toJsonExchange(report.systemic.example),
          },
        }
      : {}),
    ...(report.allowList
      ? {
          allowList: {
            file: report.allowList.file,
            used: report.allowList.used.map(toJsonEntry),
            expired: report.allowList.expired.map(toJsonEntry),
            stale: report.allowList.stale.map(toJsonEntry),
          },
        }
      : {}),
  };
  return `${toSafeJson(JSON.stringify(document, null, 2))}\n`;
}

/** A probe's request (Authorization reduced to its scheme) and what came back (null: no complete answer). */
function toJsonExchange({ probe, exchange }: ProbeResult): { probe: string; request: object; response: object | null } {
  return {
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
  };
}

function toJsonEntry(entry: AllowEntry): object {
  return {
    check: entry.check,
    ...(entry.probe === undefined ? {} : { probe: entry.probe }),
    reason: entry.reason,
    until: entry.until,
    where: entry.where,
    ...(entry.nearestProbe === undefined ? {} : { nearestProbe: entry.nearestProbe }),
  };
}
