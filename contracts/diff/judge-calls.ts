import type { SpecOperation } from './operations';
import { documentsStatus, findOperation, listOperations } from './operations';
import { refusal } from './param-value';
import type { Journal, RecordedCall } from './read-journal';
import type { SpecChange } from './spec-changes';

/** A recorded call the change breaks, with each reason. */
interface BrokenCall {
  call: string;
  reasons: string[];
}

/** What the journal says of the change: the calls it breaks, and the calls it could not judge (with why). */
export interface JournalVerdict {
  file: string;
  kind: Journal['kind'];
  calls: number;
  judged: number;
  broken: BrokenCall[];
  notJudged: { call: string; why: string }[];
}

interface Specs {
  old: Record<string, unknown>;
  new: Record<string, unknown>;
}

/**
 * Replays each recorded call against both specs: a call the old spec served that the new one would
 * refuse, or answer in a way it no longer documents, is broken. Also named: calls whose answer's body
 * a breaking response change alters (same operation and status), and calls of an operation whose
 * credentials changed. The journal keeps no headers or bodies, so request-body and header changes are
 * not matched to calls (they are in the list of changes).
 * @example judgeCalls(specs, readJournal('journal.json'), changes).broken.map(({ call }) => call)
 */
export function judgeCalls(specs: Specs, journal: Journal, changes: readonly SpecChange[]): JournalVerdict {
  const operations = { old: listOperations(specs.old), new: listOperations(specs.new) };
  const broken: BrokenCall[] = [];
  const notJudged: JournalVerdict['notJudged'] = [];
  for (const call of journal.calls) {
    const verdict =
      call.method === undefined
        ? judgeRecordedId(specs, operations, call)
        : judgeCall(specs, operations, call, changes);
    if (verdict.kind === 'not-judged') notJudged.push({ call: call.name, why: verdict.why });
    else if (verdict.reasons.length > 0) broken.push({ call: call.name, reasons: verdict.reasons });
  }
  return {
    file: journal.file,
    kind: journal.kind,
    calls: journal.calls.length,
    judged: journal.calls.length - notJudged.length,
    broken,
    notJudged,
  };
}

type Verdict = { kind: 'judged'; reasons: string[] } | { kind: 'not-judged'; why: string };
type Operations = { old: SpecOperation[]; new: SpecOperation[] };

function judgeCall(specs: Specs, operations: Operations, call: RecordedCall, changes: readonly SpecChange[]): Verdict {
  const method = call.method ?? '';
  const path = call.path ?? '';
  const status = call.statuses[0] ?? 0;
  // A fault answered instead of the implementation: the exchange says nothing about the spec.
  if (status === 0) return { kind: 'not-judged', why: 'answered by a fault (status 0)' };
  const before = findOperation(operations.old, method, path);
  if (before === undefined) return { kind: 'not-judged', why: 'not an operation of the old spec' };
  const after = findOperation(operations.new, method, path);
  if (after === undefined)
    return { kind: 'judged', reasons: [`${method.toUpperCase()} ${before.operation.template} is not in the new spec`] };
  const sent = {
    query: call.query,
    path: before.pathValues,
    renamed: renamedPathParameters(before.pathValues, after.pathValues),
  };
  return {
    kind: 'judged',
    reasons: [
      ...parameterReasons(specs, before.operation, after.operation, sent),
      ...statusReasons(before.operation, after.operation, call.statuses),
      ...changeReasons(changes, before.operation, status),
    ],
  };
}

/** A --record id: broken when no operation of the old spec that takes its parameter still takes it, as recorded. */
function judgeRecordedId(specs: Specs, operations: Operations, call: RecordedCall): Verdict {
  const { parameter, value } = call.recordedId ?? { parameter: '', value: '' };
  const candidates = operations.old.filter((operation) =>
    [...operation.parameters.values()].some((declared) => declared.name === parameter && declared.in !== 'header'),
  );
  if (candidates.length === 0) return { kind: 'not-judged', why: `no operation of the old spec takes ${parameter}` };
  const reasons = candidates.map((operation) => {
    const label = `${operation.method} ${operation.template}`;
    const after = operations.new.find(
      (other) => other.method === operation.method && other.template === operation.template,
    );
    if (after === undefined) return [`${label} is not in the new spec`];
    const declared = [...operation.parameters.values()].find((candidate) => candidate.name === parameter);
    const sent =
      declared?.in === 'path'
        ? { query: {}, path: { [parameter]: value } }
        : { query: { [parameter]: value }, path: {} };
    const found = [
      ...parameterReasons(specs, operation, after, sent, false),
      ...statusReasons(operation, after, call.statuses),
    ];
    return found.map((reason) => `${label}: ${reason}`);
  });
  // Still served by one of the operations it may have gone to: not shown broken.
  if (reasons.some((found) => found.length === 0)) return { kind: 'judged', reasons: [] };
  return { kind: 'judged', reasons: reasons.flat() };
}

function parameterReasons(
  specs: Specs,
  before: SpecOperation,
  after: SpecOperation,
  sent: { query: Record<string, string | string[]>; path: Record<string, string>; renamed?: Record<string, string> },
  checkRequired = true,
): string[] {
  const reasons: string[] = [];
  for (const [place, values] of [
    ['query', sent.query],
    ['path', sent.path],
  ] as const) {
    for (const [name, value] of Object.entries(values)) {
      const old = before.parameters.get(`${place} ${name}`);
      const now = after.parameters.get(`${place} ${place === 'path' ? (sent.renamed?.[name] ?? name) : name}`);
      // Not declared by the old spec either: the change did not make it any worse.
      if (old === undefined) continue;
      if (now === undefined) {
        reasons.push(`sends ${place} parameter ${name}, which the new spec removes`);
        continue;
      }
      const why = refusal(specs.new, now.schema, value);
      if (why !== undefined && refusal(specs.old, old.schema, value) === undefined)
        reasons.push(`sends ${name}=${String(value)}, which the new spec refuses (${why})`);
    }
  }
  if (!checkRequired) return reasons;
  for (const parameter of after.parameters.values()) {
    if (!parameter.required || parameter.in === 'path') continue;
    if (before.parameters.get(`${parameter.in} ${parameter.name}`)?.required === true) continue;
    if (parameter.in === 'query' && parameter.name in sent.query) continue;
    reasons.push(
      parameter.in === 'query'
        ? `does not send query parameter ${parameter.name}, which the new spec requires`
        : `the new spec requires ${parameter.in} parameter ${parameter.name}, which the old one did not ask for`,
    );
  }
  return reasons;
}

/** The same path's parameters by position: a template's `{id}` renamed `{fileId}` is the same value. */
function renamedPathParameters(before: Record<string, string>, after: Record<string, string>): Record<string, string> {
  const names = Object.keys(after);
  return Object.fromEntries(Object.keys(before).map((name, index) => [name, names[index] ?? name]));
}

/**
 * Whether a change reaches calls of this operation: one of its own; the document's `security`, unless the
 * operation has its own; a security scheme its callers may use. A change to the path item (method `*`: its
 * parameters) is neither an answer nor credentials (parameterReasons judges what callers send).
 */
function reaches(change: SpecChange, operation: SpecOperation): boolean {
  const target = change.location.operation;
  if (target !== undefined) return target.path === operation.template && target.method === operation.method;
  if (change.where === 'security') return !operation.security.own;
  const scheme = 'security scheme ';
  return change.where.startsWith(scheme) && operation.security.schemes.has(change.where.slice(scheme.length));
}

function statusReasons(before: SpecOperation, after: SpecOperation, statuses: readonly number[]): string[] {
  // Several statuses (a --record "exists": 200 or 201): broken only when the new spec documents none of them.
  const wasDocumented = statuses.filter((status) => documentsStatus(before, status));
  if (wasDocumented.length === 0 || wasDocumented.some((status) => documentsStatus(after, status))) return [];
  return [`was answered ${wasDocumented.join(' or ')}, which the new spec no longer documents`];
}

/** Breaking changes to the answer this call got (its operation and status) or to the credentials it must send. */
function changeReasons(changes: readonly SpecChange[], operation: SpecOperation, status: number): string[] {
  const reasons: string[] = [];
  for (const change of changes) {
    if (change.impact !== 'breaking') continue;
    if (!reaches(change, operation)) continue;
    const answered =
      change.side === 'response' && change.kind !== 'response' && change.location.status === String(status);
    const credentials = change.where.startsWith('security');
    if (answered) reasons.push(`its ${status} answer changes: ${change.where}: ${change.change}`);
    else if (credentials) reasons.push(`the credentials it must send change: ${change.where}: ${change.change}`);
  }
  return reasons;
}
