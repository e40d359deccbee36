import type { HttpHandler } from 'msw';
import { HttpResponse, delay, http } from 'msw';
import type { Core } from '../core/create-core';
import { bareRecord } from '../core/bare-record';
import type { ServiceResult } from '../core/handle-service-request';
import type { ServiceRequest } from '../core/service-request';
import { handleServiceRequest, recordUnmatched } from '../core/handle-service-request';
import { SESSION_HEADER } from '../core/service-request';
import { toProblem } from '../core/problems';
import type { ProblemKind } from '../core/problems';
import type { ErrorCode } from '../core/service-answers';
import { toErrorAnswer } from '../core/service-answers';
import { readSessionHeader } from '../core/session-limit';
import type { MatchedRoute, MethodNotAllowed, RouteNotFound } from '../core/routing/match-route';
import { createRouteMatcher } from '../core/routing/match-route';
import type { Area } from '../core/routing/route-table';
import { AREA_RULES, ROUTE_TABLE, isServiceOperation, isStaticOperation } from '../core/routing/route-table';
import { validateMatched } from '../core/routing/validate-request';
import type { MockCoreOptions } from '../compose/create-mock-core';
import { createMockCore } from '../compose/create-mock-core';
import type { MockFacade } from '../compose/mock-facade';
import { createMockFacade } from '../compose/mock-facade';
import { answerViewerFile } from './viewer-files';

/** Options of {@link createHandlers}: the core's, plus where the service lives. */
export interface HandlerOptions extends MockCoreOptions {
  /**
   * The service's base URL, e.g. `https://api.example.com` (its path is the base path). Every
   * request to that origin is then answered as the server would, 404s and 405s included (the admin
   * API and dashboard excepted: drive the mock through the facade, `clock`, `scenarios`, ...). Default: any origin, and requests that
   * match no service route pass through untouched.
   */
  baseUrl?: string;
  /** An existing core to drive (to share it with other handlers or a server). */
  core?: Core;
}

/**
 * MSW handlers for every service route, and the facade `createMockServer()` gives too: the clocks,
 * the scenario rules (a typed `add` that throws on an invalid rule), the journal, the tokens and reset.
 */
export interface MockHandlers extends MockFacade {
  handlers: HttpHandler[];
  /**
   * @deprecated The framework-free core behind the facade: internal, and it changes between versions
   * (0.3.0 replaced its `clock` by per-session `clocks`). Use `clock`, `scenarios`, `journal`, `tokens` and `reset`.
   */
  core: Core;
}

/**
 * The mock as MSW request handlers, in Node (`setupServer`) or the browser (`setupWorker`), with
 * the server's behaviour: one catch-all handler asking the server's own matcher what a request is
 * (case-sensitive, no trailing-slash or encoding aliases), the same validators, sliding expiry on the
 * controllable clock, Prefer switches, rules, catalog and journal. No Express, no prism.
 * @example
 * const { handlers, clock } = createHandlers({ seed: 1 });
 * const server = setupServer(...handlers);
 * await clock.advance('12h');
 */
export function createHandlers(options: HandlerOptions = {}): MockHandlers {
  const core = options.core ?? createMockCore(options);
  const base = options.baseUrl === undefined ? undefined : new URL(options.baseUrl);
  const matchRoute = createRouteMatcher(ROUTE_TABLE, {
    basePath: base === undefined ? '' : base.pathname.replace(/\/+$/, ''),
  });
  // Every request, decided by our route matcher: a '*' path went through path-to-regexp, which threw
  // on a malformed percent-encoding (`/view/%%374oken`) and MSW answered 500 where the server says 404.
  const handler = http.all(
    () => true,
    async ({ request }) => {
      const url = new URL(request.url);
      if (base !== undefined && url.origin !== base.origin) return undefined;
      // The absolute URL as it is: the matcher reads its path (fetch has already normalised it).
      const match = matchRoute(request.method, request.url);
      if (match.kind === 'matched' && isStaticOperation(match.operationId))
        return answerViewerFile(core, request, { ...match, operationId: match.operationId });
      const ours = match.kind === 'matched' && isServiceOperation(match.operationId);
      // Without a base URL only our operations are ours: an app's other calls, near-misses included, pass through.
      if (base === undefined ? !ours : match.kind === 'matched' && !ours) return undefined;
      const session = readSessionHeader(request.headers.get(SESSION_HEADER));
      if (session.kind === 'refused')
        return refuse(match.area, 400, 'parameter.invalid', 'bad-request', session.detail);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      if (session.kind === 'ok') headers[SESSION_HEADER] = session.session;
      const query = toQuery(url.searchParams);
      if (match.kind !== 'matched')
        return answerUnmatched(core, match, { method: request.method, path: match.path, query, headers });
      return toResponse(
        await handleServiceRequest(core, toServiceRequest(match, request.method, query, headers), (clean) =>
          validateMatched(match.route, clean, match.undecodable),
        ),
      );
    },
  );
  return { handlers: [handler], ...createMockFacade(core), core };
}

function toServiceRequest(
  match: MatchedRoute,
  method: string,
  query: ServiceRequest['query'],
  headers: Record<string, string>,
): ServiceRequest {
  return {
    operationId: match.operationId as ServiceRequest['operationId'],
    method,
    path: match.path,
    query,
    pathParams: match.params,
    headers,
  };
}

function toQuery(searchParams: URLSearchParams): Record<string, string | string[]> {
  // Bare: a parameter named `__proto__` is the client's, not the object's prototype (as on the server).
  const query = bareRecord<string | string[]>();
  for (const name of new Set(searchParams.keys())) {
    const values = searchParams.getAll(name);
    query[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

/** The server's 404/405 (OPTIONS: 204 with Allow), journaled where the area journals (unmatched.ts on the server). */
async function answerUnmatched(
  core: Core,
  match: MethodNotAllowed | RouteNotFound,
  request: Omit<ServiceRequest, 'operationId' | 'pathParams'>,
): Promise<Response> {
  const allow: Record<string, string> = match.kind === 'method-not-allowed' ? { Allow: match.allowHeader } : {};
  if (match.kind === 'method-not-allowed' && request.method === 'OPTIONS')
    return new HttpResponse(null, { status: 204, headers: allow });
  const status = match.kind === 'not-found' ? 404 : 405;
  const hint = match.kind === 'not-found' ? match.hint : undefined;
  if (AREA_RULES[match.area].journaled) await recordUnmatched(core, request, status, hint);
  if (match.kind === 'method-not-allowed') {
    return refuse(
      match.area,
      405,
      'method.not.allowed',
      'method-not-allowed',
      `${request.method} is not allowed on ${match.path}; use ${match.allow.join(' or ')}.`,
      allow,
    );
  }
  return refuse(
    match.area,
    404,
    'route.not.found',
    'not-found',
    `No route ${request.method} ${match.path}${hint === undefined ? '.' : `; did you mean ${hint}?`}`,
  );
}

/** A refusal in the area's format, as the server writes it (http/refusal.ts). */
function refuse(
  area: Area,
  status: number,
  code: ErrorCode,
  problem: ProblemKind,
  detail: string,
  headers: Record<string, string> = {},
): Response {
  const errors = AREA_RULES[area].errors;
  if (errors === 'problem')
    return HttpResponse.json(toProblem(problem, detail), {
      status,
      headers: { ...headers, 'Content-Type': 'application/problem+json; charset=utf-8' },
    });
  if (errors === 'text')
    return new HttpResponse(detail, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  const answer = toErrorAnswer(code, detail, status);
  return HttpResponse.json(answer.body, { status, headers: { ...headers, ...answer.headers } });
}

async function toResponse(result: ServiceResult): Promise<Response> {
  if (result.kind === 'rejected-preference') {
    return HttpResponse.json(
      toProblem('preference-rejected', result.detail, {
        allowed: result.allowed,
        ...(result.nearest === undefined ? {} : { nearest: result.nearest }),
      }),
      { status: 422, headers: { 'Content-Type': 'application/problem+json; charset=utf-8' } },
    );
  }
  if (result.delayMs > 0) await delay(result.delayMs);
  if (result.kind === 'fault') {
    // A browser or Node client sees a network error for both; MSW cannot tell a reset from an empty reply.
    if (result.fault !== 'malformed-json') return HttpResponse.error();
    return new HttpResponse('{"code":"success","data":', {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  const { status, headers, body } = result.answer;
  return body === undefined
    ? new HttpResponse(null, { status, headers })
    : HttpResponse.json(body, { status, headers });
}
