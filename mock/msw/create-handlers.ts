import type { HttpHandler } from 'msw';
import { http } from 'msw';
import type { Core } from '../core/create-core';
import type { RouteMatch } from '../core/routing/match-route';
import type { Area } from '../core/routing/route-table';
import type { MockCoreOptions } from '../compose/create-mock-core';
import { createMockCore } from '../compose/create-mock-core';
import type { MockFacade } from '../compose/mock-facade';
import { createMockFacade } from '../compose/mock-facade';
import { PACKAGE_VERSION } from '../compose/package-version';
import type { FrontLogger } from '../front/failure';
import { createFront } from '../front/front';
import { handleRequest } from '../front/handle-request';
import { createOperations } from '../front/operations';
import { FetchRequest, parseSearchParams } from './fetch-request';
import { toResponse } from './to-response';

/** Options of {@link createHandlers}: the core's, plus where the service lives. */
export interface HandlerOptions extends MockCoreOptions {
  /**
   * The service's base URL, e.g. `https://api.example.com` (its path is the base path). Every
   * request to that origin is then answered as the server would, 404s and 405s and the admin API
   * included (the dashboard's pages excepted: they are files of the server's build). Default: any
   * origin, and only the requests an app makes (the service's, the viewer's and its files' routes)
   * are answered; everything else passes through untouched.
   */
  baseUrl?: string;
  /** An existing core to drive (to share it with other handlers or a server). */
  core?: Core;
}

/**
 * MSW handlers for every route, and the facade `createMockServer()` gives too: the clocks, the
 * scenario rules (a typed `add` that throws on an invalid rule), the journal, the tokens and reset.
 */
export interface MockHandlers extends MockFacade {
  handlers: HttpHandler[];
  /**
   * @deprecated The framework-free core behind the facade: internal, and it changes between versions
   * (0.3.0 replaced its `clock` by per-session `clocks`). Use `clock`, `scenarios`, `journal`, `tokens` and `reset`.
   */
  core: Core;
}

/** The areas an app's own requests go to: without a base URL, these are answered on any origin. */
const APP_AREAS: ReadonlySet<Area> = new Set(['service', 'viewer', 'static']);

/** What MSW logs: to the console of the test or the page. */
const CONSOLE: FrontLogger = {
  error: (context, message) => console.error(`view-token-mock: ${message}`, context),
  warn: (context, message) => console.warn(`view-token-mock: ${message}`, context),
};

/**
 * The mock as MSW request handlers, in Node (`setupServer`) or the browser (`setupWorker`): one
 * catch-all handler handing each request to the front the server uses (the same route table,
 * validators, sliding expiry on the controllable clock, Prefer switches, rules, journal, admin API).
 * No Express, no prism, no Node.
 * @example
 * const { handlers, clock } = createHandlers({ seed: 1 });
 * const server = setupServer(...handlers);
 * await clock.advance('12h');
 */
export function createHandlers(options: HandlerOptions = {}): MockHandlers {
  const core = options.core ?? createMockCore(options);
  const base = options.baseUrl === undefined ? undefined : new URL(options.baseUrl);
  const basePath = base === undefined ? '' : base.pathname.replace(/\/+$/, '');
  const front = createFront({
    core,
    operations: createOperations({
      core,
      basePath,
      logger: CONSOLE,
      version: PACKAGE_VERSION,
      store: { kind: 'memory' },
    }),
    basePath,
    // The admin API is answered on the base URL's origin only, whose host is the one to allow.
    guard: { allowedHosts: base === undefined ? [] : [base.hostname], isIp: () => false },
    parseQuery: parseSearchParams,
    passOn: base === undefined ? isNotAnAppRequest : isDashboardPage,
    logger: CONSOLE,
  });
  // Every request, decided by the front: a '*' path went through path-to-regexp, which threw on a
  // malformed percent-encoding (`/view/%%374oken`) and MSW answered 500 where the server says 404.
  const handler = http.all(
    () => true,
    async ({ request }) => {
      const url = new URL(request.url);
      // Another origin than the base URL's: not ours.
      if (base !== undefined && url.origin !== base.origin) return undefined;
      const reply = await handleRequest(front, new FetchRequest(request, url));
      return reply === undefined ? undefined : toResponse(reply, request.method);
    },
  );
  return { handlers: [handler], ...createMockFacade(core), core };
}

/** Without a base URL: an app's other calls, near-misses of our paths and the admin API included, pass through. */
function isNotAnAppRequest(match: RouteMatch): boolean {
  return match.kind !== 'matched' || !APP_AREAS.has(match.area);
}

/** The dashboard's pages are files of the server's build: the network's mock serves them. */
function isDashboardPage(match: RouteMatch): boolean {
  return match.kind === 'matched' && match.area === 'dashboard';
}
