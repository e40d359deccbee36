import { editDistance, findNearestName, findNearestRoute } from '../../mock/core/near-miss';

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

const ROUTES = [{ method: 'GET', template: '/view/token' }, { method: 'POST', template: '/data/v2/integrations/{integrateId}/files/{fileId}/viewToken' }, { method: 'GET', template: '/data/v2/integrations/{integrateId}/files/{fileId}/viewToken' }];

test.each([
  ['GET', '/view/tokens', 'GET /view/token'],
  ['GET', '/View/Token', 'GET /view/token'],
  ['GET', '/view/token/', 'GET /view/token'],
  ['POST', '/data/v2/integrations/1/files/2/viewtoken', 'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken'],
  ['GET', '/somewhere/else/entirely', undefined],
])('findNearestRoute(%s %s) is %j', (method, path, nearest) => {
  expect(findNearestRoute(method, path, ROUTES)).toBe(nearest);
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
])('findNearestName(%j) among %j is %j: within a quarter of the name\'s length (at least 1), the first of the nearest', (given, known, nearest) => {
  expect(findNearestName(given, known)).toBe(nearest);
});

test.each([
  ['GET', '/view/tokenxx', 'GET /view/token'],
  ['GET', '/view/tokenxxx', undefined],
  ['GET', '/view/token///', 'GET /view/token'],
  ['GET', '/', undefined],
  ['GET', '/data/v2/integrations/1/files/2/viewtoken', 'GET /data/v2/integrations/{integrateId}/files/{fileId}/viewToken'],
  ['HEAD', '/data/v2/integrations/1/files/2/viewToken', 'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken'],
  ['GET', '/data/v2/integrations/1/files/2/viewToken/extra', undefined],
  ['GET', '/view/tok/extra', undefined],
  ['GET', '/data/v2/integrations/files/viewToken', undefined],
])('findNearestRoute(%s %s) is %j (at most 2 edits, or a fifth of the template\'s length)', (method, path, nearest) => {
  expect(findNearestRoute(method, path, ROUTES)).toBe(nearest);
});

test('between two routes as near, the one with the request\'s method is named', () => {
  const routes = [{ method: 'POST', template: '/view/tokex' }, { method: 'GET', template: '/view/tokey' }];
  expect(findNearestRoute('GET', '/view/token', routes)).toBe('GET /view/tokey');
  expect(findNearestRoute('POST', '/view/token', routes)).toBe('POST /view/tokex');
  expect(findNearestRoute('PUT', '/view/token', routes)).toBe('POST /view/tokex');
});

test('a nearer route wins over one with the request\'s method', () => {
  const routes = [{ method: 'GET', template: '/view/tokxx' }, { method: 'POST', template: '/view/tokenx' }];
  expect(findNearestRoute('GET', '/view/token', routes)).toBe('POST /view/tokenx');
});

test('trailing slashes are all dropped before comparing: /view/token//// is still GET /view/token', () => {
  expect(findNearestRoute('GET', '/view/token////', ROUTES)).toBe('GET /view/token');
});

test('the nearest route wins whatever its place in the list, and a tie goes to the request\'s method', () => {
  expect(findNearestRoute('GET', '/view/token', [{ method: 'POST', template: '/view/tokenx' }, { method: 'GET', template: '/view/tokxx' }])).toBe('POST /view/tokenx');
  expect(findNearestRoute('GET', '/view/token', [{ method: 'GET', template: '/view/tokex' }, { method: 'POST', template: '/view/tokey' }])).toBe('GET /view/tokex');
});

test('a short template allows 2 edits, a long one a fifth of its length', () => {
  expect(findNearestRoute('GET', '/a/bd', [{ method: 'GET', template: '/a/bc' }])).toBe('GET /a/bc');
  expect(findNearestRoute('GET', '/data/v2/integration/1/file/2/viewTokens', ROUTES)).toBe('GET /data/v2/integrations/{integrateId}/files/{fileId}/viewToken');
});

test('the hint names a route that exists: another template\'s method is never borrowed', () => {
  expect(findNearestRoute('GET', '/oauth2/tokens', [{ method: 'GET', template: '/view/token' }, { method: 'POST', template: '/oauth2/token' }])).toBe('POST /oauth2/token');
});
