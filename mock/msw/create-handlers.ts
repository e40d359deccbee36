import type { HttpHandler } from 'msw';
import { http } from 'msw';
import type { Core } from '../core/create-core';
import type { RouteMatch } from '../core/routing/match-route';
import type { Area } from '../core/routing/route-table';
import type { MockCoreOptions } from '../compose/create-mock-core';
import { createMockCore } from '../compose/create-mock-core';
import { toMockConfig } from '../config/config-check';
import { noModelFiles, toModelSpecs } from '../config/model-specs';
import { createModelCatalog } from '../viewer/model/model-catalog';
import type { MockFacade } from '../compose/mock-facade';
import { createMockFacade } from '../compose/mock-facade';
import { PACKAGE_VERSION } from '../compose/package-version';
import type { FrontLogger } from '../front/failure';
import { createFront } from '../front/front';
import { handleRequest } from '../front/handle-request';
import { createOperations } from '../front/operations';
import { FetchRequest, parseSearchParams } from './fetch-request';
import { toResponse } from './to-response';
import { trimTrailingSlashes } from '../core/trailing-slashes';

/** Options of {@link createHandlers}: the core's, plus where the service lives. */
export interface HandlerOptions extends MockCoreOptions {
  /**
   * The service's base URL, e.g. `https://api.example.com` (its path is the base path). Requests to
   * that origin are then answered as the server would: its routes, the admin API, a wrong method's
   * 405, and the 404 naming the route meant for a near miss (`/view/tokens`). A path near no route
   * of the mock (the app's own pages, scripts, hot reload and `/api`) passes through untouched, as
   * do the dashboard's pages (files of the server's build). So `baseUrl: location.origin` shares the
   * app's origin. Default: any origin, and only the requests an app makes (the service's, the
   * viewer's and its files' routes) are answered; everything else passes through untouched.
   */
  baseUrl?: string;
  /** An existing core to drive (to share it with other handlers or a server). */
  core?: Core;
  /**
   * three.js for the viewer stand-in's 3D picture (its `thirdparty.js`, about 640 kB), loaded on the
   * first request for that file: `() => import('view-token-mock/msw/viewer-three')`, a chunk of its
   * own in the app's build. Without it the 3D viewer shows the model's name and no picture (the
   * server reads the file from its build; MSW has no files).
   */
  viewerThree?: (() => Promise<string | { default: string }>) | undefined;
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

/** The areas whose whole path prefix is the mock's (`/__admin/…`): a miss there is answered, never passed on. */
const OWN_PREFIX_AREAS: ReadonlySet<Area> = new Set(['admin', 'dashboard']);

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
  // Checked once here (the core takes it as checked).
  const config = toMockConfig(options.config ?? {});
  const core = options.core ?? createMockCore({ ...options, config });
  const base = options.baseUrl === undefined ? undefined : new URL(options.baseUrl);
  const basePath = base === undefined ? '' : trimTrailingSlashes(base.pathname);
  const three = createThreeSource(options.viewerThree);
  // The config's models (a drawing's sheets, an integration's files, a building's shape); a model file is refused by name.
  const models = createModelCatalog(toModelSpecs(config, noModelFiles));
  const front = createFront({
    core,
    operations: createOperations({
      core,
      basePath,
      logger: CONSOLE,
      version: PACKAGE_VERSION,
      store: { kind: 'memory' },
      readBuiltFile: three.read,
      models,
    }),
    basePath,
    // The admin API is answered on the base URL's origin only, whose host is the one to allow.
    guard: { allowedHosts: base === undefined ? [] : [base.hostname], isIp: () => false },
    parseQuery: parseSearchParams,
    passOn: base === undefined ? isNotAnAppRequest : isNotOursOnTheOrigin,
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

/**
 * With a base URL: the dashboard's pages (files of the server's build: the network's mock serves
 * them) and every path outside `/__admin` near no route of ours (the app's own) pass through.
 */
function isNotOursOnTheOrigin(match: RouteMatch): boolean {
  // Under /__admin everything is ours (its 404 names what is there); elsewhere, only near misses.
  if (match.kind === 'not-found') return match.hint === undefined && !OWN_PREFIX_AREAS.has(match.area);
  return match.kind === 'matched' && match.area === 'dashboard';
}

/** three.js as the stand-in's thirdparty.js: loaded once, on the first request for it, then read as the server reads its build's file. */
function createThreeSource(loadThree: HandlerOptions['viewerThree']): { read(): Promise<string | undefined> } {
  let source: string | undefined;
  let loading: Promise<void> | undefined;
  const load = (): Promise<void> => {
    // No loader given: the file says so (viewer-files.ts), and the picture stays off.
    if (loadThree === undefined) return Promise.resolve();
    loading ??= loadThree().then(
      (loaded) => {
        source = typeof loaded === 'string' ? loaded : loaded.default;
      },
      (error: unknown) => {
        // A failed chunk is said once per try; the page gets the file saying three.js is not here.
        loading = undefined;
        CONSOLE.error({ option: 'viewerThree' }, `createHandlers({ viewerThree }) failed: ${String(error)}`);
      },
    );
    return loading;
  };
  return {
    read: async () => {
      await load();
      return source;
    },
  };
}
