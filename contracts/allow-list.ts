import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { nearestName } from './nearest-name';
import { UsageError } from './usage-error';
import type { AllowEntry, AllowList, AllowListReport, AllowedViolation, CheckResult } from './run-report';

const FIELDS = ['check', 'probe', 'reason', 'until'];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads an `--allow` file (YAML or JSON: a list of entries); every mistake is a UsageError naming the entry. */
export function loadAllowList(file: string, checks: readonly string[]): AllowList {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--allow ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
  }
  return parseAllowList(text, file, checks);
}

/**
 * An `--allow` file's text, checked: a list of `{check, probe?, reason, until}`.
 * @example parseAllowList('- {check: unauthorized_is_401, reason: TICKET-1, until: 2026-12-31}', 'allow.yaml', ['unauthorized_is_401'])
 */
export function parseAllowList(text: string, file: string, checks: readonly string[]): AllowList {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new UsageError(`--allow ${file}: not YAML or JSON (${(error as Error).message.split('\n')[0] ?? ''})`);
  }
  if (!Array.isArray(document))
    throw new UsageError(`--allow ${file}: expected a list of entries, each with check, reason and until (and probe)`);
  return {
    file,
    entries: document.map((entry, index) => toEntry(entry, `--allow ${file}, entry ${index + 1}`, checks)),
  };
}

function toEntry(value: unknown, where: string, checks: readonly string[]): AllowEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(`${where}: expected an object with check, reason and until (and probe)`);
  const entry = value as Record<string, unknown>;
  const unknown = Object.keys(entry).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined) throw new UsageError(`${where}: unknown field ${unknown} (allowed: ${FIELDS.join(', ')})`);
  const check = text(entry.check, where, 'check', 'a check name, e.g. unauthorized_is_401');
  if (!checks.includes(check)) {
    const nearest = nearestName(check, checks);
    throw new UsageError(
      `${where}: unknown check ${check}${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}`,
    );
  }
  const reason = text(entry.reason, where, 'reason', 'why the team accepts it, e.g. a ticket');
  const until = text(entry.until, where, 'until', 'the last day it holds, YYYY-MM-DD');
  if (!isDate(until)) throw new UsageError(`${where}: until ${until} is not a date (YYYY-MM-DD)`);
  if (entry.probe === undefined) return { check, reason, until, where };
  return { check, probe: text(entry.probe, where, 'probe', 'a probe name as reports give it'), reason, until, where };
}

function text(value: unknown, where: string, field: string, what: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError(`${where}: ${field} is required (${what})`);
  return value;
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isDate(value: string): boolean {
  const parts = DATE.exec(value);
  if (!parts) return false;
  const day = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return day.toISOString().slice(0, 10) === value;
}

/**
 * The results with the violations the live entries accept moved to `allowed` (a check whose every
 * violation is accepted is `allowed`), and what each entry did. `today` is `YYYY-MM-DD` (UTC).
 */
export function applyAllowList(
  results: readonly CheckResult[],
  allow: AllowList,
  today: string,
): { results: CheckResult[]; report: AllowListReport } {
  const live = allow.entries.filter((entry) => entry.until >= today);
  const used = new Set<AllowEntry>();
  const judgedChecks = new Set(results.filter((result) => result.status !== 'skip').map((result) => result.name));
  const applied = results.map((result) => {
    const allowed: AllowedViolation[] = [];
    const violations = result.violations.filter((violation) => {
      const entry = live.find(
        (candidate) =>
          candidate.check === result.name &&
          (candidate.probe === undefined || candidate.probe === violation.result.probe.id),
      );
      if (entry === undefined) return true;
      used.add(entry);
      allowed.push({ violation, entry });
      return false;
    });
    if (allowed.length === 0) return result;
    return { ...result, status: violations.length > 0 ? 'fail' : 'allowed', violations, allowed } as CheckResult;
  });
  return {
    results: applied,
    report: {
      file: allow.file,
      used: live.filter((entry) => used.has(entry)),
      expired: allow.entries.filter((entry) => entry.until < today),
      stale: live
        .filter((entry) => !used.has(entry) && judgedChecks.has(entry.check))
        .map((entry) => withNearestProbe(entry, results)),
    },
  };
}

/** A stale entry naming a probe, with the violating probe of its check it is probably a typo of. */
function withNearestProbe(entry: AllowEntry, results: readonly CheckResult[]): AllowEntry {
  if (entry.probe === undefined) return entry;
  const violating = results
    .filter((result) => result.name === entry.check)
    .flatMap((result) => result.violations.map((violation) => violation.result.probe.id));
  const nearestProbe = nearestName(entry.probe, violating);
  return nearestProbe === undefined ? entry : { ...entry, nearestProbe };
}
