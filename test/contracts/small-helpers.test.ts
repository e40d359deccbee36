// The harness's small helpers at their edges: the nearest known name of a mistyped one, a body read as
// JSON or text, the View Token an answer carries, the exit code of each outcome, and whether one media
// type covers another.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mediaTypeCovers } from '../../contracts/diff/media-type-mapping';
import { EXIT_CODES, exitCodeOf } from '../../contracts/exit-codes';
import type { Exchange } from '../../contracts/http-exchange';
import { dataOf, parseBody, viewTokenOf } from '../../contracts/issued-token';
import { nearestName } from '../../contracts/nearest-name';
import { packageVersion } from '../../contracts/package-version';

test.each<[string, string[], string | undefined]>([
  ['acess-token', ['access-token', 'base-url'], 'access-token'],
  ['BASE-URL', ['access-token', 'base-url'], 'base-url'],
  // a short name: at most two edits
  ['tmeot', ['timeout'], 'timeout'],
  ['tmeo', ['timeout'], undefined],
  // a longer one: a quarter of its length (14 characters: 3 edits)
  ['chcks-vrsin', ['checks-version'], 'checks-version'],
  ['chcks-vrsi', ['checks-version'], undefined],
  // equally near: the first known name
  ['abx', ['abc', 'abd'], 'abc'],
  // the nearest, not the first within reach
  ['abcdef', ['abcxyz', 'abcdex'], 'abcdex'],
  ['anything', [], undefined],
])('nearestName(%j, %j) is %j', (given, known, nearest) => {
  expect(nearestName(given, known)).toBe(nearest);
});

test.each<[string, unknown]>([
  ['', ''],
  ['{"data":"t"}', { data: 't' }],
  ['"text"', 'text'],
  ['not json', 'not json'],
])('parseBody(%j) is %j', (text, body) => {
  expect(parseBody(text)).toEqual(body);
});

test.each<[string, string | undefined]>([
  ['{"code":"success","data":"vt-1","message":""}', 'vt-1'],
  ['{"data":""}', undefined],
  ['{"data":12}', undefined],
  ['["vt-1"]', undefined],
  ['null', undefined],
  ['"vt-1"', undefined],
  ['vt-1', undefined],
])('dataOf(%j) is %j', (text, data) => {
  expect(dataOf(text)).toBe(data);
});

const REQUEST = {
  method: 'GET' as const,
  path: '/view/token?fileId=1',
  url: 'http://x/view/token?fileId=1',
  headers: {},
};
const TIMING = { startMs: 0, endMs: 1 };

test.each<[string, Exchange, string | undefined]>([
  [
    'a 200 with a token',
    { kind: 'response', request: REQUEST, timing: TIMING, status: 200, headers: {}, bodyText: '{"data":"vt"}' },
    'vt',
  ],
  [
    'a 201 with a token',
    { kind: 'response', request: REQUEST, timing: TIMING, status: 201, headers: {}, bodyText: '{"data":"vt"}' },
    undefined,
  ],
  ['a broken exchange', { kind: 'broken', request: REQUEST, timing: TIMING, reason: 'reset' }, undefined],
])('viewTokenOf(%s) is %j', (_, exchange, token) => {
  expect(viewTokenOf(exchange)).toBe(token);
});

test('each outcome has its exit code: 0 conformant, 1 defects found, 3 target unusable (2 is a usage error)', () => {
  expect([exitCodeOf('conformant'), exitCodeOf('defects-found'), exitCodeOf('target-unusable')]).toEqual([0, 1, 3]);
  expect(EXIT_CODES.usage).toBe(2);
});

test("packageVersion is the version in the package's package.json (read beside the sources here)", () => {
  const { version } = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as {
    version: string;
  };
  expect(packageVersion()).toBe(version);
  expect(version).toMatch(/^\d+\.\d+\.\d+/);
});

test.each<[string, string, Record<string, string>, string]>([
  ['the sources (contracts/)', 'contracts', { 'package.json': '{"version":"1.2.3"}' }, '1.2.3'],
  ['the build (dist/contracts/)', 'dist/contracts', { 'package.json': '{"version":"1.2.3"}' }, '1.2.3'],
  [
    'the build, a package.json beside dist/ that is not JSON',
    'dist/contracts',
    { 'dist/package.json': 'not json', 'package.json': '{"version":"4.5.6"}' },
    '4.5.6',
  ],
  ['no package.json one or two levels up', 'a/b/c', { 'package.json': '{"version":"1.2.3"}' }, 'unknown'],
])(
  'packageVersion run from %s (%s) reads the package.json one or two levels up, else says unknown',
  (_label, from, files, version) => {
    const root = mkdtempSync(path.join(tmpdir(), 'vtm-version-'));
    try {
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      }
      mkdirSync(path.join(root, from), { recursive: true });
      expect(packageVersion(path.join(root, from))).toBe(version);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
);

test.each<[string, string, boolean]>([
  ['*/*', 'application/json', true],
  ['application/*', 'application/json', true],
  ['Application/JSON; charset=utf-8', 'application/json', true],
  ['application/json', 'application/json; charset=utf-8', true],
  ['application/json', '*/*', false],
  ['application/json', 'application/*', false],
  ['text/*', 'application/json', false],
  ['text/json', 'application/json', false],
  ['application/xml', 'application/json', false],
])('mediaTypeCovers(%s, %s) is %s: its case and parameters aside', (wide, narrow, covers) => {
  expect(mediaTypeCovers(wide, narrow)).toBe(covers);
});
