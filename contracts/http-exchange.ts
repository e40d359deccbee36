import http from 'node:http';
import https from 'node:https';
import { urlToHttpOptions } from 'node:url';

/** The methods the harness sends: the operations' own, and the others a route must not answer with a token (RFC 9110 §9). */
export type ProbeMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** One request the harness sends, relative to the base URL. */
export interface ProbeRequest {
  method: ProbeMethod;
  /** Path and query as sent, already percent-encoded and never normalised (`/view/./token` stays so), e.g. `/view/token?fileId=1`. */
  path: string;
  /** A list sends the header once per value (two `Authorization` lines). */
  headers: Record<string, string | string[]>;
  body?: string;
  /** What reports show instead, when the request carries a secret outside `Authorization` (which reports reduce to its scheme). */
  shown?: Pick<ProbeRequest, 'path' | 'headers' | 'body'>;
}

/** The request as reports show it: the full URL, repeated headers joined with ", ". */
interface SentRequest {
  method: ProbeMethod;
  path: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** When an exchange started and ended, in `performance.now()` milliseconds. */
interface Timing {
  startMs: number;
  endMs: number;
}

/** What came back: a response, a broken exchange (reset, timeout, cut body), or no server at all. */
export type Exchange =
  | {
      kind: 'response';
      request: SentRequest;
      timing: Timing;
      status: number;
      headers: Record<string, string>;
      bodyText: string;
    }
  | {
      kind: 'broken';
      request: SentRequest;
      timing: Timing;
      reason: string;
      timedOut?: true;
      /** Node's code for a TLS certificate it did not trust (`DEPTH_ZERO_SELF_SIGNED_CERT`). */
      certificate?: string;
    }
  | { kind: 'unreachable'; request: SentRequest; timing: Timing; reason: string };

/** An Exchange before the request and timing are added (distributed over its kinds). */
type WithoutRequest<T> = T extends unknown ? Omit<T, 'request' | 'timing'> : never;
type Outcome = WithoutRequest<Exchange>;

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EADDRNOTAVAIL']);
/** Node's codes for a server certificate it does not trust (OpenSSL's verify errors, and a host name it was not issued for). */
const CERTIFICATE = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'INVALID_CA',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const MAX_BODY_BYTES = 1 << 20;

/** Keep-alive connections for one run (at most `sockets` open): a run reuses them instead of connecting per request. */
export function createRunAgent(baseUrl: URL, sockets: number): http.Agent {
  const options = { keepAlive: true, maxSockets: sockets };
  return baseUrl.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
}

/**
 * Sends one request and never throws: every failure becomes an Exchange that says what happened.
 * Without an agent, the request has a connection of its own (`Connection: close`). A reused
 * keep-alive connection the server closed just before it was reused is retried once on a connection
 * of its own (Node's advice for `req.reusedSocket`): the server never saw that request.
 * @example await sendProbe(new URL('http://127.0.0.1:4010'), { method: 'GET', path: '/view/token?fileId=1', headers: {} }, 5000)
 */
export function sendProbe(baseUrl: URL, probe: ProbeRequest, timeoutMs: number, agent?: http.Agent): Promise<Exchange> {
  const request = toSentRequest(baseUrl, probe);
  const startMs = performance.now();
  return new Promise((resolve) => {
    const finish = (outcome: Outcome): void =>
      resolve({ ...outcome, request, timing: { startMs, endMs: performance.now() } } as Exchange);
    attempt(baseUrl, probe, { timeoutMs, agent, retry: agent !== undefined }, finish);
  });
}

/** One try at a request; `finish` is called exactly once, by this try or the one it hands over to. */
function attempt(
  baseUrl: URL,
  probe: ProbeRequest,
  how: { timeoutMs: number; agent: http.Agent | undefined; retry: boolean },
  finish: (outcome: Outcome) => void,
): void {
  // The path goes out exactly as planned: a URL object would resolve `./` and `//` away.
  const path = `${baseUrl.pathname.replace(/\/+$/, '')}${probe.path}`;
  const pending: { timer?: NodeJS.Timeout } = {}; // set once the request is out (it may fail before)
  let settled = false;
  const settle = (outcome: Outcome | 'retry'): void => {
    if (settled) return;
    settled = true;
    clearTimeout(pending.timer);
    if (outcome === 'retry') attempt(baseUrl, probe, { ...how, agent: undefined, retry: false }, finish);
    else finish(outcome);
  };
  let req: http.ClientRequest;
  try {
    const client = baseUrl.protocol === 'https:' ? https : http;
    const headers = how.agent ? probe.headers : { ...probe.headers, Connection: 'close' };
    // A plain copy of the URL's parts: an interceptor (nock) may rewrite a URL object it is given.
    req = client.request(
      { ...urlToHttpOptions(baseUrl), path, method: probe.method, headers, agent: how.agent ?? false },
      (res) => readResponse(res, settle),
    );
  } catch (error) {
    // a header value Node refuses to send (a control character)
    settle({ kind: 'broken', reason: `the request could not be sent (${describe(error as NodeJS.ErrnoException)})` });
    return;
  }
  pending.timer = setTimeout(() => {
    settle({ kind: 'broken', reason: `no complete answer within ${how.timeoutMs} ms (--timeout)`, timedOut: true });
    req.destroy();
  }, how.timeoutMs);
  req.on('error', (error: NodeJS.ErrnoException) => {
    const code = error.code ?? '';
    if (UNREACHABLE.has(code))
      return settle({ kind: 'unreachable', reason: `cannot reach ${baseUrl.origin} (${code})` });
    if (code === 'ECONNRESET' && how.retry && req.reusedSocket) return settle('retry');
    if (CERTIFICATE.has(code))
      return settle({
        kind: 'broken',
        reason: `the TLS certificate of ${baseUrl.origin} is not trusted (${describe(error)})`,
        certificate: code,
      });
    settle({
      kind: 'broken',
      reason:
        code === 'ECONNRESET'
          ? 'the connection was reset before a complete answer'
          : `the request failed (${describe(error)})`,
    });
  });
  req.end(probe.body);
}

function toSentRequest(baseUrl: URL, probe: ProbeRequest): SentRequest {
  const shown = probe.shown ?? probe;
  const headers = Object.fromEntries(
    Object.entries(shown.headers).map(([name, value]) => [name, typeof value === 'string' ? value : value.join(', ')]),
  );
  const url = `${baseUrl.origin}${baseUrl.pathname.replace(/\/+$/, '')}${shown.path}`;
  return {
    method: probe.method,
    path: shown.path,
    url,
    headers,
    ...(shown.body === undefined ? {} : { body: shown.body }),
  };
}

function readResponse(res: http.IncomingMessage, settle: (outcome: Outcome) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  res.on('data', (chunk: Buffer) => {
    // Kept up to MAX_BODY_BYTES exactly (the chunk that crosses it, in part); the rest is read and dropped.
    if (size < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - size));
    size += chunk.length;
  });
  res.on('end', () =>
    settle({
      kind: 'response',
      status: res.statusCode ?? 0,
      headers: flatten(res.headers),
      bodyText: Buffer.concat(chunks).toString('utf8'),
    }),
  );
  // A body cut short: 'error' then 'close' (on Node 20 and 24 alike); either settles, with one reason. The
  // 'error' listener also keeps the error from being thrown.
  const cut = (): void => {
    if (!res.complete) settle({ kind: 'broken', reason: 'the connection closed in the middle of the response body' });
  };
  res.on('close', cut).on('error', cut);
}

function flatten(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function describe(error: NodeJS.ErrnoException): string {
  return error.code ? `${error.code}: ${error.message}` : error.message;
}
