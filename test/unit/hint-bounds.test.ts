import type * as EditDistance from '../../mock/core/edit-distance';
import { editDistance } from '../../mock/core/edit-distance';
import { findNearestName, findNearestRoute } from '../../mock/core/near-miss';
import { FAULT_ALIASES, FAULTS } from '../../mock/core/scenarios/preferences';
import { ROUTE_TABLE } from '../../mock/core/routing/route-table';
import { trimTrailingSlashes } from '../../mock/core/trailing-slashes';

// Every comparison the hints make is recorded: the bound is shown by what reaches the edit distance,
// not by how long it takes.
jest.mock('../../mock/core/edit-distance', () => {
  const actual = jest.requireActual<typeof EditDistance>('../../mock/core/edit-distance');
  return { editDistance: jest.fn(actual.editDistance) };
});
const compared = jest.mocked(editDistance);
beforeEach(() => compared.mockClear());

const calls = (): { lengths: [number, number]; max: number | undefined }[] =>
  compared.mock.calls.map(([a, b, max]) => ({ lengths: [a.length, b.length], max }));

const FAULT_NAMES = [...FAULTS, ...Object.keys(FAULT_ALIASES)];
const ROUTES = ROUTE_TABLE.map((route) => ({ method: route.method, template: route.path }));

test('a 15,500-character fault reaches no edit distance, and gets no hint', () => {
  expect(findNearestName('x'.repeat(15_500), FAULT_NAMES)).toBeUndefined();
  expect(calls()).toEqual([]);
});

// 'abcdefgh' is near within 2 edits (a quarter of 8): names 6 to 10 characters long are compared, no others.
test.each([
  [5, false],
  [6, true],
  [10, true],
  [11, false],
])('a %i-character name is compared with the 8-character one: %s', (length, reached) => {
  findNearestName('x'.repeat(length), ['abcdefgh']);
  expect(calls()).toEqual(reached ? [{ lengths: [length, 8], max: 2 }] : []);
});

test('the bound is the farthest any name may be: the longest name sets it, and each comparison is banded by it', () => {
  // 'ab' may be 1 away, the 16-character name 4: a 20-character input is compared with the long one only.
  expect(findNearestName('abcdefghijklmnopqrst', ['ab', 'abcdefghijklmnop'])).toBe('abcdefghijklmnop');
  expect(calls()).toEqual([{ lengths: [20, 16], max: 4 }]);
});

test.each([
  ['/ then 8,180 slashes then x', `/${'/'.repeat(8_180)}x`],
  ['an 8,000-character segment', `/${'a'.repeat(8_000)}`],
  ['8,000 slashes', '/'.repeat(8_000)],
])('a path of %s reaches no edit distance, and gets no hint', (_label, path) => {
  expect(findNearestRoute('GET', path, ROUTES)).toBeUndefined();
  expect(calls()).toEqual([]);
});

test('a long id in a template’s place is compared in a band: each comparison within its bound of the other’s length', () => {
  const path = `/data/v2/integrations/${'9'.repeat(8_000)}/files/1/viewtoken`;
  expect(findNearestRoute('GET', path, ROUTES)).toBe(
    'GET /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
  );
  expect(calls().length).toBeGreaterThan(0);
  for (const { lengths, max } of calls()) {
    expect(max).toBeLessThanOrEqual(12);
    expect(Math.abs(lengths[0] - lengths[1])).toBeLessThanOrEqual(max as number);
  }
});

test.each([
  ['', ''],
  ['/', ''],
  ['///', ''],
  ['/view/token', '/view/token'],
  ['/view/token/', '/view/token'],
  ['/view/token///', '/view/token'],
  ['/a//b', '/a//b'],
  ['/a//b/x', '/a//b/x'],
])('trimTrailingSlashes(%j) is %j', (path, trimmed) => {
  expect(trimTrailingSlashes(path)).toBe(trimmed);
});

test('trimTrailingSlashes keeps a path of / then 8,180 slashes then x whole, and drops 8,180 trailing ones', () => {
  expect(trimTrailingSlashes(`/${'/'.repeat(8_180)}x`)).toBe(`/${'/'.repeat(8_180)}x`);
  expect(trimTrailingSlashes(`/x${'/'.repeat(8_180)}`)).toBe('/x');
});
