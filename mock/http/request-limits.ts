import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { MatchRoute } from '../core/routing/match-route';
import type { AreaRules } from '../core/routing/route-table';
import { AREA_RULES } from '../core/routing/route-table';
import type { Refusal } from './refusal';
import { formatRefusal, sendRefusal } from './refusal';

/** What the mock accepts; the spec's description states the same figures. */
export const REQUEST_LIMITS = {
  urlBytes: 8 * 1024,
  /** Refused upfront from Content-Length on every route; a chunked body meets the JSON parser's same limit. */
  bodyBytes: 100 * 1024,
  queryParameters: 100,
  /** Node's parser enforces it (server option maxHeaderSize); answered 431 by the client-error answer. */
  headerBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
} as const;

/**
 * Checks the request line and size before the request reaches an operation: URL too long → 414,
 * too many query parameters → 400, a declared body over the limit → 413 (even where the operation
 * reads no body), in the format of the request's area. Answers and returns true when refused.
 */
export function refuseOverLimit(req: IncomingMessage, res: ServerResponse, errors: AreaRules['errors']): boolean {
  const url = req.url ?? '/';
  let refusal: Refusal | undefined;
  if (url.length > REQUEST_LIMITS.urlBytes) {
    refusal = {
      status: 414,
      code: 'request.too.large',
      problem: 'uri-too-long',
      detail: `The URL is ${url.length} bytes long; the mock accepts at most ${REQUEST_LIMITS.urlBytes}.`,
    };
  } else if (Number(req.headers['content-length'] ?? 0) > REQUEST_LIMITS.bodyBytes) {
    refusal = {
      status: 413,
      code: 'request.too.large',
      problem: 'payload-too-large',
      detail: `The body is ${req.headers['content-length']} bytes; the mock accepts at most ${REQUEST_LIMITS.bodyBytes}.`,
    };
  } else {
    const parameters = countQueryParameters(url);
    if (parameters > REQUEST_LIMITS.queryParameters) {
      refusal = {
        status: 400,
        code: 'parameter.invalid',
        problem: 'bad-request',
        detail: `The query has ${parameters} parameters; the mock accepts at most ${REQUEST_LIMITS.queryParameters}.`,
      };
    }
  }
  if (!refusal) return false;
  res.setHeader('Connection', 'close');
  sendRefusal(res, errors, refusal);
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
 * answer. The request line, where the parser got that far, goes through the matcher: its area
 * decides problem+json or the envelope; a HEAD gets no body; a reset connection is just closed.
 */
export function createClientErrorAnswer(
  matchRoute: MatchRoute,
): (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => void {
  return (error, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const refusal = toRefusal(error.code);
    // The method is any RFC 9110 token (M-SEARCH, X_CUSTOM), not only capital letters.
    const [, method = '', target = ''] =
      /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+)/.exec(error.rawPacket?.toString('latin1', 0, 512) ?? '') ?? [];
    const { contentType, body } = formatRefusal(
      target === '' ? 'envelope' : AREA_RULES[matchRoute(method, target).area].errors,
      refusal,
    );
    const head = [
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}`,
      `Content-Type: ${contentType}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${method === 'HEAD' ? '' : body}`);
  };
}

function toRefusal(code: string | undefined): Refusal {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      code: 'request.too.large',
      problem: 'headers-too-large',
      detail: `The request headers are larger than ${REQUEST_LIMITS.headerBytes} bytes.`,
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      status: 408,
      code: 'request.timeout',
      problem: 'request-timeout',
      detail: 'The request did not arrive in time; the connection is closed.',
    };
  return {
    status: 400,
    code: 'parameter.invalid',
    problem: 'bad-request',
    detail: `The request is not valid HTTP (${code ?? 'parse error'}).`,
  };
}
