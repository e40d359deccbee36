import type { Fault, Preferences } from './preferences';
import { FAULT_ALIASES, FAULTS, MAX_DELAY_MS, toFault } from './preferences';
import type { ScenarioName } from './scenario-catalog';
import { SCENARIO_OF_CODE, SCENARIO_STATUS, SCENARIOS, isScenarioName } from './scenario-catalog';

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

export type PlanResult = { kind: 'ok'; plan: SwitchPlan } | { kind: 'rejected'; detail: string; allowed: Record<string, readonly (string | number)[]> };

/**
 * Checks switches against the operation: a code it does not document, an unknown scenario or
 * fault, a malformed or too long delay, or switches that contradict each other are refused loudly.
 */
export function toSwitchPlan(preferences: Preferences, operationId: string, documented: readonly number[]): PlanResult {
  const allowed = allowedFor(documented);
  const reject = (detail: string): PlanResult => ({ kind: 'rejected', detail: `${detail} (operation ${operationId})`, allowed });
  const plan: SwitchPlan = { delayMs: 0, applied: [] };
  const { code, scenario, delay, fault } = preferences;
  if (code !== undefined && scenario !== undefined) return reject('give either code or scenario, not both');
  if (fault !== undefined && (code !== undefined || scenario !== undefined)) return reject('a fault replaces the answer: drop code/scenario');
  if (code !== undefined) {
    const status = /^\d{3}$/.test(code) ? Number(code) : NaN;
    if (!allowed.code.includes(status)) return reject(`code=${code} is not a status this operation documents`);
    const forced = SCENARIO_OF_CODE[status];
    // code=200 is the real answer: accepted, nothing forced.
    if (status === 201) plan.successStatus = status;
    else if (forced) plan.scenario = forced;
    plan.applied.push(`code=${status}`);
  }
  if (scenario !== undefined) {
    if (!isScenarioName(scenario) || !allowed.scenario.includes(scenario)) return reject(`scenario=${scenario} is not one this operation can answer`);
    plan.scenario = scenario;
    plan.applied.push(`scenario=${scenario}`);
  }
  if (fault !== undefined) {
    const known = toFault(fault);
    if (known === undefined) return reject(`fault=${fault} is not a fault (use ${FAULTS.join(', ')}, or WireMock's ${Object.keys(FAULT_ALIASES).join(', ')})`);
    plan.fault = known;
    plan.applied.push(`fault=${known}`);
  }
  if (delay !== undefined) {
    if (!/^\d{1,6}$/.test(delay) || Number(delay) > MAX_DELAY_MS) return reject(`delay=${delay} must be milliseconds from 0 to ${MAX_DELAY_MS}`);
    plan.delayMs = Number(delay);
    plan.applied.push(`delay=${plan.delayMs}`);
  }
  return { kind: 'ok', plan };
}

/** Every switch value an operation accepts, for 422 answers and the scenario catalog. */
export function allowedFor(documented: readonly number[]): { code: number[]; scenario: ScenarioName[]; fault: Fault[]; delay: string[] } {
  // 200 is what a valid request gets anyway: accepted (real clients' tests send it), nothing is forced.
  const codes = documented.filter((status) => status === 200 || status === 201 || SCENARIO_OF_CODE[status] !== undefined);
  return {
    code: codes,
    scenario: SCENARIOS.filter((name) => documented.includes(SCENARIO_STATUS[name])),
    fault: [...FAULTS],
    delay: [`0..${MAX_DELAY_MS}`],
  };
}
