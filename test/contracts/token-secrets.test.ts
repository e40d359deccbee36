// findCarried: how a View Token carries the Access Token (plain, or inside segments that decode to it,
// nested up to three deep), in-process; the harness's runs reach it only through whole probes.
import { findCarried } from '../../contracts/token-secrets';

const SECRET = 'ci-secret-1';
const base64 = (text: string): string => Buffer.from(text, 'latin1').toString('base64');
const base64url = (text: string): string => Buffer.from(text, 'latin1').toString('base64url');
const hex = (text: string): string => Buffer.from(text, 'latin1').toString('hex');
const percent = (text: string): string => [...text].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('');

test.each<[string, string, string | undefined]>([
  ['the secret itself', `vt.${SECRET}.x`, 'in plain text'],
  ['base64 of it', `vt.${base64(`{"t":"${SECRET}"}`)}`, 'inside a base64 segment'],
  [
    'base64url of it, not starting on a 4-character boundary',
    `x${base64url(`--${SECRET}--`)}`,
    'inside a base64 segment',
  ],
  ['hex of it', `id-${hex(SECRET)}`, 'inside a hex segment'],
  ['hex of it one digit into a run', `a${hex(SECRET)}`, 'inside a hex segment'],
  ['hex of it in an odd-length run', `${hex(SECRET)}f`, 'inside a hex segment'],
  ['percent-encoded', `t=${percent(SECRET)}`, 'inside a percent-encoded segment'],
  ['hex inside base64', base64(hex(SECRET)), 'inside a hex segment, itself inside a base64 segment'],
  [
    'three layers deep',
    base64(hex(base64(SECRET))),
    'inside a base64 segment, itself inside a hex segment, itself inside a base64 segment',
  ],
  ['four layers deep (past the search depth)', base64(hex(base64(hex(SECRET)))), undefined],
  ['a token that carries another text', base64('nothing to see here'), undefined],
  ['percent signs that escape nothing', `%zz${SECRET.slice(1)}`, undefined],
])('findCarried: %s', (_, token, how) => {
  expect(findCarried(token, SECRET)).toBe(how);
});

test('a secret shorter than 8 characters is not searched for (it would turn up in random bytes); 8 is', () => {
  expect(findCarried('vt-1234567', '1234567')).toBeUndefined();
  expect(findCarried('vt-12345678', '12345678')).toBe('in plain text');
});
