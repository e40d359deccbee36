import type { Fault, Preferences } from './preferences';
import { FAULT_ALIASES, FAULTS, MAX_DELAY_MS, toFault } from './preferences';
import type { ScenarioName } from './scenario-catalog';
import { SCENARIO_OF_CODE, SCENARIO_STATUS, SCENARIOS, isScenarioName } from './scenario-catalog';
import { findNearestName } from '../near-miss';
import { echo } from '../echo';

/** What the switches of one request (or one rule) do. */
export interface SwitchPlan {
  /** A scenario to answer with instead of the real outcome. */
  scenario?: ScenarioName;
  /** `code=201` on the POST route: the service's documented 201, with no body. */
  successStatus?: 201;
  fault?: Fault;
  delayMs: number;
  /** What was applied, for `Preference-Applied` and the journal. */
  applied: string[];
}

/**
 * A refused switch or rule, as every refusal reads (the 422 problem, the library's error): what is
 * wrong, every value each switch allows, and the allowed value nearest to what was given, if one is near.
 */
export interface Refusal {
  detail: string;
  allowed: Record<string, readonly (string | number)[]>;
  nearest?: Record<string, string | number>;
}

export type PlanResult = { kind: 'ok'; plan: SwitchPlan } | ({ kind: 'rejected' } & Refusal);

/**
 * Checks switches against the operation: a code it does not document, an unknown scenario or
 * fault, a malformed or too long delay, or switches that contradict each other are refused loudly.
 */
export function toSwitchPlan(preferences: Preferences, operationId: string, documented: readonly number[]): PlanResult {
  const allowed = allowedFor(documented);
  const reject = (
    detail: string,
    nearest?: { key: keyof Preferences; value: string | number | undefined },
  ): PlanResult => {
    const near = nearest?.value === undefined ? undefined : { [nearest.key]: nearest.value };
    const hint = near === undefined ? '' : `; did you mean ${nearest?.key}=${String(nearest?.value)}?`;
    return {
      kind: 'rejected',
      detail: `${detail} (operation ${operationId})${hint}`,
      allowed,
      ...(near === undefined ? {} : { nearest: near }),
    };
  };
  const plan: SwitchPlan = { delayMs: 0, applied: [] };
  const { code, scenario, delay, fault } = preferences;
  if (code !== undefined && scenario !== undefined) return reject('give either code or scenario, not both');
  if (fault !== undefined && (code !== undefined || scenario !== undefined))
    return reject('a fault replaces the answer: drop code/scenario');
  if (code !== undefined) {
    const status = /^\d{3}$/.test(code) ? Number(code) : NaN;
    if (!allowed.code.includes(status))
      return reject(`code=${echo(code)} is not a status this operation documents`, {
        key: 'code',
        value: nearestNumber(Number(code), allowed.code),
      });
    const forced = SCENARIO_OF_CODE[status];
    // code=200 is the real answer: accepted, nothing forced.
    if (status === 201) plan.successStatus = status;
    else if (forced) plan.scenario = forced;
    plan.applied.push(`code=${status}`);
  }
  if (scenario !== undefined) {
    if (!isScenarioName(scenario) || !allowed.scenario.includes(scenario))
      return reject(`scenario=${echo(scenario)} is not one this operation can answer`, {
        key: 'scenario',
        value: findNearestName(scenario, allowed.scenario),
      });
    plan.scenario = scenario;
    plan.applied.push(`scenario=${scenario}`);
  }
  if (fault !== undefined) {
    const known = toFault(fault);
    if (known === undefined)
      return reject(
        `fault=${echo(fault)} is not a fault (use ${FAULTS.join(', ')}, or WireMock's ${Object.keys(FAULT_ALIASES).join(', ')})`,
        { key: 'fault', value: findNearestName(fault, [...FAULTS, ...Object.keys(FAULT_ALIASES)]) },
      );
    plan.fault = known;
    plan.applied.push(`fault=${known}`);
  }
  if (delay !== undefined) {
    if (!/^\d{1,6}$/.test(delay) || Number(delay) > MAX_DELAY_MS) {
      const asNumber = delay.trim() === '' ? NaN : Number(delay);
      return reject(`delay=${echo(delay)} must be milliseconds from 0 to ${MAX_DELAY_MS}`, {
        key: 'delay',
        value: Number.isFinite(asNumber) ? Math.min(MAX_DELAY_MS, Math.max(0, Math.round(asNumber))) : undefined,
      });
    }
    plan.delayMs = Number(delay);
    plan.applied.push(`delay=${plan.delayMs}`);
  }
  return { kind: 'ok', plan };
}

/** Every switch value an operation accepts, for 422 answers and the scenario catalog. */
export function allowedFor(documented: readonly number[]): {
  code: number[];
  scenario: ScenarioName[];
  fault: Fault[];
  delay: string[];
} {
  // 200 is what a valid request gets anyway: accepted (real clients' tests send it), nothing is forced.
  const codes = documented.filter(
    (status) => status === 200 || status === 201 || SCENARIO_OF_CODE[status] !== undefined,
  );
  return {
    code: codes,
    scenario: SCENARIOS.filter((name) => documented.includes(SCENARIO_STATUS[name])),
    fault: [...FAULTS],
    delay: [`0..${MAX_DELAY_MS}`],
  };
}

/** The allowed number closest to `given` (the lower one on a tie), or undefined when `given` is not a number. */
function nearestNumber(given: number, allowed: readonly number[]): number | undefined {
  if (!Number.isFinite(given)) return undefined;
  let best: number | undefined;
  for (const value of allowed) if (best === undefined || Math.abs(value - given) < Math.abs(best - given)) best = value;
  return best;
}
