import { createRequestValidators } from '../../../spec/generated/request-validators';
import { parseInt64 } from '../int64';
import { findNearestName } from '../near-miss';
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
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The formats the compiled validators call: int64 exactly on the string (mock/core/int64.ts), never via a JS number. */
const FORMATS = {
  int64: (value: string) => parseInt64(value).kind === 'ok',
  'date-time': (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)),
};

const VALIDATORS = createRequestValidators(FORMATS) as Record<string, Validator | undefined>;
const VALID: Validation = Object.freeze({ kind: 'valid' });

/**
 * Checks a request's query, path and header parameters against its operation, with the validators
 * compiled from the spec at build time: an int64 exactly, a parameter given twice (`?a=1&a=2`) or
 * in brackets (`?session[x]=1`) refused, never silently dropped.
 * @example validateParameters(route, { query: { fileId: '1.5' }, pathParams: {}, headers: {} }) // { kind: 'invalid', parameter: 'fileId', reason: '"1.5" is not an integer' }
 */
export function validateParameters(route: Route, request: RequestParameters): Validation {
  const id = route.operationId;
  const query = VALIDATORS[`${id}.query`];
  if (query !== undefined) {
    const bracketed = findBracketed(route, request.query);
    if (bracketed !== undefined) return bracketed;
    const values = withNumbers(route, request.query);
    if (!query(values)) return toInvalid(route, 'query', query, request.query);
  }
  const path = VALIDATORS[`${id}.path`];
  if (path !== undefined && !path(request.pathParams)) return toInvalid(route, 'path', path, request.pathParams);
  const header = VALIDATORS[`${id}.header`];
  if (header !== undefined && !header(request.headers)) return toInvalid(route, 'header', header, request.headers);
  return VALID;
}

/**
 * {@link validateParameters} for a matched request, whose path parameter may not be valid
 * percent-encoding (the matcher names it): that one is refused first.
 */
export function validateMatched(route: Route, request: RequestParameters, undecodable: string | undefined): Validation {
  if (undecodable !== undefined) return { kind: 'invalid', parameter: undecodable, reason: 'is not valid percent-encoding' };
  return validateParameters(route, request);
}

/**
 * Checks a JSON body against its operation's schema; the detail names the field, what is allowed
 * and what was given. Undefined when it conforms (or the operation takes no body).
 * @example checkBody(route, { by: true }) // '"by" must be a string or an integer of at least 0; got true.'
 */
export function checkBody(route: Route, body: unknown): string | undefined {
  const validate = VALIDATORS[`${route.operationId}.body`];
  if (validate === undefined || validate(body)) return undefined;
  return toBodyMessage(firstError(validate));
}

/** The error to tell: a failed `oneOf` as a whole (what each branch allows), not its first branch's complaint. */
function firstError(validate: Validator): SchemaError {
  const errors = (validate.errors ?? []) as SchemaError[];
  return errors.find((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf') ?? errors[0] ?? { instancePath: '', keyword: 'type', params: {} };
}

/** `?session[x]=1` names a declared parameter in a form this mock does not read: refused, not dropped. */
function findBracketed(route: Route, query: QueryValues): Validation | undefined {
  for (const name in query) {
    const bracket = name.indexOf('[');
    if (bracket < 0) continue;
    const base = name.slice(0, bracket);
    if (route.parameters.some((parameter) => parameter.in === 'query' && parameter.name === base)) {
      return { kind: 'invalid', parameter: name, reason: `give ${base} once, as ?${base}=value (no brackets)` };
    }
  }
  return undefined;
}

/** Integer parameters that are not int64 (`limit`) checked as numbers: a plain decimal string becomes one. */
function withNumbers(route: Route, query: QueryValues): QueryValues {
  let converted: Record<string, unknown> | undefined;
  for (const parameter of route.parameters) {
    if (parameter.in !== 'query' || parameter.schema.type !== 'integer' || parameter.schema.format === 'int64') continue;
    const value = query[parameter.name];
    if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) (converted ??= { ...query })[parameter.name] = Number(value);
  }
  return (converted ?? query) as QueryValues;
}

function toInvalid(route: Route, place: RouteParameter['in'], validate: Validator, given: Readonly<Record<string, unknown>>): Validation {
  const error = firstError(validate);
  const key = error.keyword === 'required' ? String(error.params.missingProperty) : decodeURIComponent(error.instancePath.split('/')[1] ?? '');
  const declared = route.parameters.find((parameter) => parameter.in === place && (place === 'header' ? parameter.name.toLowerCase() : parameter.name) === key);
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
    return { kind: 'invalid', parameter, reason: `must be one of ${allowed.join(', ')}; got ${describeValue(raw)}${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}` };
  }
  return { kind: 'invalid', parameter, reason: toParameterReason(error, declared?.schema ?? {}, raw) };
}
