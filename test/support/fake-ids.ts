import type { FakeState } from './fake-answers';
import { error, forbidden, json, notFound } from './fake-answers';
import type { Deviation, FakeAnswer } from './fake-deviations';
import { FAKE_IDS } from './fake-deviations';

const INT64 = /^-?\d{1,19}$/;
const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;

/** An id as the fake reads it: exactly, unless its parser is lenient (then what that parser makes of it). */
export function readId(deviation: Deviation, raw: string): string {
  if (INT64.test(raw)) return raw;
  switch (deviation) {
    case 'parses-ids-with-parseInt':
      return safeInteger(Number.parseInt(raw)) ?? raw;
    case 'parses-ids-with-Number':
      return raw.trim() === '' ? raw : (safeInteger(Number(raw)) ?? raw);
    case 'parses-ids-with-BigInt':
      try {
        return BigInt(raw).toString();
      } catch {
        return raw;
      }
    case 'regex-lets-final-newline-through':
      return /^-?\d{1,19}\n$/.test(raw) ? raw.slice(0, -1) : raw; // Python's and PHP's `$`
    case 'reads-unicode-digits':
      return raw.replace(/\p{Nd}/gu, (digit) => String(digitValue(digit)));
    default:
      return raw;
  }
}

function safeInteger(value: number): string | undefined {
  return Number.isSafeInteger(value) ? String(value) : undefined;
}

/** A decimal digit's value in its script (its distance from the run of digits' start, mod 10). */
function digitValue(digit: string): number {
  let code = digit.codePointAt(0) ?? 0;
  let steps = 0;
  while (/\p{Nd}/u.test(String.fromCodePoint(code - 1))) {
    code -= 1;
    steps += 1;
  }
  return steps % 10;
}

/** The answer an id decides (malformed, out of range, unknown, forbidden), or undefined when it names an object of the caller's. */
export function refuseId(state: FakeState, name: string, id: string, post: boolean): FakeAnswer | undefined {
  const { deviation } = state;
  const outOfRange =
    INT64.test(id) && (BigInt(id) > INT64_MAX || (BigInt(id) < INT64_MIN && deviation !== 'accepts-underflow'));
  if (!INT64.test(id) || outOfRange) {
    if (deviation === 'crashes-on-overflow' && /^\d{19}$/.test(id))
      return json(500, { code: 'boom', data: null, message: 'overflow' });
    if (deviation !== 'accepts-malformed-id') return error(state, 400, 'bad', `${name} invalid`);
  }
  if (deviation === 'accepts-underflow' && INT64.test(id) && BigInt(id) < INT64_MIN) return undefined;
  if (deviation === 'refuses-zero-and-negative-ids' && INT64.test(id) && BigInt(id) <= 0n)
    return json(400, { code: 'bad', data: null, message: `${name} must be positive` });
  if (deviation === 'crashes-on-max-id' && id === String(INT64_MAX))
    return json(500, { code: 'boom', data: null, message: 'precision' });
  if (deviation === 'refuses-min-path-id' && post && id === String(INT64_MIN))
    return json(400, { code: 'bad', data: null, message: 'bad id' });
  if ((INT64.test(id) && BigInt(id) <= 0n) || id === String(INT64_MAX)) return notFound(state);
  if (id === FAKE_IDS.missing) {
    if (deviation === 'missing-answers-410') return json(410, { code: 'gone', data: null, message: 'gone' });
    if (deviation === 'missing-integration-answers-400' && name === 'integrateId')
      return json(400, { code: 'bad', data: null, message: 'no integration' });
    if (deviation !== 'missing-answers-200') return notFound(state);
  }
  if (id === FAKE_IDS.forbidden) return deviation === 'forbidden-answers-404' ? notFound(state) : forbidden(state);
  return undefined;
}
