import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../core/service-answers';
import { toErrorAnswer } from '../core/service-answers';
import type { ProblemKind } from './problem';
import { sendProblem, toProblem } from './problem';
import { sendAnswer } from './service-routes';

/** What the mock accepts; the spec's description states the same figures. */
export const REQUEST_LIMITS = {
  urlBytes: 8 * 1024,
  /** Refused upfront from Content-Length on every route; a chunked body meets the JSON parser's same limit. */
  bodyBytes: 100 * 1024,
  queryParameters: 100,
  /** Node's parser enforces it (server option maxHeaderSize); answered 431 by {@link answerClientError}. */
  headerBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
} as const;

/** A refusal, as the service envelope (`code`) and as a problem (`problem`) tell it. */
interface Rejection { status: 400 | 408 | 413 | 414 | 431; code: ErrorCode; problem: ProblemKind; detail: string }

/** The path of a request target, origin-form (`/a?b`) or absolute-form (`http://host/a?b`, as proxies send). */
export function toTargetPath(target: string): string {
  const start = target.startsWith('/') ? 0 : target.indexOf('/', target.indexOf('://') + 3);
  if (start < 0) return '/';
  const end = target.indexOf('?', start);
  return end < 0 ? target.slice(start) : target.slice(start, end);
}

/** `/__admin` and below (not `/__adminx`). */
export const isAdminPath = (target: string): boolean => /^\/__admin(\/|$)/.test(toTargetPath(target));
const isAdmin = (target: string): boolean => toTargetPath(target).startsWith('/__admin');

/**
 * Checks the request line and size before any routing: URL too long → 414, too many query
 * parameters → 400, a declared body over the limit → 413 (even where the route reads no body).
 * Answers and returns true when the request was refused.
 */
export function refuseOverLimit(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  let rejection: Rejection | undefined;
  if (url.length > REQUEST_LIMITS.urlBytes) {
    rejection = { status: 414, code: 'request.too.large', problem: 'uri-too-long', detail: `The URL is ${url.length} bytes long; the mock accepts at most ${REQUEST_LIMITS.urlBytes}.` };
  } else if (Number(req.headers['content-length'] ?? 0) > REQUEST_LIMITS.bodyBytes) {
    rejection = { status: 413, code: 'request.too.large', problem: 'payload-too-large', detail: `The body is ${req.headers['content-length']} bytes; the mock accepts at most ${REQUEST_LIMITS.bodyBytes}.` };
  } else {
    const parameters = countQueryParameters(url);
    if (parameters > REQUEST_LIMITS.queryParameters) {
      rejection = { status: 400, code: 'parameter.invalid', problem: 'bad-request', detail: `The query has ${parameters} parameters; the mock accepts at most ${REQUEST_LIMITS.queryParameters}.` };
    }
  }
  if (!rejection) return false;
  res.setHeader('Connection', 'close');
  if (isAdmin(url)) sendProblem(res, rejection.problem, rejection.detail);
  else sendAnswer(res, toErrorAnswer(rejection.code, rejection.detail, rejection.status));
  return true;
}

function countQueryParameters(url: string): number {
  let at = url.indexOf('?');
  if (at < 0 || at === url.length - 1) return 0;
  let count = 1;
  while ((at = url.indexOf('&', at + 1)) >= 0) count += 1;
  return count;
}

/**
 * The server's 'clientError' answer for what Node's parser refuses before a request exists:
 * headers too large (431), slow clients cut off (408), malformed HTTP (400), instead of Node's empty
 * answer. The request line, where the parser got that far, tells an admin path (problem+json) from
 * a service one (the error envelope) and a HEAD (no body); a reset connection is just closed.
 */
export function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
  const rejection = toRejection(error.code);
  const [, method = '', target = ''] = /^([A-Z]+) (\S+)/.exec(error.rawPacket?.toString('latin1', 0, 512) ?? '') ?? [];
  const admin = isAdmin(target);
  const body = admin
    ? JSON.stringify(toProblem(rejection.problem, rejection.detail))
    : JSON.stringify({ code: rejection.code, data: null, message: rejection.detail });
  const type = admin ? 'application/problem+json; charset=utf-8' : 'application/json; charset=utf-8';
  const head = [`HTTP/1.1 ${rejection.status} ${STATUS_CODES[rejection.status] ?? ''}`, `Content-Type: ${type}`, `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'];
  socket.end(`${head.join('\r\n')}\r\n\r\n${method === 'HEAD' ? '' : body}`);
}

function toRejection(code: string | undefined): Rejection {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'request.too.large', problem: 'headers-too-large', detail: `The request headers are larger than ${REQUEST_LIMITS.headerBytes} bytes.` };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'request.timeout', problem: 'request-timeout', detail: 'The request did not arrive in time; the connection is closed.' };
  return { status: 400, code: 'parameter.invalid', problem: 'bad-request', detail: `The request is not valid HTTP (${code ?? 'parse error'}).` };
}
