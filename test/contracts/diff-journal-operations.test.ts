import { runDiffCommand } from '../../contracts/diff/diff-command';
import { follow } from '../../contracts/diff/operations';
import { tempFiles } from '../support/temp-files';

// --journal: which operation of each spec a recorded call went to (its method, and the template its
// path fits, the most literal winning), the statuses an operation documents (the code, its class,
// default), and parameters declared through $refs.

const aFile = tempFiles('vtm-diff-operations-').write;

const aSpec = (paths: Record<string, unknown>, root: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title: 'Items', version: '1.0.0' },
  paths,
  ...root,
});
const OK = { '200': { description: 'OK' } };
const integerQuery = (type: string) => ({ name: 'q', in: 'query', schema: { type } });

type Call = [method: string, target: string, status: number];

/** The journal part of the JSON report of OLD → NEW with these calls recorded (`#1 GET /items?q=a → 200` …). */
function journalOf(before: unknown, after: unknown, calls: Call[]) {
  const requests = calls.map(([method, target, status], index) => {
    const url = new URL(target, 'http://x');
    return { id: index + 1, method, path: url.pathname, query: Object.fromEntries(url.searchParams), status };
  });
  const args = [aFile(before), aFile(after), '--journal', aFile({ capacity: 1000, requests }), '--format', 'json'];
  const out: string[] = [];
  const err: string[] = [];
  const code = runDiffCommand(args, { out: (text) => out.push(text), err: (text) => err.push(text) });
  expect([code, err]).toEqual([expect.any(Number), []]);
  const { journal } = JSON.parse(out.join('\n')) as {
    journal: { broken: { call: string; reasons: string[] }[]; notJudged: { call: string; why: string }[] };
  };
  return { broken: journal.broken.map(({ call, reasons }) => [call, ...reasons]), notJudged: journal.notJudged };
}

test.each([
  ['the template', 'first'],
  ['the literal path', 'first'],
])('a path fitting two templates goes to the one with more literal segments, %s listed %s', (first) => {
  const template = { get: { parameters: [{ name: 'id', in: 'path', required: true }], responses: OK } };
  const literal = (type: string) => ({ get: { parameters: [integerQuery(type)], responses: OK } });
  const spec = (type: string) =>
    aSpec(
      first === 'the template'
        ? { '/items/{id}': template, '/items/new': literal(type), '/items/{id}/{part}': { get: { responses: OK } } }
        : { '/items/new': literal(type), '/items/{id}': template, '/items/{id}/{part}': { get: { responses: OK } } },
    );
  expect(
    journalOf(spec('string'), spec('integer'), [
      ['GET', '/items/new?q=a', 200],
      ['GET', '/items/7?q=a', 200],
    ]),
  ).toEqual({
    broken: [['#1 GET /items/new?q=a → 200', 'sends q=a, which the new spec refuses (not an integer)']],
    notJudged: [],
  });
});

test('of two templates a path fits as literally, the one listed first takes it (OpenAPI leaves ambiguous paths to the tool)', () => {
  const spec = (type: string) =>
    aSpec({
      '/items/{id}': { get: { parameters: [integerQuery(type)], responses: OK } },
      '/{kind}/new': { get: { responses: OK } },
    });
  expect(journalOf(spec('string'), spec('integer'), [['GET', '/items/new?q=a', 200]])).toEqual({
    broken: [['#1 GET /items/new?q=a → 200', 'sends q=a, which the new spec refuses (not an integer)']],
    notJudged: [],
  });
});

test.each<[string, string]>([
  ['a path with a segment more than any template', '/items/7/extra'],
  ['a path with a segment fewer', '/items'],
  ['an empty value where a template takes a path parameter', '/items/'],
  ['another literal segment', '/things/7'],
  ['a literal segment it begins and ends with', '/itemsitems/7'],
  ['another method', 'DELETE /items/7'],
])('%s fits no operation: not judged, saying why', (_name, target) => {
  const [method, pathname] = target.includes(' ') ? target.split(' ') : ['GET', target];
  const spec = aSpec({ '/items/{id}': { get: { responses: OK } } });
  expect(journalOf(spec, spec, [[method ?? 'GET', pathname ?? target, 200]])).toEqual({
    broken: [],
    notJudged: [{ call: `#1 ${method} ${pathname} → 200`, why: 'not an operation of the old spec' }],
  });
});

const namedFile = (pattern: string) => ({
  get: {
    parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string', pattern } }],
    responses: OK,
  },
});

test('a path parameter filling part of a segment ({name}.json) takes the rest of it: a call to /files/report.json is judged; one ending otherwise, with a segment more or with an empty value fits no operation', () => {
  const spec = (pattern: string) => aSpec({ '/files/{name}.json': namedFile(pattern) });
  expect(
    journalOf(spec('^[a-z]+$'), spec('^[0-9]+$'), [
      ['GET', '/files/report.json', 200],
      ['GET', '/files/report.xml', 200],
      ['GET', '/files/a/b.json', 200],
      ['GET', '/files/.json', 200],
      ['GET', '/files/report.jsonx', 200],
    ]),
  ).toEqual({
    broken: [
      ['#1 GET /files/report.json → 200', 'sends name=report, which the new spec refuses (does not match ^[0-9]+$)'],
    ],
    notJudged: [2, 3, 4, 5].map((id) => ({
      call: `#${id} GET ${['', '', '/files/report.xml', '/files/a/b.json', '/files/.json', '/files/report.jsonx'][id]} → 200`,
      why: 'not an operation of the old spec',
    })),
  });
});

test('parameters sharing a segment ({name}.{ext}), percent-decoded; a template partly literal in a segment wins over one whose parameter fills it, and loses to a literal one', () => {
  const spec = (pattern: string) =>
    aSpec({
      '/files/{id}': { get: { responses: OK } },
      '/files/{name}.json': namedFile(pattern),
      '/files/index.json': { get: { responses: OK } },
      '/pairs/{name}.{ext}': {
        get: {
          parameters: [
            { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'ext', in: 'path', required: true, schema: { type: 'string', pattern } },
          ],
          responses: OK,
        },
      },
    });
  expect(
    journalOf(spec('^[a-z ]+$'), spec('^[0-9]+$'), [
      ['GET', '/files/index.json', 200],
      ['GET', '/files/my%20report.json', 200],
      ['GET', '/files/7', 200],
      ['GET', '/pairs/a.c', 200],
    ]).broken,
  ).toEqual([
    [
      '#2 GET /files/my%20report.json → 200',
      'sends name=my report, which the new spec refuses (does not match ^[0-9]+$)',
    ],
    ['#4 GET /pairs/a.c → 200', 'sends ext=c, which the new spec refuses (does not match ^[0-9]+$)'],
  ]);
});

test('of parameters sharing a segment, an earlier one takes as much as it can ({name}.{ext} reads a.b.c as a.b and c; {a}{b} leaves b one character); each takes a character at least, and literal text before them must be there', () => {
  const pair = (first: string, second: string, pattern: string) => ({
    get: {
      parameters: [
        { name: first, in: 'path', required: true, schema: { type: 'string', pattern } },
        { name: second, in: 'path', required: true, schema: { type: 'string', pattern } },
      ],
      responses: OK,
    },
  });
  const spec = (pattern: string) =>
    aSpec({
      '/pairs/{name}.{ext}': pair('name', 'ext', pattern),
      '/glued/{a}{b}': pair('a', 'b', pattern),
      '/tagged/v{a}-{b}': pair('a', 'b', pattern),
    });
  expect(
    journalOf(spec('^.+$'), spec('^[a-z]$'), [
      ['GET', '/pairs/a.b.c', 200],
      ['GET', '/pairs/a..', 200],
      ['GET', '/pairs/.c', 200],
      ['GET', '/glued/abc', 200],
      ['GET', '/glued/a', 200],
      ['GET', '/tagged/v12-3', 200],
      ['GET', '/tagged/x12-3', 200],
      ['GET', '/tagged/v-3', 200],
    ]),
  ).toEqual({
    broken: [
      ['#1 GET /pairs/a.b.c → 200', 'sends name=a.b, which the new spec refuses (does not match ^[a-z]$)'],
      ['#2 GET /pairs/a.. → 200', 'sends ext=., which the new spec refuses (does not match ^[a-z]$)'],
      ['#4 GET /glued/abc → 200', 'sends a=ab, which the new spec refuses (does not match ^[a-z]$)'],
      [
        '#6 GET /tagged/v12-3 → 200',
        'sends a=12, which the new spec refuses (does not match ^[a-z]$)',
        'sends b=3, which the new spec refuses (does not match ^[a-z]$)',
      ],
    ],
    notJudged: [
      { call: '#3 GET /pairs/.c → 200', why: 'not an operation of the old spec' },
      { call: '#5 GET /glued/a → 200', why: 'not an operation of the old spec' },
      { call: '#7 GET /tagged/x12-3 → 200', why: 'not an operation of the old spec' },
      { call: '#8 GET /tagged/v-3 → 200', why: 'not an operation of the old spec' },
    ],
  });
});

test('a long segment (100,000 dots) that fits no template of several parameters is not judged, saying why', () => {
  const spec = aSpec({ '/files/{name}.{ext}.json': { get: { responses: OK } } });
  const long = '.'.repeat(100_000);
  expect(journalOf(spec, spec, [['GET', `/files/${long}`, 200]]).notJudged).toEqual([
    { call: `#1 GET /files/${long} → 200`, why: 'not an operation of the old spec' },
  ]);
});

test('a path parameter is matched percent-decoded, and a value that does not decode is taken as sent', () => {
  const spec = (format: string | undefined) =>
    aSpec({
      '/items/{id}': {
        get: {
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              schema: { type: 'string', format, pattern: format === undefined ? undefined : '^[a-z ]+$' },
            },
          ],
          responses: OK,
        },
      },
    });
  expect(
    journalOf(spec(undefined), spec('name'), [
      ['GET', '/items/a%20b', 200],
      ['GET', '/items/a%2', 200],
    ]),
  ).toEqual({
    broken: [['#2 GET /items/a%2 → 200', 'sends id=a%2, which the new spec refuses (does not match ^[a-z ]+$)']],
    notJudged: [],
  });
});

test.each<[string, string, string, number[]]>([
  ['a status class (4XX)', '4XX', '404', [403]],
  ['a status class in lower case (4xx)', '4xx', '404', [403]],
  ['default', 'default', '404', [403, 500]],
  ['the code itself', '403', '404', [403]],
])(
  'an answer the old spec documented by %s and the new one no longer does: broken',
  (_name, oldKey, newKey, statuses) => {
    const spec = (key: string) => aSpec({ '/items': { get: { responses: { ...OK, [key]: { description: 'No' } } } } });
    const calls = statuses.map((status): Call => ['GET', '/items', status]);
    expect(journalOf(spec(oldKey), spec(newKey), [...calls, ['GET', '/items', 404]]).broken).toEqual(
      statuses.map((status, index) => [
        `#${index + 1} GET /items → ${status}`,
        `was answered ${status}, which the new spec no longer documents`,
      ]),
    );
  },
);

test('an optional parameter added: a call without it is not broken', () => {
  const spec = (parameters: unknown[]) => aSpec({ '/items': { get: { parameters, responses: OK } } });
  expect(journalOf(spec([]), spec([integerQuery('integer')]), [['GET', '/items', 200]])).toEqual({
    broken: [],
    notJudged: [],
  });
});

test('parameters declared through $refs, a JSON pointer escaping / and ~, are judged as declared', () => {
  const spec = (type: string) =>
    aSpec(
      {
        '/items': { get: { parameters: [{ $ref: '#/components/parameters/q~0page' }], responses: OK } },
        '/other': { get: { parameters: [{ $ref: '#/paths/~1items/get/parameters/0' }], responses: OK } },
      },
      { components: { parameters: { 'q~page': integerQuery(type) } } },
    );
  expect(
    journalOf(spec('string'), spec('integer'), [
      ['GET', '/items?q=a', 200],
      ['GET', '/other?q=b', 200],
    ]).broken,
  ).toEqual([
    ['#1 GET /items?q=a → 200', 'sends q=a, which the new spec refuses (not an integer)'],
    ['#2 GET /other?q=b → 200', 'sends q=b, which the new spec refuses (not an integer)'],
  ]);
});

test('a path item or an operation left empty (YAML `/drafts:` with nothing under it) is no operation: calls to it are not judged, the others are', () => {
  const spec = (type: string) =>
    aSpec({ '/drafts': null, '/items': { get: null, post: { parameters: [integerQuery(type)], responses: OK } } });
  expect(
    journalOf(spec('string'), spec('integer'), [
      ['GET', '/drafts', 200],
      ['GET', '/items', 200],
      ['POST', '/items?q=a', 200],
    ]),
  ).toEqual({
    broken: [['#3 POST /items?q=a → 200', 'sends q=a, which the new spec refuses (not an integer)']],
    notJudged: [
      { call: '#1 GET /drafts → 200', why: 'not an operation of the old spec' },
      { call: '#2 GET /items → 200', why: 'not an operation of the old spec' },
    ],
  });
});

test('a parameter whose $ref goes round in a cycle declares nothing: a call sending it is judged without it', () => {
  const spec = (type: string) =>
    aSpec(
      { '/items': { get: { parameters: [{ $ref: '#/components/parameters/a' }, integerQuery(type)], responses: OK } } },
      {
        components: {
          parameters: { a: { $ref: '#/components/parameters/b' }, b: { $ref: '#/components/parameters/a' } },
        },
      },
    );
  expect(journalOf(spec('string'), spec('integer'), [['GET', '/items?a=1&q=x', 200]])).toEqual({
    broken: [['#1 GET /items?a=1&q=x → 200', 'sends q=x, which the new spec refuses (not an integer)']],
    notJudged: [],
  });
});

test('a $ref is followed through 31 others to its value; a longer chain, like a cycle, names nothing', () => {
  // refs/r0 → refs/r1 → … → refs/rN, which holds the value.
  const chain = (length: number): Record<string, unknown> => ({
    refs: Object.fromEntries(
      Array.from({ length: length + 1 }, (_, index) => [
        `r${index}`,
        index === length ? { type: 'string' } : { $ref: `#/refs/r${index + 1}` },
      ]),
    ),
  });
  expect(follow(chain(31), { $ref: '#/refs/r1' })).toEqual({ type: 'string' });
  expect(follow(chain(32), { $ref: '#/refs/r1' })).toBeUndefined();
  const cycle = { refs: { a: { $ref: '#/refs/b' }, b: { $ref: '#/refs/a' } } };
  expect(follow(cycle, { $ref: '#/refs/a' })).toBeUndefined();
  expect(follow({ 'a/b~c': { x: 1 } }, { $ref: '#/a~1b~0c' })).toEqual({ x: 1 });
});
