import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import express from 'express';
import type { AppOptions } from './app-options';
import { createAdminAuth } from './admin-auth';
import { refuseAmbiguousFilters } from './admin-pages';
import { createAdminRouter } from './admin-routes';
import { createAdminScenarioRouter } from './admin-scenario-routes';
import { createDashboardRouter } from './dashboard-routes';
import { createFallback, createOptionsAnswer, toRouteShapes } from './fallback';
import { REQUEST_LIMITS } from './request-limits';
import type { Dispatch } from './service-routes';
import { createServiceRouter } from './service-router';
import type { ServiceRequest } from '../core/service-request';
import { recordUnmatched } from '../core/handle-service-request';
import { createSpecRouter } from './spec-routes';
import { createViewerFilesRoute } from './viewer-files';

/** body-parser's error types for a body it could not read (as opposed to one too large). */
const UNREADABLE_BODY = new Set(['entity.parse.failed', 'charset.unsupported', 'encoding.unsupported']);

/** What the Express app shares with the listener's front. */
export interface ExpressAppParts {
  /** Limits, CORS and the service dispatcher: what every request meets first. */
  front: Dispatch;
  /** Requests the listener's front already saw: the app does not run it again. */
  passedFront: WeakSet<IncomingMessage>;
  onError: (error: unknown, req: IncomingMessage, res: ServerResponse, next: unknown) => void;
}

/**
 * The Express app: the front (for requests that did not come through the listener), the service
 * routes under the base path, the dashboard, the admin API, then the 404/405 fallback and the one
 * error handler.
 */
export function createExpressApp(options: AppOptions, parts: ExpressAppParts): Express {
  const { core, engine } = options;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // Inside the app too, so `app` alone (supertest, mounting) answers the same way.
  app.use((req, res, next) => (parts.passedFront.has(req) ? next() : parts.front(req, res, next)));
  const json = express.json({ limit: REQUEST_LIMITS.bodyBytes, type: ['application/json', 'application/*+json'] });
  app.use((req, res, next) => json(req, res, (error?: unknown) => {
    // A body that cannot be read is the route's business: routes that take one answer 400 (they
    // find no object), the others ignore it. Only a body over the limit is refused for every route.
    if (error !== undefined && UNREADABLE_BODY.has((error as { type?: string }).type ?? '')) {
      req.body = undefined;
      return next();
    }
    next(error);
  }));
  const shapes = toRouteShapes(engine.operations, options.basePath);
  const fallback = createFallback(shapes, (req, status, hint) => void recordUnmatched(core, {
    method: req.method, path: req.path, query: req.query as ServiceRequest['query'], headers: req.headers as ServiceRequest['headers'],
  }, status, hint).catch((error: unknown) => options.logger.error({ err: error }, 'journaling an unmatched request failed')));
  app.use(createOptionsAnswer(shapes));
  // The viewer loader's static host (before the HEAD rule: HEAD of a file answers as GET without a body).
  app.use(createViewerFilesRoute({ core, logger: options.logger, basePath: options.basePath }));
  // HEAD never issues or uses a token: outside the admin API it goes straight to the 405 (or 404).
  app.use((req, res, next) => (req.method === 'HEAD' && !req.path.startsWith('/__admin') ? fallback(req, res, next) : next()));
  app.use(options.basePath || '/', createServiceRouter({ core, engine, ...(options.hooks ? { hooks: options.hooks } : {}) }));
  // The pages hold no data (their scripts call the admin API, which asks for the token), so they are public.
  app.use('/__admin/ui', createDashboardRouter({ basePath: options.basePath }));
  app.use('/__admin', createAdminAuth(options.adminToken), refuseAmbiguousFilters, createAdminRouter({ core, version: options.version, ...(options.degradedReason ? { degradedReason: options.degradedReason } : {}) }), createAdminScenarioRouter({ core, engine, basePath: options.basePath }));
  app.use(createSpecRouter(engine, options.basePath));
  app.use(fallback);
  app.use(parts.onError);
  return app;
}
