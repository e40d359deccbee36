import type { QueryValues } from '../target';

/** WireMock's faults: what the connection does instead of answering. */
export const FAULTS = ['connection-reset', 'empty-response', 'malformed-json', 'random-data-then-close'] as const;
export type Fault = (typeof FAULTS)[number];

/** WireMock's own fault names, accepted as aliases (MALFORMED_RESPONSE_CHUNK: a 200 whose body breaks off). */
export const FAULT_ALIASES: Readonly<Record<string, Fault>> = {
  CONNECTION_RESET_BY_PEER: 'connection-reset',
  EMPTY_RESPONSE: 'empty-response',
  MALFORMED_RESPONSE_CHUNK: 'malformed-json',
  RANDOM_DATA_THEN_CLOSE: 'random-data-then-close',
};

/** The fault a name (ours or WireMock's) stands for, or undefined (never an Object.prototype member: `fault=toString`). */
export function toFault(name: string): Fault | undefined {
  if ((FAULTS as readonly string[]).includes(name)) return name as Fault;
  return Object.hasOwn(FAULT_ALIASES, name) ? FAULT_ALIASES[name] : undefined;
}

/** The longest delay a request can ask for. */
export const MAX_DELAY_MS = 60_000;

/** The switches a request can carry (`Prefer` header, or the `__` query fallbacks). */
export interface Preferences {
  code?: string;
  scenario?: string;
  delay?: string;
  fault?: string;
}

export const PREFERENCE_KEYS = ['code', 'scenario', 'delay', 'fault'] as const satisfies readonly (keyof Preferences)[];

/**
 * Reads the switches of a request: `Prefer: code=403, delay=200` (commas or semicolons between
 * preferences, as RFC 7240 and Prism write them), then `__code`, `__scenario`, `__delay`,
 * `__fault` query parameters for clients that cannot set headers. The header wins per key.
 * Other preferences (e.g. `return=minimal`) are not ours and are left alone.
 * @example readPreferences('code=403; delay=100', {}) // { code: '403', delay: '100' }
 */
export function readPreferences(prefer: string | undefined, query: QueryValues): Preferences {
  const found: Preferences = {};
  for (const [key, name] of FALLBACKS) {
    const fallback = query[name];
    if (fallback !== undefined) found[key] = typeof fallback === 'string' ? fallback : fallback.join(',');
  }
  // Nearly every request: no header, nothing to split.
  if (prefer === undefined) return found;
  for (const part of prefer.split(/[,;]/)) {
    const [name = '', ...value] = part.split('=');
    const key = name.trim().toLowerCase();
    // One of ours with no or an odd value (`Prefer: code`) is kept as written, so it is refused, not ignored.
    if ((PREFERENCE_KEYS as readonly string[]).includes(key))
      found[key as keyof Preferences] = value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return found;
}

/** The `__` query switches, as a request writes them. */
export const QUERY_SWITCHES = PREFERENCE_KEYS.map((key) => `__${key}`);

/** Each switch with its query fallback's name, made once (not per request). */
const FALLBACKS = PREFERENCE_KEYS.map((key) => [key, `__${key}`] as const);

/** The first `__` query parameter that is not a switch (`__senario`): refused, never silently ignored. */
export function findUnknownSwitch(query: QueryValues): string | undefined {
  return Object.keys(query).find((name) => name.startsWith('__') && !QUERY_SWITCHES.includes(name));
}

/** The query without the `__` switches, which validation must never see. */
export function withoutSwitches(query: QueryValues): QueryValues {
  if (!Object.keys(query).some((name) => name.startsWith('__'))) return query;
  return Object.fromEntries(
    Object.entries(query).filter(([name]) => !PREFERENCE_KEYS.some((key) => name === `__${key}`)),
  );
}
