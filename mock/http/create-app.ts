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

const BODY_LIMIT = '100kb';

/**
 * The Express app: CORS, the service routes under the base path, the dashboard, the admin API, then the
 * 404/405 fallback and the one error handler.
 */
export function createApp(options: AppOptions): Express {
  const { core, engine, logger } = options;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(createCors(options.corsOrigins));
  // The service routes first, before the body parser and the routers: the hot path.
  app.use(createServiceDispatch({ core, engine, basePath: options.basePath }));
  app.use(express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }));
  app.use(options.basePath || '/', createServiceRouter({ core, engine }));
  // The pages hold no data (their scripts call the admin API, which asks for the token), so they are public.
  app.use('/__admin/ui', createDashboardRouter({ basePath: options.basePath }));
  app.use('/__admin', createAdminAuth(options.adminToken), createAdminRouter({ core, version: options.version }), createAdminScenarioRouter({ core, engine, basePath: options.basePath }));
  app.use(createSpecRouter(engine, options.basePath));
  app.use(createFallback(toRouteShapes(engine.operations, options.basePath)));
  app.use(createErrorHandler(logger));
  return app;
}
