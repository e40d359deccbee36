import type { HttpHandler } from 'msw';
import { HttpResponse, delay, http } from 'msw';
import type { Core } from '../core/create-core';
import type { ServiceResult } from '../core/handle-service-request';
import type { ServiceOperationId, ServiceRequest } from '../core/service-request';
import { handleServiceRequest } from '../core/handle-service-request';
import { SESSION_HEADER } from '../core/service-request';
import { toErrorAnswer } from '../core/service-answers';
import { checkSessionLength } from '../core/session-limit';
import { SERVICE_ROUTES } from '../core/service-routes';
import type { MockCoreOptions } from '../compose/create-mock-core';
import { createMockCore } from '../compose/create-mock-core';
import { createViewerFileHandlers } from './viewer-files';

/** Options of {@link createHandlers}: the core's, plus where the service lives. */
export interface HandlerOptions extends MockCoreOptions {
  /** The service's base URL, e.g. `https://api.example.com`. Default: any origin. */
  baseUrl?: string;
  /** An existing core to drive (to share it with other handlers or a server). */
  core?: Core;
}

/** MSW handlers for every service route and the viewer's static host, and the core they drive (clock, rules, journal, tokens). */
export interface MockHandlers {
  handlers: HttpHandler[];
  core: Core;
}


/**
 * The mock as MSW request handlers, in Node (`setupServer`) or the browser (`setupWorker`), with
 * the server's behaviour: sliding expiry on the controllable clock, Prefer switches, rules,
 * catalog and journal. No Express, no prism (the core's own int64 and exactly-one checks apply).
 * @example
 * const { handlers, core } = createHandlers({ seed: 1 });
 * const server = setupServer(...handlers);
 * core.clock.advance(12 * 3600_000);
 */
export function createHandlers(options: HandlerOptions = {}): MockHandlers {
  const core = options.core ?? createMockCore(options);
  const prefix = options.baseUrl === undefined ? '*' : options.baseUrl.replace(/\/+$/, '');
  const handlers = SERVICE_ROUTES.map(([method, path, operationId]) =>
    http[method](`${prefix}${path}`, async ({ request, params }) => {
      const refusal = checkSessionLength(request.headers.get(SESSION_HEADER) ?? '');
      if (refusal !== undefined) return HttpResponse.json(toErrorAnswer('parameter.invalid', refusal, 400).body, { status: 400 });
      return toResponse(await handleServiceRequest(core, toServiceRequest(request, params, operationId)));
    }));
  // The viewer loader's static host too (the SDK stand-in), so a page under setupWorker gets the viewer.
  return { handlers: [...handlers, ...createViewerFileHandlers(core, options.baseUrl)], core };
}

function toServiceRequest(request: Request, params: Record<string, string | readonly string[] | undefined>, operationId: ServiceOperationId): ServiceRequest {
  const url = new URL(request.url);
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => { headers[name] = value; });
  const pathParams: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string') pathParams[name] = value;
  return { operationId, method: request.method, path: url.pathname, query, pathParams, headers };
}

async function toResponse(result: ServiceResult): Promise<Response> {
  if (result.kind === 'rejected-preference') {
    return HttpResponse.json({ type: 'urn:view-token-mock:problem:preference-rejected', title: 'A scenario switch cannot be applied', status: 422, detail: result.detail, allowed: result.allowed },
      { status: 422, headers: { 'Content-Type': 'application/problem+json' } });
  }
  if (result.delayMs > 0) await delay(result.delayMs);
  if (result.kind === 'fault') {
    // A browser or Node client sees a network error for both; MSW cannot tell a reset from an empty reply.
    if (result.fault !== 'malformed-json') return HttpResponse.error();
    return new HttpResponse('{"code":"success","data":', { status: 200, headers: { 'Content-Type': 'application/json' } });
  }
  const { status, headers, body } = result.answer;
  return body === undefined ? new HttpResponse(null, { status, headers }) : HttpResponse.json(body, { status, headers });
}
