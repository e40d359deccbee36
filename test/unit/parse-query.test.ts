import { parse } from 'node:querystring';
import fc from 'fast-check';
import { parseQuery } from '../../mock/http/parse-query';

// The hot path's query parser splits short queries itself: it must give what node:querystring gives.

const entries = (query: object): [string, unknown][] => Object.entries(query);

test('any query parses to the same parameters, in the same order, as node:querystring parses it', () => {
  const piece = fc.constantFrom(
    'a',
    'fileId',
    '1',
    '=',
    '&',
    '&&',
    '__proto__',
    'toString',
    '__code',
    '%20',
    '%',
    '%zz',
    '+',
    'é',
    ';',
    '[]',
    '',
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
      const query = pieces.join('');
      expect(entries(parseQuery(query))).toEqual(entries(parse(query)));
    }),
    { numRuns: 5_000 },
  );
});

test('repeated names, empty values and names without values parse the same as node:querystring parses them', () => {
  const pair = fc.tuple(
    fc.constantFrom('a', 'b', '__proto__', ''),
    fc.constantFrom('', '=', '=1', '=2', '==', '=%31', '=+'),
  );
  fc.assert(
    fc.property(fc.array(pair, { maxLength: 12 }), fc.constantFrom('&', '&&'), (pairs, separator) => {
      const query = pairs.map(([name, value]) => name + value).join(separator);
      expect(entries(parseQuery(query))).toEqual(entries(parse(query)));
    }),
    { numRuns: 2_000 },
  );
});

test('a long query is left to node:querystring, which keeps its first 1,000 parameters', () => {
  const long = 'a=1&'.repeat(1_200);
  const parsed = parseQuery(long).a;
  expect(Array.isArray(parsed) ? parsed.length : 1).toBe(1_000);
  expect(entries(parseQuery(long))).toEqual(entries(parse(long)));
});

test.each([
  ['fileId=1', [['fileId', '1']]],
  [
    'a=1=2&a&&=x&a=',
    [
      ['a', ['1=2', '', '']],
      ['', 'x'],
    ],
  ],
  [
    '__proto__=1&constructor=2',
    [
      ['__proto__', '1'],
      ['constructor', '2'],
    ],
  ],
  ['%41=b+c', [['A', 'b c']]],
])('%s', (query, expected) => {
  const parameters = parseQuery(query);
  expect(entries(parameters)).toEqual(expected);
  // Nothing inherited: a client's `toString` or `hasOwnProperty` is only ever its own parameter.
  expect((parameters as Record<string, unknown>).toString).toBeUndefined();
  expect('hasOwnProperty' in parameters).toBe(false);
});
