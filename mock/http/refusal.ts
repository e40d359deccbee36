import type { ServerResponse } from 'node:http';
import type { ProblemKind } from '../core/problems';
import type { AreaRules } from '../core/routing/route-table';
import type { ErrorCode } from '../core/service-answers';
import { toErrorAnswer } from '../core/service-answers';
import { sendProblem } from './problem';
import { toProblem } from '../core/problems';
import { sendAnswer } from './service-routes';

/** A refusal as each area's clients read it: the service envelope's `code`, the problem's kind, or the text. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  problem: ProblemKind;
  detail: string;
}

/**
 * Writes a refusal in the format of the request's area (AREA_RULES): the service envelope, an
 * `application/problem+json` document, or plain text.
 * @example sendRefusal(res, AREA_RULES[match.area].errors, { status: 404, code: 'route.not.found', problem: 'not-found', detail: 'No route GET /x.' })
 */
export function sendRefusal(res: ServerResponse, errors: AreaRules['errors'], refusal: Refusal): void {
  if (errors === 'problem') return sendProblem(res, refusal.problem, refusal.detail);
  if (errors === 'text') {
    res.statusCode = refusal.status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(refusal.detail));
    return void res.end(refusal.detail);
  }
  sendAnswer(res, toErrorAnswer(refusal.code, refusal.detail, refusal.status));
}

/**
 * A refusal's body and content type in an area's format, for answers written to the socket by hand
 * (what Node's parser refuses before a request exists).
 */
export function formatRefusal(errors: AreaRules['errors'], refusal: Refusal): { contentType: string; body: string } {
  if (errors === 'problem')
    return {
      contentType: 'application/problem+json; charset=utf-8',
      body: JSON.stringify(toProblem(refusal.problem, refusal.detail)),
    };
  if (errors === 'text') return { contentType: 'text/plain; charset=utf-8', body: refusal.detail };
  return {
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ code: refusal.code, data: null, message: refusal.detail }),
  };
}
