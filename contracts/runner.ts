import { applyAllowList } from './allow-list';
import type { Check, ProbeResult } from './check-types';
import { groupFindings } from './findings';
import { createRunAgent } from './http-exchange';
import { judgeCheck } from './judge-check';
import type { ContractOptions } from './options';
import type { Probe } from './probes';
import { planFollowUps } from './probes';
import { hideSecrets } from './redact';
import type { RunPlan } from './run-plan';
import { planRun } from './run-plan';
import type { CheckResult, RunOutcome, RunReport, Totals } from './run-report';
export { planRun };
import { toRunFacts } from './run-facts';
import type { Sending } from './send-probes';
import { sendAll } from './send-probes';
import type { SystemicFailure } from './systemic';
import { findSystemic, firstWave } from './systemic';
import { createRunWatch } from './run-watch';
import { openTarget } from './target';

export type {
  CheckResult,
  CheckStatus,
  Finding,
  FindingBreak,
  OperationNotProbed,
  RunOutcome,
  RunReport,
  Totals,
} from './run-report';

/** Requests in flight at once (the first wave, sent before any other, is this many). */
export const CONCURRENCY = 4;
/** Requests planned from the first answers (a View Token presented as the Access Token, on each operation). */
export const MAX_FOLLOW_UPS = 2;

type OnProgress = (done: number, total: number, probe: Probe) => void;

/**
 * Runs the selected checks against an implementation and reports each one. The first requests go
 * out together; when all of them fail the same way (nothing answers, a redirect, 404, 401, 403, 5xx,
 * 429 or a web page to every one), or later the target stops answering or limits the rate, the run
 * stops there with one systemic finding and judges nothing (outcome `target-unusable`).
 * @example const report = await runContracts(options, (done, total) => undefined);
 */
export async function runContracts(options: ContractOptions, onProgress?: OnProgress): Promise<RunReport> {
  const started = performance.now();
  const plan = planRun(options);
  const target = await openTarget(options.target);
  const agent = createRunAgent(target.baseUrl, CONCURRENCY);
  const sending: Sending = {
    baseUrl: target.baseUrl,
    agent,
    timeoutMs: options.timeoutMs,
    concurrency: CONCURRENCY,
    done: 0,
    total: plan.probes.length,
    onProgress,
  };
  let sent: { results: ProbeResult[]; systemic?: SystemicFailure };
  try {
    sent = await sendRun(plan, options, sending, target.label);
  } finally {
    agent.destroy();
    await target.close();
  }
  const facts = toRunFacts(options.accessToken, sent.results, plan.notProbed);
  const shown = hideSecrets(sent.results, facts);
  const show = (result: ProbeResult): ProbeResult => shown.get(result) ?? result;
  const judged = sent.systemic
    ? plan.checks.map((check) => notJudged(check, sent.systemic as SystemicFailure))
    : plan.checks.map((check) => judgeCheck(check, options, sent.results, plan.spec, facts));
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const allowed = plan.allow ? applyAllowList(judged, plan.allow, today) : undefined;
  const results = (allowed?.results ?? judged).map((result) => ({
    ...result,
    violations: result.violations.map((violation) => ({ ...violation, result: show(violation.result) })),
    allowed: result.allowed.map((entry) => ({
      ...entry,
      violation: { ...entry.violation, result: show(entry.violation.result) },
    })),
  }));
  const totals = totalsOf(results);
  return {
    baseUrl: target.label,
    specPath: plan.spec.path,
    operations: {
      getViewToken: { method: plan.spec.operations.getViewToken.method, path: plan.spec.operations.getViewToken.path },
      getChildFileViewToken: {
        method: plan.spec.operations.getChildFileViewToken.method,
        path: plan.spec.operations.getChildFileViewToken.path,
      },
    },
    checksVersion: options.checksVersion,
    durationMs: Math.round(performance.now() - started),
    requests: sent.results.length,
    outcome: outcomeOf(totals, sent.systemic),
    results,
    totals,
    findings: groupFindings(results),
    notProbed: plan.notProbed.map(({ operation, label, needs }) => ({ operation, label, needs })),
    ...(sent.systemic ? { systemic: { ...sent.systemic, example: show(sent.systemic.example) } } : {}),
    ...(allowed ? { allowList: allowed.report } : {}),
  };
}

/**
 * The first wave, then (unless it shows a systemic failure) every other probe and the follow-ups, in
 * planned order, until a watch sees the target stop answering or limit the rate.
 */
async function sendRun(
  plan: RunPlan,
  options: ContractOptions,
  sending: Sending,
  label: string,
): Promise<{ results: ProbeResult[]; systemic?: SystemicFailure }> {
  const wave = firstWave(plan.probes, CONCURRENCY);
  const first = await sendAll(wave, sending);
  const target = { baseUrl: label, timeoutMs: options.timeoutMs, requests: plan.probes.length };
  const systemic = findSystemic(first, target);
  if (systemic) return { results: first, systemic };
  const watch = createRunWatch(options.accessToken, target);
  for (const result of first) watch.see(result);
  sending.watch = watch;
  const rest = watch.stopped
    ? []
    : await sendAll(
        plan.probes.filter((probe) => !wave.includes(probe)),
        sending,
      );
  if (watch.stopped) return { results: [...first, ...rest], systemic: watch.stopped };
  const byProbe = new Map([...first, ...rest].map((result) => [result.probe, result]));
  const results = plan.probes.map((probe) => byProbe.get(probe) as ProbeResult);
  const followUps = plan.intents.has('view-token-as-access') ? planFollowUps(options, plan.spec, results) : [];
  sending.total += followUps.length;
  const all = [...results, ...(await sendAll(followUps, sending))];
  return watch.stopped ? { results: all, systemic: watch.stopped } : { results: all };
}

function notJudged(check: Check, systemic: SystemicFailure): CheckResult {
  return {
    name: check.name,
    summary: check.summary,
    source: check.source,
    since: check.since,
    status: 'skip',
    note: `not judged: the target could not be used (${systemic.kind}; fix ${systemic.flag})`,
    durationMs: 0,
    violations: [],
    allowed: [],
  };
}

function totalsOf(results: readonly CheckResult[]): Totals {
  const count = (status: CheckResult['status']): number => results.filter((result) => result.status === status).length;
  return {
    checks: results.length,
    passed: count('pass'),
    failed: count('fail'),
    skipped: count('skip'),
    allowed: count('allowed'),
  };
}

function outcomeOf(totals: Totals, systemic: SystemicFailure | undefined): RunOutcome {
  if (systemic) return 'target-unusable';
  return totals.failed > 0 ? 'defects-found' : 'conformant';
}
