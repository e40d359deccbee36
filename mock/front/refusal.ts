import type { ProblemKind } from '../core/problems';
import { toProblem } from '../core/problems';
import type { AreaRules } from '../core/routing/route-table';
import type { ErrorCode } from '../core/service-answers';
import { toErrorAnswer } from '../core/service-answers';
import type { Reply } from './reply';
import { PROBLEM_TYPE, TEXT_TYPE, json, problem, text } from './reply';

/** A refusal as each area's clients read it: the service envelope's `code`, the problem's kind, or the text. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  problem: ProblemKind;
  detail: string;
}

/**
 * A refusal in the format of the request's area (AREA_RULES): the service envelope, an
 * `application/problem+json` document, or plain text.
 * @example
 * refuse('envelope', { status: 404, code: 'route.not.found', problem: 'not-found', detail: 'No route GET /x.' })
 */
export function refuse(errors: AreaRules['errors'], refusal: Refusal, headers: Record<string, string> = {}): Reply {
  if (errors === 'problem') return problem(refusal.problem, refusal.detail, {}, headers);
  if (errors === 'text') return text(refusal.status, TEXT_TYPE, refusal.detail, headers);
  const answer = toErrorAnswer(refusal.code, refusal.detail, refusal.status);
  return json(answer.status, answer.body, { ...answer.headers, ...headers });
}

/**
 * A refusal's body and content type in an area's format, for answers written to the socket by hand
 * (what Node's parser refuses before a request exists).
 */
export function formatRefusal(errors: AreaRules['errors'], refusal: Refusal): { contentType: string; body: string } {
  if (errors === 'problem')
    return { contentType: PROBLEM_TYPE, body: JSON.stringify(toProblem(refusal.problem, refusal.detail)) };
  if (errors === 'text') return { contentType: TEXT_TYPE, body: refusal.detail };
  return {
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ code: refusal.code, data: null, message: refusal.detail }),
  };
}
