import { findNearestName } from '../near-miss';
import { ROUTE_TABLE, isServiceOperation } from '../routing/route-table';
import type { ServiceStatuses } from '../service-statuses';
import { SERVICE_STATUSES } from '../service-statuses';
import type { Preferences } from './preferences';
import { PREFERENCE_KEYS } from './preferences';
import type { Rule, RuleCondition, RuleOutcome } from './rule';
import type { Refusal } from './switch-plan';
import { toSwitchPlan } from './switch-plan';
import { echo } from '../echo';

/** The query and path parameters of each service operation (what a rule's `param` may name), from the route table. */
const PARAMETERS_OF: ReadonlyMap<string, readonly string[]> = new Map(
  ROUTE_TABLE.filter((route) => isServiceOperation(route.operationId)).map((route) => [
    route.operationId,
    route.parameters
      .filter((parameter) => parameter.in === 'query' || parameter.in === 'path')
      .map((parameter) => parameter.name),
  ]),
);
/** Every parameter some service operation has, in alphabetical order. */
const ALL_PARAMETERS: readonly string[] = [...new Set([...PARAMETERS_OF.values()].flat())].sort();

const CONDITION_KEYS = ['operation', 'param', 'equals', 'accessToken'] as const;

/** A rule's outcome as switches (`{code: 403}` → `{code: '403'}`). */
export function toPreferences(outcome: RuleOutcome): Preferences {
  return Object.fromEntries(Object.entries(outcome).map(([key, value]) => [key, String(value)]));
}

/** `unprocessable`: well-formed, but naming a value the mock cannot use (a 422 naming what is allowed and the nearest). */
export type RuleCheck =
  | { kind: 'ok'; rule: Omit<Rule, 'id' | 'session'> }
  | {
      kind: 'invalid';
      detail: string;
      unprocessable?: true;
      allowed?: Refusal['allowed'];
      nearest?: Refusal['nearest'];
    };

/**
 * Checks a rule as the admin API, the config file, a state file or the library gives it: the one
 * check of a rule. A shape that is not a rule's is malformed; a name or value the mock does not have
 * (a misspelt scenario, code, fault, delay, parameter, operation or field) is unprocessable, with the
 * allowed values and the nearest one.
 * @example checkRule({ then: { code: 503 }, times: 1 }) // { kind: 'ok', rule: { when: {}, then: { code: 503 }, remaining: 1 } }
 */
export function checkRule(input: unknown, statuses: ServiceStatuses = SERVICE_STATUSES): RuleCheck {
  const checked = toRule(input, statuses);
  if (typeof checked === 'string') return { kind: 'invalid', detail: checked };
  if ('unprocessable' in checked) {
    const { unprocessable: _unprocessable, ...refusal } = checked;
    return { kind: 'invalid', unprocessable: true, ...refusal };
  }
  return { kind: 'ok', rule: checked };
}

type Unprocessable = { unprocessable: true } & Refusal;
const RULE_KEYS = ['when', 'then', 'times', 'after'] as const;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A name or value the mock does not have: what is wrong, the nearest allowed one, and all of them. */
function unknownName(what: string, field: string, given: string, known: readonly string[]): Unprocessable {
  const nearest = findNearestName(given, known);
  return {
    unprocessable: true,
    detail: `${what}${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}; use ${known.length === 0 ? 'none' : known.join(', ')}`,
    allowed: { [field]: known },
    ...(nearest === undefined ? {} : { nearest: { [field]: nearest } }),
  };
}

/**
 * The most a rule may weigh, as JSON (UTF-8 bytes): room for a long Access Token to match, while
 * 1,000 rules of a session stay a few MB and a page of them too (300 rules of 99 KB took 55 MB).
 */
export const MAX_RULE_BYTES = 4_096;

/** Checks a rule; a string says how its shape is wrong. */
function toRule(input: unknown, statuses: ServiceStatuses): Omit<Rule, 'id' | 'session'> | string | Unprocessable {
  if (!isObject(input)) return 'a rule is a JSON object {when?, then, times?, after?}';
  const extra = Object.keys(input).find((key) => !(RULE_KEYS as readonly string[]).includes(key));
  if (extra !== undefined) return unknownName(`"${echo(extra)}" is not part of a rule`, 'rule', extra, RULE_KEYS);
  const { when = {}, then, times, after } = input;
  const condition = toCondition(when);
  if (typeof condition === 'string' || 'unprocessable' in condition) return condition;
  const outcome = toOutcome(then);
  if (typeof outcome === 'string' || 'unprocessable' in outcome) return outcome;
  if (condition.operation !== undefined && !isServiceOperation(condition.operation)) {
    return unknownName(
      `"when.operation" ${echo(condition.operation)} is not a service operation`,
      'operation',
      condition.operation,
      Object.keys(statuses),
    );
  }
  const documented =
    condition.operation === undefined ? [...new Set(Object.values(statuses).flat())] : statuses[condition.operation];
  if (condition.param !== undefined) {
    const known = condition.operation === undefined ? ALL_PARAMETERS : (PARAMETERS_OF.get(condition.operation) ?? []);
    const where =
      condition.operation === undefined ? 'no service operation has it' : `${condition.operation} does not have it`;
    if (!known.includes(condition.param))
      return unknownName(`"when.param" ${echo(condition.param)}: ${where}`, 'param', condition.param, known);
  }
  const planned = toSwitchPlan(toPreferences(outcome), condition.operation ?? 'any service operation', documented);
  if (planned.kind === 'rejected') {
    const { kind: _rejected, ...refusal } = planned;
    return { unprocessable: true, ...refusal };
  }
  const counted = checkCount('times', times, 1) ?? checkCount('after', after, 0);
  if (counted !== undefined) return counted;
  // Last: a rule of the right shape is strings and numbers only, and its size is what is left to judge.
  const bytes = jsonBytes(input);
  if (bytes > MAX_RULE_BYTES)
    return {
      unprocessable: true,
      detail: `a rule is at most ${MAX_RULE_BYTES} bytes as JSON; this one is ${bytes} bytes`,
      allowed: { bytes: [`..${MAX_RULE_BYTES}`] },
    };
  const rule = { when: condition, then: outcome, remaining: (times as number | undefined) ?? null };
  return after === undefined ? rule : { ...rule, after: after as number };
}

/** `times` (from 1) or `after` (from 0): an integer, or what is wrong with it and the nearest one. */
function checkCount(name: 'times' | 'after', value: unknown, least: number): string | Unprocessable | undefined {
  if (value === undefined) return undefined;
  const what = least === 1 ? 'a positive integer' : 'an integer from 0';
  if (typeof value !== 'number') return `"${name}" must be ${what}`;
  if (Number.isSafeInteger(value) && value >= least) return undefined;
  const nearest = Number.isFinite(value) ? Math.max(least, Math.round(value)) : least;
  return {
    unprocessable: true,
    detail: `"${name}" ${value} must be ${what} (did you mean ${nearest}?)`,
    allowed: { [name]: [`${least}..`] },
    nearest: { [name]: nearest },
  };
}

/** A rule's `when`: known conditions, each a string (`equals` a string or an integer). */
function toCondition(when: unknown): RuleCondition | string | Unprocessable {
  if (!isObject(when)) return '"when" must be an object {operation?, param?, equals?, accessToken?}';
  for (const [key, value] of Object.entries(when)) {
    if (!(CONDITION_KEYS as readonly string[]).includes(key))
      return unknownName(`"when.${echo(key)}" is not a condition`, 'when', key, CONDITION_KEYS);
    const integer = key === 'equals' && typeof value === 'number' && Number.isSafeInteger(value);
    if (typeof value !== 'string' && !integer)
      return key === 'equals' ? '"when.equals" must be a string or an integer' : `"when.${key}" must be a string`;
  }
  const condition = when as RuleCondition;
  if (condition.equals !== undefined && condition.param === undefined) return '"when.equals" needs "when.param"';
  return condition;
}

/** A rule's `then`: known outcomes, each a string or a number, at least one. */
function toOutcome(then: unknown): RuleOutcome | string | Unprocessable {
  if (!isObject(then)) return '"then" must be an object with scenario, code, delay or fault';
  const outcome: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(then)) {
    if (!(PREFERENCE_KEYS as readonly string[]).includes(key))
      return unknownName(`"then.${echo(key)}" is not an outcome`, 'then', key, PREFERENCE_KEYS);
    if (typeof value !== 'string' && typeof value !== 'number') return `"then.${key}" must be a string or a number`;
    outcome[key] = value;
  }
  if (Object.keys(outcome).length === 0) return '"then" needs one of scenario, code, delay, fault';
  return outcome as RuleOutcome;
}

/** The UTF-8 size of the value as JSON (a checked rule: strings and numbers in plain objects, so it always is JSON). */
function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value);
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    // A surrogate pair is one 4-byte character: 2 bytes for each half.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code < 0xe000) ? 2 : 3;
  }
  return bytes;
}
