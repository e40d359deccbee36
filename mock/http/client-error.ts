import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { MatchRoute } from '../core/routing/match-route';
import { AREA_RULES } from '../core/routing/route-table';
import type { Refusal } from '../front/refusal';
import { formatRefusal } from '../front/refusal';
import { REQUEST_LIMITS } from '../front/request-limits';

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
