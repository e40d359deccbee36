import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { shorten } from '../core/handle-service-request';
import type { RouteMatch } from '../core/routing/match-route';
import { AREA_RULES } from '../core/routing/route-table';
import { toErrorAnswer } from '../core/service-answers';
import { createLogThrottle } from './log-throttle';
import { sendRefusal } from './refusal';
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
 * many alike since); anything unexpected a 500 without a stack trace, logged. The request's area (the matcher's answer)
 * decides the format: problem+json, the envelope, or the static host's plain text.
 */
export function createErrorHandler(
  logger: Logger,
  matchOf: (req: IncomingMessage) => RouteMatch,
  warningDue = createLogThrottle(),
): (error: unknown, req: IncomingMessage, res: ServerResponse, next: unknown) => void {
  return (error, req, res, _next) => {
    const status = (error as { status?: unknown }).status;
    const match = matchOf(req);
    const errors = AREA_RULES[match.area].errors;
    const admin = errors === 'problem';
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const tooLarge = status === 413;
      const detail = tooLarge
        ? 'The request body is too large.'
        : `The request body could not be read: ${(error as Error).message}`;
      return sendRefusal(res, errors, {
        status,
        code: tooLarge ? 'request.too.large' : 'parameter.invalid',
        problem: tooLarge ? 'payload-too-large' : 'bad-request',
        detail,
      });
    }
    if (
      answerStoreError(
        error,
        res,
        { method: req.method ?? 'GET', loggedPath: toLoggedPath(match), admin },
        logger,
        warningDue,
      )
    )
      return;
    logger.error({ err: error, method: req.method, path: toLoggedPath(match) }, 'unexpected error');
    if (res.headersSent) return void res.destroy();
    if (errors === 'envelope') return sendAnswer(res, toErrorAnswer('system.error'));
    sendRefusal(res, errors, {
      status: 500,
      code: 'system.error',
      problem: 'server-error',
      detail: 'The mock failed unexpectedly; see its log.',
    });
  };
}
