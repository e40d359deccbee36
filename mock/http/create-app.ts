import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import type { AppOptions } from './app-options';
import type { MatchedRoute } from '../core/routing/match-route';
import { createRouteMatcher } from '../core/routing/match-route';
import { AREA_RULES, ROUTE_TABLE } from '../core/routing/route-table';
import { recordUnmatched } from '../core/handle-service-request';
import { SESSION_HEADER } from '../core/service-request';
import { readSessionHeader } from '../core/session-limit';
import { createAdminAuth } from './admin-auth';
import { createAdminGuard } from './admin-guard';
import { createCors } from './cors';
import type * as ExpressApp from './express-app';
import { createErrorHandler } from './fallback';
import { sendRefusal } from './refusal';
import { createClientErrorAnswer, refuseOverLimit } from './request-limits';
import type { Dispatch } from './service-routes';
import { createServiceRunner } from './service-routes';
import type { UnmatchedListener } from './unmatched';
import { answerUnmatched } from './unmatched';

export interface MockHttp {
  /** The whole mock as an Express app (for supertest, or mounting in another app); built on first use. */
  readonly app: Express;
  /**
   * What the mock's own server listens with: the front (match, limits, session, guard or CORS, 404
   * and 405) and the service's operations answered without Express (the hot path); the admin API,
   * the dashboard and the spec-answered operations handed to the app.
   */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** The server's 'clientError' answer (what Node's parser refuses), in the format of the request line's area. */
  answerClientError: (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => void;
  /** Builds the Express app now (after listening), so the first admin request does not wait for it. */
  warm(): void;
}

/**
 * The listener's front and the Express app behind it. The front asks the matcher once what a request
 * is, and everything after reads that answer: the limits' and the session check's format, the admin
 * guard and token (admin and dashboard areas) or CORS (the others), 404/405 and their journaling, the
 * operation that runs. The Express app (loaded on first use: Express and the admin handlers take
 * ~0.2 s to import) parses bodies and runs the admin, dashboard and spec-answered operations by
 * operationId; used alone (supertest, mounting) it runs the same front first.
 * @example const { listener, warm } = createApp(options); http.createServer(listener).listen(0, warm);
 */
export function createApp(options: AppOptions): MockHttp {
  const matchRoute = createRouteMatcher(ROUTE_TABLE, { basePath: options.basePath });
  const cors = createCors(options.corsOrigins);
  const guard = createAdminGuard({
    allowedHosts: options.allowedHosts ?? [],
    boundHost: options.boundHost ?? (() => undefined),
  });
  const adminAuth = createAdminAuth(options.adminToken);
  const runService = createServiceRunner({ core: options.core, ...(options.hooks ? { hooks: options.hooks } : {}) });
  const onUnmatched: UnmatchedListener = (request, status, hint) =>
    void recordUnmatched(options.core, request, status, hint).catch((error: unknown) =>
      options.logger.error({ err: error }, 'journaling an unmatched request failed'),
    );
  // The match of each request the front handed to the app: the app's dispatch reads it, never the path.
  const matches = new WeakMap<IncomingMessage, MatchedRoute>();
  const front: Dispatch = (req, res, next) => {
    const match = matchRoute(req.method ?? 'GET', req.url ?? '/');
    const rules = AREA_RULES[match.area];
    if (refuseOverLimit(req, res, rules.errors)) return;
    const session = readSessionHeader(req.headers[SESSION_HEADER] as string | undefined);
    if (session.kind === 'refused')
      return sendRefusal(res, rules.errors, {
        status: 400,
        code: 'parameter.invalid',
        problem: 'bad-request',
        detail: session.detail,
      });
    if (session.kind === 'ok') req.headers[SESSION_HEADER] = session.session;
    // The admin API and dashboard get no CORS: other web origins may neither read nor drive them.
    if (rules.guarded) {
      if (guard(req, res)) return;
      const tokenNeeded = req.method !== 'OPTIONS' && (match.kind !== 'matched' || match.route.adminAuth);
      if (tokenNeeded && adminAuth(req, res)) return;
    } else if (cors(req, res)) return;
    if (match.kind !== 'matched') return answerUnmatched(req, res, match, onUnmatched);
    const running = runService(req, res, match);
    if (running !== undefined) return void running.catch(next);
    matches.set(req, match);
    next();
  };
  const onError = createErrorHandler(
    options.logger,
    (req) => matches.get(req) ?? matchRoute(req.method ?? 'GET', req.url ?? '/'),
  );
  let app: Express | undefined;
  const getApp = (): Express => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    app ??= (require('./express-app') as typeof ExpressApp).createExpressApp(options, {
      front,
      matchOf: (req) => matches.get(req),
      onError,
    });
    return app;
  };
  const listener = (req: IncomingMessage, res: ServerResponse): void =>
    front(req, res, (error) => {
      if (error !== undefined) return onError(error, req, res, undefined);
      getApp()(req, res);
    });
  return {
    get app() {
      return getApp();
    },
    listener,
    answerClientError: createClientErrorAnswer(matchRoute),
    warm: () => void getApp(),
  };
}
