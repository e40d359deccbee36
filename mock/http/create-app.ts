import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { AppOptions } from './app-options';
import { createAdminGuard } from './admin-guard';
import { createCors } from './cors';
import type * as ExpressApp from './express-app';
import { createErrorHandler } from './fallback';
import { isAdminPath, refuseOverLimit } from './request-limits';
import type { Dispatch } from './service-routes';
import { refuseBadSession } from './session-header';
import { createServiceDispatch } from './service-routes';

export interface MockHttp {
  /** The whole mock as an Express app (for supertest, or mounting in another app); built on first use. */
  readonly app: Express;
  /**
   * What the mock's own server listens with: limits, CORS and the service routes answered in front
   * of Express (the hot path, no middleware stack), everything else handed to the app.
   */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** Builds the Express app now (after listening), so the first admin request does not wait for it. */
  warm(): void;
}

/**
 * The listener's front (no Express: it serves the service routes from the first moment) and the
 * Express app behind it, loaded on first use: Express and the admin/dashboard routers take ~0.2 s
 * to import, which a start that only needs the service routes does not wait for.
 * @example const { listener, warm } = createApp(options); http.createServer(listener).listen(0, warm);
 */
export function createApp(options: AppOptions): MockHttp {
  const cors = createCors(options.corsOrigins);
  const dispatch = createServiceDispatch({ core: options.core, engine: options.engine, basePath: options.basePath, ...(options.hooks ? { hooks: options.hooks } : {}) });
  const guard = createAdminGuard({ allowedHosts: options.allowedHosts ?? [], boundHost: options.boundHost ?? (() => undefined) });
  const front: Dispatch = (req, res, next) => {
    if (refuseOverLimit(req, res)) return;
    const admin = isAdminPath(req.url ?? '/');
    if (refuseBadSession(req, res, admin)) return;
    // The admin API and dashboard get no CORS: other web origins may neither read nor drive them.
    if (admin) return void (guard(req, res) || dispatch(req, res, next));
    cors(req, res, () => dispatch(req, res, next));
  };
  const passedFront = new WeakSet<IncomingMessage>();
  const onError = createErrorHandler(options.logger);
  let app: Express | undefined;
  const getApp = (): Express => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    app ??= (require('./express-app') as typeof ExpressApp).createExpressApp(options, { front, passedFront, onError });
    return app;
  };
  const listener = (req: IncomingMessage, res: ServerResponse): void => front(req, res, (error) => {
    if (error !== undefined) return onError(error, req, res, undefined);
    passedFront.add(req);
    getApp()(req, res);
  });
  return { get app() { return getApp(); }, listener, warm: () => void getApp() };
}
