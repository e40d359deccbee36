import { ROUTE_TABLE, STATIC_OPERATION_IDS, isStaticOperation } from '../../mock/core/routing/route-table';
import { toQueryString, toTargetPath } from '../../mock/core/routing/match-route';
import { EXPIRES_AT_HEADER, RULE_HEADER, SESSION_HEADER } from '../../mock/core/service-request';
import { VIEW_TOKEN_FORMAT } from '../../mock/core/view-tokens';

// Names and shapes that are part of the public interface (PRODUCT.md): a client reads these headers
// and a state file holds View Tokens of this shape, so a change to any of them breaks a client.

test('the headers a client reads or sends are named as PRODUCT.md names them', () => {
  expect([EXPIRES_AT_HEADER, SESSION_HEADER, RULE_HEADER]).toEqual([
    'X-View-Token-Expires-At',
    'x-mock-session',
    'X-Mock-Rule',
  ]);
});

test.each<[string, boolean]>([
  ['0123456789abcdef0123456789abcdef', true],
  ['0123456789abcdef0123456789abcde', false],
  ['0123456789abcdef0123456789abcdef0', false],
  ['0123456789ABCDEF0123456789ABCDEF', false],
  ['g123456789abcdef0123456789abcdef', false],
  ['x0123456789abcdef0123456789abcdef', false],
  ['0123456789abcdef0123456789abcdefx', false],
  ['', false],
])("%j is a View Token's shape: %s (32 lower-case hex, nothing around)", (text, shaped) => {
  expect(VIEW_TOKEN_FORMAT.test(text)).toBe(shaped);
});

test("the static host's operations are exactly the table's routes of area static", () => {
  const statics = ROUTE_TABLE.filter((route) => route.area === 'static').map((route) => route.operationId);
  expect(statics.length).toBeGreaterThan(0);
  expect(STATIC_OPERATION_IDS).toEqual(statics);
  expect(ROUTE_TABLE.map((route) => [route.operationId, isStaticOperation(route.operationId)])).toEqual(
    ROUTE_TABLE.map((route) => [route.operationId, route.area === 'static']),
  );
});

test.each([
  ['/a?b=1&c=2', 'b=1&c=2'],
  ['/a', ''],
  ['/a?', ''],
  ['?x', 'x'],
  ['http://h/a?b=/c', 'b=/c'],
  ['/a?b?c', 'b?c'],
])('the query string of target %s is %j', (target, query) => {
  expect(toQueryString(target)).toBe(query);
});

test.each([
  ['http://h:1/a', '/a'],
  ['HTTP://h/a/b', '/a/b'],
  ['http://h/', '/'],
  ['mailto:x/y', 'mailto:x/y'],
  ['1http://h/a', '1http://h/a'],
  ['a+b.c-d://h/x?y', '/x'],
  ['http://h?/a', '/'],
])('the path of target %s is %s (absolute-form: after the host)', (target, pathOnly) => {
  expect(toTargetPath(target)).toBe(pathOnly);
});
