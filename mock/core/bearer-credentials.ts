const BEARER = 'bearer';
/** `.` in a regular expression stops at these: the old pattern `^bearer(?:\s+(.*))?$` refused a value holding one. */
const LINE_TERMINATORS = ['\n', '\r', '\u2028', '\u2029'];

/**
 * The credentials of an Authorization value with the Bearer scheme (any letter case): what follows
 * `bearer` and the whitespace after it ('' when nothing does), or undefined for another scheme (or
 * a line break after the whitespace). What `^bearer(?:\s+(.*))?$`i matched, read by looking at each
 * character once: the value is a client's, and a regular expression with `\s+` before `.*` can
 * retry each split of a long run of whitespace.
 * @example readBearerCredentials('Bearer  abc ') // 'abc '
 */
export function readBearerCredentials(authorization: string): string | undefined {
  if (authorization.length < BEARER.length) return undefined;
  // ASCII letters only, as the case-insensitive pattern compared them.
  for (let index = 0; index < BEARER.length; index += 1)
    if ((authorization.charCodeAt(index) | 0x20) !== BEARER.charCodeAt(index)) return undefined;
  const rest = authorization.slice(BEARER.length);
  if (rest === '') return '';
  const credentials = rest.trimStart();
  // `bearerx` is another scheme: the credentials are apart from it by whitespace (what \s and trim() agree on).
  if (credentials.length === rest.length) return undefined;
  return LINE_TERMINATORS.some((terminator) => credentials.includes(terminator)) ? undefined : credentials;
}
