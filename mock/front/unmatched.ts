import type { Core } from '../core/create-core';
import { recordFileLoad, recordUnmatched } from '../core/handle-service-request';
import type { MethodNotAllowed, RouteNotFound } from '../core/routing/match-route';
import { toQueryString } from '../core/routing/match-route';
import type { StaticOperationId } from '../core/routing/route-table';
import { AREA_RULES } from '../core/routing/route-table';
import type { QueryValues } from '../core/target';
import type { FrontRequest, OperationRequest } from './front-request';
import type { FrontLogger } from './failure';
import type { Reply } from './reply';
import { noContent } from './reply';
import { refuse } from './refusal';

/** Journals a request that matched no operation (its whole path), without keeping its answer waiting. */
export type JournalUnmatched = (
  request: Pick<OperationRequest, 'method' | 'path' | 'query' | 'headers'>,
  status: 404 | 405,
  hint: string | undefined,
) => void;

/**
 * The journal's unmatched list, written in the background: a failing store is logged, and the 404
 * or 405 is answered all the same.
 */
export function createUnmatchedJournal(core: Core, logger: FrontLogger): JournalUnmatched {
  return (request, status, hint) =>
    void recordUnmatched(core, request, status, hint).catch((error: unknown) =>
      logger.error({ err: error }, 'journaling an unmatched request failed'),
    );
}

/** Journals a file the viewer's loader host served, without keeping the file waiting. */
export type JournalFileLoad = (
  request: Pick<OperationRequest, 'method' | 'path' | 'query' | 'headers'>,
  operationId: StaticOperationId,
) => void;

/** The journal's file loads, written in the background: a failing store is logged, and the file served all the same. */
export function createFileLoadJournal(core: Core, logger: FrontLogger): JournalFileLoad {
  return (request, operationId) =>
    void recordFileLoad(core, request, operationId, 200).catch((error: unknown) =>
      logger.error({ err: error }, 'journaling a file load failed'),
    );
}

/**
 * Answers what the matcher found no operation for: a plain OPTIONS on a known path is 204 with its
 * `Allow`; another method there 405 with `Allow`; an unknown path 404 naming the nearest route. In
 * the area's error format; journaled where the area journals (the service, the viewer, its files).
 */
export function answerUnmatched(
  request: FrontRequest,
  match: MethodNotAllowed | RouteNotFound,
  { journalUnmatched, parseQuery }: { journalUnmatched: JournalUnmatched; parseQuery: (query: string) => QueryValues },
): Reply {
  const { method } = request;
  const rules = AREA_RULES[match.area];
  const allow = match.kind === 'method-not-allowed' ? { Allow: match.allowHeader } : undefined;
  // A plain OPTIONS on a known path: its methods, and nothing to journal.
  if (allow !== undefined && method === 'OPTIONS') return noContent(204, allow);
  const status = match.kind === 'not-found' ? 404 : 405;
  const hint = match.kind === 'not-found' ? match.hint : undefined;
  if (rules.journaled) {
    const query = parseQuery(toQueryString(request.target));
    journalUnmatched({ method, path: match.path, query, headers: request.headers }, status, hint);
  }
  if (match.kind === 'method-not-allowed') {
    const detail = `${method} is not allowed on ${match.path}; use ${match.allow.join(' or ')}.`;
    return refuse(rules.errors, { status, code: 'method.not.allowed', problem: 'method-not-allowed', detail }, allow);
  }
  const detail = `No route ${method} ${match.path}${hint === undefined ? '.' : `; did you mean ${hint}?`}`;
  return refuse(rules.errors, { status, code: 'route.not.found', problem: 'not-found', detail });
}
