// The Authorization checks judged in-process on hand-made answers: which statuses refuse, and the texts a user reads.
import type { Check } from '../../contracts/check-types';
import {
  AUTH_ON_ALIASED_ROUTES,
  CREDENTIAL_EXACT_MATCH,
  CREDENTIAL_IN_HEADER_ONLY,
  IGNORED_AUTH,
  UNAUTHORIZED_IS_401,
  VIEW_TOKEN_NOT_ACCESS_TOKEN,
} from '../../contracts/checks/credentials';
import { defaultSpecPath, loadContractSpec } from '../../contracts/contract-spec';
import type { Probe, ProbeIntent } from '../../contracts/probe-planner';
import { answer, facts, probe } from '../support/check-inputs';

const SPEC = loadContractSpec(defaultSpecPath());
const judge = (check: Check, status: number, sent: Probe = probe(check.intents[0] ?? 'auth')): string | undefined =>
  check.judge(answer(status), sent, SPEC, facts());
const BY_NAME: Record<string, Check> = Object.fromEntries(
  [IGNORED_AUTH, CREDENTIAL_EXACT_MATCH, CREDENTIAL_IN_HEADER_ONLY, VIEW_TOKEN_NOT_ACCESS_TOKEN].map((check) => [
    check.name,
    check,
  ]),
);

test.each<[number, string | undefined]>([
  [199, 'status 199'],
  [200, 'status 200: the request was accepted without valid credentials'],
  [299, 'status 299: the request was accepted without valid credentials'],
  [300, 'status 300'],
  [302, 'status 302'],
  [399, 'status 399'],
  [400, undefined],
  [401, undefined],
  [499, undefined],
  [500, 'status 500'],
])('ignored_auth: a request without valid credentials answered %i is judged %j', (status, reason) => {
  expect(judge(IGNORED_AUTH, status)).toBe(reason);
});

test.each<[string, string]>([
  ['ignored_auth', 'the request was accepted without valid credentials'],
  ['credential_exact_match', 'a credential that is not the exact Access Token was accepted'],
  ['credential_in_header_only', 'the Access Token was accepted outside the Authorization header'],
  ['view_token_not_access_token', 'a View Token was accepted as the Access Token'],
])('%s says what a 200 accepted, and asks a refusal of a 5xx', (name, accepted) => {
  const check = BY_NAME[name] as Check;
  expect(judge(check, 200)).toBe(`status 200: ${accepted}`);
  expect(judge(check, 503)).toBe('status 503');
  expect(judge(check, 403)).toBeUndefined();
});

test.each<[number, string | undefined]>([
  [199, undefined],
  [200, 'status 200: this form of the route answered a success without valid credentials'],
  [299, 'status 299: this form of the route answered a success without valid credentials'],
  [300, undefined],
  [301, undefined],
  [401, undefined],
  [404, undefined],
])('auth_on_aliased_routes: an aliased route without valid credentials answered %i is judged %j', (status, reason) => {
  expect(judge(AUTH_ON_ALIASED_ROUTES, status)).toBe(reason);
});

const WITH_403 =
  'status 403, not 401: 403 says the caller was recognised and lacks permission, not that its credentials are missing or wrong';

test.each<[ProbeIntent, number, string | undefined]>([
  ['auth', 401, undefined],
  ['auth', 200, 'status 200, not 401: the request was accepted'],
  ['auth', 299, 'status 299, not 401: the request was accepted'],
  ['auth', 300, 'status 300, not 401'],
  ['auth', 199, 'status 199, not 401'],
  ['auth', 403, WITH_403],
  ['auth', 400, 'status 400, not 401'],
  ['near-miss', 404, 'status 404, not 401'],
  ['view-token-as-access', 403, WITH_403],
])('unauthorized_is_401: a %s probe answered %i is judged %j', (intent, status, reason) => {
  const sent = probe(intent, { headers: { Authorization: 'Bearer vt-0123456789' } });
  expect(judge(UNAUTHORIZED_IS_401, status, sent)).toBe(reason);
});

test.each<[string, number, string | undefined]>([
  ['vt-0123456789', 400, 'status 400, not 401'],
  ['vt.0123456789==', 403, WITH_403],
  ['vt 0123456789', 400, undefined],
  ['vt=0123456789', 403, undefined],
  ['vt,0123456789', 403, undefined],
])(
  'unauthorized_is_401: the View Token %j (a b64token or not) presented as the Access Token and answered %i is judged %j',
  (token, status, reason) => {
    const sent = probe('view-token-as-access', { headers: { Authorization: `Bearer ${token}` } });
    expect(judge(UNAUTHORIZED_IS_401, status, sent)).toBe(reason);
  },
);
