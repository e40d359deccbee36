import { echo } from './echo';

/** An int64 kept exact as its canonical decimal string (never a JS number). */
export type Int64 = string & { readonly __int64: unique symbol };

export type Int64Parse = { kind: 'ok'; value: Int64 } | { kind: 'invalid'; reason: string };

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
const DECIMAL = /^[+-]?\d{1,30}$/;

/**
 * Parses a decimal int64 exactly: `9223372036854775807` is valid, `9223372036854775808`, `1.5`,
 * `abc` and `` are not.
 * @example parseInt64('007') // { kind: 'ok', value: '7' }
 */
export function parseInt64(raw: string): Int64Parse {
  if (raw === '') return { kind: 'invalid', reason: 'empty; expected an int64' };
  if (!DECIMAL.test(raw)) return { kind: 'invalid', reason: `"${echo(raw)}" is not an integer` };
  const value = BigInt(raw);
  if (value > INT64_MAX || value < INT64_MIN) {
    return { kind: 'invalid', reason: `${echo(raw)} is out of the int64 range` };
  }
  return { kind: 'ok', value: value.toString() as Int64 };
}

/** Is this id one that can name an object? (0 and negative ids are valid int64 but name none.) */
export function isPositiveInt64(id: Int64): boolean {
  return !id.startsWith('-') && id !== '0';
}
