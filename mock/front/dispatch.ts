import type { MatchedRoute } from '../core/routing/match-route';
import { toQueryString } from '../core/routing/match-route';
import { AREA_RULES } from '../core/routing/route-table';
import type { RequestParameters } from '../core/routing/validate-request';
import { checkBody, validateMatched } from '../core/routing/validate-request';
import type { QueryValues } from '../core/target';
import type { FrontRequest, OperationRequest } from './front-request';
import type { Operation } from './operation';
import type { Reply } from './reply';
import { problem } from './reply';
import { refuse } from './refusal';

/** What the dispatch needs of the front. */
export interface DispatchDeps {
  operation: (match: MatchedRoute) => Operation;
  parseQuery: (query: string) => QueryValues;
}

/**
 * Runs the operation the matcher found (openapi-backend's way: handlers keyed by operationId), its
 * input checked against the spec first unless the operation checks it itself: a path parameter
 * outside what the spec allows names no item (404), another bad parameter is a 400, a body that
 * breaks the schema a 400 naming the field; all in the area's format.
 */
export function dispatch(deps: DispatchDeps, request: FrontRequest, match: MatchedRoute): Reply | Promise<Reply> {
  const operation = deps.operation(match);
  const queryString = toQueryString(request.target);
  const query = queryString === '' ? {} : deps.parseQuery(queryString);
  const input: OperationRequest = {
    method: request.method,
    path: match.path,
    query,
    headers: request.headers,
    body: undefined,
    origin: request.origin,
  };
  // The service's operations check their parameters in the core, after authentication (401 before 400).
  if (operation.checks !== 'own') {
    const refused = checkParameters(match, input);
    if (refused !== undefined) return refused;
  }
  // No body to read: the operation takes none.
  if (match.route.body === undefined) return operation(input, match);
  return withBody(operation, request, input, match);
}

/** Reads the body; a rule checks its body itself, every other body is checked against its schema. */
async function withBody(
  operation: Operation,
  request: FrontRequest,
  input: OperationRequest,
  match: MatchedRoute,
): Promise<Reply> {
  const body = await request.readBody();
  const detail = operation.checks === undefined ? checkBody(match.route, body) : undefined;
  if (detail !== undefined) return problem('bad-request', detail);
  return operation({ ...input, body }, match);
}

/**
 * The request's query, path and header parameters against the spec: undefined when they conform, else
 * the refusal (404 for a path parameter: it names no item; 400 otherwise) in the area's format.
 */
export function checkParameters(
  match: MatchedRoute,
  input: Pick<OperationRequest, 'query' | 'headers'>,
): Reply | undefined {
  const { route } = match;
  const parameters: RequestParameters = { query: input.query, pathParams: match.params, headers: input.headers };
  const checked = validateMatched(route, parameters, match.undecodable);
  if (checked.kind === 'valid') return undefined;
  const detail = `"${checked.parameter}": ${checked.reason}.`;
  const errors = AREA_RULES[route.area].errors;
  const inPath = route.parameters.some((parameter) => parameter.in === 'path' && parameter.name === checked.parameter);
  if (inPath)
    return refuse(errors, {
      status: 404,
      code: 'route.not.found',
      problem: 'not-found',
      detail: `No such item: ${detail}`,
    });
  return refuse(errors, { status: 400, code: 'parameter.invalid', problem: 'bad-request', detail });
}
