import path from 'node:path';
import { readDiffSpec } from '../../contracts/diff/read-spec';
import { UsageError } from '../../contracts/usage-error';
import { tempFiles } from '../support/temp-files';

// How `diff OLD NEW` reads each spec, in-process: YAML or JSON, OpenAPI 3.0.x or 3.1.x, a paths object,
// every $ref local and naming something; each refusal is one UsageError naming the argument, the file
// and what is wrong.

const files = tempFiles('vtm-read-spec-');

const spec = (extra: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title: 'Items', version: '2.1.0' },
  paths: {},
  ...extra,
});

/** The UsageError readDiffSpec throws for this content, with the file named FILE (anything else fails). */
function refusal(content: unknown, extension = 'json'): string {
  const file = files.write(content, extension);
  try {
    readDiffSpec({ role: 'NEW', file });
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message.replace(`NEW ${file}: `, '');
  }
  throw new Error(`readDiffSpec accepted ${JSON.stringify(content)}`);
}

describe('what it reads', () => {
  test('a JSON spec: the document, its title and version', () => {
    const document = spec({ paths: { '/items': { get: { responses: { '200': { description: 'ok' } } } } } });
    const file = files.write(document);
    expect(readDiffSpec({ role: 'OLD', file })).toEqual({ file, document, title: 'Items', version: '2.1.0' });
  });

  test('a YAML spec, and one without info or with info of other types', () => {
    const file = files.write('openapi: 3.1.0\npaths: {}\n', 'yaml');
    expect(readDiffSpec({ role: 'OLD', file })).toEqual({
      file,
      document: { openapi: '3.1.0', paths: {} },
      title: undefined,
      version: undefined,
    });
    const odd = files.write(spec({ info: { title: 3, version: 1 } }));
    expect(readDiffSpec({ role: 'OLD', file: odd })).toMatchObject({ title: undefined, version: undefined });
  });

  test.each(['3.0.0', '3.0.3', '3.1.0', '3.1.1', '3.0.10'])('openapi %s is read', (openapi) => {
    const file = files.write(spec({ openapi }));
    expect(readDiffSpec({ role: 'OLD', file }).document.openapi).toBe(openapi);
  });

  test('local $refs that name something are read, escaped and percent-encoded ones too', () => {
    const schemas = { 'A/B': { type: 'string' }, 'C~D': { type: 'integer' }, 'E F': { type: 'boolean' } };
    const document = spec({
      components: { schemas: { ...schemas, Box: { properties: { $ref: { type: 'string' } } } } },
      paths: {
        '/items': {
          get: {
            parameters: [{ name: 'q', in: 'query', schema: { $ref: '#/components/schemas/A~1B' } }],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { anyOf: [{ $ref: '#/components/schemas/C~0D' }, { $ref: '#/components/schemas/E%20F' }] },
                  },
                },
              },
              default: { $ref: '#/paths/~1items/get/responses/200' },
            },
          },
        },
      },
    });
    const file = files.write(document);
    expect(readDiffSpec({ role: 'OLD', file }).document).toEqual(document);
  });
});

describe('what it refuses', () => {
  test.each([
    [{ swagger: '2.0', paths: {} }, 'is Swagger 2.0; diff compares OpenAPI 3.0 or 3.1 documents'],
    [spec({ openapi: '3.2.0' }), 'not an OpenAPI 3.0 or 3.1 document (its openapi field is "3.2.0")'],
    [spec({ openapi: 'v3.0.3' }), 'not an OpenAPI 3.0 or 3.1 document (its openapi field is "v3.0.3")'],
    [spec({ openapi: '3.0.3-rc1' }), 'not an OpenAPI 3.0 or 3.1 document (its openapi field is "3.0.3-rc1")'],
    [spec({ openapi: '3.0' }), 'not an OpenAPI 3.0 or 3.1 document (its openapi field is "3.0")'],
    [spec({ openapi: 3 }), 'not an OpenAPI 3.0 or 3.1 document (its openapi field is 3)'],
    [{ info: {}, paths: {} }, 'not an OpenAPI 3.0 or 3.1 document (its openapi field is missing)'],
    [spec({ paths: undefined }), 'has no paths object, so no operation a caller could call'],
    [spec({ paths: null }), 'has no paths object, so no operation a caller could call'],
    [spec({ paths: [] }), 'has no paths object, so no operation a caller could call'],
    [spec({ paths: '/items' }), 'has no paths object, so no operation a caller could call'],
  ])('%j: "%s"', (content, message) => {
    expect(refusal(content)).toBe(message);
  });

  test.each([
    ['- openapi: 3.0.3\n', 'a list'],
    ['42\n', 'a number'],
    ['just words\n', 'a string'],
    ['', 'nothing'],
    ['null\n', 'nothing'],
    ['~\n', 'nothing'],
  ])('YAML %j holds %s, not an object', (text, held) => {
    expect(refusal(text, 'yaml')).toBe(`not an OpenAPI document (it holds ${held}, not an object)`);
  });

  test("text that is neither YAML nor JSON, with the parser's first line", () => {
    expect(refusal('openapi: [3.0.3\n', 'yaml')).toMatch(/^not YAML or JSON \([^\n]+\)$/);
  });

  test.each([
    [
      { '/items': { get: { $ref: 'other.yaml#/get' } } },
      '$ref other.yaml#/get (at /paths/~1items/get) names another file; diff reads one file: bundle the spec into one first',
    ],
    [{ '/a~b/{id}': { $ref: '#/nowhere' } }, '$ref #/nowhere (at /paths/~1a~0b~1{id}) names nothing'],
    [
      { '/items': { get: { responses: { '200': { $ref: '#/components/responses/Gone' } } } } },
      '$ref #/components/responses/Gone (at /paths/~1items/get/responses/200) names nothing',
    ],
    [{ '/x': { $ref: '#/info/title/length' } }, '$ref #/info/title/length (at /paths/~1x) names nothing'],
    [{ '/x': { $ref: '#/components/empty/inside' } }, '$ref #/components/empty/inside (at /paths/~1x) names nothing'],
    [{ '/x': { $ref: '#/components/schemas/A/B' } }, '$ref #/components/schemas/A/B (at /paths/~1x) names nothing'],
  ])('paths %j: "%s"', (paths, message) => {
    expect(refusal(spec({ paths, components: { empty: null, schemas: { 'A/B': {} } } }))).toBe(message);
  });

  test("a $ref at the document's top is said to be at /", () => {
    expect(refusal(spec({ $ref: 'base.yaml' }))).toBe(
      '$ref base.yaml (at /) names another file; diff reads one file: bundle the spec into one first',
    );
    expect(refusal(spec({ $ref: '#/nowhere' }))).toBe('$ref #/nowhere (at /) names nothing');
  });

  test('a file that is not there, a folder, and a name too long to open, each with why', () => {
    const absent = path.join(files.folder(), 'absent.yaml');
    expect(() => readDiffSpec({ role: 'OLD', file: absent })).toThrow(
      new UsageError(`OLD ${absent}: cannot read it (no such file)`),
    );
    expect(() => readDiffSpec({ role: 'NEW', file: files.folder() })).toThrow(
      new UsageError(`NEW ${files.folder()}: cannot read it (a directory, not a file)`),
    );
    const long = path.join(files.folder(), `${'x'.repeat(300)}.yaml`);
    expect(() => readDiffSpec({ role: 'OLD', file: long })).toThrow(
      new UsageError(`OLD ${long}: cannot read it (ENAMETOOLONG)`),
    );
  });
});
