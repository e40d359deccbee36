import type { Refusal } from './refusal';

/** What the mock accepts; the spec's description states the same figures. */
export const REQUEST_LIMITS = {
  urlBytes: 8 * 1024,
  /** Refused upfront from Content-Length on every route; a chunked body is cut off at the same size. */
  bodyBytes: 100 * 1024,
  queryParameters: 100,
  /** Node's parser enforces it (server option maxHeaderSize); answered 431 by the client-error answer. */
  headerBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
} as const;

/**
 * What is over the limits in the request line and headers, before the request reaches an operation:
 * a URL too long (414), a declared body too large (413, even where the operation reads no body),
 * too many query parameters (400). Undefined when nothing is.
 * @example checkLimits('/view/token?fileId=1', undefined) // undefined
 */
export function checkLimits(target: string, contentLength: string | undefined): Refusal | undefined {
  if (target.length > REQUEST_LIMITS.urlBytes)
    return {
      status: 414,
      code: 'request.too.large',
      problem: 'uri-too-long',
      detail: `The URL is ${target.length} bytes long; the mock accepts at most ${REQUEST_LIMITS.urlBytes}.`,
    };
  if (contentLength !== undefined && Number(contentLength) > REQUEST_LIMITS.bodyBytes) return tooLarge(contentLength);
  const parameters = countQueryParameters(target);
  if (parameters <= REQUEST_LIMITS.queryParameters) return undefined;
  return {
    status: 400,
    code: 'parameter.invalid',
    problem: 'bad-request',
    detail: `The query has ${parameters} parameters; the mock accepts at most ${REQUEST_LIMITS.queryParameters}.`,
  };
}

/** A body over the limit: declared so (`Content-Length`), or found so while reading a chunked one. */
export function tooLarge(declared: string | undefined): Refusal {
  return {
    status: 413,
    code: 'request.too.large',
    problem: 'payload-too-large',
    detail:
      declared === undefined
        ? `The body is larger than ${REQUEST_LIMITS.bodyBytes} bytes, the most the mock accepts.`
        : `The body is ${declared} bytes; the mock accepts at most ${REQUEST_LIMITS.bodyBytes}.`,
  };
}

function countQueryParameters(target: string): number {
  let at = target.indexOf('?');
  if (at < 0 || at === target.length - 1) return 0;
  let count = 1;
  while ((at = target.indexOf('&', at + 1)) >= 0) count += 1;
  return count;
}
