import type { ProbeResult } from './check-types';
import type { Exchange } from './http-exchange';
import type { Probe } from './probe-planner';

/** What every first answer shared, when the target could not be used: each has one likely cause and one flag to fix. */
export type SystemicKind = 'unreachable' | 'timeout' | 'broken' | 'redirect' | 'not-found' | 'unauthorized';

/** The one finding of a run whose target could not be used: no check is judged (exit code 3). */
export interface SystemicFailure {
  kind: SystemicKind;
  /** What every first answer shared, in one sentence. */
  summary: string;
  /** The likely cause, and what to change. */
  advice: string;
  /** The flag to fix: `--base-url`, `--access-token`, `--timeout`. */
  flag: string;
  /** One of those exchanges (a redirect's shows its Location). */
  example: ProbeResult;
}

const FLAG: Readonly<Record<SystemicKind, string>> = {
  unreachable: '--base-url',
  timeout: '--base-url',
  broken: '--base-url',
  redirect: '--base-url',
  'not-found': '--base-url',
  unauthorized: '--access-token',
};

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

/** What an exchange says of the target as a whole, when it is one of the systemic symptoms. */
function symptomOf(exchange: Exchange): SystemicKind | undefined {
  if (exchange.kind === 'unreachable') return 'unreachable';
  if (exchange.kind === 'broken') return exchange.timedOut ? 'timeout' : 'broken';
  if (exchange.status >= 300 && exchange.status < 400) return 'redirect';
  if (exchange.status === 404) return 'not-found';
  return exchange.status === 401 ? 'unauthorized' : undefined;
}

/**
 * The systemic failure the first answers show, when all of them share one symptom (the View Token
 * requests with the Access Token among them), else undefined: the run goes on and judges.
 * @example findSystemic(wave, { baseUrl, timeoutMs: 10000 })?.flag // '--base-url'
 */
export function findSystemic(
  wave: readonly ProbeResult[],
  target: { baseUrl: string; timeoutMs: number },
): SystemicFailure | undefined {
  const [example] = wave;
  if (!example) return undefined;
  const kinds = new Set(wave.map(({ exchange }) => symptomOf(exchange)));
  const [kind] = kinds;
  if (kinds.size !== 1 || kind === undefined) return undefined;
  // A 401 or 404 says something of the target only when the View Token requests got it too.
  const answered = kind === 'not-found' || kind === 'unauthorized';
  if (answered && !wave.some(({ probe }) => probe.intent === 'success')) return undefined;
  const { summary, advice } = describe(kind, example.exchange, wave.length, target);
  return { kind, summary, advice, flag: FLAG[kind], example };
}

function describe(
  kind: SystemicKind,
  exchange: Exchange,
  count: number,
  { baseUrl, timeoutMs }: { baseUrl: string; timeoutMs: number },
): { summary: string; advice: string } {
  const first = `the ${count} first requests`;
  switch (kind) {
    case 'unreachable':
      return {
        summary: `${reasonOf(exchange)}: nothing answers there`,
        advice: `is the implementation running at ${baseUrl}? Fix --base-url, or start it first`,
      };
    case 'timeout':
      return {
        summary: `no answer within ${timeoutMs} ms to any of ${first}: the target is silent`,
        advice: `is ${baseUrl} the service (and not a firewall or a proxy that holds connections)? Fix --base-url; a service that is only slow needs a longer --timeout`,
      };
    case 'broken':
      return {
        summary: `no complete answer to any of ${first} (${reasonOf(exchange)})`,
        advice: `does ${baseUrl} speak HTTP with this scheme (http:// or https://)? Fix --base-url`,
      };
    case 'redirect':
      return {
        summary: `${first} were all redirected (${statusOf(exchange)} to ${headerOf(exchange, 'location') ?? 'no Location given'})`,
        advice: 'the service is not at --base-url itself: give --base-url the address it redirects to',
      };
    case 'not-found':
      return {
        summary: `${first} were all answered 404 Not Found, the View Token requests with the Access Token included`,
        advice: `the service is probably not at ${baseUrl} (a missing or extra base path?): fix --base-url; or every id given names no object`,
      };
    case 'unauthorized':
      return {
        summary: `${first} were all answered 401 Unauthorized, the View Token requests with the Access Token included`,
        advice:
          'the target does not accept the Access Token (expired, or for another environment?): fix --access-token',
      };
  }
}

function reasonOf(exchange: Exchange): string {
  return exchange.kind === 'response' ? `status ${exchange.status}` : exchange.reason;
}

function statusOf(exchange: Exchange): string {
  return exchange.kind === 'response' ? String(exchange.status) : exchange.reason;
}

function headerOf(exchange: Exchange, name: string): string | undefined {
  return exchange.kind === 'response' ? exchange.headers[name] : undefined;
}
