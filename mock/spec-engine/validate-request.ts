import { validateInput } from '@stoplight/prism-http/dist/validator';
import type { HttpMethod, IHttpOperation } from '@stoplight/types';
import { parseInt64 } from '../core/int64';
import type { OperationSummary } from './load-operations';

/** A framework-neutral request, as the HTTP layer hands it to the engine. */
export interface EngineRequest {
  path: string;
  query: Readonly<Record<string, string | readonly string[] | undefined>>;
  pathParams: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string | undefined>>;
  body?: unknown;
}

export type Validation = { kind: 'valid' } | { kind: 'invalid'; parameter: string; reason: string };

const STAND_IN = '1';

/**
 * Validates a request against its operation: int64 parameters exactly in our own code, the
 * rest with prism (which never sees an int64 beyond 2^53-1).
 */
export function validateRequest(operation: IHttpOperation, summary: OperationSummary, request: EngineRequest): Validation {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.query)) if (value !== undefined) query[name] = typeof value === 'string' ? value : [...value];
  let path = request.path;
  for (const parameter of summary.int64Parameters) {
    const raw = parameter.in === 'path' ? request.pathParams[parameter.name] : request.query[parameter.name];
    if (raw === undefined) continue;
    if (typeof raw !== 'string') return { kind: 'invalid', parameter: parameter.name, reason: 'given more than once' };
    const parsed = parseInt64(raw);
    if (parsed.kind === 'invalid') return { kind: 'invalid', parameter: parameter.name, reason: parsed.reason };
    if (parameter.in === 'query') query[parameter.name] = STAND_IN;
    else path = path.replace(`/${encodeURIComponent(raw)}`, `/${STAND_IN}`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = value;
  const result = validateInput({ resource: operation, element: { method: operation.method as HttpMethod, url: { path, query }, headers, body: request.body } });
  if (result._tag === 'Right') return { kind: 'valid' };
  return toInvalid(operation, result.left[0]);
}

function toInvalid(operation: IHttpOperation, diagnostic: { path?: readonly (string | number)[]; code?: string | number; message: string } | undefined): Validation {
  const where = diagnostic?.path ?? [];
  const place = String(where[0] ?? 'request');
  const required = diagnostic?.code === 'required' ? /'([^']+)'/.exec(diagnostic.message)?.[1] : undefined;
  // prism lower-cases parameter names in its diagnostics; give the spec's spelling back.
  const lowered = required ?? String(where[1] ?? '');
  const declared = [...(operation.request?.query ?? []), ...(operation.request?.path ?? []), ...(operation.request?.headers ?? [])]
    .find((parameter) => parameter.name.toLowerCase() === lowered.toLowerCase());
  const parameter = place === 'body' ? ['body', ...where.slice(1), ...(required ? [required] : [])].join('.') : declared?.name ?? (lowered || place);
  if (required) return { kind: 'invalid', parameter, reason: 'is required' };
  const reason = (diagnostic?.message ?? 'is invalid').replace(/^Request (query|path|header) parameter \S+ /, '').replace(/^Request body property \S+ /, '');
  return { kind: 'invalid', parameter, reason };
}
