import { runDiffCommand } from '../../contracts/diff/diff-command';
import { tempFiles } from '../support/temp-files';

// --journal against a parameter whose schema the new spec tightens: each recorded value is judged
// against the new schema (type, int32/int64 range, enum, bounds inclusive and exclusive, length,
// pattern; a list item by item), and a call is named broken, with the new spec's reason, exactly when
// the new schema refuses a value the old one (any string) accepted. Each boundary is shown
// on the limit and one step either side.

const aFile = tempFiles('vtm-diff-values-').write;

const aSpec = (openapi: string, schema: unknown) => ({
  openapi,
  info: { title: 'Items', version: '1.0.0' },
  paths: {
    '/items': {
      get: {
        parameters: [{ name: 'q', in: 'query', schema }],
        responses: { '200': { description: 'OK' } },
      },
    },
  },
});

/** The recorded calls (one per value, answered 200) the diff names broken against a spec whose q schema becomes `schema`. */
function brokenCalls(schema: unknown, values: (string | string[])[], openapi = '3.0.3') {
  const requests = values.map((value, index) => ({
    id: index + 1,
    method: 'GET',
    path: '/items',
    query: { q: value },
    status: 200,
  }));
  const journal = aFile({ capacity: 1000, requests });
  const args = [
    aFile(aSpec(openapi, { type: 'string' })),
    aFile(aSpec(openapi, schema)),
    '--journal',
    journal,
    '--format',
    'json',
  ];
  const out: string[] = [];
  const err: string[] = [];
  const code = runDiffCommand(args, { out: (text) => out.push(text), err: (text) => err.push(text) });
  expect(err).toEqual([]);
  const { journal: verdict } = JSON.parse(out.join('\n')) as {
    journal: { broken: { call: string; reasons: string[] }[] };
  };
  return { code, broken: verdict.broken.map(({ call, reasons }) => [call, ...reasons]) };
}

const refused = (index: number, value: string, why: string) => [
  `#${index} GET /items?q=${value} → 200`,
  `sends q=${value}, which the new spec refuses (${why})`,
];

test.each<[string, Record<string, unknown>, string[], string[][]]>([
  [
    'an integer: digits with an optional sign',
    { type: 'integer' },
    ['12', '-12', '+7', '1.5', 'abc', ''],
    [refused(4, '1.5', 'not an integer'), refused(5, 'abc', 'not an integer'), refused(6, '', 'not an integer')],
  ],
  [
    'an int32: -2^31 to 2^31-1',
    { type: 'integer', format: 'int32' },
    ['2147483647', '2147483648', '-2147483648', '-2147483649'],
    [refused(2, '2147483648', 'out of the int32 range'), refused(4, '-2147483649', 'out of the int32 range')],
  ],
  [
    'an int64: -2^63 to 2^63-1 (past what a double holds exactly)',
    { type: 'integer', format: 'int64' },
    ['9223372036854775807', '9223372036854775808', '-9223372036854775808', '-9223372036854775809'],
    [
      refused(2, '9223372036854775808', 'out of the int64 range'),
      refused(4, '-9223372036854775809', 'out of the int64 range'),
    ],
  ],
  [
    'an integer with a minimum',
    { type: 'integer', minimum: 10 },
    ['9', '10', '11'],
    [refused(1, '9', 'below the minimum 10')],
  ],
  [
    'an integer with a maximum',
    { type: 'integer', maximum: 10 },
    ['9', '10', '11'],
    [refused(3, '11', 'above the maximum 10')],
  ],
  [
    'an integer with an exclusive minimum (3.0: a flag beside the minimum)',
    { type: 'integer', minimum: 10, exclusiveMinimum: true },
    ['9', '10', '11'],
    [refused(1, '9', 'below the minimum 10'), refused(2, '10', 'below the minimum 10')],
  ],
  [
    'an integer with an exclusive maximum (3.0: a flag beside the maximum)',
    { type: 'integer', maximum: 10, exclusiveMaximum: true },
    ['9', '10', '11'],
    [refused(2, '10', 'above the maximum 10'), refused(3, '11', 'above the maximum 10')],
  ],
  [
    'an integer whose minimum and maximum are not exclusive (the flags false)',
    { type: 'integer', minimum: 10, maximum: 10, exclusiveMinimum: false, exclusiveMaximum: false },
    ['9', '10', '11'],
    [refused(1, '9', 'below the minimum 10'), refused(3, '11', 'above the maximum 10')],
  ],
  [
    'a number: finite, not blank',
    { type: 'number' },
    ['2.5', '-1e3', '0', 'abc', '', ' ', 'Infinity', 'NaN'],
    [
      refused(4, 'abc', 'not a number'),
      refused(5, '', 'not a number'),
      refused(6, ' ', 'not a number'),
      refused(7, 'Infinity', 'not a number'),
      refused(8, 'NaN', 'not a number'),
    ],
  ],
  [
    'a number with a minimum and a maximum',
    { type: 'number', minimum: 1.5, maximum: 2.5 },
    ['1.4', '1.5', '2.5', '2.6'],
    [refused(1, '1.4', 'below the minimum 1.5'), refused(4, '2.6', 'above the maximum 2.5')],
  ],
  [
    'a boolean: true or false, lower case',
    { type: 'boolean' },
    ['true', 'false', 'yes', 'TRUE', '1'],
    [
      refused(3, 'yes', 'not true or false'),
      refused(4, 'TRUE', 'not true or false'),
      refused(5, '1', 'not true or false'),
    ],
  ],
  [
    'an enum of strings',
    { type: 'string', enum: ['fast', 'full'] },
    ['fast', 'full', 'slow', 'FAST'],
    [refused(3, 'slow', 'not one of "fast", "full"'), refused(4, 'FAST', 'not one of "fast", "full"')],
  ],
  [
    'an enum of integers, compared as the text sent',
    { type: 'integer', enum: [1, 2] },
    ['2', '3', '02'],
    [refused(2, '3', 'not one of 1, 2'), refused(3, '02', 'not one of 1, 2')],
  ],
  [
    'a minimum length, in characters (an emoji is one)',
    { type: 'string', minLength: 2 },
    ['a', 'ab', '😀', '😀😀'],
    [refused(1, 'a', 'shorter than 2'), refused(3, '😀', 'shorter than 2')],
  ],
  [
    'a maximum length, in characters (an emoji is one)',
    { type: 'string', maxLength: 2 },
    ['ab', 'abc', '😀😀', '😀😀😀'],
    [refused(2, 'abc', 'longer than 2'), refused(4, '😀😀😀', 'longer than 2')],
  ],
  [
    'a pattern (not anchored unless it says so)',
    { type: 'string', pattern: '^[a-z]+$' },
    ['ab', 'a1', ''],
    [refused(2, 'a1', 'does not match ^[a-z]+$'), refused(3, '', 'does not match ^[a-z]+$')],
  ],
  ['a pattern JavaScript cannot compile: every value accepted', { type: 'string', pattern: '([' }, ['a', ''], []],
  ['a format the diff does not check: every value accepted', { type: 'string', format: 'uuid' }, ['not-a-uuid'], []],
])('%s: the values the new schema refuses are named, each with why', (_name, schema, values, broken) => {
  expect(brokenCalls(schema, values).broken).toEqual(broken);
});

test.each<[string, Record<string, unknown>, string[], string[][]]>([
  [
    'an exclusive minimum (3.1: a number of its own)',
    { type: 'number', exclusiveMinimum: 10 },
    ['9.9', '10', '10.1'],
    [refused(1, '9.9', 'not above 10'), refused(2, '10', 'not above 10')],
  ],
  [
    'an exclusive maximum (3.1: a number of its own)',
    { type: 'integer', exclusiveMaximum: 10 },
    ['9', '10', '11'],
    [refused(2, '10', 'not below 10'), refused(3, '11', 'not below 10')],
  ],
])('OpenAPI 3.1, %s: the values the new schema refuses are named, each with why', (_name, schema, values, broken) => {
  expect(brokenCalls(schema, values, '3.1.0').broken).toEqual(broken);
});

test('a list parameter: each value sent is judged against the items schema, the first refused one named', () => {
  const schema = { type: 'array', items: { type: 'integer' } };
  expect(brokenCalls(schema, [['1', '2'], ['1', 'x', 'y'], 'z', '3']).broken).toEqual([
    ['#2 GET /items?q=1&q=x&q=y → 200', 'sends q=1,x,y, which the new spec refuses (not an integer)'],
    refused(3, 'z', 'not an integer'),
  ]);
});

test('a parameter sent twice that the spec takes once: the last value is the one judged', () => {
  expect(
    brokenCalls({ type: 'integer' }, [
      ['abc', '5'],
      ['5', 'abc'],
    ]).broken,
  ).toEqual([['#2 GET /items?q=5&q=abc → 200', 'sends q=5,abc, which the new spec refuses (not an integer)']]);
});

test('a recorded value the new spec refuses breaks callers on its own: exit 1 where the change alone (an enum added, which the differ calls non-breaking) exits 0', () => {
  const schema = { type: 'string', enum: ['fast', 'full'] };
  expect(brokenCalls(schema, ['fast'])).toEqual({ code: 0, broken: [] });
  expect(brokenCalls(schema, ['slow'])).toEqual({ code: 1, broken: [refused(1, 'slow', 'not one of "fast", "full"')] });
});
