import type { ProbeResult, RunFacts } from './check-types';
import type { Exchange } from './http-exchange';
import { MIN_SECRET_CHARS, findCarried } from './token-secrets';

const ACCESS_TOKEN = '<access token>';
const CARRIER = '<a View Token carrying the access token>';

/** Credentials never reach a report: an Authorization value keeps its scheme only. */
export function redact(name: string, value: string): string {
  if (name.toLowerCase() !== 'authorization') return value;
  const [scheme, ...rest] = value.split(' ');
  return rest.length > 0 ? `${scheme} <redacted>` : '<redacted>';
}

/**
 * The results as reports may show them: the Access Token (when long enough to search for) and every
 * View Token that carries it, replaced wherever the server echoed them (bodies, headers). Keyed by
 * the result judged; the checks judge what was really sent and received.
 */
export function hideSecrets(results: readonly ProbeResult[], facts: RunFacts): Map<ProbeResult, ProbeResult> {
  const secrets: [string, string][] = facts.issuedTokens
    .filter((token) => findCarried(token, facts.accessToken) !== undefined)
    .map((token) => [token, CARRIER]);
  if (facts.accessToken.length >= MIN_SECRET_CHARS) secrets.push([facts.accessToken, ACCESS_TOKEN]);
  secrets.sort(([a], [b]) => b.length - a.length); // a carrier is replaced whole before the token inside it
  const shown = new Map<ProbeResult, ProbeResult>();
  if (secrets.length === 0) return shown;
  const hide = (text: string): string =>
    secrets.reduce((result, [secret, stand]) => result.split(secret).join(stand), text);
  const hideAll = (values: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, hide(redact(name, value))]));
  for (const result of results) {
    const { exchange } = result;
    const request = {
      ...exchange.request,
      url: hide(exchange.request.url),
      headers: hideAll(exchange.request.headers),
      ...(exchange.request.body === undefined ? {} : { body: hide(exchange.request.body) }),
    };
    const hidden: Exchange =
      exchange.kind === 'response'
        ? { ...exchange, request, headers: hideAll(exchange.headers), bodyText: hide(exchange.bodyText) }
        : { ...exchange, request };
    shown.set(result, { probe: result.probe, exchange: hidden });
  }
  return shown;
}
