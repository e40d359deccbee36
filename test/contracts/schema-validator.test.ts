// createSchemaValidator in-process, on contracts made here: OpenAPI's formats, 3.0's boolean exclusive
// bounds and `nullable`, 3.1 read as JSON Schema 2020-12, the texts of a refusal, and a schema that
// cannot be used.
import { createSchemaValidator } from '../../contracts/schema-validator';
import { UsageError } from '../../contracts/usage-error';

const FILE = 'file:///specs/contract.yaml';

/** The check of components/schemas/<name> in a contract holding these schemas. */
function checkOf(schemas: Record<string, unknown>, version: '3.0' | '3.1' = '3.0') {
  const document = { openapi: version === '3.0' ? '3.0.3' : '3.1.0', components: { schemas } };
  const validator = createSchemaValidator(
    { given: 'contract.yaml', root: FILE, documents: new Map([[FILE, document]]) },
    version,
  );
  return (name: string) => validator({ value: schemas[name], file: FILE, pointer: `/components/schemas/${name}` });
}

test.each<[string, number, boolean]>([
  ['int32', 2 ** 31 - 1, true],
  ['int32', 2 ** 31, false],
  ['int32', -(2 ** 31), true],
  ['int32', -(2 ** 31) - 1, false],
  ['int32', 1.5, false],
  ['int64', 2 ** 40, true],
  ['int64', 1.5, false],
  ['float', 1.5, true],
  ['double', 2.25, true],
])('format %s: %d is accepted: %s', (format, value, accepted) => {
  const check = checkOf({ Value: { type: 'number', format } })('Value');
  expect(check(value)).toBe(accepted ? undefined : `body must match format "${format}"`);
});

test('formats that only annotate accept any text', () => {
  const check = checkOf({ Text: { type: 'string', format: 'password' }, Data: { type: 'string', format: 'byte' } });
  expect(check('Text')('anything')).toBeUndefined();
  expect(check('Data')('not base64 at all')).toBeUndefined();
});

describe('OpenAPI 3.0 keywords read as 3.0 means them', () => {
  test('exclusiveMinimum: true makes minimum exclusive; false leaves it inclusive', () => {
    const check = checkOf({
      Exclusive: { type: 'number', minimum: 0, exclusiveMinimum: true },
      Inclusive: { type: 'number', minimum: 0, exclusiveMinimum: false },
      Below: { type: 'number', maximum: 10, exclusiveMaximum: true },
    });
    expect(check('Exclusive')(0)).toBe('body must be > 0');
    expect(check('Exclusive')(0.5)).toBeUndefined();
    expect(check('Inclusive')(0)).toBeUndefined();
    expect(check('Inclusive')(-1)).toBe('body must be >= 0');
    expect(check('Below')(10)).toBe('body must be < 10');
    expect(check('Below')(9)).toBeUndefined();
  });

  test('exclusiveMinimum: true without a minimum bounds nothing; a number there (as 3.1 writes it) still bounds', () => {
    expect(checkOf({ Any: { type: 'number', exclusiveMinimum: true } })('Any')(-5)).toBeUndefined();
    expect(checkOf({ Positive: { type: 'number', exclusiveMinimum: 0 } })('Positive')(0)).toBe('body must be > 0');
  });

  test('nullable with a type admits null; nullable without a type is no constraint', () => {
    const check = checkOf({ Maybe: { type: 'string', nullable: true }, Untyped: { nullable: true } });
    expect(check('Maybe')(null)).toBeUndefined();
    expect(check('Maybe')('text')).toBeUndefined();
    expect(check('Maybe')(1)).toBe('body must be string');
    expect(check('Untyped')(1)).toBeUndefined();
  });

  test('inside lists and nested schemas too', () => {
    const check = checkOf({
      Pair: { type: 'array', items: [{ type: 'number', minimum: 1, exclusiveMinimum: true }] },
      Nested: {
        type: 'object',
        properties: { n: { allOf: [{ type: 'integer', maximum: 3, exclusiveMaximum: true }] } },
      },
    });
    expect(check('Pair')([1])).toBe('body/0 must be > 1');
    expect(check('Nested')({ n: 3 })).toBe('body/n must be < 3');
  });
});

test("3.1 schemas are JSON Schema 2020-12 (prefixItems holds), 3.0's are not", () => {
  const schemas = { Tuple: { type: 'array', prefixItems: [{ type: 'string' }] } };
  expect(checkOf(schemas, '3.1')('Tuple')([1])).toBe('body/0 must be string');
  expect(checkOf(schemas, '3.0')('Tuple')([1])).toBeUndefined();
  const numeric = { Positive: { type: 'number', exclusiveMinimum: 0 } };
  expect(checkOf(numeric, '3.1')('Positive')(0)).toBe('body must be > 0');
});

test("every reason is given, each naming the body's part, joined by '; '", () => {
  const check = checkOf({
    Envelope: {
      type: 'object',
      required: ['code', 'data'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
  })('Envelope');
  expect(check({ code: 1, message: 2 })).toBe(
    "body must have required property 'data'; body/code must be string; body/message must be string",
  );
  expect(check({ code: 'success', data: 'x' })).toBeUndefined();
});

test('a schema that cannot be used is a UsageError naming the file and where in it', () => {
  const check = checkOf({ Broken: { $ref: '#/components/schemas/Missing' } });
  expect(() => check('Broken')).toThrow(UsageError);
  expect(() => check('Broken')).toThrow(
    /^--spec contract\.yaml: the schema at contract\.yaml#\/components\/schemas\/Broken cannot be used \(.*Missing.*\)$/,
  );
});
