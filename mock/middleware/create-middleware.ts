import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LevelWithSilent, Logger } from 'pino';
import pino from 'pino';
import type { MockCoreOptions } from '../compose/create-mock-core';
import { createMockCore } from '../compose/create-mock-core';
import type { FrontUserOptions } from '../compose/front-options';
import { toFrontOptions } from '../compose/front-options';
import { toMockConfig } from '../config/config-check';
import { loadModelSpecs } from '../config/load-model-files';
import type { MockFacade } from '../compose/mock-facade';
import { createMockFacade } from '../compose/mock-facade';
import { MOCK_SPEC_PATH, PACKAGE_VERSION } from '../compose/package-info';
import { createNodeFront, createNodeListener } from '../http/node-front';
import type { SpecEngine } from '../spec-engine/spec-engine';
import { loadSpecEngine } from '../spec-engine/spec-engine';
import { createModelCatalog } from '../viewer/model/model-catalog';

/** Options of {@link createMiddleware}: the core's (as `createHandlers` takes them) and the front's. */
export interface MiddlewareOptions extends MockCoreOptions, FrontUserOptions {
  /** Where errors and warnings go. Default: pino on stdout at `logLevel`. */
  logger?: Logger | undefined;
  logLevel?: LevelWithSilent | undefined;
}

/** A connect middleware (Express, Vite's `server.middlewares`, webpack-dev-server), with the mock's facade. */
export interface MockMiddleware extends MockFacade {
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
}

/**
 * The mock as connect/Express middleware, inside an existing dev server: it answers every route of
 * the mock's route table (the service, the viewer and its files, the admin API and dashboard), a
 * wrong method on one of them (405) and a CORS preflight to one, and passes every other request to
 * `next()` untouched. The same front as the mock's own server, on an in-memory store.
 * @example
 * const mock = createMiddleware({ seed: 1 });
 * app.use(mock); // Express; Vite: server.middlewares.use(mock)
 * await mock.clock.advance('12h');
 */
export function createMiddleware(options: MiddlewareOptions = {}): MockMiddleware {
  const frontOptions = toFrontOptions(options);
  // Checked once here (the core takes it as checked). Its models' files are read now: a bad one stops
  // the start, naming it (as the server does).
  const config = toMockConfig(options.config ?? {});
  const core = createMockCore({ ...options, config });
  const models = createModelCatalog(loadModelSpecs(config));
  let engine: Promise<SpecEngine> | undefined;
  const front = createNodeFront({
    core,
    ...frontOptions,
    // An operation without a handler is answered from the spec, prism loaded then (none today).
    engine: () => (engine ??= loadSpecEngine(MOCK_SPEC_PATH)),
    logger: options.logger ?? pino({ level: options.logLevel ?? 'info' }),
    version: PACKAGE_VERSION,
    store: { kind: 'memory' },
    models,
    // A path the route table does not have is the app's.
    passOn: (match) => match.kind === 'not-found',
  });
  const listener = createNodeListener(front);
  return Object.assign((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    listener(req, res, next);
  }, createMockFacade(core));
}
