import { bareRecord } from '../core/bare-record';
import type { QueryValues } from '../core/target';
import type { FrontRequest } from '../front/front-request';
import { BodyTooLargeError } from '../front/front-request';
import { jsonDecoderFor, parseJsonBody } from '../front/json-body';
import { REQUEST_LIMITS } from '../front/request-limits';

/** A fetch Request (what MSW intercepts) as the front reads it: its path and query, headers, origin, and body on demand. */
export class FetchRequest implements FrontRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: Record<string, string | undefined> = {};
  readonly origin: string;

  constructor(
    private readonly request: Request,
    url: URL,
  ) {
    this.method = request.method;
    // Absolute-form, as a proxy sends it: the matcher reads its path (fetch has already normalised it).
    this.target = request.url;
    this.origin = url.origin;
    request.headers.forEach((value, name) => {
      this.headers[name] = value;
    });
  }

  /** The JSON body within the limit; no coding is decompressed (a page's fetch sends none). */
  async readBody(): Promise<unknown> {
    const decoder = jsonDecoderFor(this.headers['content-type']);
    const coding = this.headers['content-encoding'];
    if (decoder === undefined || (coding !== undefined && coding.trim().toLowerCase() !== 'identity')) return undefined;
    const bytes = new Uint8Array(await this.request.arrayBuffer());
    if (bytes.length > REQUEST_LIMITS.bodyBytes)
      throw new BodyTooLargeError(`The body passed ${REQUEST_LIMITS.bodyBytes} bytes.`);
    return parseJsonBody(bytes, decoder);
  }
}

/**
 * A query string's parameters as the URL standard decodes them (a repeated name an array), in an
 * object without a prototype's members: `?__proto__=1` is the client's parameter, as on the server.
 * @example parseSearchParams('a=1&a=2&b') // { a: ['1', '2'], b: '' }
 */
export function parseSearchParams(query: string): QueryValues {
  const searchParams = new URLSearchParams(query);
  const parameters = bareRecord<string | string[]>();
  for (const name of new Set(searchParams.keys())) {
    const values = searchParams.getAll(name);
    parameters[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return parameters;
}
