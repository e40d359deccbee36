import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { StoreFullError, StoreReplyError, StoreUnavailableError } from '../core/store-errors';
import { toErrorAnswer } from '../core/service-answers';
import { sendProblem } from './problem';
import { sendAnswer } from './service-routes';

/** Where the failed request went, for the answer's format and the log line. */
export interface FailedRequest {
  method: string;
  /** As logs may show it (a View Token shortened). */
  loggedPath: string;
  /** An admin path: the answer is problem+json, else the service envelope. */
  admin: boolean;
}

/**
 * Answers a store error, each concept its own way, and says whether it was one:
 * - full (`--max-view-tokens`): 503 saying the cap and the flag, a warning;
 * - unavailable (Redis away or stalled): 503 with `Retry-After: 1`, a warning;
 * - an unexpected reply: 500, logged as an error with what was received.
 * A line repeated on every request is logged at most once per 10 s (`due`, with how many alike since).
 * @example if (answerStoreError(error, res, { method: 'GET', loggedPath: '/view/token', admin: false }, logger, due)) return;
 */
export function answerStoreError(
  error: unknown,
  res: ServerResponse,
  request: FailedRequest,
  logger: Logger,
  due: (key: string) => number | undefined,
): boolean {
  if (
    !(error instanceof StoreFullError || error instanceof StoreUnavailableError || error instanceof StoreReplyError) ||
    res.headersSent
  )
    return false;
  const skipped = due(error.message);
  const context = {
    method: request.method,
    path: request.loggedPath,
    error: error.name,
    ...(skipped !== undefined && skipped > 0 ? { alikeSinceLast: skipped } : {}),
  };
  if (error instanceof StoreReplyError) {
    if (skipped !== undefined) logger.error({ ...context, received: error.received }, error.message);
    if (request.admin) sendProblem(res, 'server-error', error.message);
    else
      sendAnswer(
        res,
        toErrorAnswer('system.error', "The mock's store answered something unexpected; see the mock's log."),
      );
    return true;
  }
  if (skipped !== undefined) logger.warn(context, error.message);
  if (error instanceof StoreFullError) {
    if (request.admin) sendProblem(res, 'store-full', error.message);
    else sendAnswer(res, toErrorAnswer('system.error', error.message, 503));
    return true;
  }
  res.setHeader('Retry-After', '1');
  if (request.admin) sendProblem(res, 'unavailable', error.message);
  else sendAnswer(res, toErrorAnswer('system.error', "The mock's store is unavailable; retry shortly.", 503));
  return true;
}
