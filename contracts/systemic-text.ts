import type { ProbeResult } from './check-types';
import { deferralCause, describeDeferred } from './deferred-answer';
import type { Exchange } from './http-exchange';
import type { SystemicKind, SystemicTarget } from './systemic-types';

/** What a user reads of a systemic failure: what the answers shared, the likely cause, what to fix. */
export interface SystemicText {
  summary: string;
  advice: string;
  flag: string;
}

const FLAG: Readonly<Record<SystemicKind, string>> = {
  unreachable: '--base-url',
  timeout: '--base-url',
  broken: '--base-url',
  'untrusted-certificate': 'NODE_EXTRA_CA_CERTS',
  redirect: '--base-url',
  'not-found': '--base-url',
  unauthorized: '--access-token',
  forbidden: '--access-token',
  'server-error': 'the target',
  'web-page': '--base-url',
  'rate-limited': 'the rate limit',
  'stopped-answering': 'the target',
  'silent-without-credentials': '--base-url',
};

/** The sentences of a failure every first request shared (`wave`, its first exchange the example). */
export function describeFirst(kind: SystemicKind, wave: readonly ProbeResult[], target: SystemicTarget): SystemicText {
  const exchange = (wave[0] as ProbeResult).exchange;
  const first = `the ${wave.length} first requests`;
  const withToken = 'the View Token requests with the Access Token included';
  const text = (summary: string, advice = adviceOf(kind, exchange, target)): SystemicText => ({
    summary,
    advice,
    flag: flagOf(kind, exchange),
  });
  switch (kind) {
    case 'unreachable':
    case 'untrusted-certificate':
      return text(`${reasonOf(exchange)}${kind === 'unreachable' ? ': nothing answers there' : ''}`);
    case 'timeout':
      return text(`no answer within ${target.timeoutMs} ms to any of ${first}: the target is silent`);
    case 'broken':
      return text(`no complete answer to any of ${first} (${reasonOf(exchange)})`);
    case 'redirect':
      return text(`${first} were all redirected (${statusOf(exchange)} to ${locationOf(exchange)})`);
    case 'not-found':
      return text(`${first} were all answered 404 Not Found, ${withToken}`);
    case 'unauthorized':
      return text(`${first} were all answered 401 Unauthorized, ${withToken}`);
    case 'forbidden':
      return text(`${first} were all answered 403 Forbidden, ${withToken}`);
    case 'server-error':
      return text(`${first} were all answered ${statusesOf(wave)}, ${withToken}: the target fails on every request`);
    case 'web-page':
      return text(`${first} were all answered ${statusOf(exchange)} with an HTML page, not the service's JSON`);
    case 'rate-limited':
      return text(`${first} were all answered ${describeDeferred(exchange)}: ${deferralCause(exchange)}`);
    case 'stopped-answering':
    case 'silent-without-credentials':
      return text(`no answer to ${first} (${reasonOf(exchange)})`);
  }
}

/**
 * The sentences of a failure seen mid-run, after the target had answered `answered` requests: the
 * `streak` next ones stopped (no answer, or deferred), or requests without credentials got none.
 */
export function describeMidRun(
  kind: 'stopped-answering' | 'rate-limited' | 'silent-without-credentials',
  { answered, streak, without }: { answered: number; streak: readonly ProbeResult[]; without: string },
  target: SystemicTarget,
): SystemicText {
  const exchange = (streak[0] as ProbeResult).exchange;
  const next = `the ${streak.length} next`;
  const summaries = {
    'stopped-answering':
      answered === 0
        ? `no answer to ${streak.length} requests in a row (${reasonOf(exchange)}), nor to the first one again`
        : `the target answered ${answered} requests, then stopped: ${next} got no answer (${reasonOf(exchange)}), nor did one it had answered`,
    'rate-limited': `${deferralCause(exchange)}: after ${answered} answer${answered === 1 ? '' : 's'}, ${next} requests were answered ${describeDeferred(exchange)}`,
    'silent-without-credentials': `requests ${without} get no answer (${reasonOf(exchange)}; ${streak.length} such requests, none answered), while those with the Access Token are answered`,
  };
  return { summary: summaries[kind], advice: adviceOf(kind, exchange, target), flag: flagOf(kind, exchange) };
}

/** What to fix: by kind, but a 503 that defers (the target down for now) is no rate limit. */
function flagOf(kind: SystemicKind, exchange: Exchange): string {
  return kind === 'rate-limited' && isUnavailable(exchange) ? 'the target' : FLAG[kind];
}

function isUnavailable(exchange: Exchange): boolean {
  return exchange.kind === 'response' && exchange.status === 503;
}

function adviceOf(kind: SystemicKind, exchange: Exchange, { baseUrl, requests }: SystemicTarget): string {
  switch (kind) {
    case 'unreachable':
      return `is the implementation running at ${baseUrl}? Fix --base-url, or start it first`;
    case 'timeout':
      return `is ${baseUrl} the service (and not a firewall or a proxy that holds connections)? Fix --base-url; a service that is only slow needs a longer --timeout`;
    case 'broken':
      return `does ${baseUrl} speak HTTP with this scheme (http:// or https://)? Fix --base-url`;
    case 'untrusted-certificate':
      return certificateAdvice(exchange.kind === 'broken' ? exchange.certificate : undefined);
    case 'redirect':
      return 'the service is not at --base-url itself: give --base-url the address it redirects to';
    case 'not-found':
      return `the service is probably not at ${baseUrl} (a missing or extra base path?): fix --base-url; or every id given names no object`;
    case 'unauthorized':
      return 'the target does not accept the Access Token (expired, or for another environment?): fix --access-token';
    case 'forbidden':
      return 'the target (or a gateway before it) refuses the Access Token, or the token has no rights to these objects (another environment, a missing scope?): fix --access-token; or every id given names an object it may not see';
    case 'server-error':
      return `nothing can be judged while the service (or a gateway before it: a 502 or 504) fails on every request; its logs say why: fix the target, then run again`;
    case 'web-page':
      return `--base-url points at a web page (a sign-in page or a portal?), not the API: fix --base-url (the address the API's requests go to)`;
    case 'rate-limited':
      if (isUnavailable(exchange))
        return 'the target says it is down for now (503 with Retry-After, RFC 9110): run again once it is back, or against a deployment that is up; such answers are never judged';
      return `a gateway or the service limits this client's requests (RFC 6585); a run sends ${requests ?? 'a few hundred'} requests, 4 at a time: allow the CI client that many (or exempt it from the limit), or run against a deployment without it; answers 429 are never judged`;
    case 'stopped-answering':
      return `did the service stop, or something before it (a proxy, a firewall, a limit that drops requests) stop passing them? Make the target answer, then run again${exchange.kind === 'broken' && exchange.timedOut ? '; a service that is only slow needs a longer --timeout' : ''}`;
    case 'silent-without-credentials':
      return `a gateway or firewall before the service drops them? Run the harness where they reach the service (fix --base-url): the contract wants them refused (401), and a request with no answer judges nothing`;
  }
}

/** Node's certificate error codes, by what fixes them. */
const EXPIRED = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const HOST_NAME = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH']);

function certificateAdvice(code: string | undefined): string {
  if (code !== undefined && EXPIRED.has(code))
    return 'the certificate is outside its validity dates: renew it on the server (or check the clock of this machine)';
  if (code !== undefined && HOST_NAME.has(code))
    return 'the certificate was issued for another host name: give --base-url the name it was issued for';
  return 'a self-signed certificate, or one signed by a CA this machine does not trust (a company CA?): trust that CA with NODE_EXTRA_CA_CERTS=path/to/ca.pem (Node 20 and later; Node 24 can also use the system store with --use-system-ca)';
}

function reasonOf(exchange: Exchange): string {
  return exchange.kind === 'response' ? `status ${exchange.status}` : exchange.reason;
}

function statusOf(exchange: Exchange): string {
  return exchange.kind === 'response' ? String(exchange.status) : exchange.reason;
}

function statusesOf(wave: readonly ProbeResult[]): string {
  return [...new Set(wave.map(({ exchange }) => statusOf(exchange)))].join(' or ');
}

function locationOf(exchange: Exchange): string {
  return (exchange.kind === 'response' ? exchange.headers.location : undefined) ?? 'no Location given';
}
