import type { Agent } from 'node:http';
import type { Check, ProbeResult, RunFacts, Violation } from './check-types';
import { CHECKS } from './checks';
import type { ContractSpec } from './contract-spec';
import { defaultSpecPath, loadContractSpec } from './contract-spec';
import { groupFindings } from './findings';
import type { Exchange } from './http-exchange';
import { createRunAgent, sendProbe } from './http-exchange';
import { viewTokenOf } from './issued-token';
import { nearestName } from './nearest-name';
import type { ContractOptions } from './options';
import { UsageError } from './options';
import type { Probe, ProbeIntent } from './probes';
import { planFollowUps, planProbes } from './probes';
import { hideSecrets } from './redact';
import type { CheckResult, RunReport } from './run-report';
import { openTarget } from './target';

export type { CheckResult, CheckStatus, Finding, FindingBreak, RunReport } from './run-report';

/** No server answers at the base URL at all (exit code 2). */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}

/** Requests in flight at once. */
export const CONCURRENCY = 4;
/** Requests planned from the first answers (a View Token presented as the Access Token, on each operation). */
export const MAX_FOLLOW_UPS = 2;

type OnProgress = (done: number, total: number, probe: Probe) => void;

/**
 * Runs the selected checks against an implementation and reports each one.
 * @example const report = await runContracts(options, (done, total) => undefined);
 */
export async function runContracts(options: ContractOptions, onProgress?: OnProgress): Promise<RunReport> {
  const started = performance.now();
  const { spec, checks, probes, intents } = planRun(options);
  const target = await openTarget(options.target);
  const agent = createRunAgent(target.baseUrl, CONCURRENCY);
  let results: ProbeResult[];
  try {
    const send = {
      baseUrl: target.baseUrl,
      agent,
      timeoutMs: options.timeoutMs,
      done: 0,
      total: probes.length,
      onProgress,
    };
    results = await sendAll(probes, send);
    const followUps = intents.has('view-token-as-access') ? planFollowUps(options, spec, results) : [];
    send.total += followUps.length;
    results = [...results, ...(await sendAll(followUps, send))];
  } finally {
    agent.destroy();
    await target.close();
  }
  const facts: RunFacts = {
    accessToken: options.accessToken,
    issuedTokens: [
      ...new Set(results.map(({ exchange }) => viewTokenOf(exchange)).filter((token) => token !== undefined)),
    ],
  };
  const shown = hideSecrets(results, facts);
  const report = checks
    .map((check) => judge(check, options, results, spec, facts))
    .map((result) => ({
      ...result,
      violations: result.violations.map((violation) => ({
        ...violation,
        result: shown.get(violation.result) ?? violation.result,
      })),
    }));
  const totals = { pass: 0, fail: 0, skip: 0 };
  for (const result of report) totals[result.status] += 1;
  return {
    baseUrl: target.label,
    specPath: spec.path,
    durationMs: Math.round(performance.now() - started),
    requests: results.length,
    results: report,
    totals,
    findings: groupFindings(report),
  };
}

/** What a run with these options will do: the contract, the checks (in report order) and the requests they need first. */
export function planRun(options: ContractOptions): {
  spec: ContractSpec;
  checks: Check[];
  probes: Probe[];
  intents: Set<ProbeIntent>;
} {
  const spec = loadContractSpec(options.specPath ?? defaultSpecPath());
  const checks = selectChecks(options);
  const runnable = checks.filter((check) => check.skipReason?.(options) === undefined);
  const intents = new Set(runnable.flatMap((check) => [...check.intents, ...(check.sends ?? [])]));
  return { spec, checks, probes: planProbes(options, spec).filter((probe) => intents.has(probe.intent)), intents };
}

function selectChecks(options: ContractOptions): Check[] {
  const known = CHECKS.map((check) => check.name);
  for (const [flag, names] of [
    ['--checks', options.checks === 'all' ? [] : options.checks],
    ['--exclude-checks', options.excludeChecks],
  ] as const) {
    const unknown = names.find((name) => !known.includes(name));
    if (unknown === undefined) continue;
    const nearest = nearestName(unknown, known);
    throw new UsageError(
      `${flag}: unknown check ${unknown}${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}; known: ${known.join(', ')}`,
    );
  }
  return CHECKS.filter(
    (check) =>
      (options.checks === 'all' || options.checks.includes(check.name)) && !options.excludeChecks.includes(check.name),
  );
}

/** Where and how a run sends, and how far it is. */
interface Sending {
  baseUrl: URL;
  agent: Agent;
  timeoutMs: number;
  done: number;
  total: number;
  onProgress: OnProgress | undefined;
}

async function sendAll(probes: readonly Probe[], sending: Sending): Promise<ProbeResult[]> {
  const results: ProbeResult[] = new Array<ProbeResult>(probes.length);
  const sendOne = async (index: number): Promise<void> => {
    const probe = probes[index] as Probe;
    const exchange = await sendProbe(sending.baseUrl, probe.request, sending.timeoutMs, sending.agent);
    results[index] = { probe, exchange };
    sending.onProgress?.(++sending.done, sending.total, probe);
  };
  if (probes.length === 0) return [];
  const firstOfRun = sending.done === 0;
  await sendOne(0);
  const first = results[0]?.exchange;
  if (firstOfRun && first?.kind === 'unreachable')
    throw new UnreachableError(`${first.reason}; is the implementation running at ${sending.baseUrl.toString()}?`);
  let next = 1;
  const worker = async (): Promise<void> => {
    while (next < probes.length) await sendOne(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

function judge(
  check: Check,
  options: ContractOptions,
  results: readonly ProbeResult[],
  spec: ContractSpec,
  facts: RunFacts,
): CheckResult {
  const base = { name: check.name, summary: check.summary, source: check.source };
  const skipped = check.skipReason?.(options);
  if (skipped !== undefined) return { ...base, status: 'skip', note: skipped, durationMs: 0, violations: [] };
  const judged = results.filter((result) => check.intents.includes(result.probe.intent));
  if (judged.length === 0) return { ...base, status: 'skip', note: noneJudged(check), durationMs: 0, violations: [] };
  const violations: Violation[] = [];
  for (const result of judged) {
    const { exchange } = result;
    const reason = exchange.kind === 'response' ? check.judge(exchange, result.probe, spec, facts) : exchange.reason;
    if (reason !== undefined) violations.push({ result, expected: check.expected, reason });
  }
  for (const { result, reason, cause } of check.judgeTogether?.(judged) ?? [])
    violations.push({ result, expected: check.expected, reason, ...(cause === undefined ? {} : { cause }) });
  const note = `${judged.length} answer${judged.length === 1 ? '' : 's'} judged`;
  return {
    ...base,
    status: violations.length > 0 ? 'fail' : 'pass',
    note,
    durationMs: span(judged.map((result) => result.exchange)),
    violations,
  };
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
