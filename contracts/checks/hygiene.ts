import type { Check } from '../check-types';
import { dataOf } from '../issued-token';
import { repeatedMember } from '../json-members';
import { MIN_SECRET_CHARS, findCarried } from '../token-secrets';
import { OPERATION_INTENTS } from './conformance';
import { needsAViewToken, needsAll, needsAnId } from './helpers';
import { RFC, SENTENCE } from './sentences';

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** The checks of what a token answer leaves behind (checks version 2): an unambiguous envelope, no shared caching, no Access Token given back. */
export const UNIQUE_JSON_MEMBERS: Check = {
  name: 'unique_json_members',
  since: 2,
  summary: 'a success body repeats no member name in any JSON object (parsers disagree on which value wins)',
  detail:
    'every 2xx JSON body of an operation names each member of each object once, names compared as decoded (`"\\u0064ata"` is `data`): with `"data"` twice one client reads one View Token and another the other',
  source: `${SENTENCE.envelope}; ${SENTENCE.success} (${RFC.uniqueMembers})`,
  intents: OPERATION_INTENTS,
  skipReason: needsAnId,
  enough: (judged) =>
    judged.some(({ exchange }) => exchange.kind === 'response' && isSuccess(exchange.status))
      ? undefined
      : 'no request of this run was answered a success (see success_envelope)',
  expected: 'each member name once per object',
  judge: (response) => {
    if (!isSuccess(response.status)) return undefined;
    try {
      JSON.parse(response.bodyText);
    } catch {
      return undefined; // not JSON: response_schema_conformance's to report
    }
    const name = repeatedMember(response.bodyText);
    return name === undefined ? undefined : `the body repeats the member ${JSON.stringify(name)}`;
  },
};

const SHARED = new Set(['public', 's-maxage', 'must-revalidate']);
const PRIVATE = new Set(['private', 'no-store']);

export const TOKEN_ANSWER_NOT_SHARED_CACHEABLE: Check = {
  name: 'token_answer_not_shared_cacheable',
  since: 2,
  summary:
    'an answer carrying a View Token does not let shared caches store it (no public, s-maxage, must-revalidate; in CDN-Cache-Control neither)',
  detail:
    "no answer that issues a View Token says `public`, `s-maxage` or `must-revalidate` without `private` or `no-store`, in `Cache-Control` or in `CDN-Cache-Control` (a CDN obeys it in place of `Cache-Control`: `Cache-Control: private` beside `CDN-Cache-Control: public` is stored by the CDN): a shared cache would hand one caller's View Token to the next; no Cache-Control, `no-store`, and `private` (with `Vary: Authorization` or not) are fine, in either",
  source: `${SENTENCE.credential} (${RFC.sharedCaches})`,
  intents: ['success', 'repeat', 'crossed', 'body-ids'],
  skipReason: needsAnId,
  enough: needsAViewToken,
  expected: 'a token answer no shared cache may store',
  judge: (response) => {
    if (dataOf(response.bodyText) === undefined) return undefined;
    const cdn = response.headers['cdn-cache-control'];
    return (
      sharedStorage('Cache-Control', response.headers['cache-control'], 'a shared cache') ??
      sharedStorage('CDN-Cache-Control', cdn, 'a CDN (a shared cache: RFC 9213)')
    );
  },
};

/** Why these cache directives let a shared cache store a View Token, else undefined. */
function sharedStorage(name: string, header: string | undefined, cache: string): string | undefined {
  if (header === undefined) return undefined;
  const directives = header.split(',').map((part) => part.split('=')[0]?.trim().toLowerCase() ?? '');
  if (directives.some((directive) => PRIVATE.has(directive))) return undefined;
  const shared = directives.filter((directive) => SHARED.has(directive));
  return shared.length === 0
    ? undefined
    : `${name}: ${header} lets ${cache} store this View Token (${shared.join(', ')}) and give it to another caller`;
}

export const ACCESS_TOKEN_NEVER_ECHOED: Check = {
  name: 'access_token_never_echoed',
  since: 2,
  summary: 'no answer gives the Access Token back, in any header (Set-Cookie included) or the body',
  detail:
    'no answer to a request carrying the Access Token in its `Authorization` header has it in a header (a `Set-Cookie` included) or in its body (the View Token aside: `view_token_hides_access_token` judges it), as it is or inside a base64, base64url, hex or percent-encoded segment; cookies of a load balancer or a session are fine; needs an Access Token of 8 characters or more',
  source: `${SENTENCE.bearer} ${SENTENCE.notInAuthorization} (${RFC.tokenDisclosure})`,
  intents: [
    'success',
    'repeat',
    'missing',
    'forbidden',
    'boundary',
    'negative',
    'lenient',
    'crossed',
    'other-method',
    'body-ids',
  ],
  skipReason: (options) =>
    needsAll(
      needsAnId(options),
      options.accessToken.length < MIN_SECRET_CHARS
        ? `the Access Token has fewer than ${MIN_SECRET_CHARS} characters: too short to search answers for`
        : undefined,
    ),
  expected: 'an answer that gives the Access Token back nowhere',
  judge: (response, _probe, _spec, facts) => {
    for (const [name, value] of Object.entries(response.headers)) {
      const carried = findCarried(value, facts.accessToken);
      if (carried !== undefined) return `the ${name} header gives the Access Token back ${carried}`;
    }
    const token = dataOf(response.bodyText);
    const body = token === undefined ? response.bodyText : response.bodyText.split(token).join('');
    const carried = findCarried(body, facts.accessToken);
    return carried === undefined ? undefined : `the body gives the Access Token back ${carried}`;
  },
};
