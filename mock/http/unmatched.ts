import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MethodNotAllowed, RouteNotFound } from '../core/routing/match-route';
import { toQueryString } from '../core/routing/match-route';
import { AREA_RULES } from '../core/routing/route-table';
import type { ServiceRequest } from '../core/service-request';
import { parseQuery } from './parse-query';
import { sendRefusal } from './refusal';

/** Told of each request that matched no operation, in an area that journals them. */
export type UnmatchedListener = (
  request: Omit<ServiceRequest, 'operationId' | 'pathParams'>,
  status: 404 | 405,
  hint: string | undefined,
) => void;

/**
 * Answers what the matcher found no operation for: a plain OPTIONS on a known path is 204 with its
 * `Allow`; another method there 405 with `Allow`; an unknown path 404 naming the nearest route.
 * In the area's error format; journaled where the area journals (the service and the viewer).
 */
export function answerUnmatched(
  req: IncomingMessage,
  res: ServerResponse,
  match: MethodNotAllowed | RouteNotFound,
  onUnmatched: UnmatchedListener,
): void {
  const method = req.method ?? 'GET';
  const rules = AREA_RULES[match.area];
  if (match.kind === 'method-not-allowed') {
    res.setHeader('Allow', match.allowHeader);
    if (method === 'OPTIONS') {
      res.statusCode = 204;
      return void res.end();
    }
  }
  const status = match.kind === 'not-found' ? 404 : 405;
  const hint = match.kind === 'not-found' ? match.hint : undefined;
  if (rules.journaled) {
    const query = parseQuery(toQueryString(req.url ?? '')) as ServiceRequest['query'];
    onUnmatched({ method, path: match.path, query, headers: req.headers as ServiceRequest['headers'] }, status, hint);
  }
  if (match.kind === 'method-not-allowed') {
    const detail = `${method} is not allowed on ${match.path}; use ${match.allow.join(' or ')}.`;
    return sendRefusal(res, rules.errors, {
      status: 405,
      code: 'method.not.allowed',
      problem: 'method-not-allowed',
      detail,
    });
  }
  const detail = `No route ${method} ${match.path}${hint === undefined ? '.' : `; did you mean ${hint}?`}`;
  sendRefusal(res, rules.errors, { status: 404, code: 'route.not.found', problem: 'not-found', detail });
}
