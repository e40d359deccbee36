// loadContractSpec in-process, on contracts written here: which OpenAPI versions it reads and how
// (3.0's `nullable` against 3.1's JSON Schema), inline schemas, declared headers, and the int64 id
// parameters with the ranges the harness probes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ContractSpec } from '../../contracts/contract-spec';
import { loadContractSpec } from '../../contracts/contract-spec';

const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'vtm-contract-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

interface Parts {
  openapi?: string;
  /** getViewToken's parameters. */
  parameters?: unknown[];
  /** Parameters of the path item that holds getViewToken (its operation's own win). */
  pathParameters?: unknown[];
  /** getViewToken's 200 response. */
  ok?: unknown;
}

/** Writes a contract with both operations (getViewToken's parts as given) and loads it. */
function load(parts: Parts): ContractSpec {
  const document = {
    openapi: parts.openapi ?? '3.0.3',
    info: { title: 'test', version: '1' },
    paths: {
      '/view/token': {
        ...(parts.pathParameters ? { parameters: parts.pathParameters } : {}),
        get: {
          operationId: 'getViewToken',
          parameters: parts.parameters ?? [],
          responses: { '200': parts.ok ?? { description: 'OK' } },
        },
      },
      '/files/{fileId}/viewToken': {
        post: { operationId: 'getChildFileViewToken', responses: { '200': { description: 'OK' } } },
      },
    },
  };
  const file = path.join(folder, 'contract.json');
  writeFileSync(file, JSON.stringify(document));
  return loadContractSpec(file);
}

const idParameter = (schema: Record<string, unknown>, name = 'fileId', place = 'query') => ({
  name,
  in: place,
  schema,
});
const idsOf = (parts: Parts) => load(parts).operations.getViewToken.idParameters;
const rangeOf = (schema: Record<string, unknown>) => {
  const [parameter] = idsOf({ parameters: [idParameter({ type: 'integer', format: 'int64', ...schema })] });
  return parameter && [parameter.minimum, parameter.maximum];
};

describe('the OpenAPI version', () => {
  test.each(['13.0.0', 'v3.0.3', '3.0', '2.0'])('%s is refused, naming what is expected', (openapi) => {
    expect(() => load({ openapi })).toThrow(
      expect.objectContaining({
        name: 'UsageError',
        message: expect.stringMatching(
          new RegExp(`: expected OpenAPI 3\\.0\\.x or 3\\.1\\.x \\(found "${openapi.replace(/\./g, '\\.')}"\\)$`),
        ),
      }),
    );
  });

  // 3.0's draft (ajv's draft-07) has no `prefixItems`; 2020-12 checks it.
  const tuple = {
    description: 'OK',
    content: { 'application/json': { schema: { type: 'array', prefixItems: [{ type: 'string' }] } } },
  };
  const checkOf = (openapi: string) =>
    load({ openapi, ok: tuple }).operations.getViewToken.response(200)?.content[0]?.check;

  test('a 3.1 contract is JSON Schema 2020-12: `prefixItems` judges', () => {
    expect(checkOf('3.1.0')?.([1])).toBe('body/0 must be string');
    expect(checkOf('3.1.0')?.(['a'])).toBeUndefined();
  });

  test('a 3.0 contract is read as 3.0 means it: `prefixItems` is not one of its keywords', () => {
    expect(checkOf('3.0.3')?.([1])).toBeUndefined();
  });
});

describe('responses', () => {
  test('an inline schema (no $ref) under paths is compiled where it stands', () => {
    const check = load({
      ok: {
        description: 'OK',
        content: {
          'Application/JSON; charset=utf-8': {
            schema: { type: 'object', required: ['data'], properties: { data: { type: 'string' } } },
          },
        },
      },
    }).operations.getViewToken.response(200)?.content[0];
    expect(check?.mediaType).toBe('application/json');
    expect(check?.check?.({ data: 'x' })).toBeUndefined();
    expect(check?.check?.({ data: 1 })).toBe('body/data must be string');
  });

  test('declared headers: names lowercased, `required` only when true, a Content-Type definition ignored', () => {
    const declared = load({
      ok: {
        description: 'OK',
        headers: {
          'Content-Type': { required: true, schema: { type: 'string' } },
          'X-Request-Id': { required: true, schema: { type: 'string' } },
          'X-Count': { schema: { type: ['integer', 'null'] } },
          'X-Maybe': { required: 'yes' },
        },
      },
    }).operations.getViewToken.response(200);
    expect(declared?.headers.map(({ name, required, type }) => [name, required, type])).toEqual([
      ['x-request-id', true, 'string'],
      ['x-count', false, 'integer'],
      ['x-maybe', false, undefined],
    ]);
    expect(declared?.headers[1]?.check?.('x')).toBe('body must be integer,null');
  });
});

describe('id parameters: every int64 query or path parameter, with its range', () => {
  test('int64 integers count (a 3.1 type list too); other types and formats do not', () => {
    const ids = idsOf({
      parameters: [
        idParameter({ type: 'integer', format: 'int64' }),
        idParameter({ type: ['integer', 'null'], format: 'int64' }, 'integrateId'),
        idParameter({ type: 'integer', format: 'int32' }, 'page'),
        idParameter({ type: 'string', format: 'int64' }, 'name'),
        idParameter({ type: ['string'], format: 'int64' }, 'other'),
        idParameter({ type: 'integer' }, 'plain'),
        idParameter({ type: 'integer', format: 'int64' }, 'trace', 'header'),
      ],
    });
    expect(ids).toEqual([
      { name: 'fileId', in: 'query', minimum: INT64_MIN, maximum: INT64_MAX },
      { name: 'integrateId', in: 'query', minimum: INT64_MIN, maximum: INT64_MAX },
    ]);
  });

  test("an operation's own parameter wins over the path item's: one that is not int64 removes the id", () => {
    const pathParameters = [idParameter({ type: 'integer', format: 'int64', minimum: 1 })];
    expect(idsOf({ pathParameters, parameters: [idParameter({ type: 'string' })] })).toEqual([]);
    expect(
      idsOf({ pathParameters, parameters: [idParameter({ type: 'integer', format: 'int64', maximum: 9 })] }),
    ).toEqual([{ name: 'fileId', in: 'query', minimum: INT64_MIN, maximum: 9n }]);
    expect(idsOf({ pathParameters })).toEqual([{ name: 'fileId', in: 'query', minimum: 1n, maximum: INT64_MAX }]);
  });

  test.each<[string, Record<string, unknown>, [bigint, bigint]]>([
    ['inclusive bounds', { minimum: 1, maximum: 100 }, [1n, 100n]],
    ['fractional inclusive bounds round inwards', { minimum: 5.5, maximum: 9.5 }, [6n, 9n]],
    [
      "3.0's boolean exclusive bounds",
      { minimum: 5, maximum: 9, exclusiveMinimum: true, exclusiveMaximum: true },
      [6n, 8n],
    ],
    ["3.1's numeric exclusive bounds", { exclusiveMinimum: 5, exclusiveMaximum: 9 }, [6n, 8n]],
    ['fractional exclusive bounds', { exclusiveMinimum: 5.5, exclusiveMaximum: 9.5 }, [6n, 9n]],
    ['exclusive false is inclusive', { minimum: 5, exclusiveMinimum: false }, [5n, INT64_MAX]],
    ['bounds beyond int64 stay int64', { minimum: -1e19, maximum: 1e19 }, [INT64_MIN, INT64_MAX]],
    ['a bound that is not a number is none', { minimum: '5', maximum: null }, [INT64_MIN, INT64_MAX]],
  ])('%s', (_label, schema, range) => {
    expect(rangeOf(schema)).toEqual(range);
  });
});
