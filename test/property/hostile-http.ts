import type { IncomingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { HostileRequest } from './hostile-requests';

/** What came back for one request: an answer, or how the connection failed. */
export interface Exchange {
  request: HostileRequest;
  status?: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Set when no complete answer arrived (reset, hang-up, timeout). */
  error?: string;
}

const ANSWER_TIMEOUT_MS = 5_000;

/**
 * Sends a request byte for byte with node:http (supertest/superagent would normalise the URL:
 * resolve `..`, re-encode `%ZZ`), on a fresh connection so a broken one cannot leak into the next.
 */
export function send(baseUrl: string, request: HostileRequest): Promise<Exchange> {
  const { hostname, port } = new URL(baseUrl);
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  const headers = { ...request.headers, ...(body === undefined ? {} : { 'Content-Length': String(body.length) }) };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (exchange: Omit<Exchange, 'request'>): void => {
      if (settled) return;
      settled = true;
      resolve({ request, ...exchange });
    };
    const outgoing = httpRequest(
      { host: hostname, port, method: request.method, path: request.target, headers, agent: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          finish({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', (error) =>
          finish({
            headers: incoming.headers,
            text: '',
            error: `${error.message} after status ${incoming.statusCode ?? '?'}`,
          }),
        );
      },
    );
    outgoing.setTimeout(ANSWER_TIMEOUT_MS, () =>
      outgoing.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)),
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      finish({ headers: {}, text: '', error: error.code ?? error.message }),
    );
    outgoing.end(body);
  });
}

/** The superagent-shaped object jest-openapi's `toSatisfyApiSpec()` reads (status, body, text, req). */
export function toApiSpecResponse(
  exchange: Exchange,
  path: string,
): { status: number; body: unknown; text: string; req: { method: string; path: string } } {
  const type = String(exchange.headers['content-type'] ?? '');
  let body: unknown = {};
  if (/json/.test(type)) {
    try {
      body = JSON.parse(exchange.text);
    } catch {
      body = {};
    }
  }
  return { status: exchange.status ?? 0, body, text: exchange.text, req: { method: exchange.request.method, path } };
}

/** Parses a JSON answer; undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
