// The pure helpers of checks version 2, at their edges: repeated JSON names, JWTs, how far apart tokens are.
import { GUESSABLE_BITS, LIFETIME_TOLERANCE_S } from '../../contracts/checks/token-shape';
import { repeatedMember } from '../../contracts/json-members';
import { readJwt } from '../../contracts/jwt';
import { alphabetSize, closeTokens } from '../../contracts/token-distance';

test.each<[string, string | undefined]>([
  ['{"code":"success","data":"a","message":""}', undefined],
  ['{"code":"success","data":"a","data":"b"}', 'data'],
  ['{"code":"x","\\u0063ode":"success"}', 'code'],
  ['{"a":{"b":1,"b":2}}', 'b'],
  ['{"a":{"b":1},"c":{"b":2}}', undefined],
  ['[{"a":1},{"a":2}]', undefined],
  ['{"list":["a","a"],"a":1}', undefined],
  ['{"s":"\\"a\\":1,\\"a\\":2"}', undefined],
  ['{"k":"v","n":[1,{"k":1,"z":[{"k":2}]}],"k":3}', 'k'],
  ['{}', undefined],
  // A name after a closed object or list is the outer object's again.
  ['{"a":{"b":1},"a":2}', 'a'],
  ['{"a":[1],"a":2}', 'a'],
  ['{"a":[{"b":1}],"b":2}', undefined],
  // An escaped quote does not end a name.
  ['{"a\\"":1,"a\\"":2}', 'a"'],
])('repeatedMember(%s) is %j', (json, name) => {
  expect(repeatedMember(json)).toBe(name);
});

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

test.each<[string, string, object | undefined]>([
  [
    'an unsecured JWT',
    `${b64({ alg: 'none' })}.${b64({ exp: 1 })}.`,
    { header: { alg: 'none' }, claims: { exp: 1 }, signature: '' },
  ],
  [
    'a signed JWT',
    `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({})}.c2ln`,
    { header: { alg: 'HS256', typ: 'JWT' }, claims: {}, signature: 'c2ln' },
  ],
  ['a header without alg', `${b64({ typ: 'JWT' })}.${b64({})}.c2ln`, undefined],
  ['claims that are no object', `${b64({ alg: 'none' })}.${Buffer.from('[1]').toString('base64url')}.`, undefined],
  ['claims that are a number', `${b64({ alg: 'none' })}.${Buffer.from('1').toString('base64url')}.`, undefined],
  ['claims that are a string', `${b64({ alg: 'none' })}.${Buffer.from('"x"').toString('base64url')}.`, undefined],
  ['a header that is null', `${Buffer.from('null').toString('base64url')}.${b64({})}.`, undefined],
  ['two segments', `${b64({ alg: 'none' })}.${b64({})}`, undefined],
  ['a segment that is not JSON', `${b64({ alg: 'none' })}.bm90LWpzb24.`, undefined],
  ['32 hex digits', '966590691e9f212e44eea9401d267fba', undefined],
])('readJwt: %s', (_label, token, read) => {
  expect(readJwt(token)).toEqual(read);
});

test.each<[string, string[], number]>([
  ['digits', ['0123', '9'], 10],
  ['lower hex', ['00ff', 'a1'], 16],
  ['upper hex', ['00FF', 'A1'], 16],
  ['lower letters and digits', ['token01', 'z'], 36],
  ['upper letters and digits', ['TOKEN01', 'Z'], 36],
  ['letters of both cases', ['Token01'], 62],
  ['base64url', ['a-b_c'], 64],
])('the alphabet of %s has %i characters', (_label, tokens, size) => {
  expect(alphabetSize(tokens)).toBe(size);
});

test('two tokens one character apart are close (sequential); a token of another length is not compared', () => {
  expect(closeTokens(['token01', 'token02', 'token3'], GUESSABLE_BITS)).toEqual([
    { earlier: 'token01', later: 'token02', differing: 1, length: 7, bits: Math.log2(36) },
  ]);
});

test.each([
  ['16 hex digits apart: 64 bits, still guessable', 16, 1],
  ['17 hex digits apart: 68 bits, far enough', 17, 0],
])('%s', (_label, differing, found) => {
  const earlier = '0'.repeat(32);
  const later = `${'f'.repeat(differing)}${'0'.repeat(32 - differing)}`;
  expect(closeTokens([earlier, later], GUESSABLE_BITS)).toHaveLength(found);
});

test('a token issued twice is not "close" to itself (the same token again is another check\'s finding)', () => {
  expect(closeTokens(['token01', 'token01'], GUESSABLE_BITS)).toEqual([]);
});

test('the closest earlier token is the one reported', () => {
  const close = closeTokens(['aaaa0000', 'bbbb0000', 'aaaa0001'], GUESSABLE_BITS).find(
    (pair) => pair.later === 'aaaa0001',
  );
  expect([close?.earlier, close?.differing]).toEqual(['aaaa0000', 1]);
});

test('the lifetime tolerance is five minutes either side of 12 hours', () => {
  expect(LIFETIME_TOLERANCE_S).toBe(300);
  expect(GUESSABLE_BITS).toBe(64);
});
