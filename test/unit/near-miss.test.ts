import fc from 'fast-check';
import { editDistance } from '../../mock/core/edit-distance';
import { findNearestName, findNearestRoute } from '../../mock/core/near-miss';

test.each([
  ['', '', 0],
  ['port', 'port', 0],
  ['port', '', 4],
  ['prot', 'port', 1],
  ['fileid', 'fileId', 1],
  ['fielId', 'fileId', 1],
  ['abc', 'cba', 2],
  ['senario', 'scenario', 1],
  ['kitten', 'sitting', 3],
])('editDistance(%j, %j) is %i (a swap of two neighbours is one edit)', (a, b, distance) => {
  expect(editDistance(a, b)).toBe(distance);
  expect(editDistance(b, a)).toBe(distance);
});

test.each([
  ['prot', ['port', 'host', 'seed'], 'port'],
  ['fileid', ['fileId', 'sceneId'], 'fileId'],
  ['redis-timout', ['redis-timeout', 'redis-url'], 'redis-timeout'],
  ['__senario', ['__code', '__scenario', '__delay', '__fault'], '__scenario'],
  ['xyz', ['port', 'host'], undefined],
  ['pt', ['port'], undefined],
])('findNearestName(%j) among %j is %j', (given, known, nearest) => {
  expect(findNearestName(given, known)).toBe(nearest);
});

const ROUTES = [
  { method: 'GET', template: '/view/token' },
  { method: 'POST', template: '/data/v2/integrations/{integrateId}/files/{fileId}/viewToken' },
  { method: 'GET', template: '/data/v2/integrations/{integrateId}/files/{fileId}/viewToken' },
];

test.each([
  ['GET', '/view/tokens', 'GET /view/token'],
  ['GET', '/View/Token', 'GET /view/token'],
  ['GET', '/view/token/', 'GET /view/token'],
  [
    'POST',
    '/data/v2/integrations/1/files/2/viewtoken',
    'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
  ],
  ['GET', '/somewhere/else/entirely', undefined],
])('findNearestRoute(%s %s) is %j', (method, path, nearest) => {
  expect(findNearestRoute(method, path, ROUTES)).toBe(nearest);
});

test.each([
  ['kitten', 'sitting', 3, 3],
  ['kitten', 'sitting', 2, 3],
  ['kitten', 'sitting', 1, 2],
  ['prot', 'port', 1, 1],
  ['abc', 'abc', 0, 0],
  ['abcdef', 'abc', 2, 3],
  ['a', 'b', 0, 1],
])('editDistance(%j, %j, max %i) is %i (beyond max: max + 1)', (a, b, max, distance) => {
  expect(editDistance(a, b, max)).toBe(distance);
  expect(editDistance(b, a, max)).toBe(distance);
});

test('a bounded distance agrees with the full one wherever it is within the bound', () => {
  const words = [
    '',
    'a',
    'ab',
    'ba',
    'abc',
    'acb',
    'view/token',
    'veiw/token',
    'view/tokens',
    'View/Token',
    '/__admin/helth',
    '/__admin/health',
  ];
  for (const a of words)
    for (const b of words)
      for (const max of [0, 1, 2, 3, 5]) {
        const full = editDistance(a, b);
        expect([a, b, max, editDistance(a, b, max)]).toEqual([a, b, max, full <= max ? full : max + 1]);
      }
});

test('an 8,000-character path still gets its hint when one route is close, and none when none is', () => {
  const path = `/data/v2/integrations/${'9'.repeat(8_000)}/files/1/viewtoken`;
  expect(findNearestRoute('GET', `/Data${path.slice(5)}`, ROUTES)).toBe(
    'GET /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
  );
  expect(findNearestRoute('GET', `/DATA/V3${path.slice(8, -9)}/viewtokens/x`, ROUTES)).toBeUndefined();
});

/** The textbook dynamic programme, without the shortcut of skipping a common start and end. */
function referenceDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => (d[i] as number[])[j] as number;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

test('editDistance skips a common start and end without changing any distance (against the plain dynamic programme)', () => {
  const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/'), maxLength: 9 });
  fc.assert(
    fc.property(text, text, text, text, (prefix, a, b, suffix) => {
      expect(editDistance(`${prefix}${a}${suffix}`, `${prefix}${b}${suffix}`)).toBe(
        referenceDistance(`${prefix}${a}${suffix}`, `${prefix}${b}${suffix}`),
      );
      expect(editDistance(a, b)).toBe(referenceDistance(a, b));
    }),
    { numRuns: 2000 },
  );
});

test.each([
  ['ab', 'ba', 1],
  ['xab', 'xba', 1],
  ['abcd', 'badc', 2],
  ['ca', 'abc', 3],
  ['a', 'b', 1],
  ['', 'abc', 3],
  ['abc', 'ab', 1],
  ['abc', 'abx', 1],
  ['abc', 'xbc', 1],
])('editDistance(%j, %j) is %i (an optimal string alignment: a swapped pair is not edited again)', (a, b, distance) => {
  expect(editDistance(a, b)).toBe(distance);
});

test.each([
  ['abd', ['abc'], 'abc'],
  ['axy', ['abc'], undefined],
  ['abcdefxy', ['abcdefgh'], 'abcdefgh'],
  ['abcdexyz', ['abcdefgh'], undefined],
  ['FILEID', ['fileId'], 'fileId'],
  ['fileid', ['FILEID'], 'FILEID'],
  ['fileId', ['fileIdx', 'fileId'], 'fileId'],
  ['aa', ['ab', 'ac'], 'ab'],
  ['x', [], undefined],
])(
  "findNearestName(%j) among %j is %j: within a quarter of the name's length (at least 1), the first of the nearest",
  (given, known, nearest) => {
    expect(findNearestName(given, known)).toBe(nearest);
  },
);

test.each([
  ['GET', '/view/tokenxx', 'GET /view/token'],
  ['GET', '/view/tokenxxx', undefined],
  ['GET', '/view/token///', 'GET /view/token'],
  ['GET', '/', undefined],
  [
    'GET',
    '/data/v2/integrations/1/files/2/viewtoken',
    'GET /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
  ],
  [
    'HEAD',
    '/data/v2/integrations/1/files/2/viewToken',
    'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
  ],
  ['GET', '/data/v2/integrations/1/files/2/viewToken/extra', undefined],
  ['GET', '/view/tok/extra', undefined],
  ['GET', '/data/v2/integrations/files/viewToken', undefined],
])("findNearestRoute(%s %s) is %j (at most 2 edits, or a fifth of the template's length)", (method, path, nearest) => {
  expect(findNearestRoute(method, path, ROUTES)).toBe(nearest);
});

test("between two routes as near, the one with the request's method is named", () => {
  const routes = [
    { method: 'POST', template: '/view/tokex' },
    { method: 'GET', template: '/view/tokey' },
  ];
  expect(findNearestRoute('GET', '/view/token', routes)).toBe('GET /view/tokey');
  expect(findNearestRoute('POST', '/view/token', routes)).toBe('POST /view/tokex');
  expect(findNearestRoute('PUT', '/view/token', routes)).toBe('POST /view/tokex');
});

test("a nearer route wins over one with the request's method", () => {
  const routes = [
    { method: 'GET', template: '/view/tokxx' },
    { method: 'POST', template: '/view/tokenx' },
  ];
  expect(findNearestRoute('GET', '/view/token', routes)).toBe('POST /view/tokenx');
});

test('trailing slashes are all dropped before comparing: /view/token//// is still GET /view/token', () => {
  expect(findNearestRoute('GET', '/view/token////', ROUTES)).toBe('GET /view/token');
});

test("the nearest route wins whatever its place in the list, and a tie goes to the request's method", () => {
  expect(
    findNearestRoute('GET', '/view/token', [
      { method: 'POST', template: '/view/tokenx' },
      { method: 'GET', template: '/view/tokxx' },
    ]),
  ).toBe('POST /view/tokenx');
  expect(
    findNearestRoute('GET', '/view/token', [
      { method: 'GET', template: '/view/tokex' },
      { method: 'POST', template: '/view/tokey' },
    ]),
  ).toBe('GET /view/tokex');
});

test('a short template allows 2 edits, a long one a fifth of its length', () => {
  expect(findNearestRoute('GET', '/a/bd', [{ method: 'GET', template: '/a/bc' }])).toBe('GET /a/bc');
  expect(findNearestRoute('GET', '/data/v2/integration/1/file/2/viewTokens', ROUTES)).toBe(
    'GET /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
  );
});

test("the hint names a route that exists: another template's method is never borrowed", () => {
  expect(
    findNearestRoute('GET', '/oauth2/tokens', [
      { method: 'GET', template: '/view/token' },
      { method: 'POST', template: '/oauth2/token' },
    ]),
  ).toBe('POST /oauth2/token');
});

test("of two routes as near with the request's method, the first in the table is named", () => {
  const routes = [
    { method: 'GET', template: '/aa' },
    { method: 'GET', template: '/bb' },
  ];
  expect(findNearestRoute('GET', '/ab', routes)).toBe('GET /aa');
  expect(findNearestRoute('GET', '/ab', [...routes].reverse())).toBe('GET /bb');
});

test('the root path "/" is compared as it is (its slash is not dropped as a trailing one)', () => {
  // "/" to "/ab" is 2 edits (a hint); "" to "/ab" would be 3 (none).
  expect(findNearestRoute('GET', '/', [{ method: 'GET', template: '/ab' }])).toBe('GET /ab');
  expect(findNearestRoute('GET', '/', [{ method: 'GET', template: '/abc' }])).toBeUndefined();
});

test.each([
  ['/files/7.json', '/files/{id}.json'],
  ['/files/x7', '/files/x{id}'],
])(
  'a parameter that is only part of a segment is not filled from the path: %s is not taken for %s',
  (path, template) => {
    // Only a whole "{name}" segment takes the path's value; here the template's text is compared as written.
    expect(findNearestRoute('GET', path, [{ method: 'GET', template }])).toBeUndefined();
    expect(findNearestRoute('GET', path, [{ method: 'GET', template: template.replace(/\{id\}/, '7') }])).toBe(
      `GET ${template.replace(/\{id\}/, '7')}`,
    );
  },
);
