import type { Answer, Check } from '../check-types';
import type { Probe } from '../probe-planner';
import { B64TOKEN } from '../probes-credentials';
import { isRefusal, needsAnId } from './helpers';
import { SENTENCE } from './sentences';

/** A refusal (4xx), or why the answer is not one. */
const refused =
  (accepted: string) =>
  (response: Answer): string | undefined => {
    if (isRefusal(response.status)) return undefined;
    return `status ${response.status}${response.status >= 200 && response.status < 300 ? `: ${accepted}` : ''}`;
  };

/** The checks of the Authorization sentence: the exact credential, in the header, on every route form. */
export const IGNORED_AUTH: Check = {
  name: 'ignored_auth',
  since: 1,
  summary: 'requests without the Access Token under the Bearer scheme are refused (4xx)',
  detail:
    'no `Authorization`, `Bearer` with no token, an unknown bearer token, the real Access Token with no scheme or under `Basic`/`Token`, and Basic credentials are refused (a 4xx) on both operations',
  source: SENTENCE.bearer,
  intents: ['auth'],
  skipReason: needsAnId,
  contrasted: true,
  expected: "a refusal (4xx; 401 is unauthorized_is_401's to require)",
  judge: refused('the request was accepted without valid credentials'),
};

export const CREDENTIAL_EXACT_MATCH: Check = {
  name: 'credential_exact_match',
  since: 1,
  summary: 'only the exact Access Token is accepted: cut, extended, altered, case-changed or padded copies are refused',
  detail:
    'the Access Token without its last or first character, with a character appended or put in front, with its last character changed, in other letter case, followed by a space and a word, after a word, followed by a no-break space, and in the second of two `Authorization` headers (the first an unknown token) are refused on both operations: what prefix, suffix, substring, fixed-length, case-insensitive or trimming comparisons and splitting on spaces accept',
  source: SENTENCE.bearer,
  intents: ['near-miss', 'near-miss-malformed'],
  skipReason: needsAnId,
  contrasted: true,
  expected: 'a refusal (4xx): only the exact Access Token is the credential',
  judge: refused('a credential that is not the exact Access Token was accepted'),
};

export const CREDENTIAL_IN_HEADER_ONLY: Check = {
  name: 'credential_in_header_only',
  since: 1,
  summary: 'the Access Token anywhere but the Authorization header (query, cookie, other headers, body) is refused',
  detail:
    "with no `Authorization` header, the Access Token as the query parameters `access_token`, `accessToken`, `token` (RFC 6750's query form), as cookies of those names, in `X-Access-Token`, `X-Auth-Token`, `Access-Token` headers, and in the POST's JSON body is refused (a 4xx; 400 allowed)",
  source: SENTENCE.bearer,
  intents: ['misplaced'],
  skipReason: needsAnId,
  contrasted: true,
  expected: 'a refusal (4xx): the header Authorization is required',
  judge: refused('the Access Token was accepted outside the Authorization header'),
};

export const VIEW_TOKEN_NOT_ACCESS_TOKEN: Check = {
  name: 'view_token_not_access_token',
  since: 1,
  summary: 'a View Token presented as the Access Token is refused',
  detail:
    'a View Token the run was issued, sent as `Authorization: Bearer <View Token>`, is refused on both operations',
  source: SENTENCE.notInAuthorization,
  intents: ['view-token-as-access'],
  sends: ['success'],
  skipReason: needsAnId,
  contrasted: true,
  expected: 'a refusal (4xx): a View Token is not an Access Token',
  judge: refused('a View Token was accepted as the Access Token'),
};

export const AUTH_ON_ALIASED_ROUTES: Check = {
  name: 'auth_on_aliased_routes',
  since: 1,
  summary:
    'no form of a route a server might alias (trailing slash, other case, //, ./, %-encoding, .json, ;x, GET) answers a success without valid credentials',
  detail:
    "each operation's path with a trailing slash, in upper, lower or capitalised case, with `//`, `./` or a percent-encoded letter, with a `.json` suffix or a `;x` parameter, and the POST route asked with GET, each sent with no `Authorization` and with an unknown bearer token, is never answered 2xx (404, 401 or a redirect are all fine)",
  source: SENTENCE.bearer,
  intents: ['alias'],
  skipReason: needsAnId,
  contrasted: true,
  expected: 'not a success (a 404 for a form not served, a refusal for one served)',
  judge: (response) =>
    response.status >= 200 && response.status < 300
      ? `status ${response.status}: this form of the route answered a success without valid credentials`
      : undefined,
};

export const UNAUTHORIZED_IS_401: Check = {
  name: 'unauthorized_is_401',
  since: 1,
  summary: 'a well-formed request whose credentials are missing or wrong is answered 401',
  detail:
    'every request of `ignored_auth`, the well-formed near-misses of `credential_exact_match` and a View Token presented as the Access Token are answered 401 Unauthorized (RFC 9110: lacking valid credentials), not 403 or another 4xx; malformed credentials (two headers, spaces, U+00A0) may be 400',
  source: `${SENTENCE.bearer} ${SENTENCE.unauthorized}`,
  intents: ['auth', 'near-miss', 'view-token-as-access'],
  skipReason: needsAnId,
  contrasted: true,
  expected: '401 Unauthorized',
  judge: (response, probe) => {
    if (response.status === 401 || !isWellFormed(probe)) return undefined;
    if (response.status >= 200 && response.status < 300)
      return `status ${response.status}, not 401: the request was accepted`;
    if (response.status === 403)
      return 'status 403, not 401: 403 says the caller was recognised and lacks permission, not that its credentials are missing or wrong';
    return `status ${response.status}, not 401`;
  },
};

/** A View Token that is no RFC 6750 b64token may be refused as malformed (400): only a well-formed one must be 401. */
function isWellFormed(probe: Probe): boolean {
  if (probe.intent !== 'view-token-as-access') return true;
  const authorization = probe.request.headers.Authorization;
  return typeof authorization === 'string' && B64TOKEN.test(authorization.replace(/^Bearer /, ''));
}
