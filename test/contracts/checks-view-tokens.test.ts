// The View Token checks judged one answer (or one run's answers) at a time: each verdict and the
// sentence a user reads, at the boundaries the checks name (8-character secrets, 12 h ± 5 min, two objects).
import type { Answer, ProbeResult } from '../../contracts/check-types';
import {
  REFUSAL_CLAIMS_NO_SUCCESS,
  VIEW_TOKEN_HIDES_ACCESS_TOKEN,
  VIEW_TOKEN_OBJECT_SCOPED,
  VIEW_TOKENS_USABLE,
} from '../../contracts/checks/tokens';
import { VIEW_TOKEN_LIFETIME, VIEW_TOKEN_UNFORGEABLE } from '../../contracts/checks/token-shape';
import type { ContractSpec } from '../../contracts/contract-spec';
import type { Exchange } from '../../contracts/http-exchange';
import { parseContractArgs, type ContractOptions } from '../../contracts/options';
import type { Probe } from '../../contracts/probe-planner';
import { ACCESS_TOKEN, answer, facts, issuing, probe } from '../support/check-inputs';

const spec = {} as ContractSpec; // these checks never read the spec

const anAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  answer(status, typeof body === 'string' ? body : JSON.stringify(body), headers);
const aToken = (token: string, headers: Record<string, string> = {}): Answer => answer(200, issuing(token), headers);

/** A success probe that asked for `object` (none: a probe that named no object). */
function aProbe(object?: string): Probe {
  const { object: _ignored, ...sent } = probe('success');
  return object === undefined ? sent : { ...sent, object };
}

const aResult = (exchange: Exchange, object?: string): ProbeResult => ({ probe: aProbe(object), exchange });
const { request, timing } = answer(0);
const broken: Exchange = { kind: 'broken', request, timing, reason: 'the connection was reset' };

function anOptions(...ids: string[]): ContractOptions {
  const command = parseContractArgs(['--base-url', 'http://127.0.0.1:1', '--access-token', ACCESS_TOKEN, ...ids]);
  if (command.kind !== 'run') throw new Error('fixture');
  return command.options;
}

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const aJwt = (header: object, claims: object, signature = 'c2lnbmF0dXJl'): string =>
  `${base64url(header)}.${base64url(claims)}.${signature}`;

const judge = (check: typeof VIEW_TOKENS_USABLE, response: Answer, known = facts()): string | undefined =>
  check.judge(response, aProbe('fileId=1'), spec, known);

test.each([
  [aToken('a1b2c3d4e5f6'), undefined],
  [aToken('   '), 'status 200, data "   "'],
  [anAnswer(200, { code: 'success', data: 12 }), 'status 200, data 12'],
  [anAnswer(200, { code: 'success' }), 'status 200, data undefined'],
  [anAnswer(201, { code: 'success', data: 'a1b2c3d4e5f6' }), 'status 201, data "a1b2c3d4e5f6"'],
])(
  'view_tokens_usable: a 200 with a non-blank token string passes, anything else says its status and data',
  (answer, reason) => {
    expect(judge(VIEW_TOKENS_USABLE, answer)).toBe(reason);
  },
);

test('view_tokens_usable is skipped without a query id, naming the flag; with one it runs', () => {
  // Only the child file's POST: --integrate-id with --child-file-id, and no query id (the options as a library user may give them).
  const childOnly = { ...anOptions('--file-id', '1'), ids: { childFileId: '8' } };
  expect(VIEW_TOKENS_USABLE.skipReason?.(childOnly)).toBe('no query id given: add --file-id (or another id flag)');
  expect(VIEW_TOKENS_USABLE.skipReason?.(anOptions('--file-id', '1'))).toBeUndefined();
  expect(VIEW_TOKENS_USABLE.skipReason?.(anOptions('--module-data-id', '5'))).toBeUndefined();
});

test.each([
  [[], 'View Tokens came back for no object, and one cannot show scoping (see success_envelope)'],
  [
    [aResult(aToken('t1'), 'fileId=1'), aResult(anAnswer(404, {}), 'integrateId=2')],
    'View Tokens came back for one object only, and one cannot show scoping (see success_envelope)',
  ],
  [
    [aResult(aToken('t1'), 'fileId=1'), aResult(aToken('t2'), 'fileId=1')],
    'View Tokens came back for one object only, and one cannot show scoping (see success_envelope)',
  ],
  [[aResult(aToken('t1'), 'fileId=1'), aResult(aToken('t2'), 'integrateId=2')], undefined],
])('view_token_object_scoped judges only when View Tokens came back for two objects or more (%#)', (judged, reason) => {
  expect(VIEW_TOKEN_OBJECT_SCOPED.enough?.(judged, facts(), spec)).toBe(reason);
});

test('view_token_object_scoped: the same token for two objects is one finding naming both, a token repeated for its own object is none', () => {
  const results = [
    aResult(aToken('tokenA'), 'fileId=1'),
    aResult(aToken('tokenA'), 'fileId=1'),
    aResult(aToken('tokenA'), 'integrateId=2'),
    aResult(aToken('tokenB'), 'compareId=3'),
    aResult(broken, 'sceneId=4'),
    aResult(aToken('tokenB')),
  ];
  expect(VIEW_TOKEN_OBJECT_SCOPED.judgeTogether?.(results, facts())).toEqual([
    {
      result: results[2],
      reason: 'the View Token for integrateId=2 is the one issued for fileId=1',
      cause: 'a View Token issued for another object',
    },
  ]);
});

test.each([
  ['--file-id', '1', ACCESS_TOKEN, undefined],
  ['--file-id', '1', '12345678', undefined],
  ['--file-id', '1', '1234567', 'the Access Token has fewer than 8 characters: too short to search View Tokens for'],
])(
  'view_token_hides_access_token needs an Access Token of 8 characters or more (%s %s, token %s)',
  (flag, id, token, reason) => {
    const command = parseContractArgs(['--base-url', 'http://127.0.0.1:1', '--access-token', token, flag, id]);
    if (command.kind !== 'run') throw new Error('fixture');
    expect(VIEW_TOKEN_HIDES_ACCESS_TOKEN.skipReason?.(command.options)).toBe(reason);
  },
);

test('view_token_hides_access_token: enough once any View Token came back; judges 200 answers only', () => {
  expect(VIEW_TOKEN_HIDES_ACCESS_TOKEN.enough?.([aResult(anAnswer(404, {}), 'fileId=1')], facts(), spec)).toBe(
    'no View Token was issued in this run (see success_envelope)',
  );
  expect(VIEW_TOKEN_HIDES_ACCESS_TOKEN.enough?.([aResult(aToken('t1'), 'fileId=1')], facts(), spec)).toBeUndefined();
  const carrying = { code: 'success', data: `x.${ACCESS_TOKEN}.y`, message: '' };
  expect(judge(VIEW_TOKEN_HIDES_ACCESS_TOKEN, anAnswer(200, carrying))).toBe(
    'the View Token carries the Access Token in plain text',
  );
  expect(judge(VIEW_TOKEN_HIDES_ACCESS_TOKEN, anAnswer(403, carrying))).toBeUndefined();
});

test('refusal_claims_no_success: enough only when a request of the run was refused (4xx)', () => {
  const noRefusal = [aResult(aToken('t1'), 'fileId=1'), aResult(anAnswer(500, {})), aResult(broken)];
  expect(REFUSAL_CLAIMS_NO_SUCCESS.enough?.(noRefusal, facts(), spec)).toBe('no request of this run was refused (4xx)');
  expect(REFUSAL_CLAIMS_NO_SUCCESS.enough?.([...noRefusal, aResult(anAnswer(401, {}))], facts(), spec)).toBeUndefined();
});

const ISSUED = 'Ab3dEf7hIj9k'; // lower, upper and digits, 12 characters
test.each([
  ['a success envelope', anAnswer(403, { code: 'success', data: null }), 'a refusal says code "success"'],
  ['the service envelope of a refusal', anAnswer(403, { code: 'authentication.failed', data: null }), undefined],
  ['a JSON body that is not an object', anAnswer(403, '"success"'), undefined],
  ['null', anAnswer(403, 'null'), undefined],
  [
    'an issued token in the body',
    anAnswer(404, `no ${ISSUED} here`),
    'a refusal carries a View Token issued in this run',
  ],
  [
    'an issued token in a header',
    anAnswer(401, '', { 'x-token': ISSUED }),
    'a refusal carries a View Token issued in this run',
  ],
  [
    'a token shaped like the issued ones',
    anAnswer(403, { code: 'x', data: 'Zz9yYx8wWv7u' }),
    'a refusal carries a View Token in data (shaped like the ones issued)',
  ],
  ['data one character longer', anAnswer(403, { code: 'x', data: 'Zz9yYx8wWv7uT' }), undefined],
  ['data with a kind of character the tokens lack', anAnswer(403, { code: 'x', data: 'Zz9yYx8wWv7-' }), undefined],
  [
    'data of lower-case letters only',
    anAnswer(403, { code: 'x', data: 'abcdefghijkl' }),
    'a refusal carries a View Token in data (shaped like the ones issued)',
  ],
  ['a success answer', anAnswer(200, { code: 'success', data: ISSUED }), undefined],
])('refusal_claims_no_success: %s', (_label, answer, reason) => {
  expect(judge(REFUSAL_CLAIMS_NO_SUCCESS, answer, facts([ISSUED]))).toBe(reason);
});

test('refusal_claims_no_success: data shaped like one of the tokens issued, not all of them', () => {
  expect(
    judge(REFUSAL_CLAIMS_NO_SUCCESS, anAnswer(403, { code: 'x', data: 'Zz9yYx8wWv7u' }), facts([ISSUED, 'vt-0001'])),
  ).toBe('a refusal carries a View Token in data (shaped like the ones issued)');
});

test.each([
  ['lower-case letters where the tokens have upper-case ones', 'AB3DEF7HIJ9K', 'ab3def7hij9k', undefined],
  ['digits only for letters only', '123456789012', 'abcdefghijkl', undefined],
  ['letters for digits', 'abcdefghijkl', '123456789012', undefined],
  ['upper-case for digits', 'ABCDEFGHIJKL', '123456789012', undefined],
  [
    'a punctuation the token has',
    'abc.defghijk',
    'zyx.wvutsrqp',
    'a refusal carries a View Token in data (shaped like the ones issued)',
  ],
  ['another punctuation', 'abc.defghijk', 'zyx_wvutsrqp', undefined],
])('refusal_claims_no_success reads a shape by its kinds of character: %s', (_label, issued, data, reason) => {
  expect(judge(REFUSAL_CLAIMS_NO_SUCCESS, anAnswer(403, { code: 'x', data }), facts([issued]))).toBe(reason);
});

test.each([
  ['seven characters, in the body', 'Ab3dEf7', `no Ab3dEf7 here`, undefined],
  [
    'eight characters, in the body',
    'Ab3dEf7h',
    `no Ab3dEf7h here`,
    'a refusal carries a View Token issued in this run',
  ],
  ['seven characters, as data', 'Ab3dEf7', { code: 'x', data: 'Zz9yYx8' }, undefined],
  [
    'eight characters, as data',
    'Ab3dEf7h',
    { code: 'x', data: 'Zz9yYx8w' },
    'a refusal carries a View Token in data (shaped like the ones issued)',
  ],
])('refusal_claims_no_success looks for View Tokens of 8 characters or more: %s', (_label, issued, body, reason) => {
  expect(judge(REFUSAL_CLAIMS_NO_SUCCESS, anAnswer(403, body), facts([issued]))).toBe(reason);
});

test.each([
  [
    [aResult(aToken('t1'), 'fileId=1'), aResult(aToken('t1'), 'integrateId=2')],
    'fewer than two different View Tokens came back, and one cannot show how far apart they are (see success_envelope)',
  ],
  [
    [aResult(aToken('t1'), 'fileId=1'), aResult(anAnswer(404, {}), 'integrateId=2')],
    'fewer than two different View Tokens came back, and one cannot show how far apart they are (see success_envelope)',
  ],
  [[aResult(aToken('t1'), 'fileId=1'), aResult(aToken('t2'), 'integrateId=2')], undefined],
])('view_token_unforgeable needs two different View Tokens (%#)', (judged, reason) => {
  expect(VIEW_TOKEN_UNFORGEABLE.enough?.(judged, facts(), spec)).toBe(reason);
});

test.each([
  [
    'alg none',
    aJwt({ alg: 'none' }, { sub: '1' }, ''),
    'the View Token is a JWT with alg "none" and no signature: anyone can write one for another object',
  ],
  [
    'alg none with a signature',
    aJwt({ alg: 'none' }, { sub: '1' }),
    'the View Token is a JWT with alg "none": anyone can write one for another object',
  ],
  [
    'alg NoNe',
    aJwt({ alg: 'NoNe' }, { sub: '1' }),
    'the View Token is a JWT with alg "NoNe": anyone can write one for another object',
  ],
  [
    'alg HS256 without a signature',
    aJwt({ alg: 'HS256' }, { sub: '1' }, ''),
    'the View Token is a JWT with alg "HS256" and no signature: anyone can write one for another object',
  ],
  ['a signed JWT', aJwt({ alg: 'HS256' }, { sub: '1' }), undefined],
  ['an opaque token', 'a1b2c3d4e5f6a7b8', undefined],
])('view_token_unforgeable judges a JWT View Token by its alg and signature: %s', (_label, token, reason) => {
  expect(judge(VIEW_TOKEN_UNFORGEABLE, aToken(token))).toBe(reason);
});

test('view_token_unforgeable: close tokens are one finding each, naming both objects, the count of differing characters and the bits', () => {
  const results = [
    aResult(aToken('token0001'), 'fileId=1'),
    aResult(aToken('token0001'), 'fileId=1'),
    aResult(aToken('token0002'), 'integrateId=2'),
    aResult(aToken('q8Zr2LmX7Kd')),
    aResult(broken, 'sceneId=4'),
  ];
  expect(VIEW_TOKEN_UNFORGEABLE.judgeTogether?.(results, facts())).toEqual([
    {
      result: results[2],
      reason:
        'the View Tokens for fileId=1 and integrateId=2 differ in 1 of 9 characters (at most 6 bits apart): a caller who holds one can guess others',
      cause: 'View Tokens so close to one another that one gives the others away',
    },
  ]);
});

test('view_token_unforgeable: a token whose probe named no object is "the same object"', () => {
  const results = [aResult(aToken('token0001')), aResult(aToken('token0002'))];
  expect(VIEW_TOKEN_UNFORGEABLE.judgeTogether?.(results, facts())[0]?.reason).toBe(
    'the View Tokens for the same object and the same object differ in 1 of 9 characters (at most 5 bits apart): a caller who holds one can guess others',
  );
});

const ISSUED_AT = 1_800_000_000;
const TWELVE_HOURS = 12 * 3600;
test.each([
  [TWELVE_HOURS, undefined],
  [TWELVE_HOURS + 300, undefined],
  [TWELVE_HOURS - 300, undefined],
  [TWELVE_HOURS + 301, 'expires 12.1 hours after'],
  [TWELVE_HOURS - 301, 'expires 11.9 hours after'],
  [7140, 'expires 119 minutes after'],
  [7200, 'expires 2 hours after'],
  [-3600, 'expires -60 minutes after'],
  [47.9 * 3600, 'expires 47.9 hours after'],
  [48 * 3600, 'expires 2 days after'],
  [30 * 24 * 3600, 'expires 30 days after'],
])('view_token_lifetime: a JWT whose exp is %i s after its iat', (lifetime, says) => {
  const token = aJwt({ alg: 'HS256' }, { iat: ISSUED_AT, exp: ISSUED_AT + lifetime });
  expect(judge(VIEW_TOKEN_LIFETIME, aToken(token))).toBe(
    says === undefined ? undefined : `the View Token (a JWT) ${says} it was issued (exp against iat), not 12 hours`,
  );
});

test("view_token_lifetime: without iat the answer's Date header is when it was issued", () => {
  const date = 'Thu, 15 Jan 2027 08:00:00 GMT';
  const issued = Date.parse(date) / 1000;
  const answer = (exp: number) => aToken(aJwt({ alg: 'HS256' }, { exp }), { date });
  expect(judge(VIEW_TOKEN_LIFETIME, answer(issued + TWELVE_HOURS))).toBeUndefined();
  expect(judge(VIEW_TOKEN_LIFETIME, answer(issued + 600))).toBe(
    'the View Token (a JWT) expires 10 minutes after it was issued (exp against the Date header), not 12 hours',
  );
});

test("view_token_lifetime: without iat or a Date header the harness's clock is when it was issued", () => {
  const now = jest.spyOn(Date, 'now').mockReturnValue(ISSUED_AT * 1000);
  try {
    const answer = (exp: number) => aToken(aJwt({ alg: 'HS256' }, { exp }), { date: 'not a date' });
    expect(judge(VIEW_TOKEN_LIFETIME, answer(ISSUED_AT + TWELVE_HOURS))).toBeUndefined();
    expect(judge(VIEW_TOKEN_LIFETIME, answer(ISSUED_AT + 600))).toBe(
      "the View Token (a JWT) expires 10 minutes after it was issued (exp against the harness's clock), not 12 hours",
    );
  } finally {
    now.mockRestore();
  }
});

test.each([
  ['a JWT without exp', aToken(aJwt({ alg: 'HS256' }, { iat: ISSUED_AT }))],
  ['an opaque token', aToken('a1b2c3d4e5f6a7b8')],
  ['a refusal carrying a short-lived JWT', anAnswer(403, { data: aJwt({ alg: 'HS256' }, { iat: 0, exp: 60 }) })],
])('view_token_lifetime: %s states no expiry and passes', (_label, answer) => {
  expect(judge(VIEW_TOKEN_LIFETIME, answer)).toBeUndefined();
});

test.each([
  ['a string of 48 hours', String(ISSUED_AT + 48 * 3600), 'a string'],
  ['a string of 12 hours', String(ISSUED_AT + TWELVE_HOURS), 'a string'],
  ['null', null, 'null'],
  ['an object', { seconds: ISSUED_AT + TWELVE_HOURS }, 'an object'],
  ['an array', [ISSUED_AT + TWELVE_HOURS], 'an array'],
  ['true', true, 'a boolean'],
])(
  'view_token_lifetime: a JWT whose exp is %s, not a NumericDate (RFC 7519: a JSON number), fails',
  (_label, exp, shown) => {
    const token = aJwt({ alg: 'HS256' }, { iat: ISSUED_AT, exp });
    expect(judge(VIEW_TOKEN_LIFETIME, aToken(token))).toBe(
      `the View Token (a JWT) states exp as ${shown}, not a number: RFC 7519 makes exp a NumericDate (a JSON number of seconds), and a client reading it as one finds none`,
    );
  },
);

test.each([
  [
    'no answer issued a View Token',
    [aResult(anAnswer(500, 'boom')), aResult(anAnswer(403, {}))],
    'no View Token was issued in this run (see success_envelope)',
  ],
  [
    'a 200 without data',
    [aResult(anAnswer(200, { code: 'success' }))],
    'no View Token was issued in this run (see success_envelope)',
  ],
  ['one View Token (opaque)', [aResult(anAnswer(500, 'boom')), aResult(aToken('a1b2c3d4e5f6a7b8'))], undefined],
])('view_token_lifetime is judged only when a View Token was issued: %s', (_label, results, reason) => {
  expect(VIEW_TOKEN_LIFETIME.enough?.(results, facts(), spec)).toBe(reason);
});

test('refusal_claims_no_success: data shaped like any one of the View Tokens issued is caught, not only like all of them', () => {
  const refusal = anAnswer(403, { code: 'x', data: 'Zz9yYx8wWv7u' });
  expect(judge(REFUSAL_CLAIMS_NO_SUCCESS, refusal, facts(['123456789012', 'Ab3dEf7hIj9k']))).toBe(
    'a refusal carries a View Token in data (shaped like the ones issued)',
  );
});
