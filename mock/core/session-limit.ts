/** The longest `X-Mock-Session` accepted (characters, after UTF-8 decoding). */
export const MAX_SESSION_LENGTH = 128;

/**
 * Why a session name is refused (longer than {@link MAX_SESSION_LENGTH} characters), or undefined:
 * one check for every adapter (HTTP, MSW).
 * @example checkSessionLength('x'.repeat(129)) // 'X-Mock-Session is 129 characters long; the mock accepts at most 128.'
 */
export function checkSessionLength(session: string): string | undefined {
  const length = [...session].length;
  return length <= MAX_SESSION_LENGTH ? undefined : `X-Mock-Session is ${length} characters long; the mock accepts at most ${MAX_SESSION_LENGTH}.`;
}
