import type { IncomingMessage, ServerResponse } from 'node:http';
import { toErrorAnswer } from '../core/service-answers';
import { SESSION_HEADER } from '../core/service-request';
import { checkSessionLength } from '../core/session-limit';
import { sendProblem } from './problem';
import { sendAnswer } from './service-routes';


const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads `X-Mock-Session` as UTF-8 (Node hands header bytes over as Latin-1, so `é` sent by curl
 * arrived as `Ã©`) and refuses one over 128 characters (checkSessionLength): 400 in the service
 * envelope, or problem+json on admin routes. Returns true when refused.
 */
export function refuseBadSession(req: IncomingMessage, res: ServerResponse, admin: boolean): boolean {
  const raw = req.headers[SESSION_HEADER];
  if (typeof raw !== 'string') return false;
  const session = toUtf8(raw);
  if (session !== raw) req.headers[SESSION_HEADER] = session;
  const detail = checkSessionLength(session);
  if (detail === undefined) return false;
  if (admin) sendProblem(res, 'bad-request', detail);
  else sendAnswer(res, toErrorAnswer('parameter.invalid', detail, 400));
  return true;
}

/** The header's bytes read as UTF-8 when they are valid UTF-8; else the Latin-1 text Node made of them. */
function toUtf8(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(value)) return value;
  try {
    return utf8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}
