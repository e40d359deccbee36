import type { Agent, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { trimTrailingSlashes } from '../core/trailing-slashes';

/** What the upstream did with one forwarded request. */
export type UpstreamResult =
  | { kind: 'answered'; status: number; headers: Record<string, string>; body: Buffer }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'too-large'; limitBytes: number }
  | { kind: 'timeout' };

/**
 * The largest upstream body the proxy reads (1 MiB; a View Token answer is ~100 bytes, viewer data
 * a few KB). A larger one is a 502: the proxy stops reading at the cap and closes the connection,
 * so an endless body costs the mock at most this much memory.
 */
export const MAX_UPSTREAM_BODY_BYTES = 1_048_576;

/**
 * Headers that belong to one connection, not to the exchange (RFC 9110 §7.6.1), never forwarded
 * either way; with them every header the `Connection` header names.
 */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
];
/** The mock's own, or what it sets itself: the body is asked for without content coding, so it can be judged. */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'host', 'content-length', 'accept-encoding', 'x-mock-session']);
const NOT_RETURNED = new Set([...HOP_BY_HOP, 'content-length']);

/**
 * The end-to-end headers of a message: without `skipped` and without the ones its `Connection`
 * header names (each list item, any case), multiple values joined as node received them.
 * @example
 * toEndToEnd({ connection: 'close, X-Trace', 'x-trace': '1', accept: '*' }, new Set(['connection'])) // { accept: '*' }
 */
function toEndToEnd(headers: IncomingHttpHeaders, skipped: ReadonlySet<string>): Record<string, string | string[]> {
  const connection = headers.connection;
  const listed = new Set(
    (Array.isArray(connection) ? connection.join(',') : (connection ?? ''))
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !skipped.has(name) && !listed.has(name)) out[name] = value;
  return out;
}

/**
 * Sends one request to the upstream and reads its answer, at most MAX_UPSTREAM_BODY_BYTES of it.
 * Never throws: a refused or reset connection, an answer that is not HTTP, a body over the cap, or
 * no complete answer within `timeoutMs` are results.
 */
export function forwardRequest(
  upstream: URL,
  agent: Agent,
  method: string,
  pathAndQuery: string,
  headers: IncomingHttpHeaders,
  timeoutMs: number,
): Promise<UpstreamResult> {
  const outgoing: OutgoingHttpHeaders = toEndToEnd(headers, NOT_FORWARDED);
  const base = trimTrailingSlashes(upstream.pathname);
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: UpstreamResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    // Plain options, not the URL object: an interceptor (nock, in tests) may rewrite a URL it is given.
    const target = {
      protocol: upstream.protocol,
      hostname: upstream.hostname.replace(/^\[|\]$/g, ''),
      ...(upstream.port === '' ? {} : { port: upstream.port }),
      path: `${base}${pathAndQuery}`,
    };
    const req = send({ ...target, agent, method, headers: outgoing }, (res) => {
      const tooLarge = (): void => {
        settle({ kind: 'too-large', limitBytes: MAX_UPSTREAM_BODY_BYTES });
        // The socket goes with it (not back to the pool): the rest of the body is never read.
        req.destroy();
      };
      if (Number(res.headers['content-length']) > MAX_UPSTREAM_BODY_BYTES) return tooLarge();
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > MAX_UPSTREAM_BODY_BYTES) return tooLarge();
        chunks.push(chunk);
      });
      res.on('error', (error) => settle({ kind: 'unreachable', reason: describe(error) }));
      res.on('aborted', () =>
        settle({ kind: 'unreachable', reason: 'the connection closed in the middle of the answer' }),
      );
      res.on('end', () => {
        const returned: Record<string, string> = {};
        for (const [name, value] of Object.entries(toEndToEnd(res.headers, NOT_RETURNED)))
          returned[name] = Array.isArray(value) ? value.join(', ') : value;
        settle({ kind: 'answered', status: res.statusCode ?? 502, headers: returned, body: Buffer.concat(chunks) });
      });
    });
    const timer = setTimeout(() => {
      settle({ kind: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => settle({ kind: 'unreachable', reason: describe(error) }));
    req.end();
  });
}

function describe(error: NodeJS.ErrnoException): string {
  if (error.code === 'ECONNREFUSED') return 'connection refused';
  if (error.code === 'ECONNRESET') return 'connection reset';
  if (error.code?.startsWith('HPE_')) return `not an HTTP answer (${error.code})`;
  return error.code ?? error.message;
}
