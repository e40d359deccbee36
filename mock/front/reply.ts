import type { ProblemKind } from '../core/problems';
import { toProblem } from '../core/problems';
import type { Fault } from '../core/scenarios/preferences';
import type { Answer } from '../core/service-answers';

/**
 * What the front decided, for an adapter to write: an answer (after `delayMs`), or the connection
 * broken the fault's way (after `delayMs`; `headers` go on the malformed-json reply). An answer's
 * body is JSON (an object, written with `Content-Type: application/json` unless its headers name
 * another), a string or bytes written as they are (their headers name the type), or none.
 */
export type Reply =
  | { kind: 'answer'; answer: Answer; delayMs: number }
  | { kind: 'fault'; fault: Fault; delayMs: number; headers: Record<string, string> };

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

/** An answer to write now. */
export function toReply(answer: Answer): Reply {
  return { kind: 'answer', answer, delayMs: 0 };
}

/** A JSON answer. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return toReply({ status, headers, body });
}

/** An answer without content (204, or a 201 whose client reads no body). */
export function noContent(status = 204, headers: Record<string, string> = {}): Reply {
  return toReply({ status, headers, body: undefined });
}

/** An `application/problem+json` answer (RFC 9457), the admin API's error format. */
export function problem(
  kind: ProblemKind,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Reply {
  const body = toProblem(kind, detail, extra);
  return toReply({ status: body.status, headers: { ...headers, 'Content-Type': PROBLEM_TYPE }, body });
}

/** A text answer of the given type. */
export function text(status: number, contentType: string, body: string, headers: Record<string, string> = {}): Reply {
  return toReply({ status, headers: { ...headers, 'Content-Type': contentType }, body });
}

/**
 * The reply with more headers (CORS, `Connection: close`), made anew: an answer's headers may be
 * shared. Undefined `extra` leaves the reply as it is.
 */
export function withHeaders(reply: Reply, extra: Readonly<Record<string, string>> | undefined): Reply {
  if (extra === undefined) return reply;
  if (reply.kind === 'fault') return { ...reply, headers: { ...reply.headers, ...extra } };
  return { ...reply, answer: { ...reply.answer, headers: { ...reply.answer.headers, ...extra } } };
}
