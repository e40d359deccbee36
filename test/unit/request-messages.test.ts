import { describeValue, toBodyMessage, toParameterReason } from '../../mock/core/routing/request-messages';
import { ROUTE_TABLE } from '../../mock/core/routing/route-table';
import { checkBody, validateParameters } from '../../mock/core/routing/validate-request';
import type { SchemaError } from '../../mock/core/routing/request-messages';

// The sentences a tester reads when a request's parameter or body breaks the spec: the field, what is
// allowed (and the nearest name), what was given. Errors are in the shape the compiled validator gives.

const anError = (error: Partial<SchemaError>): SchemaError => ({
  instancePath: '',
  keyword: 'type',
  params: {},
  ...error,
});

test.each<[unknown, string]>([
  [[1, 2], 'an array'],
  [{ a: 1 }, 'an object'],
  [undefined, 'nothing'],
  [null, 'null'],
  [0, '0'],
  [false, 'false'],
  ['', '""'],
  ['x'.repeat(40), JSON.stringify('x'.repeat(40))],
  ['x'.repeat(41), JSON.stringify(`${'x'.repeat(40)}…`)],
])('a given %j is described as %s (a string cut after 40 characters)', (value, described) => {
  expect(describeValue(value)).toBe(described);
});

test.each<[Partial<SchemaError>, Record<string, unknown>, unknown, string]>([
  [
    { keyword: 'maximum' },
    { type: 'integer', minimum: 0, maximum: 1000 },
    '1001',
    'must be an integer from 0 to 1000; got "1001"',
  ],
  [{ keyword: 'minimum' }, { type: 'integer', minimum: 1 }, '0', 'must be an integer of at least 1; got "0"'],
  [{ keyword: 'maximum' }, { type: 'integer', maximum: 9 }, '10', 'must be an integer of at most 9; got "10"'],
  [{ keyword: 'type' }, { type: 'integer' }, 'x', 'must be an integer; got "x"'],
  [
    { keyword: 'pattern', params: { pattern: '^[a-z]+$' } },
    { type: 'string' },
    'A1',
    'must match pattern "^[a-z]+$"; got "A1"',
  ],
  [{ keyword: 'minLength', params: { limit: 1 } }, { type: 'string' }, '', 'must NOT have fewer than 1 characters'],
  [
    { keyword: 'maxLength', params: { limit: 64 } },
    { type: 'string' },
    'x'.repeat(65),
    'must NOT have more than 64 characters',
  ],
  [
    { keyword: 'enum', parentSchema: { type: 'boolean' } },
    { type: 'boolean' },
    'yes',
    'must be true or false; got "yes"',
  ],
  [{ keyword: 'format' }, { type: 'string' }, 'x', 'must be any value; got "x"'],
])('a parameter error %j on %j given %j reads "%s"', (error, schema, raw, reason) => {
  expect(toParameterReason(anError(error), schema, raw)).toBe(reason);
});

test.each<[Partial<SchemaError>, string]>([
  // Unknown fields: at the top or nested, with the nearest known name when one is near, else none.
  [
    {
      keyword: 'additionalProperties',
      params: { additionalProperty: 'frozn' },
      parentSchema: { properties: { now: {}, frozen: {} } },
    },
    '"frozn" is not a field here (did you mean frozen?); use now, frozen.',
  ],
  [
    {
      keyword: 'additionalProperties',
      params: { additionalProperty: 'zzzzzz' },
      parentSchema: { properties: { now: {}, frozen: {} } },
    },
    '"zzzzzz" is not a field here; use now, frozen.',
  ],
  [
    { instancePath: '/when', keyword: 'additionalProperties', params: { additionalProperty: 'x' } },
    '"when.x" is not a field here; use .',
  ],
  // Missing fields: named with their parent, or the parent named whole with the shape it must have.
  [{ keyword: 'required', params: { missingProperty: 'then' } }, '"then" is required.'],
  [{ instancePath: '/then', keyword: 'required', params: { missingProperty: 'code' } }, '"then.code" is required.'],
  [
    {
      instancePath: '/then',
      keyword: 'required',
      params: { missingProperty: 'code' },
      parentSchema: { description: 'a code or a scenario' },
    },
    '"then" must be a code or a scenario; "code" is missing.',
  ],
  [
    { keyword: 'required', params: { missingProperty: 'by' }, parentSchema: { description: 'a duration' } },
    '"by" is required.',
  ],
  // At least one of: at the top or in a field.
  [
    {
      keyword: 'minProperties',
      parentSchema: { properties: { now: { format: 'date-time' }, frozen: { type: 'boolean' } } },
    },
    'Give at least one of "now" (an ISO 8601 date-time), "frozen" (true or false).',
  ],
  [
    { instancePath: '/then', keyword: 'minProperties', parentSchema: { properties: { code: { type: 'integer' } } } },
    'Give at least one of "code" (an integer) in "then".',
  ],
  // One of a list: the nearest value for a string, none for anything else.
  [
    { instancePath: '/mode', keyword: 'enum', data: 'fsat', parentSchema: { enum: ['fast', 'slow'] } },
    '"mode" must be one of fast, slow; got "fsat" (did you mean fast?).',
  ],
  [
    { instancePath: '/mode', keyword: 'enum', data: 'zzzzzz', parentSchema: { enum: ['fast', 'slow'] } },
    '"mode" must be one of fast, slow; got "zzzzzz".',
  ],
  [
    { instancePath: '/mode', keyword: 'enum', data: 1, parentSchema: { enum: ['1', 'slow'] } },
    '"mode" must be one of 1, slow; got 1.',
  ],
  [{ instancePath: '/mode', keyword: 'enum', data: 'x' }, '"mode" must be one of ; got "x".'],
  // Types: the body itself not an object, a field of the wrong type, a nested field, an array item.
  [
    { keyword: 'type', params: { type: 'object' }, data: [1] },
    'Send a JSON object with Content-Type: application/json.',
  ],
  [
    { keyword: 'type', params: { type: 'array' }, data: {}, parentSchema: { type: 'array' } },
    '"" must be an array; got an object.',
  ],
  [
    { instancePath: '/then', keyword: 'type', params: { type: 'object' }, data: 1, parentSchema: { type: 'object' } },
    '"then" must be an object; got 1.',
  ],
  [
    {
      instancePath: '/then/code',
      keyword: 'type',
      data: 'x',
      parentSchema: { type: ['integer', 'null'], minimum: 100 },
    },
    '"then.code" must be an integer of at least 100 or null; got "x".',
  ],
  [
    { instancePath: '/items/0/name', keyword: 'type', data: 2, parentSchema: { type: 'string' } },
    '"items[0].name" must be a string; got 2.',
  ],
  [
    { instancePath: '/a~1b/c~0d', keyword: 'type', data: 2, parentSchema: { type: 'number' } },
    '"a/b.c~d" must be a number; got 2.',
  ],
  [
    { instancePath: '/items/12/a1/1a', keyword: 'type', data: 2, parentSchema: { type: 'string' } },
    '"items[12].a1.1a" must be a string; got 2.',
  ],
  [
    {
      instancePath: '/by',
      keyword: 'type',
      data: true,
      parentSchema: { oneOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }] },
    },
    '"by" must be a string or an integer of at least 0; got true.',
  ],
  [
    { instancePath: '/id', keyword: 'type', data: 'x', parentSchema: { type: 'string', format: 'int64' } },
    '"id" must be an int64; got "x".',
  ],
  [{ instancePath: '/x', keyword: 'type', data: 'x' }, '"x" must be any value; got "x".'],
  // Any other keyword: what is allowed and what was given.
  [
    {
      instancePath: '/now',
      keyword: 'format',
      data: 'yesterday',
      parentSchema: { type: 'string', format: 'date-time' },
    },
    '"now" must be an ISO 8601 date-time; got "yesterday".',
  ],
  [
    { instancePath: '/times', keyword: 'minimum', data: 0, parentSchema: { type: 'integer', minimum: 1 } },
    '"times" must be an integer of at least 1; got 0.',
  ],
  [{ instancePath: '/times', keyword: 'minimum', data: 0 }, '"times" must be any value; got 0.'],
])('a body error %j reads "%s"', (error, message) => {
  expect(toBodyMessage(anError(error))).toBe(message);
});

test.each<[string, 'allowed' | 'refused']>([
  ['2030-01-01T00:00:00Z', 'allowed'],
  ['2030-01-01t00:00:00z', 'allowed'],
  ['2030-01-01 00:00:00+01:00', 'allowed'],
  ['2030-01-01T00:00:00.123456Z', 'allowed'],
  ['2030-01-31T23:59:59Z', 'allowed'],
  ['2030-04-30T00:00:00Z', 'allowed'],
  ['2030-12-31T00:00:00Z', 'allowed'],
  // February: 28 days, 29 in a leap year (every fourth, not centuries, but every fourth century).
  ['2030-02-28T00:00:00Z', 'allowed'],
  ['2030-02-29T00:00:00Z', 'refused'],
  ['2028-02-29T00:00:00Z', 'allowed'],
  ['2028-02-30T00:00:00Z', 'refused'],
  ['2100-02-29T00:00:00Z', 'refused'],
  ['2000-02-29T00:00:00Z', 'allowed'],
  ['0000-02-29T00:00:00Z', 'allowed'],
  // A day past its month's last, and 24:00, which Date.parse would move to the next day.
  ['2030-04-31T00:00:00Z', 'refused'],
  ['2030-06-31T00:00:00Z', 'refused'],
  ['2030-01-32T00:00:00Z', 'refused'],
  ['2030-01-01T24:00:00Z', 'refused'],
  ['2030-13-01T00:00:00Z', 'refused'],
  ['2030-01-01T00:00:00', 'refused'],
  ['2030-01-01T00:00:00+0100', 'refused'],
  [' 2030-01-01T00:00:00Z', 'refused'],
  // Text before or after a date-time, which Date.parse's fallback reads past (and "+01:00 GMT" it reads as UTC).
  ['Tue 2030-01-01 00:00:00Z', 'refused'],
  ['2030-01-01 00:00:00Z GMT', 'refused'],
  ['2030-01-01 00:00:00+01:00 GMT', 'refused'],
])('a clock set to %s is %s as a date-time (RFC 3339: the day in its month, the hour 00-23)', (now, allowed) => {
  const setClock = ROUTE_TABLE.find((route) => route.operationId === 'setClock');
  expect(setClock && checkBody(setClock, { now })).toBe(
    allowed === 'allowed' ? undefined : `"now" must be an ISO 8601 date-time; got ${JSON.stringify(now)}.`,
  );
});

test.each<[string, Record<string, string>, Record<string, string>, unknown]>([
  // Brackets refuse a declared query parameter only: not a path parameter's name, not a bare bracket.
  [
    'getViewToken',
    { 'fileId[': '1' },
    {},
    { kind: 'invalid', parameter: 'fileId[', reason: 'give fileId once, as ?fileId=value (no brackets)' },
  ],
  ['getViewToken', { '[fileId]': '1', fileId: '1' }, {}, { kind: 'valid' }],
  ['getChildFileViewToken', { 'integrateId[x]': '1' }, { integrateId: '1', fileId: '2' }, { kind: 'valid' }],
  // limit is a plain integer checked as a number (other parameters beside it untouched); -5 is out of range.
  ['listViewTokens', { limit: '5', session: '007' }, {}, { kind: 'valid' }],
  [
    'listViewTokens',
    { limit: '-5' },
    {},
    { kind: 'invalid', parameter: 'limit', reason: 'must be an integer from 0 to 1000; got "-5"' },
  ],
  [
    'getDashboardAsset',
    {},
    { file: 'zzzzzzzz' },
    {
      kind: 'invalid',
      parameter: 'file',
      reason: 'must be one of dashboard.js, try.js, dashboard.css, favicon.svg; got "zzzzzzzz"',
    },
  ],
])('%s with query %j and path %j is %j', (operationId, query, pathParams, expected) => {
  const route = ROUTE_TABLE.find((candidate) => candidate.operationId === operationId);
  expect(route && validateParameters(route, { query, pathParams, headers: {} })).toEqual(expected);
});
