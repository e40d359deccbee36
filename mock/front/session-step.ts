import { SESSION_HEADER } from '../core/service-request';
import { readSessionHeader } from '../core/session-limit';
import type { FrontRequest } from './front-request';

/** The session step's outcome: the request goes on (in its session, or none), or its session is refused. */
export type SessionStep = { kind: 'on' } | { kind: 'refused'; detail: string };

const ON: SessionStep = Object.freeze({ kind: 'on' });

/**
 * Decides which session a request belongs to, once, for everything after it (the core, the
 * journal, the admin API): the `X-Mock-Session` header read as UTF-8 (HTTP hands header bytes over
 * as Latin-1 text) and written back decoded; longer than 128 characters is refused.
 * @example takeSession({ headers: { 'x-mock-session': 'qa-1' }, ... }) // { kind: 'on' }
 */
export function takeSession(request: FrontRequest): SessionStep {
  const read = readSessionHeader(request.headers[SESSION_HEADER]);
  if (read.kind === 'refused') return read;
  if (read.kind === 'ok') request.headers[SESSION_HEADER] = read.session;
  return ON;
}
