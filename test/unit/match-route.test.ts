import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { createRouteMatcher, toTargetPath } from '../../mock/core/routing/match-route';
import type { Route } from '../../mock/core/routing/route-table';
import { AREAS, ROUTE_TABLE } from '../../mock/core/routing/route-table';

const match = createRouteMatcher(ROUTE_TABLE, { basePath: '' });
const underApi = createRouteMatcher(ROUTE_TABLE, { basePath: '/api' });
const CHILD = '/data/v2/integrations/{integrateId}/files/{fileId}/viewToken';

test("every operation of the mock spec names exactly one known area (x-area), and the contract's are service", () => {
  const spec = parse(readFileSync(path.resolve(__dirname, '../../spec/mock.openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string; 'x-area'?: unknown }>>;
  };
  const areas = Object.values(spec.paths)
    .flatMap((item) =>
      Object.values(item).filter(
        (operation) => typeof operation === 'object' && operation !== null && 'operationId' in operation,
      ),
    )
    .map((operation) => [operation.operationId, operation['x-area']]);
  expect(areas.length).toBeGreaterThan(20);
  for (const [operationId, area] of areas)
    expect([operationId, (AREAS as readonly unknown[]).includes(area)]).toEqual([operationId, true]);
  expect(ROUTE_TABLE.filter((route) => route.contract).map((route) => [route.operationId, route.area])).toEqual([
    ['getChildFileViewToken', 'service'],
    ['getViewToken', 'service'],
  ]);
});

test.each([
  ['GET', '/view/token?fileId=1', 'getViewToken', 'service', {}, '/view/token'],
  ['GET', 'http://mock.example:4010/view/token?fileId=1', 'getViewToken', 'service', {}, '/view/token'],
  [
    'POST',
    '/data/v2/integrations/2/files/3/viewToken',
    'getChildFileViewToken',
    'service',
    { integrateId: '2', fileId: '3' },
    '/data/v2/integrations/2/files/3/viewToken',
  ],
  [
    'GET',
    '/data/v2/integrations/%32/files/a%2Fb/viewToken',
    'getChildFileViewTokenByGet',
    'service',
    { integrateId: '2', fileId: 'a/b' },
    '/data/v2/integrations/%32/files/a%2Fb/viewToken',
  ],
  [
    'GET',
    '/data/v2/integrations/%2541/files/1/viewToken',
    'getChildFileViewTokenByGet',
    'service',
    { integrateId: '%41', fileId: '1' },
    '/data/v2/integrations/%2541/files/1/viewToken',
  ],
  ['GET', '/inside/databag?viewToken=x', 'getViewerData', 'viewer', {}, '/inside/databag'],
  ['GET', '/__admin/view-tokens?session=a', 'listViewTokens', 'admin', {}, '/__admin/view-tokens'],
  ['GET', '/__admin/scenarios/catalog', 'getScenarioCatalog', 'admin', {}, '/__admin/scenarios/catalog'],
  [
    'DELETE',
    '/__admin/scenarios/catalog',
    'deleteScenarioRule',
    'admin',
    { id: 'catalog' },
    '/__admin/scenarios/catalog',
  ],
  [
    'GET',
    '/__admin/ui/assets/dashboard.js',
    'getDashboardAsset',
    'dashboard',
    { file: 'dashboard.js' },
    '/__admin/ui/assets/dashboard.js',
  ],
])(
  '%s %s is %s (%s) with params %j and path %s, decoded once',
  (method, target, operationId, area, params, journaled) => {
    expect(match(method, target)).toMatchObject({ kind: 'matched', operationId, area, params, path: journaled });
  },
);

test.each([
  ['GET', '/View/Token', 'service', 'GET /view/token'],
  ['GET', '/view/token/', 'service', 'GET /view/token'],
  ['GET', '//view/token', 'service', 'GET /view/token'],
  ['GET', '/view//token', 'service', 'GET /view/token'],
  ['GET', '/view/./token', 'service', 'GET /view/token'],
  ['GET', '/view/x/../token', 'service', undefined],
  ['GET', '/view/token;a=1', 'service', undefined],
  ['GET', '/view/%74oken', 'service', undefined],
  ['GET', '/__ADMIN/view-tokens', 'service', 'GET /__admin/view-tokens'],
  ['GET', '/__adminx', 'service', undefined],
  ['GET', '/__admin/view-tokens/', 'admin', 'GET /__admin/view-tokens'],
  ['GET', '/__admin', 'admin', undefined],
  ['GET', '/__admin/helth', 'admin', 'GET /__admin/health'],
  ['GET', '/__admin/ui/', 'dashboard', 'GET /__admin/ui'],
  ['GET', '/__admin/ui/nope', 'dashboard', undefined],
  [
    'GET',
    '/data/v2/integrations/1/files//viewToken',
    'service',
    'GET /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
  ],
  ['GET', '*', 'service', undefined],
])('%s %s matches nothing: a 404 of area %s, hint %j', (method, target, area, hint) => {
  expect(match(method, target)).toEqual({ kind: 'not-found', area, hint, path: toTargetPath(target) });
});

test.each([
  ['POST', '/view/token', 'service', ['GET', 'HEAD'], 'GET, HEAD, OPTIONS'],
  ['PUT', `/data/v2/integrations/1/files/2/viewToken`, 'service', ['GET', 'HEAD', 'POST'], 'GET, HEAD, POST, OPTIONS'],
  ['HEAD', '/oauth2/token', 'service', ['POST'], 'POST, OPTIONS'],
  ['DELETE', '/__admin/health', 'admin', ['GET', 'HEAD'], 'GET, HEAD, OPTIONS'],
  ['OPTIONS', '/__admin/clock', 'admin', ['GET', 'HEAD', 'PUT'], 'GET, HEAD, PUT, OPTIONS'],
  ['HEAD', '/__admin/reset', 'admin', ['POST'], 'POST, OPTIONS'],
  ['POST', '/__admin/scenarios/catalog', 'admin', ['GET', 'HEAD'], 'GET, HEAD, OPTIONS'],
  ['PUT', '/__admin/ui', 'dashboard', ['GET', 'HEAD'], 'GET, HEAD, OPTIONS'],
])('%s %s is method-not-allowed in %s with Allow %j', (method, target, area, allow, allowHeader) => {
  expect(match(method, target)).toEqual({ kind: 'method-not-allowed', area, allow, allowHeader, path: target });
});

test.each([
  ['/view/token?fileId=1', 'getViewToken', {}],
  ['/data/v2/integrations/1/files/2/viewToken', 'getChildFileViewTokenByGet', { integrateId: '1', fileId: '2' }],
  ['/inside/databag', 'getViewerData', {}],
  ['/__admin/view-tokens/abc', 'getViewTokenRecord', { token: 'abc' }],
  ['/__admin/ui/assets/favicon.svg', 'getDashboardAsset', { file: 'favicon.svg' }],
  [
    '/Glodon/Bimface@3.6.36-standin/Application.js',
    'getViewerSdkFile',
    { version: 'Bimface@3.6.36-standin', file: 'Application.js' },
  ],
])('HEAD %s is answered wherever GET is, by the GET operation %s (RFC 9110)', (target, operationId, params) => {
  const head = match('HEAD', target);
  expect(head).toMatchObject({ kind: 'matched', operationId, params, route: { method: 'GET' } });
  expect(head).toEqual(match('GET', target));
});

test('a path parameter that is not valid percent-encoding is matched, named, and kept raw', () => {
  expect(match('GET', '/__admin/view-tokens/%ZZ')).toMatchObject({
    kind: 'matched',
    operationId: 'getViewTokenRecord',
    params: { token: '%ZZ' },
    undecodable: 'token',
  });
});

test('--base-path prefixes the service and viewer routes, not the admin API or the dashboard', () => {
  expect(underApi('GET', '/api/view/token?fileId=1')).toMatchObject({
    kind: 'matched',
    operationId: 'getViewToken',
    path: '/view/token',
  });
  expect(underApi('GET', `/api${CHILD.replace('{integrateId}', '1').replace('{fileId}', '2')}`)).toMatchObject({
    kind: 'matched',
    params: { integrateId: '1', fileId: '2' },
    path: '/data/v2/integrations/1/files/2/viewToken',
  });
  expect(underApi('GET', '/api/inside/databag')).toMatchObject({ kind: 'matched', operationId: 'getViewerData' });
  expect(underApi('GET', '/__admin/health')).toMatchObject({ kind: 'matched', operationId: 'getHealth' });
  expect(underApi('GET', '/view/token')).toEqual({
    kind: 'not-found',
    area: 'service',
    hint: undefined,
    path: '/view/token',
  });
  expect(underApi('GET', '/apiview/token')).toMatchObject({ kind: 'not-found' });
  expect(underApi('GET', '/api/__admin/health')).toMatchObject({ kind: 'not-found', area: 'service' });
});

test('a parameterless route answers the same result object every time (no allocation on the hot path)', () => {
  expect(match('GET', '/view/token?fileId=1')).toBe(match('GET', '/view/token?fileId=2'));
});

test('a new path and area come from the table alone: a static file route is matched under the base path and its misses are its own', () => {
  const staticFile: Route = {
    operationId: 'getOtherFile',
    method: 'GET',
    path: '/Other/{version}/{file}',
    area: 'static',
    adminAuth: false,
    statuses: [200, 404],
    parameters: [],
  };
  const withStatic = createRouteMatcher([...ROUTE_TABLE, staticFile], { basePath: '/api' });
  expect(withStatic('GET', '/api/Other/3.6/viewer.js')).toMatchObject({
    kind: 'matched',
    operationId: 'getOtherFile',
    area: 'static',
    params: { version: '3.6', file: 'viewer.js' },
  });
  expect(withStatic('GET', '/api/Other/3.6/js/viewer.js')).toMatchObject({ kind: 'not-found', area: 'static' });
  expect(withStatic('DELETE', '/api/Other/3.6/viewer.js')).toMatchObject({
    kind: 'method-not-allowed',
    area: 'static',
    allow: ['GET', 'HEAD'],
  });
  expect(withStatic('GET', '/Other/3.6/viewer.js')).toMatchObject({ kind: 'not-found', area: 'service' });
});

test.each([
  ['/Glodon/Bimface@1/a/b.js', 'static'],
  ['/Glodon//bimface.index.js', 'static'],
  ['/api/Glodon/x', 'static'],
  ['/api/BimfaceSDKLoader/x/y', 'static'],
  ['/api/x', 'static'],
  ['/view/tokens', 'service'],
  ['/__admin/nope', 'admin'],
  ['/__admin/ui/nope', 'dashboard'],
  ['/__ADMIN/health', 'service'],
])('without a base path, the unmatched %s falls in area %s', (path, area) => {
  expect(createRouteMatcher(ROUTE_TABLE, { basePath: '' })('GET', path)).toMatchObject({ kind: 'not-found', area });
});

test.each([
  ['/api/api/Glodon/x/y/z.js', 'static'],
  ['/api/Glodon/Bimface@1/a/b.js', 'static'],
  ['/api/View/Token', 'service'],
  ['/api/nope', 'service'],
  ['/api/__admin/health', 'service'],
])(
  'under the base path /api, the unmatched %s falls in area %s (a family of files does not outweigh the routes beside it)',
  (path, area) => {
    expect(createRouteMatcher(ROUTE_TABLE, { basePath: '/api' })('GET', path)).toMatchObject({
      kind: 'not-found',
      area,
    });
  },
);

test.each([
  ['/a?b', '/a'],
  ['/a', '/a'],
  ['http://h:1/a/b?c=/d', '/a/b'],
  ['https://h', '/'],
  ['http://h?x=/y', '/'],
  ['*', '*'],
  ['/a?', '/a'],
])('the path of target %s is %s', (target, pathOnly) => {
  expect(toTargetPath(target)).toBe(pathOnly);
});

test('under --base-path, a templated admin route keeps its whole path (only service and viewer paths lose the base path)', () => {
  expect(underApi('DELETE', '/__admin/scenarios/r1')).toMatchObject({
    kind: 'matched',
    operationId: 'deleteScenarioRule',
    area: 'admin',
    params: { id: 'r1' },
    path: '/__admin/scenarios/r1',
  });
  expect(match('DELETE', '/__admin/scenarios/r1')).toMatchObject({
    kind: 'matched',
    params: { id: 'r1' },
    path: '/__admin/scenarios/r1',
  });
});

test('of two templates that fit a path, the one with more literal segments wins, whatever their order in the table', () => {
  const aRoute = (operationId: string, path: string): Route => ({
    operationId,
    method: 'GET',
    path,
    area: 'service',
    adminAuth: false,
    statuses: [200],
    parameters: [],
  });
  const routes = [
    aRoute('getAnything', '/{kind}/{id}/{part}'),
    aRoute('getFilePart', '/files/{id}/{part}'),
    aRoute('getFileMeta', '/files/{id}/meta'),
  ];
  for (const table of [routes, [...routes].reverse()]) {
    const matchIn = createRouteMatcher(table, { basePath: '' });
    expect(matchIn('GET', '/files/7/meta')).toMatchObject({
      kind: 'matched',
      operationId: 'getFileMeta',
      params: { id: '7' },
    });
    expect(matchIn('GET', '/files/7/data')).toMatchObject({
      kind: 'matched',
      operationId: 'getFilePart',
      params: { id: '7', part: 'data' },
    });
    expect(matchIn('GET', '/scenes/7/data')).toMatchObject({
      kind: 'matched',
      operationId: 'getAnything',
      params: { kind: 'scenes', id: '7', part: 'data' },
    });
  }
});

test('an absolute-form target with an empty host still has its path', () => {
  expect(toTargetPath('http:///a?b')).toBe('/a');
  expect(toTargetPath('http:///')).toBe('/');
});

test("a path that names a parameter segment literally is matched by its template, the text taken as the parameter's value", () => {
  expect(match('DELETE', '/__admin/scenarios/{id}')).toMatchObject({
    kind: 'matched',
    operationId: 'deleteScenarioRule',
    params: { id: '{id}' },
  });
});

test("a template's literal text is matched as written: a dot is a dot, not any character", () => {
  const route: Route = {
    operationId: 'getFileJson',
    method: 'GET',
    path: '/files/{id}.json',
    area: 'service',
    adminAuth: false,
    statuses: [200],
    parameters: [],
  };
  const matchIn = createRouteMatcher([route], { basePath: '' });
  expect(matchIn('GET', '/files/7.json')).toMatchObject({
    kind: 'matched',
    operationId: 'getFileJson',
    params: { id: '7' },
    path: '/files/7.json',
  });
  expect(matchIn('GET', '/files/7xjson')).toMatchObject({ kind: 'not-found', path: '/files/7xjson' });
});
