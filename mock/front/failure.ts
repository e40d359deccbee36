import { shorten } from '../core/handle-service-request';
import type { RouteMatch } from '../core/routing/match-route';
import { AREA_RULES } from '../core/routing/route-table';
import { toErrorAnswer } from '../core/service-answers';
import { StoreFullError, StoreReplyError, StoreUnavailableError } from '../core/store-errors';
import { BodyTooLargeError } from './front-request';
import type { Reply } from './reply';
import { json, problem } from './reply';
import { refuse } from './refusal';
import { tooLarge } from './request-limits';

/** Where the front logs what went wrong (pino's Logger is one). */
export interface FrontLogger {
  error(context: object, message: string): void;
  warn(context: object, message: string): void;
}

/**
 * The one answer to what an operation threw, in the format of its area: a body over the limit 413;
 * a store error as its kind says (full: 503 naming the cap and the flag; unavailable: 503 with
 * `Retry-After: 1`; an unexpected reply: 500); anything else a 500 without a stack trace. Logged;
 * a line repeated on every request at most once per 10 s (`due`), with how many alike since.
 */
export function answerFailure(
  error: unknown,
  match: RouteMatch,
  method: string,
  logger: FrontLogger,
  due: (key: string) => number | undefined,
): Reply {
  const errors = AREA_RULES[match.area].errors;
  const admin = errors === 'problem';
  // A chunked body that turned out too large: the client's mistake, nothing to log.
  if (error instanceof BodyTooLargeError) return refuse(errors, tooLarge(undefined), { Connection: 'close' });
  const path = toLoggedPath(match);
  if (!(
    error instanceof StoreFullError ||
    error instanceof StoreUnavailableError ||
    error instanceof StoreReplyError
  )) {
    logger.error({ err: error, method, path }, 'unexpected error');
    if (admin || errors === 'text')
      return refuse(errors, {
        status: 500,
        code: 'system.error',
        problem: 'server-error',
        detail: 'The mock failed unexpectedly; see its log.',
      });
    const answer = toErrorAnswer('system.error');
    return json(answer.status, answer.body, answer.headers);
  }
  const skipped = due(error.message);
  const context = {
    method,
    path,
    error: error.name,
    ...(skipped !== undefined && skipped > 0 ? { alikeSinceLast: skipped } : {}),
  };
  if (error instanceof StoreReplyError) {
    if (skipped !== undefined) logger.error({ ...context, received: error.received }, error.message);
    if (admin) return problem('server-error', error.message);
    return envelope('system.error', "The mock's store answered something unexpected; see the mock's log.", 500);
  }
  if (skipped !== undefined) logger.warn(context, error.message);
  if (error instanceof StoreFullError) {
    if (admin) return problem('store-full', error.message);
    return envelope('system.error', error.message, 503);
  }
  const retry = { 'Retry-After': '1' };
  if (admin) return problem('unavailable', error.message, {}, retry);
  return envelope('system.error', "The mock's store is unavailable; retry shortly.", 503, retry);
}

function envelope(code: 'system.error', message: string, status: number, headers: Record<string, string> = {}): Reply {
  const answer = toErrorAnswer(code, message, status);
  return json(answer.status, answer.body, { ...answer.headers, ...headers });
}

/**
 * A path as logs may show it: a matched operation's template with its parameters filled in, a View
 * Token shortened like the journal's; an unmatched path with its long segments shortened (a secret
 * pasted in the wrong place).
 */
function toLoggedPath(match: RouteMatch): string {
  if (match.kind !== 'matched') return match.path.replace(/[^/]{16,}/g, shorten);
  return match.route.path.replace(/\{([^{}]+)\}/g, (_all, name: string) => {
    const value = match.params[name] ?? '';
    return name === 'token' ? shorten(value) : value;
  });
}
