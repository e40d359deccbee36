import type { Agent, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** What the upstream did with one forwarded request. */
export type UpstreamResult =
  | { kind: 'answered'; status: number; headers: Record<string, string>; body: Buffer }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'timeout' };

/** Headers that belong to one connection, not to the exchange (RFC 9110 §7.6.1), and the mock's own. */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'accept-encoding', 'x-mock-session']);
const NOT_RETURNED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'trailer', 'upgrade']);

/**
 * Sends one request to the upstream and reads its whole answer. The body is asked for without
 * content coding, so the proxy can judge it. Never throws: a refused or reset connection, an answer
 * that is not HTTP, or no complete answer within `timeoutMs` are results.
 */
export function forwardRequest(upstream: URL, agent: Agent, method: string, pathAndQuery: string, headers: IncomingHttpHeaders, timeoutMs: number): Promise<UpstreamResult> {
  const outgoing: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) outgoing[name] = value;
  const base = upstream.pathname.replace(/\/+$/, '');
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
    const target = { protocol: upstream.protocol, hostname: upstream.hostname.replace(/^\[|\]$/g, ''), ...(upstream.port === '' ? {} : { port: upstream.port }), path: `${base}${pathAndQuery}` };
    const req = send({ ...target, agent, method, headers: outgoing }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => settle({ kind: 'unreachable', reason: describe(error) }));
      res.on('aborted', () => settle({ kind: 'unreachable', reason: 'the connection closed in the middle of the answer' }));
      res.on('end', () => {
        const returned: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined && !NOT_RETURNED.has(name)) returned[name] = Array.isArray(value) ? value.join(', ') : value;
        }
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
