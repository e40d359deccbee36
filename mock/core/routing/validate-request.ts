import { createRequestValidators } from '../../../spec/generated/request-validators';
import { parseInt64 } from '../int64';
import { didYouMean, findNearestName } from '../near-miss';
import type { QueryValues } from '../target';
import type { Validation } from '../service-request';
import type { Route, RouteParameter } from './route-table';
import type { SchemaError } from './request-messages';
import { describeValue, toBodyMessage, toParameterReason } from './request-messages';

/** A request's parameters as an adapter read them (header names lower-case). */
export interface RequestParameters {
  query: QueryValues;
  pathParams: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string | undefined>>;
}

type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** RFC 3339 date-time, as the spec's `format: date-time` means it, that JavaScript can also represent. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * A date-time the spec allows: Date.parse alone takes February 30 (as March 2) and 24:00 (as the
 * next day's midnight), which RFC 3339 does not; the day must be in its month, the hour 00-23.
 */
function isDateTime(value: string): boolean {
  const parts = DATE_TIME.exec(value);
  if (parts === null || Number.isNaN(Date.parse(value))) return false;
  const [, year = 0, month = 1, day = 1, hour = 0] = parts.map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : (DAYS_IN_MONTH[month - 1] as number)) && hour <= 23;
}

/** Days in each month of the year (February: see isDateTime). */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The formats the compiled validators call: int64 exactly on the string (core/int64.ts), never via a JS number. */
const FORMATS = {
  int64: (value: string) => parseInt64(value).kind === 'ok',
  'date-time': isDateTime,
};

const VALIDATORS = createRequestValidators(FORMATS) as Record<string, Validator | undefined>;
const VALID: Validation = Object.freeze({ kind: 'valid' });

/** An operation's validators and what its query needs first, looked up once per operation (none built per request). */
interface Checks {
  query?: Validator;
  path?: Validator;
  header?: Validator;
  body?: Validator;
  /** Its query parameters, for `?name[x]=` refusals. */
  queryNames: ReadonlySet<string>;
  /** Its integer query parameters that are not int64 (`limit`): numbers before the check. */
  numbers: readonly string[];
}

const CHECKS = new Map<string, Checks>();

function checksOf(route: Route): Checks {
  let checks = CHECKS.get(route.operationId);
  if (checks === undefined) {
    const inQuery = route.parameters.filter((parameter) => parameter.in === 'query');
    const at = (place: string): Validator | undefined => VALIDATORS[`${route.operationId}.${place}`];
    checks = {
      ...withDefined({ query: at('query'), path: at('path'), header: at('header'), body: at('body') }),
      queryNames: new Set(inQuery.map((parameter) => parameter.name)),
      numbers: inQuery
        .filter((parameter) => parameter.schema.type === 'integer' && parameter.schema.format !== 'int64')
        .map((parameter) => parameter.name),
    };
    CHECKS.set(route.operationId, checks);
  }
  return checks;
}

function withDefined(
  validators: Record<'query' | 'path' | 'header' | 'body', Validator | undefined>,
): Partial<Record<'query' | 'path' | 'header' | 'body', Validator>> {
  return Object.fromEntries(Object.entries(validators).filter(([, validator]) => validator !== undefined));
}

/**
 * Checks a request's query, path and header parameters against its operation, with the validators
 * compiled from the spec at build time: an int64 exactly, a parameter given twice (`?a=1&a=2`) or
 * in brackets (`?session[x]=1`) refused, never silently dropped.
 * @example
 * validateParameters(route, { query: { fileId: '1.5' }, pathParams: {}, headers: {} })
 * // { kind: 'invalid', parameter: 'fileId', reason: '"1.5" is not an integer' }
 */
export function validateParameters(route: Route, request: RequestParameters): Validation {
  const checks = checksOf(route);
  if (checks.query !== undefined) {
    const bracketed = findBracketed(checks.queryNames, request.query);
    if (bracketed !== undefined) return bracketed;
    if (!checks.query(withNumbers(checks.numbers, request.query)))
      return toInvalid(route, 'query', checks.query, request.query);
  }
  if (checks.path !== undefined && !checks.path(request.pathParams))
    return toInvalid(route, 'path', checks.path, request.pathParams);
  if (checks.header !== undefined && !checks.header(request.headers))
    return toInvalid(route, 'header', checks.header, request.headers);
  return VALID;
}

/**
 * {@link validateParameters} for a matched request, whose path parameter may not be valid
 * percent-encoding (the matcher names it): that one is refused first.
 */
export function validateMatched(route: Route, request: RequestParameters, undecodable: string | undefined): Validation {
  if (undecodable !== undefined)
    return { kind: 'invalid', parameter: undecodable, reason: 'is not valid percent-encoding' };
  return validateParameters(route, request);
}

/**
 * Checks a JSON body against its operation's schema; the detail names the field, what is allowed
 * and what was given. Undefined when it conforms (or the operation takes no body).
 * @example checkBody(route, { by: true }) // '"by" must be a string or an integer of at least 0; got true.'
 */
export function checkBody(route: Route, body: unknown): string | undefined {
  const validate = checksOf(route).body;
  if (validate === undefined || validate(body)) return undefined;
  return toBodyMessage(firstError(validate));
}

/** The error to tell: a failed `oneOf` as a whole (what each branch allows), not its first branch's complaint. */
function firstError(validate: Validator): SchemaError {
  const errors = (validate.errors ?? []) as SchemaError[];
  return (
    errors.find((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf') ??
    errors[0] ?? { instancePath: '', keyword: 'type', params: {} }
  );
}

/** `?session[x]=1` names a declared parameter in a form this mock does not read: refused, not dropped. */
function findBracketed(names: ReadonlySet<string>, query: QueryValues): Validation | undefined {
  for (const name in query) {
    const bracket = name.indexOf('[');
    if (bracket < 0) continue;
    const base = name.slice(0, bracket);
    if (names.has(base))
      return { kind: 'invalid', parameter: name, reason: `give ${base} once, as ?${base}=value (no brackets)` };
  }
  return undefined;
}

/** Integer parameters that are not int64 (`limit`) checked as numbers: a plain decimal string becomes one. */
function withNumbers(names: readonly string[], query: QueryValues): QueryValues {
  let converted: Record<string, unknown> | undefined;
  for (const name of names) {
    const value = query[name];
    if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) (converted ??= { ...query })[name] = Number(value);
  }
  return (converted ?? query) as QueryValues;
}

function toInvalid(
  route: Route,
  place: RouteParameter['in'],
  validate: Validator,
  given: Readonly<Record<string, unknown>>,
): Validation {
  const error = firstError(validate);
  const key =
    error.keyword === 'required'
      ? String(error.params.missingProperty)
      : decodeURIComponent(error.instancePath.split('/')[1] ?? '');
  const declared = route.parameters.find(
    (parameter) =>
      parameter.in === place && (place === 'header' ? parameter.name.toLowerCase() : parameter.name) === key,
  );
  const parameter = declared?.name ?? key;
  if (error.keyword === 'required') return { kind: 'invalid', parameter, reason: 'is required' };
  const raw = given[key];
  if (Array.isArray(raw)) return { kind: 'invalid', parameter, reason: 'given more than once; give it once' };
  if (error.keyword === 'format' && error.params.format === 'int64') {
    const parsed = parseInt64(String(raw));
    return { kind: 'invalid', parameter, reason: parsed.kind === 'invalid' ? parsed.reason : 'is not an int64' };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.parentSchema?.enum ?? []).map(String);
    const nearest = findNearestName(String(raw), allowed);
    return {
      kind: 'invalid',
      parameter,
      reason: `must be one of ${allowed.join(', ')}; got ${describeValue(raw)}${didYouMean(nearest)}`,
    };
  }
  return { kind: 'invalid', parameter, reason: toParameterReason(error, declared?.schema ?? {}, raw) };
}
