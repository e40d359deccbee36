import type { Check, ProbeResult, Violation } from './checks';
import { CHECKS } from './checks';
import type { ContractSpec } from './contract-spec';
import { defaultSpecPath, loadContractSpec } from './contract-spec';
import type { Exchange } from './http-exchange';
import { sendProbe } from './http-exchange';
import type { ContractOptions } from './options';
import { UsageError } from './options';
import type { Probe } from './probes';
import { planProbes } from './probes';
import { openTarget } from './target';

export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  summary: string;
  source: string;
  status: CheckStatus;
  /** Why it was skipped, or how many answers it judged. */
  note: string;
  /** From the first of its requests starting to the last ending (its requests run among the others'). */
  durationMs: number;
  violations: Violation[];
}

export interface RunReport {
  baseUrl: string;
  specPath: string;
  durationMs: number;
  requests: number;
  results: CheckResult[];
  totals: Record<CheckStatus, number>;
}

/** No server answers at the base URL at all (exit code 2). */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}

/** Requests in flight at once. */
export const CONCURRENCY = 4;

/**
 * Runs the selected checks against an implementation and reports each one.
 * @example const report = await runContracts(options, (done, total) => undefined);
 */
export async function runContracts(options: ContractOptions, onProgress?: (done: number, total: number, probe: Probe) => void): Promise<RunReport> {
  const started = performance.now();
  const { spec, checks, probes } = planRun(options);
  const target = await openTarget(options.target);
  let results: ProbeResult[];
  try {
    results = await sendAll(target.baseUrl, options, probes, onProgress);
  } finally {
    await target.close();
  }
  const report = checks.map((check) => judge(check, options, results, spec));
  const totals = { pass: 0, fail: 0, skip: 0 };
  for (const result of report) totals[result.status] += 1;
  return { baseUrl: target.label, specPath: spec.path, durationMs: Math.round(performance.now() - started), requests: results.length, results: report, totals };
}

/** What a run with these options will do: the contract, the checks (in report order) and the requests they need. */
export function planRun(options: ContractOptions): { spec: ContractSpec; checks: Check[]; probes: Probe[] } {
  const spec = loadContractSpec(options.specPath ?? defaultSpecPath());
  const checks = selectChecks(options);
  const runnable = checks.filter((check) => check.skipReason?.(options) === undefined);
  const intents = new Set(runnable.flatMap((check) => check.intents));
  return { spec, checks, probes: planProbes(options, spec).filter((probe) => intents.has(probe.intent)) };
}

function selectChecks(options: ContractOptions): Check[] {
  const known = new Set(CHECKS.map((check) => check.name));
  for (const [flag, names] of [['--checks', options.checks === 'all' ? [] : options.checks], ['--exclude-checks', options.excludeChecks]] as const) {
    const unknown = names.filter((name) => !known.has(name));
    if (unknown.length > 0) throw new UsageError(`${flag}: unknown check ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  }
  return CHECKS.filter((check) => (options.checks === 'all' || options.checks.includes(check.name)) && !options.excludeChecks.includes(check.name));
}

async function sendAll(baseUrl: URL, options: ContractOptions, probes: Probe[], onProgress?: (done: number, total: number, probe: Probe) => void): Promise<ProbeResult[]> {
  const results: ProbeResult[] = new Array<ProbeResult>(probes.length);
  let done = 0;
  const sendOne = async (index: number): Promise<void> => {
    const probe = probes[index] as Probe;
    const exchange = await sendProbe(baseUrl, probe.request, options.timeoutMs);
    results[index] = { probe, exchange };
    onProgress?.(++done, probes.length, probe);
  };
  if (probes.length === 0) return [];
  await sendOne(0);
  const first = results[0]?.exchange;
  if (first?.kind === 'unreachable') throw new UnreachableError(`${first.reason}; is the implementation running at ${baseUrl.toString()}?`);
  let next = 1;
  const worker = async (): Promise<void> => { while (next < probes.length) await sendOne(next++); };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

function judge(check: Check, options: ContractOptions, results: readonly ProbeResult[], spec: ContractSpec): CheckResult {
  const base = { name: check.name, summary: check.summary, source: check.source };
  const skipped = check.skipReason?.(options);
  if (skipped !== undefined) return { ...base, status: 'skip', note: skipped, durationMs: 0, violations: [] };
  const judged = results.filter((result) => check.intents.includes(result.probe.intent));
  if (judged.length === 0) return { ...base, status: 'skip', note: 'no request of this run applies to it', durationMs: 0, violations: [] };
  const violations: Violation[] = [];
  for (const result of judged) {
    const { exchange } = result;
    const reason = exchange.kind === 'response' ? check.judge(exchange, result.probe, spec) : exchange.reason;
    if (reason !== undefined) violations.push({ result, expected: check.expected, reason });
  }
  for (const { result, reason } of check.judgeTogether?.(judged) ?? []) violations.push({ result, expected: check.expected, reason });
  const note = `${judged.length} answer${judged.length === 1 ? '' : 's'} judged`;
  return { ...base, status: violations.length > 0 ? 'fail' : 'pass', note, durationMs: span(judged.map((result) => result.exchange)), violations };
}

function span(exchanges: readonly Exchange[]): number {
  const start = Math.min(...exchanges.map((exchange) => exchange.timing.startMs));
  const end = Math.max(...exchanges.map((exchange) => exchange.timing.endMs));
  return Math.round((end - start) * 1000) / 1000;
}
