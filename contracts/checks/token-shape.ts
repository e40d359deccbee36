import type { Answer, Check, ProbeResult } from '../check-types';
import { viewTokenOf } from '../issued-token';
import { readJwt } from '../jwt';
import { closeTokens } from '../token-distance';
import { needsAViewToken, needsTwoObjects, needsAnId } from './helpers';
import { RFC, SENTENCE } from './sentences';

/** At most this many bits of randomness between two View Tokens of one run is guessable (RFC 6749 asks for 128). */
export const GUESSABLE_BITS = 64;
const TWELVE_HOURS_S = 12 * 60 * 60;
/** How far from 12 hours a JWT's lifetime may be (clocks, rounding). */
export const LIFETIME_TOLERANCE_S = 5 * 60;

/** The checks of what a View Token's shape gives away (checks version 2): guessable, forgeable, short-lived. */
export const VIEW_TOKEN_UNFORGEABLE: Check = {
  name: 'view_token_unforgeable',
  since: 2,
  summary: 'View Tokens cannot be guessed from one another (not sequential, not close) and a JWT one is signed',
  detail: `no two View Tokens of the run of one length are so close that at most ${GUESSABLE_BITS} bits of randomness tell them apart (differing characters × log2 of their alphabet: sequential or counter tokens differ in one or two), and a View Token that is a JWT has an \`alg\` other than \`none\` and a signature; opaque, numeric and signed tokens of enough randomness are fine, whatever they name`,
  source: `${SENTENCE.credential} ${SENTENCE.oneObject} (${RFC.tokenIntegrity})`,
  intents: ['success', 'repeat', 'crossed'],
  skipReason: needsTwoObjects,
  enough: (judged) =>
    new Set(judged.map(({ exchange }) => viewTokenOf(exchange)).filter(Boolean)).size >= 2
      ? undefined
      : 'fewer than two different View Tokens came back, and one cannot show how far apart they are (see success_envelope)',
  expected: 'View Tokens far apart, and a JWT signed',
  judge: (response) => {
    const jwt = readJwt(viewTokenOf(response) ?? '');
    if (!jwt) return undefined;
    if (String(jwt.header.alg).toLowerCase() === 'none' || jwt.signature === '')
      return `the View Token is a JWT with alg ${JSON.stringify(jwt.header.alg)}${jwt.signature === '' ? ' and no signature' : ''}: anyone can write one for another object`;
    return undefined;
  },
  judgeTogether: (results) => {
    const issued = new Map<string, ProbeResult>();
    for (const result of results) {
      const token = viewTokenOf(result.exchange);
      if (token !== undefined && !issued.has(token)) issued.set(token, result);
    }
    const objectOf = (token: string): string => issued.get(token)?.probe.object ?? 'the same object';
    return closeTokens([...issued.keys()], GUESSABLE_BITS).map((close) => ({
      result: issued.get(close.later) as ProbeResult,
      reason: `the View Tokens for ${objectOf(close.earlier)} and ${objectOf(close.later)} differ in ${close.differing} of ${close.length} characters (at most ${Math.round(close.bits)} bits apart): a caller who holds one can guess others`,
      cause: 'View Tokens so close to one another that one gives the others away',
    }));
  },
};

export const VIEW_TOKEN_LIFETIME: Check = {
  name: 'view_token_lifetime',
  since: 2,
  summary:
    'a View Token that states its expiry (a JWT exp) states it as a number of seconds, about 12 hours after it was issued',
  detail: `a View Token that is a JWT with an \`exp\` states it as a JSON number (a NumericDate: \`"1700000000"\`, a string, is a defect) and expires 12 hours (± ${LIFETIME_TOLERANCE_S / 60} minutes) after it was issued: its \`iat\`, else the answer's \`Date\`, else the harness's clock when it came; a JWT without \`exp\` and an opaque token state nothing and pass; needs a View Token issued`,
  source: `${SENTENCE.validity} ${SENTENCE.credential} (${RFC.numericDate})`,
  intents: ['success', 'repeat', 'crossed'],
  skipReason: needsAnId,
  enough: needsAViewToken,
  expected: 'exp a number, about 12 hours after issue',
  judge: (response) => lifetimeViolation(response),
};

function lifetimeViolation(response: Answer): string | undefined {
  const jwt = readJwt(viewTokenOf(response) ?? '');
  const exp = jwt?.claims.exp;
  if (!jwt || exp === undefined) return undefined;
  if (typeof exp !== 'number')
    return `the View Token (a JWT) states exp as ${jsonType(exp)}, not a number: RFC 7519 makes exp a NumericDate (a JSON number of seconds), and a client reading it as one finds none`;
  const iat = jwt.claims.iat;
  const date = Date.parse(response.headers.date ?? '');
  const [issuedS, from] =
    typeof iat === 'number'
      ? [iat, 'iat']
      : Number.isNaN(date)
        ? [Date.now() / 1000, "the harness's clock"]
        : [date / 1000, 'the Date header'];
  const lifetimeS = exp - issuedS;
  if (Math.abs(lifetimeS - TWELVE_HOURS_S) <= LIFETIME_TOLERANCE_S) return undefined;
  return `the View Token (a JWT) expires ${describeSpan(lifetimeS)} after it was issued (exp against ${from}), not 12 hours`;
}

/** `a string`, `null`, `an object`: what a JSON value is (a reason names the kind, not the value, so one cause is one finding). */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function describeSpan(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 120) return `${minutes} minutes`;
  const hours = Math.round(seconds / 360) / 10;
  return Math.abs(hours) < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}
