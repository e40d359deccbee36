import type { ProbeResult } from './check-types';
import { isDeferred } from './deferred-answer';
import type { Exchange } from './http-exchange';
import type { Probe } from './probe-planner';
import { describeFirst } from './systemic-text';
import type { SystemicFailure, SystemicKind, SystemicTarget } from './systemic-types';

export type { SystemicFailure, SystemicKind, SystemicTarget } from './systemic-types';

/**
 * The requests sent first, all at once (a silent target costs one timeout): each operation's View
 * Token request and the same request with no Authorization header, then the next planned ones.
 * Between them they tell a wrong address, base path or Access Token from a defect.
 */
export function firstWave(probes: readonly Probe[], size: number): Probe[] {
  const firstOf = (intent: Probe['intent'], operation: Probe['operation']): Probe[] =>
    probes.filter((probe) => probe.intent === intent && probe.operation === operation).slice(0, 1);
  const chosen = [
    ...firstOf('success', 'getViewToken'),
    ...firstOf('success', 'getChildFileViewToken'),
    ...firstOf('auth', 'getViewToken'),
    ...firstOf('auth', 'getChildFileViewToken'),
  ];
  const rest = probes.filter((probe) => !chosen.includes(probe));
  return [...chosen, ...rest].slice(0, size);
}

/** Symptoms that are answers to the request: they say something of the target only when the View Token requests got them too. */
const ANSWERED: ReadonlySet<SystemicKind> = new Set([
  'not-found',
  'unauthorized',
  'forbidden',
  'server-error',
  'web-page',
]);

/** What an exchange says of the target as a whole, when it is one of the systemic symptoms. */
function symptomOf(exchange: Exchange): SystemicKind | undefined {
  if (exchange.kind === 'unreachable') return 'unreachable';
  if (exchange.kind === 'broken') {
    if (exchange.certificate !== undefined) return 'untrusted-certificate';
    return exchange.timedOut ? 'timeout' : 'broken';
  }
  if (isDeferred(exchange)) return 'rate-limited';
  const { status } = exchange;
  if (status >= 300 && status < 400) return 'redirect';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'server-error';
  return isWebPage(exchange) ? 'web-page' : undefined;
}

/** A 2xx HTML page (a sign-in page, a portal) where the service answers JSON. */
function isWebPage(exchange: Extract<Exchange, { kind: 'response' }>): boolean {
  const type = exchange.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return exchange.status >= 200 && exchange.status < 300 && type === 'text/html' && /^\s*</.test(exchange.bodyText);
}

/**
 * The systemic failure the first answers show, when all of them share one symptom (the View Token
 * requests with the Access Token among them, for a symptom that is an answer), else undefined: the
 * run goes on and judges.
 * @example findSystemic(wave, { baseUrl, timeoutMs: 10000 })?.flag // '--base-url'
 */
export function findSystemic(wave: readonly ProbeResult[], target: SystemicTarget): SystemicFailure | undefined {
  const [example] = wave;
  if (!example) return undefined;
  const kinds = new Set(wave.map(({ exchange }) => symptomOf(exchange)));
  const [kind] = kinds;
  if (kinds.size !== 1 || kind === undefined) return undefined;
  if (ANSWERED.has(kind) && !wave.some(({ probe }) => probe.intent === 'success')) return undefined;
  return { kind, ...describeFirst(kind, wave, target), example };
}
