import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '../core/create-core';
import type { ServiceHooks, ServiceResult } from '../core/handle-service-request';
import type { RequestValidator, ServiceRequest } from '../core/service-request';
import { handleServiceRequest } from '../core/handle-service-request';
import type { MatchedRoute } from '../core/routing/match-route';
import { toQueryString } from '../core/routing/match-route';
import { isServiceOperation } from '../core/routing/route-table';
import { validateMatched } from '../core/routing/validate-request';
import type { Answer } from '../core/service-answers';
import { writeFault } from './faults';
import { sendProblem } from './problem';
import { parseQuery } from './parse-query';

export interface ServiceRouteDeps {
  core: Core;
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

/** A handler that answers the request or hands it on. */
export type Dispatch = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Runs the service's and the viewer's operations (the hot path: plain node API, no Express), for a
 * request the matcher already matched: the core decides, the validator compiled from the spec
 * checks the parameters, this writes the result. Returns undefined for any other operation.
 */
export function createServiceRunner({
  core,
  hooks,
}: ServiceRouteDeps): (req: IncomingMessage, res: ServerResponse, match: MatchedRoute) => Promise<void> | undefined {
  const validators = new Map<string, RequestValidator>();
  return (req, res, match) => {
    const { operationId } = match;
    if (!isServiceOperation(operationId)) return undefined;
    let validate = validators.get(operationId);
    if (validate === undefined) {
      validate = (clean) => validateMatched(match.route, clean, match.undecodable);
      // An undecodable parameter is this request's own: its validator is not shared.
      if (match.undecodable === undefined) validators.set(operationId, validate);
    }
    const url = req.url ?? '/';
    const queryString = toQueryString(url);
    const request: ServiceRequest = {
      operationId,
      method: req.method ?? 'GET',
      path: match.path,
      query: queryString === '' ? {} : (parseQuery(queryString) as ServiceRequest['query']),
      pathParams: match.params,
      headers: req.headers as ServiceRequest['headers'],
    };
    return handleServiceRequest(core, request, validate, hooks).then((result) => deliver(req, res, result));
  };
}

async function deliver(req: IncomingMessage, res: ServerResponse, result: ServiceResult): Promise<void> {
  if (result.kind === 'rejected-preference') {
    return sendProblem(res, 'preference-rejected', result.detail, {
      allowed: result.allowed,
      ...(result.nearest === undefined ? {} : { nearest: result.nearest }),
    });
  }
  if (result.delayMs > 0 && !(await waitUnlessGone(req, result.delayMs))) return;
  if (result.kind === 'fault') return writeFault(res, result.fault, result.headers);
  sendAnswer(res, result.answer);
}

/** Waits; false when the client went away meanwhile (nothing left to answer). */
function waitUnlessGone(req: IncomingMessage, delayMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      req.socket.off('close', gone);
      resolve(true);
    }, delayMs);
    const gone = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    req.socket.once('close', gone);
  });
}
