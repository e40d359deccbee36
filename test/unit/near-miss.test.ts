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
