import type { ServerResponse } from 'node:http';
import type { ProblemKind } from '../core/problems';
import { toProblem } from '../core/problems';

/** Writes an `application/problem+json` answer (plain node API: it also serves the hot path, outside Express). */
export function sendProblem(
  res: ServerResponse,
  kind: ProblemKind,
  detail: string,
  extra: Record<string, unknown> = {},
): void {
  const problem = toProblem(kind, detail, extra);
  const text = JSON.stringify(problem);
  res.statusCode = problem.status;
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
