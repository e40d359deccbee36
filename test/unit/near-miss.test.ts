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
  ['kitten', 'sitting', 3, 3], ['kitten', 'sitting', 2, 3], ['kitten', 'sitting', 1, 2], ['prot', 'port', 1, 1],
  ['abc', 'abc', 0, 0], ['abcdef', 'abc', 2, 3], ['a', 'b', 0, 1],
])('editDistance(%j, %j, max %i) is %i (beyond max: max + 1)', (a, b, max, distance) => {
  expect(editDistance(a, b, max)).toBe(distance);
  expect(editDistance(b, a, max)).toBe(distance);
});

test('a bounded distance agrees with the full one wherever it is within the bound', () => {
  const words = ['', 'a', 'ab', 'ba', 'abc', 'acb', 'view/token', 'veiw/token', 'view/tokens', 'View/Token', '/__admin/helth', '/__admin/health'];
  for (const a of words) for (const b of words) for (const max of [0, 1, 2, 3, 5]) {
    const full = editDistance(a, b);
    expect([a, b, max, editDistance(a, b, max)]).toEqual([a, b, max, full <= max ? full : max + 1]);
  }
});

test('an 8,000-character path still gets its hint when one route is close, and none when none is', () => {
  const path = `/data/v2/integrations/${'9'.repeat(8_000)}/files/1/viewtoken`;
  expect(findNearestRoute('GET', `/Data${path.slice(5)}`, ROUTES)).toBe('GET /data/v2/integrations/{integrateId}/files/{fileId}/viewToken');
  expect(findNearestRoute('GET', `/DATA/V3${path.slice(8, -9)}/viewtokens/x`, ROUTES)).toBeUndefined();
});
