// The checks of what a token answer leaves behind, judged on hand-made answers: their verdicts and the texts a user reads.
import {
  ACCESS_TOKEN_NEVER_ECHOED,
  TOKEN_ANSWER_NOT_SHARED_CACHEABLE,
  UNIQUE_JSON_MEMBERS,
} from '../../contracts/checks/hygiene';
import { loadContractSpec, defaultSpecPath } from '../../contracts/contract-spec';
import { ACCESS_TOKEN, answer, facts, issuing, options, probe, result } from '../support/check-inputs';

const SPEC = loadContractSpec(defaultSpecPath());
const judge = (check: typeof UNIQUE_JSON_MEMBERS, status: number, body: string, headers = {}): string | undefined =>
  check.judge(answer(status, body, headers), probe('success'), SPEC, facts());

test.each<[number, string | undefined]>([
  [199, undefined],
  [200, 'the body repeats the member "data"'],
  [201, 'the body repeats the member "data"'],
  [299, 'the body repeats the member "data"'],
  [300, undefined],
  [404, undefined],
])('unique_json_members: a body repeating "data" answered %i is judged %j', (status, reason) => {
  expect(judge(UNIQUE_JSON_MEMBERS, status, '{"code":"success","data":"a","data":"b"}')).toBe(reason);
});

test('unique_json_members leaves a success body that is not JSON to response_schema_conformance', () => {
  expect(judge(UNIQUE_JSON_MEMBERS, 200, '{"data":"a","data":"b",}')).toBeUndefined();
  expect(judge(UNIQUE_JSON_MEMBERS, 200, '{"data":"a","data":"b"')).toBeUndefined();
});

test.each<[string, number[], string | undefined]>([
  ['a 200', [404, 200], undefined],
  ['a 299', [299], undefined],
  ['only a 300', [300], 'no request of this run was answered a success (see success_envelope)'],
  ['only a 199', [199], 'no request of this run was answered a success (see success_envelope)'],
  ['only refusals', [401, 404], 'no request of this run was answered a success (see success_envelope)'],
])('unique_json_members with %s is judged only when a request was answered a success', (_label, statuses, reason) => {
  const judged = statuses.map((status) => result(answer(status, issuing('vt-0123456789'))));
  expect(UNIQUE_JSON_MEMBERS.enough?.(judged, facts(), SPEC)).toBe(reason);
});

const CACHED = (control: string): string =>
  `Cache-Control: ${control} lets a shared cache store this View Token (public) and give it to another caller`;

test.each<[string, string | undefined]>([
  ['public', CACHED('public')],
  ['PUBLIC, max-age=60', CACHED('PUBLIC, max-age=60')],
  [
    'public, s-maxage=60, must-revalidate',
    'Cache-Control: public, s-maxage=60, must-revalidate lets a shared cache store this View Token (public, s-maxage, must-revalidate) and give it to another caller',
  ],
  ['max-age=60', undefined],
  ['no-cache', undefined],
  ['private', undefined],
  ['public, private', undefined],
  ['s-maxage=60, no-store', undefined],
  ['no-store', undefined],
])('token_answer_not_shared_cacheable: a View Token with Cache-Control %j is judged %j', (control, reason) => {
  const check = TOKEN_ANSWER_NOT_SHARED_CACHEABLE;
  expect(judge(check, 200, issuing('vt-0123456789'), { 'cache-control': control })).toBe(reason);
});

const CDN_CACHED = (control: string, directives: string): string =>
  `CDN-Cache-Control: ${control} lets a CDN (a shared cache: RFC 9213) store this View Token (${directives}) and give it to another caller`;

// RFC 9213: a CDN obeys CDN-Cache-Control in place of Cache-Control, whatever Cache-Control says.
test.each<[Record<string, string>, string | undefined]>([
  [
    { 'cache-control': 'private', 'cdn-cache-control': 'public, max-age=60' },
    CDN_CACHED('public, max-age=60', 'public'),
  ],
  [{ 'cache-control': 'no-store', 'cdn-cache-control': 's-maxage=60' }, CDN_CACHED('s-maxage=60', 's-maxage')],
  [{ 'cdn-cache-control': 'Public' }, CDN_CACHED('Public', 'public')],
  [{ 'cache-control': 'private', 'cdn-cache-control': 'private' }, undefined],
  [{ 'cache-control': 'private', 'cdn-cache-control': 'no-store' }, undefined],
  [{ 'cdn-cache-control': 'max-age=60' }, undefined],
  [{ 'cache-control': 'private' }, undefined],
  [{ 'cache-control': 'public', 'cdn-cache-control': 'no-store' }, CACHED('public')],
])('token_answer_not_shared_cacheable: a View Token with %j is judged %j', (headers, reason) => {
  expect(judge(TOKEN_ANSWER_NOT_SHARED_CACHEABLE, 200, issuing('vt-0123456789'), headers)).toBe(reason);
});

test('token_answer_not_shared_cacheable judges only answers that carry a View Token, and those with a Cache-Control', () => {
  const check = TOKEN_ANSWER_NOT_SHARED_CACHEABLE;
  expect(judge(check, 200, '{"code":"fail","message":"no"}', { 'cache-control': 'public' })).toBeUndefined();
  expect(judge(check, 200, '{"code":"fail","message":"no"}', { 'cdn-cache-control': 'public' })).toBeUndefined();
  expect(judge(check, 200, issuing('vt-0123456789'))).toBeUndefined();
});

test.each<[string, number, string, string | undefined]>([
  ['a View Token', 200, issuing('vt-0123456789'), undefined],
  ['a 201 with a token', 201, issuing('vt-0123456789'), 'no View Token was issued in this run (see success_envelope)'],
  ['a 200 without data', 200, '{"code":"success"}', 'no View Token was issued in this run (see success_envelope)'],
])(
  'token_answer_not_shared_cacheable with %s is judged only when a View Token was issued',
  (_label, status, body, reason) => {
    expect(TOKEN_ANSWER_NOT_SHARED_CACHEABLE.enough?.([result(answer(status, body))], facts(), SPEC)).toBe(reason);
  },
);

test.each<[string, string, string | undefined]>([
  ['7 characters', 'abcdefg', 'the Access Token has fewer than 8 characters: too short to search answers for'],
  ['8 characters', 'abcdefgh', undefined],
  ['9 characters', 'abcdefghi', undefined],
])('access_token_never_echoed with an Access Token of %s: skipped below 8', (_label, token, reason) => {
  expect(ACCESS_TOKEN_NEVER_ECHOED.skipReason?.(options({ fileId: '11' }, token))).toBe(reason);
});

test('access_token_never_echoed without an object id names both what it needs, once each', () => {
  expect(ACCESS_TOKEN_NEVER_ECHOED.skipReason?.(options({}, 'abc'))).toBe(
    'no object id given: add --file-id (or --integrate-id, --compare-id, --scene-id, --submodel-id, --clash-detective-id, --module-data-id; --integrate-id with --child-file-id for the POST); the Access Token has fewer than 8 characters: too short to search answers for',
  );
});

test.each<[string, string, Record<string, string>, string | undefined]>([
  ['a clean answer', issuing('vt-0123456789'), { 'content-type': 'application/json' }, undefined],
  [
    'the Access Token in the body',
    JSON.stringify({ code: 'success', data: 'vt-0123456789', message: `for ${ACCESS_TOKEN}` }),
    {},
    'the body gives the Access Token back in plain text',
  ],
  [
    'the Access Token in a cookie',
    issuing('vt-0123456789'),
    { 'set-cookie': `session=${ACCESS_TOKEN}; HttpOnly` },
    'the set-cookie header gives the Access Token back in plain text',
  ],
  ['the Access Token inside the View Token only', issuing(`vt.${ACCESS_TOKEN}`), {}, undefined],
])('access_token_never_echoed: %s', (_label, body, headers, reason) => {
  expect(ACCESS_TOKEN_NEVER_ECHOED.judge(answer(200, body, headers), probe('success'), SPEC, facts())).toBe(reason);
});
