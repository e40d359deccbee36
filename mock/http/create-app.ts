import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import express from 'express';
import type { Logger } from 'pino';
import type { Core } from '../core/create-core';
import type { SpecEngine } from '../spec-engine/spec-engine';
import { createAdminAuth } from './admin-auth';
import { createAdminRouter } from './admin-routes';
import { createAdminScenarioRouter } from './admin-scenario-routes';
import { createCors } from './cors';
import { createDashboardRouter } from './dashboard-routes';
import { createErrorHandler, createFallback, toRouteShapes } from './fallback';
import { REQUEST_LIMITS, refuseOverLimit } from './request-limits';
import { createServiceDispatch, createServiceRouter } from './service-routes';
import { createSpecRouter } from './spec-routes';

export interface AppOptions {
  core: Core;
  engine: SpecEngine;
  logger: Logger;
  version: string;
  /** Prefix of every service route (not of /__admin), e.g. `/api`. '' for none. */
  basePath: string;
  corsOrigins: readonly string[] | undefined;
  adminToken: string | undefined;
}


export interface MockHttp {
  /** The whole mock as an Express app (for supertest, or mounting in another app). */
  app: Express;
  /**
   * What the mock's own server listens with: the service routes answered in front of Express (the
   * hot path, no middleware stack), everything else handed to the app.
   */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The Express app: CORS, the service routes under the base path, the dashboard, the admin API, then the
 * 404/405 fallback and the one error handler; and the listener that puts the service routes first.
 */
export function createApp(options: AppOptions): MockHttp {
  const { core, engine, logger } = options;
  const app = express();
  const cors = createCors(options.corsOrigins);
  const dispatch = createServiceDispatch({ core, engine, basePath: options.basePath });
  const front = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    if (!refuseOverLimit(req, res)) cors(req, res, () => dispatch(req, res, next));
  };
  // Requests the listener's front already saw: the app does not run CORS and the dispatcher again.
  const passedFront = new WeakSet<IncomingMessage>();
  app.disable('x-powered-by');
  app.disable('etag');
  // Inside the app too, so `app` alone (supertest, mounting) answers the same way.
  app.use((req, res, next) => (passedFront.has(req) ? next() : front(req, res, next)));
  app.use(express.json({ limit: REQUEST_LIMITS.bodyBytes, type: ['application/json', 'application/*+json'] }));
  app.use(options.basePath || '/', createServiceRouter({ core, engine }));
  // The pages hold no data (their scripts call the admin API, which asks for the token), so they are public.
  app.use('/__admin/ui', createDashboardRouter({ basePath: options.basePath }));
  app.use('/__admin', createAdminAuth(options.adminToken), createAdminRouter({ core, version: options.version }), createAdminScenarioRouter({ core, engine, basePath: options.basePath }));
  app.use(createSpecRouter(engine, options.basePath));
  app.use(createFallback(toRouteShapes(engine.operations, options.basePath)));
  const onError = createErrorHandler(logger);
  app.use(onError);
  const listener = (req: IncomingMessage, res: ServerResponse): void => front(req, res, (error) => {
    if (error !== undefined) return onError(error, req, res, undefined);
    passedFront.add(req);
    app(req, res);
  });
  return { app, listener };
}
