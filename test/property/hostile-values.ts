import fc from 'fast-check';

/** Replaced, when sent, by a View Token the mock really issued (so success paths are reachable too). */
export const ISSUED_TOKEN = '{{issued-view-token}}';

/** Reflected-XSS probes without spaces (a raw space cannot be sent in a request line). */
export const XSS_MARKERS = [
  '<script>alert(1)</script>',
  '"><img/src=x/onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
] as const;

/** Long values: with a few of them the URL passes the mock's 8 KiB limit, and now and then the 16 KiB header limit. */
const LONG_MAX = 4_000;

/** What a client puts on the wire for a non-Latin-1 string: its UTF-8 bytes (Node sends header and path strings as Latin-1). */
const utf8AsLatin1 = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

/**
 * Keeps what a request target can carry raw (`<`, `"`, `%`, `\\`, `..` and the like) and
 * percent-encodes the rest: controls, space, `?#/&=`, and every byte from 0x7F, which Node's parser
 * refuses in a URL before the app sees the request (clients send UTF-8 percent-encoded).
 */
export function toRawPiece(text: string): string {
  return [...utf8AsLatin1(text)]
    .map((character) => {
      const code = character.charCodeAt(0);
      return code <= 0x20 || code >= 0x7f || '?#/&='.includes(character)
        ? `%${code.toString(16).padStart(2, '0').toUpperCase()}`
        : character;
    })
    .join('');
}

/** A header value Node will send: tab, printable ASCII and 0x80–0xFF bytes only. */
export function toHeaderValue(text: string): string {
  return utf8AsLatin1(text).replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

const percentGarbage = fc.constantFrom(
  '%',
  '%Z',
  '%ZZ',
  '%00',
  '%2F',
  '%2f',
  '%5C',
  '%2e%2e',
  '%C0%AE',
  '%E0%A4%A',
  '%uFFFF',
  '%%',
  '%25',
  '%FF%FE',
  '%0D%0A',
  '%3Cscript%3E',
  'a%ZZb',
  '%E2%80%AE',
);

const unicodeText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 });
const asciiJunk = fc.string({ maxLength: 24 });
const longText = fc
  .tuple(fc.integer({ min: 200, max: LONG_MAX }), fc.constantFrom('a', '9', '%', '<', 'é'))
  .map(([length, unit]) => unit.repeat(length));
const xss = fc.constantFrom(...XSS_MARKERS);

/** Text a hostile client might put anywhere (before it is made sendable). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: asciiJunk },
  { weight: 2, arbitrary: unicodeText },
  { weight: 2, arbitrary: xss },
  { weight: 1, arbitrary: longText },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '..',
      '.',
      '\\',
      '\u0000',
      '\u202e',
      '\ufeff',
      'null',
      'undefined',
      '__proto__',
      'constructor',
      'toString',
    ),
  },
);

/** One raw path segment (or query piece): encoded, raw UTF-8 bytes, or percent-garbage. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileText.map(toRawPiece) },
  { weight: 2, arbitrary: hostileText.map(encodeURIComponent) },
  { weight: 3, arbitrary: percentGarbage },
  { weight: 1, arbitrary: fc.constantFrom('..', '.', '', '%2e%2e', ';', ';a=b', '*', '~', '+', '%20', ...XSS_MARKERS) },
);

export const int64ish = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '1',
      '10001',
      '0',
      '-1',
      '404',
      '403',
      '9223372036854775807',
      '9223372036854775808',
      '-9223372036854775808',
      '-9223372036854775809',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('abc', '1.5', '1e3', '0x10', '+1', '00042', '%201', '%EF%BC%91', '1%00', ''),
  },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);

const hex32 = fc.stringMatching(/^[0-9a-f]{32}$/);

export const viewTokenish = fc.oneof(
  { weight: 3, arbitrary: fc.constant(ISSUED_TOKEN) },
  { weight: 2, arbitrary: hex32 },
  { weight: 2, arbitrary: hostileSegment },
  { weight: 1, arbitrary: hex32.map((token) => token.toUpperCase()) },
);

/** Values of the scenario switches, valid and not; a valid delay is never long (the runs stay fast). */
export const SWITCH_VALUES = {
  code: [
    '400',
    '401',
    '403',
    '404',
    '500',
    '503',
    '201',
    '200',
    '418',
    '999',
    '',
    'abc',
    '500 ',
    ' 404',
    '4O4',
    '1e2',
    '"403"',
  ],
  scenario: [
    'access-token-missing',
    'access-token-invalid',
    'access-token-expired',
    'forbidden',
    'not-found',
    'invalid-parameter',
    'server-error',
    'unavailable',
    'slow',
    '',
    'FORBIDDEN',
    '__proto__',
  ],
  delay: ['0', '1', '5', '-1', 'abc', '1.5', '600000', '60001', '99999999', '', '1e3'],
  fault: ['connection-reset', 'empty-response', 'malformed-json', 'meltdown', '', 'MALFORMED-JSON'],
} as const;

export type SwitchKey = keyof typeof SWITCH_VALUES;
const switchKey = fc.constantFrom<SwitchKey>('code', 'scenario', 'delay', 'fault');
// Forced 5xx and faults are legitimate but make the properties weaker: they come up less often.
const switchValue = (key: SwitchKey): fc.Arbitrary<string> => fc.constantFrom(...SWITCH_VALUES[key]);
export const switchPair: fc.Arbitrary<[SwitchKey, string]> = switchKey.chain((key) =>
  switchValue(key).map((value): [SwitchKey, string] => [key, value]),
);

const preferPiece = fc.oneof(
  { weight: 4, arbitrary: switchPair.map(([key, value]) => `${key}=${value}`) },
  { weight: 1, arbitrary: switchPair.map(([key, value]) => `${key.toUpperCase()} = "${value}"`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'return=minimal',
      'respond-async',
      'wait=10',
      'code',
      'scenario',
      '=',
      '==',
      ';',
      'code=403=404',
      'handling=lenient',
    ),
  },
  { weight: 1, arbitrary: hostileText },
);

export const preferHeader = fc
  .oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.array(preferPiece, { minLength: 1, maxLength: 3 }), fc.constantFrom(', ', '; ', ',', ';', ' , '))
        .map(([pieces, separator]) => pieces.join(separator)),
    },
    { weight: 1, arbitrary: hostileText },
  )
  .map(toHeaderValue);

const basic = (credentials: string): string => `Basic ${Buffer.from(credentials).toString('base64')}`;

/** The mocks' credentials: the closed mock knows application qa-app and requires the admin token. */
export const CREDENTIALS = {
  accessToken: 'test-access-token',
  preIssued: 'ci-token',
  appKey: 'qa-app',
  appSecret: 's3cret',
  adminToken: 'admin-secret',
} as const;

export const authorizationHeader = fc
  .oneof(
    {
      weight: 5,
      arbitrary: fc.constantFrom(
        `Bearer ${CREDENTIALS.accessToken}`,
        `bearer ${CREDENTIALS.accessToken}`,
        `BEARER ${CREDENTIALS.accessToken}`,
        `Bearer ${CREDENTIALS.preIssued}`,
        `Bearer ${CREDENTIALS.adminToken}`,
        basic(`${CREDENTIALS.appKey}:${CREDENTIALS.appSecret}`),
        basic(`${CREDENTIALS.appKey}:wrong`),
        basic('no-colon'),
        'Bearer',
        'Bearer ',
        'Bearer  ',
        `Bearer\t${CREDENTIALS.accessToken}`,
        'Basic',
        'Basic %%%',
        'Basic ====',
        'Digest username="x", realm="y"',
        'Token abc',
        'Negotiate YII=',
        'Bearer a b c',
        `Bearer ${CREDENTIALS.accessToken}, Bearer other`,
        '',
      ),
    },
    { weight: 2, arbitrary: hostileText.map((text) => `Bearer ${text}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('Basic ', 'Bearer', 'Bearer:', 'MAC ', ''), hostileText)
        .map(([scheme, text]) => `${scheme}${text}`),
    },
  )
  .map(toHeaderValue);

export const contentTypeHeader = fc
  .oneof(
    { weight: 4, arbitrary: fc.constant('application/json') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'application/json; charset=utf-16',
        'application/json; charset=nope',
        'application/json;;;',
        'application/merge-patch+json',
        'application/problem+json',
        'APPLICATION/JSON',
        'text/plain',
        'text/html',
        '*/*',
        '',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
        'application/json; boundary="',
        'json',
      ),
    },
    { weight: 1, arbitrary: hostileText },
  )
  .map(toHeaderValue);

export const sessionHeader = fc
  .oneof(
    { weight: 2, arbitrary: fc.constantFrom('worker-1', 'worker-2', '', ' ', 'a,b') },
    { weight: 3, arbitrary: hostileText },
  )
  .map(toHeaderValue);
