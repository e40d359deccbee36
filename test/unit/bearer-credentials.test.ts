import fc from 'fast-check';
import { readBearerCredentials } from '../../mock/core/bearer-credentials';
import { announceSeed, propertyParameters } from '../support/property-seed';

beforeAll(() => announceSeed('test/unit/bearer-credentials.test.ts'));

test.each([
  ['Bearer abc', 'abc'],
  ['bearer  abc ', 'abc '],
  ['BEARER\tabc', 'abc'],
  ['Bearer', ''],
  ['Bearer   ', ''],
  ['Bearer \u00a0abc', 'abc'],
  ['Bearerabc', undefined],
  ['Basic abc', undefined],
  ['Beare', undefined],
  ['', undefined],
  ['Bearer a\nb', undefined],
  ['Bearer \n abc', 'abc'],
  ['Bearer a\u2028', undefined],
  ['ßearer abc', undefined],
])('readBearerCredentials(%j) is %j', (authorization, credentials) => {
  expect(readBearerCredentials(authorization)).toBe(credentials);
});

test('it reads what the regular expression it replaces matched, character for character', async () => {
  // The one it replaces: `\s+` before `.*` can retry each split of a long run of whitespace.
  const replaced = (value: string): string | undefined => {
    const match = /^bearer(?:\s+(.*))?$/i.exec(value);
    return match === null ? undefined : (match[1] ?? '');
  };
  const piece = fc.constantFrom(
    'bearer',
    'Bearer',
    'BEARER',
    'beare',
    'r',
    ' ',
    '\t',
    '\n',
    '\r',
    '\u00a0',
    '\u2028',
    'x',
    'é',
    '=',
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join('')),
      async (value) => {
        expect(readBearerCredentials(value)).toBe(replaced(value));
      },
    ),
    propertyParameters('test/unit/bearer-credentials.test.ts', { numRuns: 5_000 }),
  );
});
