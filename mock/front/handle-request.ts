import { AREA_RULES } from '../core/routing/route-table';
import { dispatch } from './dispatch';
import { answerFailure } from './failure';
import type { Front } from './front';
import type { FrontRequest } from './front-request';
import type { Reply } from './reply';
import { noContent, problem, withHeaders } from './reply';
import { refuse } from './refusal';
import { checkLimits } from './request-limits';
import { takeSession } from './session-step';
import { answerUnmatched } from './unmatched';

const CLOSE = { Connection: 'close' };
const ADMIN_REALM = { 'WWW-Authenticate': 'Bearer realm="view-token-mock admin"' };

/**
 * Decides a request, once, for every adapter (the node listener, the connect middleware, MSW), read
 * top to bottom: the route table's match, then each step that may answer first. Resolves with the
 * reply to write, or undefined for a request the adapter hands on. Never rejects: what an operation
 * throws is answered in its area's format.
 * @example const reply = await handleRequest(front, request); if (reply === undefined) next();
 */
export async function handleRequest(front: Front, request: FrontRequest): Promise<Reply | undefined> {
  const match = front.matchRoute(request.method, request.target);
  // Not ours here: MSW's next handler or the app's next middleware takes it.
  if (front.passOn(match)) return undefined;
  const rules = AREA_RULES[match.area];
  // A URL, query or declared body over the limits: refused before anything reads them.
  const overLimit = checkLimits(request.target, request.headers['content-length']);
  if (overLimit !== undefined) return refuse(rules.errors, overLimit, CLOSE);
  // The session it belongs to, decided once for the core, the journal and the admin API.
  const session = takeSession(request);
  if (session.kind === 'refused')
    return refuse(rules.errors, {
      status: 400,
      code: 'parameter.invalid',
      problem: 'bad-request',
      detail: session.detail,
    });
  // The admin API and dashboard: no CORS (other web origins may neither read nor drive them), a guard instead.
  if (rules.guarded) {
    const refused = front.guard(request);
    if (refused !== undefined) return refused;
    // The admin token: every admin operation that declares it, and any admin path that matches none.
    const tokenNeeded = request.method !== 'OPTIONS' && (match.kind !== 'matched' || match.route.adminAuth);
    if (tokenNeeded && front.checkAdminToken?.(request.headers.authorization) === false)
      return problem('unauthorized', ADMIN_TOKEN_DETAIL, {}, ADMIN_REALM);
  }
  // Elsewhere CORS, whose preflight ends here.
  const cors = rules.guarded ? undefined : front.cors(request);
  if (cors?.preflight) return noContent(204, cors.headers);
  // No operation: 404 naming the nearest route, or 405 (204 for a plain OPTIONS) naming the methods.
  if (match.kind !== 'matched') return withHeaders(answerUnmatched(request, match, front), cors?.headers);
  // The operation the route table names, by its operationId.
  try {
    return withHeaders(await dispatch(front, request, match), cors?.headers);
  } catch (error) {
    return withHeaders(answerFailure(error, match, request.method, front.logger, front.warningDue), cors?.headers);
  }
}

const ADMIN_TOKEN_DETAIL = 'This mock was started with --admin-token: send "Authorization: Bearer <admin token>".';
