import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { sendProblem } from './problem';

/**
 * Guards the admin API with `Authorization: Bearer <admin token>`, compared in constant time.
 * With no token configured every admin request passes (loopback default).
 */
export function createAdminAuth(adminToken: string | undefined): RequestHandler {
  if (adminToken === undefined) return (_req, _res, next) => next();
  const expected = digest(adminToken);
  return (req, res, next) => {
    if (req.method === 'OPTIONS' || req.path === '/health') return next();
    const match = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    // A blank token never matches, whatever the mock was started with.
    const given = match?.[1]?.trim();
    if (given && timingSafeEqual(digest(given), expected)) return next();
    res.set('WWW-Authenticate', 'Bearer realm="view-token-mock admin"');
    sendProblem(res, 'unauthorized', 'This mock was started with --admin-token: send "Authorization: Bearer <admin token>".');
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
