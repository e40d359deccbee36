import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { AppOptions } from './app-options';
import type { MatchedRoute } from '../core/routing/match-route';
import { createAdminHandlers } from './admin-routes';
import { OWN_BODY_CHECKS, createAdminScenarioHandlers } from './admin-scenario-routes';
import { createDashboardHandlers } from './dashboard-routes';
import { createViewerFileHandlers } from './viewer-files';
import { createModelRouteHandlers } from './model-routes';
import { createOperationDispatch } from './operation-dispatch';
import { loadExpress } from './load-express';
import { REQUEST_LIMITS } from './request-limits';
import type { Dispatch } from './service-routes';

/** body-parser's error types for a body it could not read (as opposed to one too large). */
const UNREADABLE_BODY = new Set(['entity.parse.failed', 'charset.unsupported', 'encoding.unsupported']);

/** Bad JSON, an unknown charset or encoding, or a gzip/deflate/br body that does not decompress (zlib's Z_* and brotli's ERR__* codes, no `type`). */
function isUnreadableBody(error: unknown): boolean {
  const { type, code } = error as { type?: unknown; code?: unknown };
  return (
    (typeof type === 'string' && UNREADABLE_BODY.has(type)) ||
    (typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR__')))
  );
}

/** What the Express app shares with the listener's front. */
export interface ExpressAppParts {
  /** Match, limits, session, guard or CORS, 404/405 and the service's operations: what every request meets first. */
  front: Dispatch;
  /** The front's match of a request it handed on (undefined: the request did not come through the listener). */
  matchOf: (req: IncomingMessage) => MatchedRoute | undefined;
  onError: (error: unknown, req: IncomingMessage, res: ServerResponse, next: unknown) => void;
}

/**
 * The Express app: the front (for requests that did not come through the listener), the JSON body
 * parser, then one dispatch by the match's operationId (no Express router decides anything), then
 * the one error handler.
 */
export function createExpressApp(options: AppOptions, parts: ExpressAppParts): Express {
  const express = loadExpress();
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // Inside the app too, so `app` alone (supertest, mounting) answers the same way.
  app.use((req, res, next) => (parts.matchOf(req) === undefined ? parts.front(req, res, next) : next()));
  const json = express.json({ limit: REQUEST_LIMITS.bodyBytes, type: ['application/json', 'application/*+json'] });
  app.use((req, res, next) =>
    json(req, res, (error?: unknown) => {
      // A body that cannot be read is the operation's business: those that take one answer 400 (their
      // validator finds no object), the others ignore it. Only a body over the limit is refused for every route.
      if (error !== undefined && isUnreadableBody(error)) {
        req.body = undefined;
        return next();
      }
      next(error);
    }),
  );
  const { core, engine, basePath } = options;
  app.use(
    createOperationDispatch(
      parts.matchOf,
      engine,
      {
        ...createAdminHandlers({
          core,
          version: options.version,
          store: options.store,
          ...(options.degradedReason ? { degradedReason: options.degradedReason } : {}),
        }),
        ...createAdminScenarioHandlers({ core, basePath }),
        ...createDashboardHandlers({ basePath }),
        ...createViewerFileHandlers({ core, logger: options.logger, basePath }),
        ...createModelRouteHandlers({ core, models: options.models }),
      },
      OWN_BODY_CHECKS,
    ),
  );
  app.use(parts.onError);
  return app;
}
