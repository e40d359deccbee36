import type { FrontRequest } from './front-request';

const ALLOWED_HEADERS = 'Authorization, Content-Type, Prefer, X-Mock-Session';
const EXPOSED_HEADERS = 'X-View-Token-Expires-At, Preference-Applied, WWW-Authenticate, Retry-After';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/** A request's CORS: the headers its answer gets (undefined: none), and whether it is a preflight (answered 204). */
export interface CorsDecision {
  headers: Record<string, string> | undefined;
  preflight: boolean;
}

const NONE: CorsDecision = Object.freeze({ headers: undefined, preflight: false });

/**
 * CORS for browser front ends on another port, preflight included. `origins` undefined allows any
 * origin; otherwise only the listed ones are echoed back (`Vary: Origin`).
 * @example
 * createCors(undefined)({ method: 'GET', headers: { origin: 'http://localhost:5173' } }).headers
 * // { 'Access-Control-Allow-Origin': '*', ... }
 */
export function createCors(
  origins: readonly string[] | undefined,
): (request: Pick<FrontRequest, 'method' | 'headers'>) => CorsDecision {
  return ({ method, headers }) => {
    const origin = headers.origin;
    const preflight = method === 'OPTIONS' && headers['access-control-request-method'] !== undefined;
    if (origin === undefined && !preflight) return NONE;
    const answer: Record<string, string> = {};
    if (origin !== undefined) {
      if (origins === undefined) answer['Access-Control-Allow-Origin'] = '*';
      else if (origins.includes(origin)) {
        answer['Access-Control-Allow-Origin'] = origin;
        answer.Vary = 'Origin';
      }
      answer['Access-Control-Expose-Headers'] = EXPOSED_HEADERS;
    }
    if (preflight) {
      answer['Access-Control-Allow-Methods'] = ALLOWED_METHODS;
      answer['Access-Control-Allow-Headers'] = headers['access-control-request-headers'] ?? ALLOWED_HEADERS;
      answer['Access-Control-Max-Age'] = '600';
    }
    return { headers: answer, preflight };
  };
}
