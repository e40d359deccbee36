import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FrontRequest } from '../front/front-request';
import { readJsonBody } from './read-body';

/**
 * A Node request as the front reads it: the request line and headers as Node parsed them, the body
 * read only when the front asks (REQUEST_LIMITS.bodyBytes, decompressed, JSON).
 */
export class NodeRequest implements FrontRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: Record<string, string | undefined>;

  constructor(readonly req: IncomingMessage) {
    this.method = req.method ?? 'GET';
    this.target = req.url ?? '/';
    // Node joins repeated headers into one string (set-cookie aside, which no route reads).
    this.headers = req.headers as Record<string, string | undefined>;
  }

  get origin(): string {
    const scheme = (this.req.socket as Partial<TLSSocket>).encrypted === true ? 'https' : 'http';
    return `${scheme}://${this.headers.host ?? '127.0.0.1:4010'}`;
  }

  readBody(): Promise<unknown> {
    return readJsonBody(this.req);
  }
}
