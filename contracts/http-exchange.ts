import http from 'node:http';
import https from 'node:https';

/** One request the harness sends, relative to the base URL. */
export interface ProbeRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/view/token?fileId=1`. */
  path: string;
  headers: Record<string, string>;
}

export interface SentRequest extends ProbeRequest {
  url: string;
}

/** When an exchange started and ended, in `performance.now()` milliseconds. */
export interface Timing {
  startMs: number;
  endMs: number;
}

/** What came back: a response, a broken exchange (reset, timeout, cut body), or no server at all. */
export type Exchange =
  | { kind: 'response'; request: SentRequest; timing: Timing; status: number; headers: Record<string, string>; bodyText: string }
  | { kind: 'broken'; request: SentRequest; timing: Timing; reason: string }
  | { kind: 'unreachable'; request: SentRequest; timing: Timing; reason: string };

/** An Exchange before the request and timing are added (distributed over its kinds). */
type WithoutRequest<T> = T extends unknown ? Omit<T, 'request' | 'timing'> : never;
type Outcome = WithoutRequest<Exchange>;

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EADDRNOTAVAIL']);
const MAX_BODY_BYTES = 1 << 20;

/**
 * Sends one request and never throws: every failure becomes an Exchange that says what happened.
 * @example await sendProbe(new URL('http://127.0.0.1:4010'), { method: 'GET', path: '/view/token?fileId=1', headers: {} }, 5000)
 */
export function sendProbe(baseUrl: URL, probe: ProbeRequest, timeoutMs: number): Promise<Exchange> {
  const url = new URL(`${baseUrl.pathname.replace(/\/+$/, '')}${probe.path}`, baseUrl);
  const request: SentRequest = { ...probe, url: url.toString() };
  const client = url.protocol === 'https:' ? https : http;
  const startMs = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, request, timing: { startMs, endMs: performance.now() } } as Exchange);
    };
    const req = client.request(url, { method: probe.method, headers: { ...probe.headers, Connection: 'close' }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      });
      res.on('end', () => settle({ kind: 'response', status: res.statusCode ?? 0, headers: flatten(res.headers), bodyText: Buffer.concat(chunks).toString('utf8') }));
      // 'close' before a complete body (Node 20 also says 'aborted', Node 24 an 'error'): the same reason on both.
      res.on('close', () => { if (!res.complete) settle({ kind: 'broken', reason: 'the connection closed in the middle of the response body' }); });
      res.on('error', () => { if (!res.complete) settle({ kind: 'broken', reason: 'the connection closed in the middle of the response body' }); });
    });
    const timer = setTimeout(() => {
      settle({ kind: 'broken', reason: `no complete answer within ${timeoutMs} ms (--timeout)` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      if (UNREACHABLE.has(code)) return settle({ kind: 'unreachable', reason: `cannot reach ${url.origin} (${code})` });
      settle({ kind: 'broken', reason: code === 'ECONNRESET' ? 'the connection was reset before a complete answer' : `the request failed (${describe(error)})` });
    });
    req.end();
  });
}

function flatten(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function describe(error: NodeJS.ErrnoException): string {
  return error.code ? `${error.code}: ${error.message}` : error.message;
}
