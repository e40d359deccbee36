import type { Check } from './check-types';
import { CHECKS } from './checks';
import { needsAnId } from './checks/helpers';
import type { AllowList } from './run-report';
import { loadAllowList } from './allow-list';
import type { ContractSpec } from './contract-spec';
import { defaultSpecPath, loadContractSpec } from './contract-spec';
import { nearestName } from './nearest-name';
import type { NotProbed } from './operations-not-probed';
import { notProbedOf } from './operations-not-probed';
import type { ContractOptions } from './options';
import type { Probe, ProbeIntent } from './probes';
import { INTENT_SINCE, planProbes } from './probes';
import { UsageError } from './usage-error';

/** What a run with these options will do: the contract, the checks (in report order), the requests, the allow-list. */
export interface RunPlan {
  spec: ContractSpec;
  checks: Check[];
  probes: Probe[];
  intents: Set<ProbeIntent>;
  allow: AllowList | undefined;
  /** The operations no View Token request can be planned for with these ids (each saying what to add). */
  notProbed: NotProbed[];
}

/**
 * What a run with these options will do, checked before any request: the contract, the checks (in
 * report order), the requests they need (each operation's View Token request always among them:
 * refusals are contrasted with it), the `--allow` file, and the operations these ids cannot probe.
 */
export function planRun(options: ContractOptions): RunPlan {
  const spec = loadContractSpec(options.specPath ?? defaultSpecPath());
  const checks = selectChecks(options);
  const allow =
    options.allowFile === undefined
      ? undefined
      : loadAllowList(
          options.allowFile,
          CHECKS.map((check) => check.name),
        );
  const runnable = checks.filter((check) => check.skipReason?.(options) === undefined);
  if (runnable.length === 0) throw new UsageError(nothingToJudge(checks, options));
  const intents = new Set<ProbeIntent>([
    'success',
    ...runnable.flatMap((check) => [...check.intents, ...(check.sends ?? [])]),
  ]);
  const probes = planProbes(options, spec).filter(
    (probe) => intents.has(probe.intent) && INTENT_SINCE[probe.intent] <= options.checksVersion,
  );
  return { spec, checks, probes, intents, allow, notProbed: notProbedOf(options, spec, probes) };
}

function nothingToJudge(checks: readonly Check[], options: ContractOptions): string {
  if (checks.length === 0)
    return 'no check can run with these flags, so nothing would be judged: --checks and --exclude-checks leave no check';
  const needs = needsAnId(options) ?? [...new Set(checks.map((check) => check.skipReason?.(options) ?? ''))].join('; ');
  return `no check can run with these flags, so nothing would be judged: ${needs}`;
}

function selectChecks(options: ContractOptions): Check[] {
  const known = CHECKS.map((check) => check.name);
  for (const [flag, names] of [
    ['--checks', options.checks === 'all' ? [] : options.checks],
    ['--exclude-checks', options.excludeChecks],
  ] as const) {
    const unknown = names.find((name) => !known.includes(name));
    if (unknown !== undefined) {
      const nearest = nearestName(unknown, known);
      throw new UsageError(
        `${flag}: unknown check ${unknown}${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}; known: ${known.join(', ')}`,
      );
    }
    const newer = CHECKS.find((check) => names.includes(check.name) && check.since > options.checksVersion);
    if (newer !== undefined)
      throw new UsageError(
        `${flag}: ${newer.name} was added in checks version ${newer.since}; --checks-version ${options.checksVersion} does not have it`,
      );
  }
  return CHECKS.filter(
    (check) =>
      check.since <= options.checksVersion &&
      (options.checks === 'all' || options.checks.includes(check.name)) &&
      !options.excludeChecks.includes(check.name),
  );
}
