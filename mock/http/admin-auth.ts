import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendProblem } from './problem';
import { readBearerCredentials } from '../core/bearer-credentials';

/**
 * `--admin-token`: `Authorization: Bearer <admin token>`, compared in constant time. Which requests
 * need it is the route table's business (an operation whose security names adminAuth, and any
 * unmatched admin path); this only checks. Answers 401 and returns true when refused.
 */
export function createAdminAuth(
  adminToken: string | undefined,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  if (adminToken === undefined) return () => false;
  const expected = digest(adminToken);
  return (req, res) => {
    // A blank token never matches, whatever the mock was started with.
    const given = readBearerCredentials(req.headers.authorization ?? '')?.trim();
    if (given && timingSafeEqual(digest(given), expected)) return false;
    res.setHeader('WWW-Authenticate', 'Bearer realm="view-token-mock admin"');
    sendProblem(
      res,
      'unauthorized',
      'This mock was started with --admin-token: send "Authorization: Bearer <admin token>".',
    );
    return true;
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
