import type { QueryValues } from '../core/target';

/**
 * A request as every adapter hands it to the front: what the wire said, nothing a framework made.
 * Header names are lower-case; the front replaces `x-mock-session` by its decoded value.
 */
export interface FrontRequest {
  readonly method: string;
  /** As sent: origin-form (`/view/token?fileId=1`) or absolute-form (`http://host/view/token`). */
  readonly target: string;
  readonly headers: Record<string, string | undefined>;
  /** Where the client reached the mock (`http://127.0.0.1:4010`), for links in answers. */
  readonly origin: string;
  /**
   * The body as JSON, read (within REQUEST_LIMITS.bodyBytes) only for an operation that takes one:
   * undefined when there is none or it cannot be read (bad JSON, an unknown charset or coding; the
   * operation's check then says what it needs). Rejects with {@link BodyTooLargeError} past the limit.
   */
  readBody(): Promise<unknown>;
}

/** A body that turned out larger than the limit while it was read (a chunked one declares no length). */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/** What an operation's handler reads: the request with its query parsed and its body read, checked against the spec. */
export interface OperationRequest {
  readonly method: string;
  /** The path under the base path (`/view/token`), as the journal keeps it. */
  readonly path: string;
  readonly query: QueryValues;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The JSON body, for an operation that takes one (else undefined). */
  readonly body: unknown;
  readonly origin: string;
}
