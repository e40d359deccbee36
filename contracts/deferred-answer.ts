import type { Exchange } from './http-exchange';

/**
 * Whether an answer defers the request instead of deciding it: 429 Too Many Requests (RFC 6585 §4),
 * or 503 Service Unavailable with a Retry-After (RFC 9110 §15.6.4, §10.2.3). It says nothing of the
 * credentials or the ids sent, so no check judges it (a refusal it is not).
 * @example isDeferred(answer(429)) // true
 */
export function isDeferred(exchange: Exchange): boolean {
  if (exchange.kind !== 'response') return false;
  return exchange.status === 429 || (exchange.status === 503 && exchange.headers['retry-after'] !== undefined);
}

/** How a deferring answer reads in a sentence: `429 Too Many Requests (Retry-After: 60)`. */
export function describeDeferred(exchange: Exchange): string {
  if (exchange.kind !== 'response') return exchange.reason;
  const name = exchange.status === 429 ? '429 Too Many Requests' : `${exchange.status} Service Unavailable`;
  const retryAfter = exchange.headers['retry-after'];
  return retryAfter === undefined ? name : `${name} (Retry-After: ${retryAfter})`;
}

/** What a deferring answer says of the target: a 429 limits the rate; a 503 (with Retry-After) is down for now. */
export function deferralCause(exchange: Exchange): string {
  return exchange.kind === 'response' && exchange.status === 503
    ? 'the target is unavailable for now'
    : 'the target limits the rate';
}
