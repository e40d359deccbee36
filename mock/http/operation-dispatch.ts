import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { MatchedRoute } from '../core/routing/match-route';
import type { OperationId } from '../core/routing/route-table';
import { checkBody, validateMatched } from '../core/routing/validate-request';
import type { SpecEngine } from '../spec-engine/spec-engine';
import { AREA_RULES } from '../core/routing/route-table';
import { sendProblem } from './problem';
import { sendRefusal } from './refusal';

/** An operation's handler: its parameters and body already checked against the spec. */
export type OperationHandler = (req: Request, res: Response, match: MatchedRoute) => unknown;
export type OperationHandlers = Partial<Record<OperationId, OperationHandler>>;

/**
 * Runs the operation the front matched (openapi-backend's way: handlers keyed by operationId), after
 * the validators compiled from the spec: a bad query or header is a 400 problem, a path parameter
 * outside what the spec allows names no item (404), a body that breaks the schema a 400 naming the
 * field. An operation without a handler is answered from the spec (prism's mocker). An operation in
 * `ownBodyChecks` checks its body itself: the core's one check of that input, whose refusals carry more
 * than a schema can say (a rule's 422 naming the allowed values and the nearest one).
 */
export function createOperationDispatch(
  matchOf: (req: IncomingMessage) => MatchedRoute | undefined,
  engine: SpecEngine,
  handlers: OperationHandlers,
  ownBodyChecks: ReadonlySet<OperationId> = new Set(),
): RequestHandler {
  return (req, res, next) => {
    const match = matchOf(req);
    if (match === undefined)
      return next(new Error(`${req.method} ${req.url}: the front handed on a request it did not match`));
    const { route } = match;
    const headers = req.headers as Record<string, string | undefined>;
    const parameters = validateMatched(
      route,
      { query: req.query as Record<string, string | string[]>, pathParams: match.params, headers },
      match.undecodable,
    );
    if (parameters.kind === 'invalid') {
      const detail = `"${parameters.parameter}": ${parameters.reason}.`;
      // In the area's format: problem+json on the admin API, plain text on the static host.
      const errors = AREA_RULES[route.area].errors;
      return route.parameters.some((parameter) => parameter.in === 'path' && parameter.name === parameters.parameter)
        ? sendRefusal(res, errors, {
            status: 404,
            code: 'route.not.found',
            problem: 'not-found',
            detail: `No such item: ${detail}`,
          })
        : sendRefusal(res, errors, { status: 400, code: 'parameter.invalid', problem: 'bad-request', detail });
    }
    if (route.body !== undefined && !ownBodyChecks.has(match.operationId)) {
      const detail = checkBody(route, req.body);
      if (detail !== undefined) return sendProblem(res, 'bad-request', detail);
    }
    const handler = handlers[match.operationId];
    const running = handler ? handler(req, res, match) : respondFromSpec(engine, req, res, match);
    Promise.resolve(running).catch(next);
  };
}

async function respondFromSpec(engine: SpecEngine, req: Request, res: Response, match: MatchedRoute): Promise<void> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers))
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  const answer = await engine.respondFromSpec(match.operationId, {
    method: match.route.method,
    path: match.path,
    query: req.query as Record<string, string | string[]>,
    pathParams: match.params,
    headers,
    body: req.body,
  });
  res
    .status(answer.status)
    .set(answer.headers)
    .send(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
}
