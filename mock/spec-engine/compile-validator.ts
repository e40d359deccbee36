import type { IHttpOperation, IHttpParam } from '@stoplight/types';
import { parseInt64 } from '../core/int64';
import type { EngineRequest, Validation } from './validate-request';

type Check = (value: string) => string | undefined;
interface ParameterCheck {
  name: string;
  place: 'query' | 'path' | 'header';
  required: boolean;
  check: Check;
}

/**
 * Compiles an operation's parameters into one plain function, once at start-up, for the schemas the
 * service routes use (int64 ids, checked exactly; strings with length, pattern or enum). An operation
 * with anything else (a request body, another schema) gets undefined: prism validates it instead.
 */
export function compileValidator(operation: IHttpOperation): ((request: EngineRequest) => Validation) | undefined {
  if (operation.request?.body?.contents?.length) return undefined;
  const checks: ParameterCheck[] = [];
  for (const place of ['query', 'path', 'headers'] as const) {
    for (const parameter of operation.request?.[place] ?? []) {
      const check = compileSchema(parameter);
      if (!check) return undefined;
      checks.push({ name: place === 'headers' ? parameter.name.toLowerCase() : parameter.name, place: place === 'headers' ? 'header' : place, required: parameter.required === true, check });
    }
  }
  return (request) => {
    for (const { name, place, required, check } of checks) {
      const value = place === 'query' ? request.query[name] : place === 'path' ? request.pathParams[name] : request.headers[name];
      if (value === undefined) {
        if (required) return { kind: 'invalid', parameter: displayName(operation, name), reason: 'is required' };
        continue;
      }
      if (typeof value !== 'string') return { kind: 'invalid', parameter: displayName(operation, name), reason: 'given more than once' };
      const reason = check(value);
      if (reason !== undefined) return { kind: 'invalid', parameter: displayName(operation, name), reason };
    }
    return { kind: 'valid' };
  };
}

function compileSchema(parameter: IHttpParam): Check | undefined {
  const schema = (parameter.schema ?? {}) as Record<string, unknown>;
  // prism adds ±(2^53-1) bounds to int64 schemas; the exact int64 check replaces them.
  const { type, format, minLength, maxLength, pattern, enum: allowed, minimum, maximum, ...rest } = schema;
  const safeBounds = (minimum === undefined || minimum === -Number.MAX_SAFE_INTEGER) && (maximum === undefined || maximum === Number.MAX_SAFE_INTEGER);
  const known = Object.keys(rest).every((key) => ['description', 'example', 'examples', 'title', '$schema', 'x-stoplight'].includes(key) || key.startsWith('x-'));
  if (!known) return undefined;
  if (!safeBounds) return undefined;
  if (type === 'integer' && format === 'int64' && minLength === undefined && maxLength === undefined && pattern === undefined && allowed === undefined) {
    return (value) => {
      const parsed = parseInt64(value);
      return parsed.kind === 'invalid' ? parsed.reason : undefined;
    };
  }
  if (type !== 'string' || format !== undefined || minimum !== undefined || maximum !== undefined) return undefined;
  const regex = typeof pattern === 'string' ? new RegExp(pattern, 'u') : undefined;
  const values = Array.isArray(allowed) ? new Set(allowed.map(String)) : undefined;
  return (value) => {
    if (typeof minLength === 'number' && value.length < minLength) return `must NOT have fewer than ${minLength} characters`;
    if (typeof maxLength === 'number' && value.length > maxLength) return `must NOT have more than ${maxLength} characters`;
    if (regex && !regex.test(value)) return `must match pattern "${String(pattern)}"`;
    if (values && !values.has(value)) return `must be one of ${[...values].join(', ')}`;
    return undefined;
  };
}

/** The spec's spelling of a header name (requests carry them lower-cased). */
function displayName(operation: IHttpOperation, name: string): string {
  return operation.request?.headers?.find((header) => header.name.toLowerCase() === name)?.name ?? name;
}
