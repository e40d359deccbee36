import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Core } from '../core/create-core';
import type { ServiceHooks, ServiceResult } from '../core/handle-service-request';
import type { RequestValidator, ServiceRequest } from '../core/service-request';
import { handleServiceRequest } from '../core/handle-service-request';
import { SERVICE_ROUTES } from '../core/service-routes';
import type { Answer } from '../core/service-answers';
import type { SpecEngine } from '../spec-engine/spec-engine';
import { writeFault } from './faults';
import { sendProblem } from './problem';

export interface ServiceRouteDeps {
  core: Core;
  engine: SpecEngine;
  /** The validating proxy's forward, `--validate-responses`' check (mock/proxy/). */
  hooks?: ServiceHooks;
}

/** Writes a framework-neutral answer (201 and other bodiless answers as an empty body) with the plain node API. */
export function sendAnswer(res: ServerResponse, answer: Answer): void {
  res.statusCode = answer.status;
  for (const name in answer.headers) res.setHeader(name, answer.headers[name] as string);
  if (answer.body === undefined) return void res.end();
  // A body passed through as it came (the proxy's upstream answers): its own Content-Type is in the headers.
  if (answer.body instanceof Uint8Array) return void res.end(answer.body);
  const text = JSON.stringify(answer.body);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** The routes without path parameters, by "METHOD /path": the operation, and the path as one shared string (journaled per request). */
const EXACT = new Map(SERVICE_ROUTES.filter(([, path]) => !path.includes(':')).map(([method, path, operationId]) => [`${method.toUpperCase()} ${path}`, { operationId, path }]));
const CHILD_FILE = /^\/data\/v2\/integrations\/([^/]+)\/files\/([^/]+)\/viewToken$/;

/**
 * Runs one service operation: the core decides, the spec engine's compiled validator checks the
 * parameters, this writes the result. Both ways in (the dispatcher and the router) end here.
 */
export function createOperationRunner({ core, engine, hooks }: ServiceRouteDeps) {
  const validators = new Map(SERVICE_ROUTES.map(([, , operationId]) => [operationId, ((clean) => engine.validate(operationId, clean)) satisfies RequestValidator]));
  return async (req: IncomingMessage, res: ServerResponse, request: ServiceRequest): Promise<void> => {
    const result = await handleServiceRequest(core, request, validators.get(request.operationId), hooks);
    await deliver(req, res, result);
  };
}

/** A handler that answers the request or hands it on. */
export type Dispatch = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The hot path: the service routes matched exactly (method, path under the base path) with the
 * plain node API, in front of Express (see createApp), with the query parsed once. Anything it does
 * not recognise exactly (a trailing slash, other letter case, HEAD) goes on to Express, whose
 * router answers it the same way.
 */
export function createServiceDispatch(deps: ServiceRouteDeps & { basePath: string }): Dispatch {
  const run = createOperationRunner(deps);
  const { basePath } = deps;
  return (req, res, next) => {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    let path = mark === -1 ? url : url.slice(0, mark);
    if (basePath) {
      if (!path.startsWith(basePath) || path.charCodeAt(basePath.length) !== 47 /* / */) return next();
      path = path.slice(basePath.length);
    }
    const method = req.method ?? 'GET';
    const route = matchServiceRoute(method, path);
    if (!route) return next();
    const query = mark === -1 ? {} : (parseQuery(url.slice(mark + 1)) as ServiceRequest['query']);
    run(req, res, { operationId: route.operationId, method, path: route.path, query, pathParams: route.pathParams, headers: req.headers as ServiceRequest['headers'] }).catch(next);
  };
}

type RouteMatch = Pick<ServiceRequest, 'operationId' | 'path' | 'pathParams'>;

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** The service route a method and path (under the base path) name exactly, or undefined. */
function matchServiceRoute(method: string, path: string): RouteMatch | undefined {
  const exact = EXACT.get(`${method} ${path}`);
  if (exact) return { operationId: exact.operationId, path: exact.path, pathParams: NO_PARAMS };
  const child = method === 'GET' || method === 'POST' ? CHILD_FILE.exec(path) : null;
  if (!child) return undefined;
  try {
    const pathParams = { integrateId: decodeURIComponent(child[1] ?? ''), fileId: decodeURIComponent(child[2] ?? '') };
    return { operationId: method === 'GET' ? 'getChildFileViewTokenByGet' : 'getChildFileViewToken', path, pathParams };
  } catch {
    return undefined;
  }
}

async function deliver(req: IncomingMessage, res: ServerResponse, result: ServiceResult): Promise<void> {
  if (result.kind === 'rejected-preference') {
    return sendProblem(res, 'preference-rejected', result.detail, { allowed: result.allowed });
  }
  if (result.delayMs > 0 && !(await waitUnlessGone(req, result.delayMs))) return;
  if (result.kind === 'fault') return writeFault(res, result.fault, result.headers);
  sendAnswer(res, result.answer);
}

/** Waits; false when the client went away meanwhile (nothing left to answer). */
function waitUnlessGone(req: IncomingMessage, delayMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { req.socket.off('close', gone); resolve(true); }, delayMs);
    const gone = (): void => { clearTimeout(timer); resolve(false); };
    req.socket.once('close', gone);
  });
}
