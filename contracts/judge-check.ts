import type { Check, Control, ProbeResult, RunFacts, Violation } from './check-types';
import type { ContractOperation, ContractSpec } from './contract-spec';
import { deferralCause, describeDeferred, isDeferred } from './deferred-answer';
import type { Exchange } from './http-exchange';
import type { ContractOptions } from './options';
import type { CheckResult } from './run-report';

const OPERATION_LABEL: Readonly<Record<ContractOperation, string>> = {
  getViewToken: 'GET',
  getChildFileViewToken: 'POST',
};

/**
 * One check over the answers of a run: fail when an answer breaks it; pass only when it judged
 * what its sentence needs (a refusal beside a success of the same operation; two View Tokens to
 * compare; every operation it covers probed); else skip, saying what it needs.
 */
export function judgeCheck(
  check: Check,
  options: ContractOptions,
  results: readonly ProbeResult[],
  spec: ContractSpec,
  facts: RunFacts,
): CheckResult {
  const base = { name: check.name, summary: check.summary, source: check.source, since: check.since, allowed: [] };
  const skipped = check.skipReason?.(options);
  if (skipped !== undefined) return { ...base, status: 'skip', note: skipped, durationMs: 0, violations: [] };
  const its = results.filter((result) => check.intents.includes(result.probe.intent));
  // A 429 (or a 503 with Retry-After) defers the request: it is no refusal and no answer to judge.
  const judged = its.filter((result) => !isDeferred(result.exchange));
  const deferred = its.length - judged.length;
  if (its.length === 0) return { ...base, status: 'skip', note: noneJudged(check), durationMs: 0, violations: [] };
  if (judged.length === 0)
    return {
      ...base,
      status: 'skip',
      note: `not judged: ${deferredNote(deferred, its)}`,
      durationMs: 0,
      violations: [],
    };
  const violations = violationsOf(check, judged, spec, facts);
  const durationMs = span(judged.map((result) => result.exchange));
  const note = `${judged.length} answer${judged.length === 1 ? '' : 's'} judged`;
  if (violations.length > 0) return { ...base, status: 'fail', note, durationMs, violations };
  const short =
    (deferred > 0 ? deferredNote(deferred, its) : undefined) ??
    (check.contrasted ? uncontrolled(judged, facts.controls) : undefined) ??
    check.enough?.(judged, facts, spec);
  if (short !== undefined) return { ...base, status: 'skip', note: `not judged: ${short}`, durationMs, violations };
  const missed = facts.notProbed.filter((operation) =>
    operation.intents.some((intent) => check.intents.includes(intent)),
  );
  if (missed.length > 0)
    return { ...base, status: 'skip', note: partly(judged, missed), durationMs, violations, partial: true };
  return { ...base, status: 'pass', note, durationMs, violations };
}

/** What a check judged with no violation, and the operations its sentence covers that the run did not probe. */
function partly(judged: readonly ProbeResult[], missed: RunFacts['notProbed']): string {
  const operations = [...new Set(judged.map((result) => OPERATION_LABEL[result.probe.operation]))];
  const count = `${judged.length} answer${judged.length === 1 ? '' : 's'}`;
  const gaps = missed.map((operation) => `${operation.label} not judged: ${operation.needs}`);
  return `judged on the ${operations.join(' and ')} only (${count}, no violation); ${gaps.join('; ')}`;
}

function violationsOf(check: Check, judged: readonly ProbeResult[], spec: ContractSpec, facts: RunFacts): Violation[] {
  const violations: Violation[] = [];
  for (const result of judged) {
    const { exchange } = result;
    const reason = exchange.kind === 'response' ? check.judge(exchange, result.probe, spec, facts) : exchange.reason;
    if (reason !== undefined) violations.push({ result, expected: check.expected, reason });
  }
  for (const { result, reason, cause } of check.judgeTogether?.(judged, facts) ?? [])
    violations.push({ result, expected: check.expected, reason, ...(cause === undefined ? {} : { cause }) });
  return violations;
}

/** Why refusals on some operation show nothing: its View Token request was not sent, or got no View Token. */
function uncontrolled(judged: readonly ProbeResult[], controls: RunFacts['controls']): string | undefined {
  const operations = [...new Set(judged.map((result) => result.probe.operation))];
  const reasons = operations.flatMap((operation) => {
    const control: Control | undefined = controls.get(operation);
    if (control?.succeeded) return [];
    const label = OPERATION_LABEL[operation];
    return control === undefined
      ? [`no View Token was asked for on the ${label} with these ids`]
      : [
          `the ${label} gave the Access Token no View Token (${control.probe}: ${control.outcome}; see success_envelope)`,
        ];
  });
  return reasons.length === 0
    ? undefined
    : `${reasons.join('; ')}: a refusal there shows nothing until the same request with the Access Token succeeds`;
}

/** Why a check whose requests were deferred cannot pass: what it did not see might break it. */
function deferredNote(deferred: number, its: readonly ProbeResult[]): string {
  const example = its.find((result) => isDeferred(result.exchange)) as ProbeResult;
  return `${deferred} of its ${its.length} requests were answered ${describeDeferred(example.exchange)}, which judges nothing (${deferralCause(example.exchange)})`;
}

function noneJudged(check: Check): string {
  return check.intents.includes('view-token-as-access')
    ? 'no View Token was issued in this run, so none could be presented as the Access Token'
    : 'no request of this run applies to it';
}

function span(exchanges: readonly Exchange[]): number {
  const start = Math.min(...exchanges.map((exchange) => exchange.timing.startMs));
  const end = Math.max(...exchanges.map((exchange) => exchange.timing.endMs));
  return Math.round((end - start) * 1000) / 1000;
}
