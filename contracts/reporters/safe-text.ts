/**
 * Every character a server sent that a terminal, a CI log or an editor could act on: C0 controls
 * (ESC, CR, BS, ...), DEL, C1 controls (U+009B is a one-byte CSI), bidirectional overrides and
 * isolates ("Trojan Source"), and the Unicode line and paragraph separators.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
const UNSAFE_BUT_NEWLINE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
/** What JSON.stringify leaves as it is of the above (it escapes C0 itself). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  return (
    NAMED[char] ??
    (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
  );
}

/**
 * Server text for one line of a report: every unsafe character (newlines included) written as an
 * escape (`\x1b`, `\r`, `\n`, `\u202e`), so a body can neither start a line nor move the cursor.
 * @example toSafeLine('\u001b[2J\nPASS') // '\\x1b[2J\\nPASS'
 */
export function toSafeLine(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/** Server text kept on its own lines (a body in full): the same escapes, newlines kept; callers prefix each line. */
export function toSafeLines(text: string): string {
  return text.replace(UNSAFE_BUT_NEWLINE, escapeChar);
}

/** A JSON text whose strings carry no raw C1 or bidi characters (written `\u009b`): the same data, safe to print. */
export function toSafeJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
