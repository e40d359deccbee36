import { echo } from './echo';

export type DurationParse = { kind: 'ok'; ms: number } | { kind: 'invalid'; reason: string };

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const SHORT = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/;
const ISO = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * Parses a non-negative duration: `"12h"`, `"90m"`, `"1d"`, `"250ms"`, ISO 8601 (`"PT12H"`,
 * `"P1DT2H"`) or a number of milliseconds (number or digits).
 * @example parseDuration('12h') // { kind: 'ok', ms: 43200000 }
 */
export function parseDuration(input: string | number): DurationParse {
  if (typeof input === 'number') {
    return Number.isFinite(input) && input >= 0 ? { kind: 'ok', ms: Math.round(input) } : invalid(String(input));
  }
  const text = input.trim();
  if (/^\d+$/.test(text)) return { kind: 'ok', ms: Number(text) };
  const short = SHORT.exec(text);
  if (short) return { kind: 'ok', ms: Math.round(Number(short[1]) * UNIT_MS[short[2] as keyof typeof UNIT_MS]) };
  const iso = ISO.exec(text);
  if (iso && text !== 'P' && !text.endsWith('T')) {
    // Stryker disable next-line StringLiteral: Number('') is 0 as well
    const [, d = '0', h = '0', m = '0', s = '0'] = iso;
    const ms = Number(d) * UNIT_MS.d + Number(h) * UNIT_MS.h + Number(m) * UNIT_MS.m + Number(s) * UNIT_MS.s;
    return { kind: 'ok', ms: Math.round(ms) };
  }
  return invalid(text);
}

function invalid(text: string): DurationParse {
  return {
    kind: 'invalid',
    reason: `"${echo(text)}" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)`,
  };
}

/**
 * A duration as the flags take it, in the largest of h, m, s or ms that says it exactly.
 * @example formatDuration(86_400_000) // '24h'
 */
export function formatDuration(ms: number): string {
  for (const unit of ['h', 'm', 's'] as const)
    if (ms >= UNIT_MS[unit] && ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  return `${ms}ms`;
}
