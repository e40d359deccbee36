import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { OperationSummary } from '../spec-engine/load-operations';
import { sendProblem } from './problem';
import { shorten } from '../core/handle-service-request';
import { findNearestRoute } from '../core/near-miss';
import { toErrorAnswer } from '../core/service-answers';
import { createLogThrottle } from './log-throttle';
import { answerStoreError } from './store-errors';
import { toTargetPath } from './request-limits';
import { sendAnswer } from './service-routes';

const ADMIN_PREFIX = '/__admin';

/** Where each spec path lives on this server, and which methods it answers. */
interface RouteShape {
  pattern: RegExp;
  /** The path as the spec writes it (`{name}` for a parameter), under the base path for service routes. */
  template: string;
  methods: string[];
  admin: boolean;
}

/** Told of each service request that matched no route (404) or not with its method (405). */
export type UnmatchedListener = (req: Request, status: 404 | 405, hint: string | undefined) => void;

/** Builds the table of known routes from the spec, with the service routes under the base path. */
export function toRouteShapes(operations: readonly OperationSummary[], basePath: string): RouteShape[] {
  const byPath = new Map<string, RouteShape>();
  for (const operation of operations) {
    const admin = operation.path.startsWith(ADMIN_PREFIX);
    const full = admin ? operation.path : `${basePath}${operation.path}`;
    const shape = byPath.get(full) ?? { pattern: toPattern(full, admin), template: full, methods: [], admin };
    shape.methods.push(operation.method);
    byPath.set(full, shape);
  }
  return [...byPath.values()];
}

/**
 * Unknown routes → 404 envelope (problem+json under /__admin) naming the nearest route when one is
 * close (other case, trailing slash, a typo); a known route's wrong method → 405 with `Allow`.
 * Paths are matched exactly: case-sensitive, no trailing-slash aliasing.
 */
export function createFallback(shapes: readonly RouteShape[], onUnmatched?: UnmatchedListener): RequestHandler {
  return (req, res) => {
    const shape = shapes.find((candidate) => candidate.pattern.test(req.path));
    const admin = shape?.admin ?? req.path.startsWith(ADMIN_PREFIX);
    if (shape) {
      res.setHeader('Allow', [...shape.methods, 'OPTIONS'].join(', '));
      const detail = `${req.method} is not allowed on ${req.path}; use ${shape.methods.join(' or ')}.`;
      if (!admin) onUnmatched?.(req, 405, undefined);
      return admin ? sendProblem(res, 'method-not-allowed', detail) : sendAnswer(res, toErrorAnswer('method.not.allowed', detail));
    }
    const routes = shapes.filter((candidate) => candidate.admin === admin).flatMap(({ template, methods }) => methods.map((method) => ({ method, template })));
    const hint = findNearestRoute(req.method, req.path, routes);
    const detail = `No route ${req.method} ${req.path}${hint === undefined ? '.' : `; did you mean ${hint}?`}`;
    if (!admin) onUnmatched?.(req, 404, hint);
    return admin ? sendProblem(res, 'not-found', detail) : sendAnswer(res, toErrorAnswer('route.not.found', detail));
  };
}

/** Answers a plain OPTIONS (CORS preflights are answered earlier): 204 with the route's Allow, or 404. */
export function createOptionsAnswer(shapes: readonly RouteShape[]): RequestHandler {
  const fallback = createFallback(shapes);
  return (req, res, next) => {
    if (req.method !== 'OPTIONS') return void next();
    const shape = shapes.find((candidate) => candidate.pattern.test(req.path));
    if (!shape) return void fallback(req, res, next);
    res.setHeader('Allow', [...shape.methods, 'OPTIONS'].join(', '));
    res.status(204).end();
  };
}

/** A path as logs may show it: a View Token in an admin path is shortened like the journal's. */
export function toLoggedPath(path: string): string {
  return path.replace(/(\/view-tokens\/)([^/]+)/, (_all, prefix: string, token: string) => `${prefix}${shorten(token)}`);
}

/**
 * The one error handler: bad JSON is a 400; a store error as its kind says (answerStoreError: full
 * or unavailable a 503, an unexpected reply a 500); anything unexpected a 500 without a stack trace, logged.
 */
export function createErrorHandler(logger: Logger, warningDue = createLogThrottle()): (error: unknown, req: IncomingMessage, res: ServerResponse, next: unknown) => void {
  return (error, req, res, _next) => {
    const status = (error as { status?: unknown }).status;
    const path = toTargetPath(req.url ?? '/');
    const admin = path.startsWith(ADMIN_PREFIX);
    if (error instanceof URIError) {
      // A path parameter that is not valid percent-encoding: no admin item has such a name; a service id is invalid.
      if (admin) return sendProblem(res, 'not-found', 'No such item: the path is not valid percent-encoding.');
      return sendAnswer(res, toErrorAnswer('parameter.invalid', 'Invalid parameter: a path segment is not valid percent-encoding.'));
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const detail = status === 413 ? 'The request body is too large.' : `The request body could not be read: ${(error as Error).message}`;
      if (admin) return sendProblem(res, status === 413 ? 'payload-too-large' : 'bad-request', detail);
      return sendAnswer(res, toErrorAnswer(status === 413 ? 'request.too.large' : 'parameter.invalid', detail, status));
    }
    if (answerStoreError(error, res, { method: req.method ?? 'GET', loggedPath: toLoggedPath(path), admin }, logger, warningDue)) return;
    logger.error({ err: error, method: req.method, path: toLoggedPath(path) }, 'unexpected error');
    if (res.headersSent) return void res.destroy();
    if (admin) return sendProblem(res, 'server-error', 'The mock failed unexpectedly; see its log.');
    sendAnswer(res, toErrorAnswer('system.error'));
  };
}

/** Service routes match exactly (a real server's strictness); admin routes as Express routes them (a trailing slash is fine). */
function toPattern(template: string, admin: boolean): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}${admin ? '/?' : ''}$`);
}
