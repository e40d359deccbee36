/** The longest `X-Mock-Session` accepted (characters, after UTF-8 decoding). */
export const MAX_SESSION_LENGTH = 128;

/** An `X-Mock-Session` header as read: none, the session (UTF-8), or refused with the reason. */
export type SessionHeader = { kind: 'none' } | { kind: 'ok'; session: string } | { kind: 'refused'; detail: string };

const NONE: SessionHeader = Object.freeze({ kind: 'none' });
const utf8 = new TextDecoder('utf-8', { fatal: true });
// Stryker disable next-line Regex: the fast path only: ASCII text decodes and counts the same on the slow path
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Reads `X-Mock-Session` once, for every adapter (the server, MSW): as UTF-8 (HTTP hands header
 * bytes over as Latin-1 text, so `é` sent by curl arrives as `Ã©`), refused over
 * {@link MAX_SESSION_LENGTH} characters.
 * @example
 * readSessionHeader('x'.repeat(129))
 * // { kind: 'refused', detail: 'X-Mock-Session is 129 characters long; the mock accepts at most 128.' }
 */
export function readSessionHeader(raw: string | null | undefined): SessionHeader {
  if (typeof raw !== 'string') return NONE;
  const session = toUtf8(raw);
  const refusal = checkSessionLength(session);
  return refusal === undefined ? { kind: 'ok', session } : { kind: 'refused', detail: refusal };
}

/**
 * Why a session name (already decoded) is too long, or undefined: the header's rule, also applied
 * to sessions read back from a state file.
 * @example checkSessionLength('qa-anna') // undefined
 */
export function checkSessionLength(session: string): string | undefined {
  // Characters, not UTF-16 units: counted one by one only when the text is not plain ASCII.
  const length = ASCII.test(session) ? session.length : [...session].length;
  return length > MAX_SESSION_LENGTH
    ? `X-Mock-Session is ${length} characters long; the mock accepts at most ${MAX_SESSION_LENGTH}.`
    : undefined;
}

/** The header's bytes read as UTF-8 when they are valid UTF-8; else the Latin-1 text as it came. */
function toUtf8(value: string): string {
  // Stryker disable next-line ConditionalExpression: the fast path only: ASCII decodes as itself
  if (ASCII.test(value)) return value;
  const bytes = new Uint8Array(value.length);
  // Stryker disable next-line EqualityOperator: one step past the
  // end reads NaN, which a Uint8Array's write past its length drops
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    // Stryker disable next-line EqualityOperator: 0xFF is never a
    // UTF-8 byte, so decoding fails and the text is kept either way
    if (code > 0xff) return value;
    bytes[index] = code;
  }
  try {
    return utf8.decode(bytes);
  } catch {
    return value;
  }
}
