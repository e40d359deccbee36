import { judgeCalls } from '../../contracts/diff/judge-calls';
import { loadDiffer } from '../../contracts/diff/load-differ';
import type { RecordedCall } from '../../contracts/diff/read-journal';
import { compareSpecs } from '../../contracts/diff/spec-changes';

// Which recorded calls a spec change breaks, judged in-process on specs built here: a journal's calls
// (the operation each went to, the parameters it sent, the status it got, the breaking changes to its
// answer and its credentials) and a --record file's ids (every operation that takes the id).

const differ = loadDiffer();
type Spec = Record<string, unknown>;

const OK = { '200': { description: 'OK' } };
const STRING = { type: 'string' };
const INTEGER = { type: 'integer' };
const query = (name: string, schema: unknown = STRING, required = false) => ({ name, in: 'query', schema, required });
const inPath = (name: string, schema: unknown = STRING) => ({ name, in: 'path', required: true, schema });
const header = (name: string, required = true) => ({ name, in: 'header', required, schema: STRING });
const aSpec = (paths: Spec, root: Spec = {}): Spec => ({
  openapi: '3.0.3',
  info: { title: 'Items', version: '1.0.0' },
  paths,
  ...root,
});
/** GET on each path, with these parameters and responses. */
const getting = (path: string, parameters: unknown[] = [], responses: Spec = OK, extra: Spec = {}) => ({
  [path]: { get: { parameters, responses, ...extra } },
});

const call = (path: string, values: RecordedCall['query'] = {}, status = 200, method = 'GET'): RecordedCall => ({
  name: `${method} ${path} → ${status}`,
  method,
  path,
  query: values,
  statuses: [status],
});
const recorded = (parameter: string, value: string, statuses = [200, 201]): RecordedCall => ({
  name: `${parameter}=${value}`,
  method: undefined,
  path: undefined,
  query: { [parameter]: value },
  statuses,
  recordedId: { parameter, value },
});

function verdict(old: Spec, next: Spec, calls: RecordedCall[], kind: 'journal' | 'record' = 'journal') {
  return judgeCalls({ old, new: next }, { file: 'calls.json', kind, calls }, compareSpecs(differ, old, next));
}
/** Each call's reasons, broken or not judged: [call, reasons] or [call, 'not judged: why']. */
function said(old: Spec, next: Spec, calls: RecordedCall[], kind: 'journal' | 'record' = 'journal') {
  const found = verdict(old, next, calls, kind);
  return [
    ...found.broken.map(({ call: name, reasons }) => [name, reasons]),
    ...found.notJudged.map(({ call: name, why }) => [name, `not judged: ${why}`]),
  ];
}

describe("a journal's calls", () => {
  test('the totals: calls, judged, broken and not judged, with the file and its kind', () => {
    const old = aSpec({ ...getting('/items', [query('q')]), ...getting('/gone') });
    const next = aSpec(getting('/items'));
    expect(
      verdict(old, next, [call('/items', { q: 'a' }), call('/gone'), call('/nowhere'), call('/items', {}, 0)]),
    ).toEqual({
      file: 'calls.json',
      kind: 'journal',
      calls: 4,
      judged: 2,
      broken: [
        { call: 'GET /items → 200', reasons: ['sends query parameter q, which the new spec removes'] },
        { call: 'GET /gone → 200', reasons: ['GET /gone is not in the new spec'] },
      ],
      notJudged: [
        { call: 'GET /nowhere → 200', why: 'not an operation of the old spec' },
        { call: 'GET /items → 0', why: 'answered by a fault (status 0)' },
      ],
    });
  });

  test('an operation gone is named with its template and method in capitals', () => {
    const old = aSpec({ '/items/{id}': { delete: { parameters: [inPath('id')], responses: OK } } });
    expect(said(old, aSpec({}), [call('/items/7', {}, 200, 'DELETE')])).toEqual([
      ['DELETE /items/7 → 200', ['DELETE /items/{id} is not in the new spec']],
    ]);
  });

  test('a value the new schema refuses, which the old one took, breaks the call; a value both refuse does not', () => {
    const old = aSpec(getting('/items', [query('limit', { type: 'integer', maximum: 100 })]));
    const next = aSpec(getting('/items', [query('limit', { type: 'integer', maximum: 10 })]));
    expect(
      said(old, next, [
        call('/items', { limit: '50' }),
        call('/items', { limit: '500' }),
        call('/items', { limit: '5' }),
      ]),
    ).toEqual([['GET /items → 200', ['sends limit=50, which the new spec refuses (above the maximum 10)']]]);
  });

  test('a parameter the old spec did not declare is not judged against the new one', () => {
    const old = aSpec(getting('/items'));
    const next = aSpec(getting('/items', [query('limit', INTEGER)]));
    expect(said(old, next, [call('/items', { limit: 'many' })])).toEqual([]);
  });

  test('a path parameter renamed is the same value by position, and is judged against the new schema', () => {
    const old = aSpec(getting('/items/{id}', [inPath('id'), query('id')]));
    const next = aSpec(getting('/items/{itemId}', [inPath('itemId', INTEGER), query('id')]));
    expect(said(old, next, [call('/items/5', { id: 'x' }), call('/items/abc', { id: 'x' })])).toEqual([
      ['GET /items/abc → 200', ['sends id=abc, which the new spec refuses (not an integer)']],
    ]);
  });

  test('a path parameter the new template no longer has is removed', () => {
    const old = aSpec(getting('/items/{id}', [inPath('id')]));
    const next = aSpec({ '/items/{id}': { get: { responses: OK } } });
    expect(said(old, next, [call('/items/5')])).toEqual([
      ['GET /items/5 → 200', ['sends path parameter id, which the new spec removes']],
    ]);
  });

  test('parameters the new spec requires: a query one the call did not send, a header one; not one required before, nor one sent', () => {
    const old = aSpec(getting('/items/{id}', [inPath('id'), query('a'), header('X-Key')]));
    const next = aSpec(
      getting('/items/{id}', [
        inPath('id'),
        query('a', STRING, true),
        query('b', STRING, true),
        header('X-Key'),
        header('X-Trace'),
      ]),
    );
    expect(said(old, next, [call('/items/1', { a: 'x' }), call('/items/2', { b: 'y' })])).toEqual([
      [
        'GET /items/1 → 200',
        [
          'does not send query parameter b, which the new spec requires',
          'the new spec requires header parameter X-Trace, which the old one did not ask for',
        ],
      ],
      [
        'GET /items/2 → 200',
        [
          'does not send query parameter a, which the new spec requires',
          'the new spec requires header parameter X-Trace, which the old one did not ask for',
        ],
      ],
    ]);
  });

  test('a header the new spec requires is not sent by a query parameter of the same name', () => {
    const old = aSpec(getting('/items', [query('trace')]));
    const next = aSpec(getting('/items', [query('trace'), header('trace')]));
    expect(said(old, next, [call('/items', { trace: '1' })])).toEqual([
      ['GET /items → 200', ['the new spec requires header parameter trace, which the old one did not ask for']],
    ]);
  });

  test('an optional parameter added, and one required in both, break no call', () => {
    const old = aSpec(getting('/items', [query('a', STRING, true)]));
    const next = aSpec(getting('/items', [query('a', STRING, true), query('c'), header('X-Opt', false)]));
    expect(said(old, next, [call('/items')])).toEqual([]);
  });

  test('a status the new spec no longer documents (nor its class, nor default) breaks the calls answered with it', () => {
    const old = aSpec(getting('/items', [], { ...OK, '404': { description: 'gone' }, '410': { description: 'gone' } }));
    const next = aSpec(getting('/items', [], { ...OK, '4XX': { description: 'client' } }));
    const without = aSpec(getting('/items', [], OK));
    const calls = [call('/items', {}, 404), call('/items', {}, 200), call('/items', {}, 500)];
    expect(said(old, next, calls)).toEqual([]);
    expect(said(old, without, calls)).toEqual([
      ['GET /items → 404', ['was answered 404, which the new spec no longer documents']],
    ]);
  });

  test("a breaking change to the call's own answer (its operation and status) names the call; the same change to another status or operation does not", () => {
    const body = (schema: unknown) => ({ description: 'OK', content: { 'application/json': { schema } } });
    const old = aSpec({
      ...getting('/items', [], { '200': body({ type: 'object', properties: { id: INTEGER } }), '404': body(STRING) }),
      ...getting('/other', [], OK),
    });
    const next = aSpec({
      ...getting('/items', [], { '200': body({ type: 'object', properties: { id: STRING } }), '404': body(STRING) }),
      ...getting('/other', [], OK),
    });
    expect(said(old, next, [call('/items'), call('/items', {}, 404), call('/other')])).toEqual([
      ['GET /items → 200', ['its 200 answer changes: response 200 application/json: id: type "integer" → "string"']],
    ]);
  });

  test('a non-breaking change to the answer names no call', () => {
    const body = (schema: unknown) => ({ '200': { description: 'OK', content: { 'application/json': { schema } } } });
    const old = aSpec(getting('/items', [], body({ type: 'object', properties: { id: INTEGER } })));
    const next = aSpec(getting('/items', [], body({ type: 'object', properties: { id: INTEGER, name: STRING } })));
    expect(said(old, next, [call('/items')])).toEqual([]);
  });

  test('credentials the whole document now asks for name every call without credentials of its own; those of an operation, its calls; a scheme changed, the calls that may use it', () => {
    const schemes = (scheme = 'bearer') => ({ components: { securitySchemes: { key: { type: 'http', scheme } } } });
    const paths = (get: Spec = {}) => ({
      '/items': { get: { responses: OK, ...get }, delete: { responses: OK } },
      '/files': { post: { responses: OK } },
    });
    const calls = [call('/items'), call('/items', {}, 200, 'DELETE'), call('/files', {}, 200, 'POST')];
    const old = aSpec(paths(), schemes());
    const everyone = ['the credentials it must send change: security: added'];
    expect(said(old, aSpec(paths(), { ...schemes(), security: [{ key: [] }] }), calls)).toEqual([
      ['GET /items → 200', everyone],
      ['DELETE /items → 200', everyone],
      ['POST /files → 200', everyone],
    ]);
    // GET /items keeps its own `security: []`: the document's new requirement does not reach it.
    const open = aSpec(paths({ security: [] }), schemes());
    expect(said(open, aSpec(paths({ security: [] }), { ...schemes(), security: [{ key: [] }] }), calls)).toEqual([
      ['DELETE /items → 200', everyone],
      ['POST /files → 200', everyone],
    ]);
    expect(said(old, aSpec(paths({ security: [{ key: [] }] }), schemes()), calls)).toEqual([
      ['GET /items → 200', ['the credentials it must send change: security: added']],
    ]);
    const scheme = ['the credentials it must send change: security scheme key: scheme "bearer" → "basic"'];
    const secured = (name: string) => aSpec(paths({ security: [{ key: [] }] }), schemes(name));
    expect(said(secured('bearer'), secured('basic'), calls)).toEqual([['GET /items → 200', scheme]]);
  });

  test('a parameter of the whole path made required names the calls of each of its methods', () => {
    const old = aSpec({ '/items': { get: { responses: OK }, delete: { responses: OK } }, ...getting('/other') });
    const next = aSpec({
      '/items': { parameters: [query('v', STRING, true)], get: { responses: OK }, delete: { responses: OK } },
      ...getting('/other'),
    });
    expect(said(old, next, [call('/items'), call('/items', {}, 200, 'DELETE'), call('/other')])).toEqual([
      ['GET /items → 200', ['does not send query parameter v, which the new spec requires']],
      ['DELETE /items → 200', ['does not send query parameter v, which the new spec requires']],
    ]);
  });
});

describe("a --record file's ids", () => {
  test('an id no operation takes (or only as a header) is not judged', () => {
    const old = aSpec(getting('/items', [header('fileId', false)]));
    expect(said(old, old, [recorded('fileId', '1')], 'record')).toEqual([
      ['fileId=1', 'not judged: no operation of the old spec takes fileId'],
    ]);
  });

  test('an id taken in the query or the path is judged against the new schema where the operation takes it', () => {
    const old = aSpec({
      ...getting('/token', [query('fileId')]),
      ...getting('/files/{fileId}', [query('v'), inPath('fileId')]),
    });
    const queryOnly = aSpec({
      ...getting('/token', [query('fileId', INTEGER)]),
      ...getting('/files/{fileId}', [query('v'), inPath('fileId')]),
    });
    const pathOnly = aSpec({
      ...getting('/token', [query('fileId')]),
      ...getting('/files/{fileId}', [query('v'), inPath('fileId', INTEGER)]),
    });
    const both = aSpec({
      ...getting('/token', [query('fileId', INTEGER)]),
      ...getting('/files/{fileId}', [query('v'), inPath('fileId', INTEGER)]),
    });
    const ids = [recorded('fileId', 'abc'), recorded('fileId', '12')];
    // Still served by one of the operations that take it: not broken.
    expect(said(old, queryOnly, ids, 'record')).toEqual([]);
    expect(said(old, pathOnly, ids, 'record')).toEqual([]);
    expect(said(old, both, ids, 'record')).toEqual([
      [
        'fileId=abc',
        [
          'GET /token: sends fileId=abc, which the new spec refuses (not an integer)',
          'GET /files/{fileId}: sends fileId=abc, which the new spec refuses (not an integer)',
        ],
      ],
    ]);
  });

  test('the operation is matched by its method and template both', () => {
    const old = aSpec(getting('/a', [query('fileId')]));
    const next = aSpec({
      '/a': { post: { parameters: [query('fileId')], responses: OK } },
      ...getting('/b', [query('fileId')]),
    });
    expect(said(old, next, [recorded('fileId', '1')], 'record')).toEqual([
      ['fileId=1', ['GET /a is not in the new spec']],
    ]);
  });

  test('other parameters the new spec requires do not break a recorded id (the file keeps only ids)', () => {
    const old = aSpec(getting('/token', [query('fileId')]));
    const next = aSpec(getting('/token', [query('fileId'), query('v', STRING, true)]));
    expect(said(old, next, [recorded('fileId', '1')], 'record')).toEqual([]);
  });

  test('an id is broken only when the new spec documents none of the statuses it was answered with', () => {
    const old = aSpec(
      getting('/token', [query('fileId')], { '200': { description: 'OK' }, '201': { description: 'made' } }),
    );
    const only201 = aSpec(getting('/token', [query('fileId')], { '201': { description: 'made' } }));
    const neither = aSpec(getting('/token', [query('fileId')], { '204': { description: 'none' } }));
    expect(said(old, only201, [recorded('fileId', '1')], 'record')).toEqual([]);
    expect(said(old, neither, [recorded('fileId', '1')], 'record')).toEqual([
      ['fileId=1', ['GET /token: was answered 200 or 201, which the new spec no longer documents']],
    ]);
  });
});
