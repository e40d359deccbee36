import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_HEADERS = 'Authorization, Content-Type, Prefer, X-Mock-Session';
const EXPOSED_HEADERS = 'X-View-Token-Expires-At, Preference-Applied, WWW-Authenticate, Retry-After';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/**
 * CORS for browser front ends on another port, preflight included (answered 204 here: returns
 * true). `origins` undefined allows any origin; otherwise only the listed ones are echoed back.
 */
export function createCors(
  origins: readonly string[] | undefined,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (origins === undefined) res.setHeader('Access-Control-Allow-Origin', '*');
      else if (origins.includes(origin))
        res.setHeader('Access-Control-Allow-Origin', origin).setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.statusCode = 204;
      res.end();
      return true;
    }
    return false;
  };
}
