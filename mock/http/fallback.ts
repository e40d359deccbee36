import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { sendProblem } from './problem';
import { shorten } from '../core/handle-service-request';
import type { RouteMatch } from '../core/routing/match-route';
import { AREA_RULES } from '../core/routing/route-table';
import { toErrorAnswer } from '../core/service-answers';
import { createLogThrottle } from './log-throttle';
import { answerStoreError } from './store-errors';
import { sendAnswer } from './service-routes';

/**
 * A path as logs may show it: a matched operation's template with its parameters filled in, a View
 * Token shortened like the journal's; an unmatched path with its long segments shortened (a secret
 * pasted in the wrong place).
 */
export function toLoggedPath(match: RouteMatch): string {
  if (match.kind !== 'matched') return match.path.replace(/[^/]{16,}/g, shorten);
  return match.route.path.replace(/\{([^}]+)\}/g, (_all, name: string) => {
    const value = match.params[name] ?? '';
    return name === 'token' ? shorten(value) : value;
  });
}

/**
 * The one error handler: bad JSON is a 400; a store error as its kind says (answerStoreError: full
 * or unavailable a 503, an unexpected reply a 500, each line logged at most once per 10 s with how
 * many alike since); anything unexpected a 500 without a stack trace, logged. The request's area (the matcher's answer) decides problem+json or the envelope.
 */
export function createErrorHandler(logger: Logger, matchOf: (req: IncomingMessage) => RouteMatch, warningDue = createLogThrottle()): (error: unknown, req: IncomingMessage, res: ServerResponse, next: unknown) => void {
  return (error, req, res, _next) => {
    const status = (error as { status?: unknown }).status;
    const match = matchOf(req);
    const admin = AREA_RULES[match.area].errors === 'problem';
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const detail = status === 413 ? 'The request body is too large.' : `The request body could not be read: ${(error as Error).message}`;
      if (admin) return sendProblem(res, status === 413 ? 'payload-too-large' : 'bad-request', detail);
      return sendAnswer(res, toErrorAnswer(status === 413 ? 'request.too.large' : 'parameter.invalid', detail, status));
    }
    if (answerStoreError(error, res, { method: req.method ?? 'GET', loggedPath: toLoggedPath(match), admin }, logger, warningDue)) return;
    logger.error({ err: error, method: req.method, path: toLoggedPath(match) }, 'unexpected error');
    if (res.headersSent) return void res.destroy();
    if (admin) return sendProblem(res, 'server-error', 'The mock failed unexpectedly; see its log.');
    sendAnswer(res, toErrorAnswer('system.error'));
  };
}
