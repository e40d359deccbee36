import { ID_PARAMETERS, OBJECT_TYPE_OF, isIdParameter } from '../../mock/core/object-types';
import { checkTimeZone, createPlatformTimeFormat } from '../../mock/core/platform-time';
import { EXPIRES_AT_HEADER, RULE_HEADER, SESSION_HEADER } from '../../mock/core/service-request';
import { ROUTE_TABLE, isServiceOperation } from '../../mock/core/routing/route-table';
import { StoreFullError, StoreUnavailableError } from '../../mock/core/store-errors';
import { DEFAULT_MAX_VIEW_TOKENS, lastActiveMs } from '../../mock/core/token-store';

test("the operations the core runs (the service's, the viewer's, the model's), as the spec names them, each with its parameters", () => {
  const service = ROUTE_TABLE.filter((route) => isServiceOperation(route.operationId));
  expect(
    service.map((route) => [
      route.method,
      route.path,
      route.operationId,
      route.parameters.filter((p) => p.in !== 'header').map((p) => p.name),
    ]),
  ).toEqual([
    [
      'GET',
      '/data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
      'getChildFileViewTokenByGet',
      ['integrateId', 'fileId', 'view_token'],
    ],
    [
      'POST',
      '/data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
      'getChildFileViewToken',
      ['integrateId', 'fileId', 'view_token'],
    ],
    [
      'GET',
      '/view/token',
      'getViewToken',
      ['compareId', 'fileId', 'integrateId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'],
    ],
    ['POST', '/oauth2/token', 'issueAccessToken', []],
    ['GET', '/inside/databag', 'getViewerData', ['viewToken']],
    [
      'GET',
      '/data/v2/files/{fileId}/elements/{elementId}',
      'getFileElement',
      ['fileId', 'elementId', 'view_token', 'includeOverrides'],
    ],
    ['GET', '/data/v2/files/{fileId}/floors', 'getFileFloors', ['fileId', 'view_token', 'includeRoom', 'includeArea']],
    ['GET', '/data/v2/files/{fileId}/tree', 'getFileTree', ['fileId', 'view_token', 'v']],
    [
      'GET',
      '/data/v2/integrations/{integrateId}/files',
      'getIntegrationFiles',
      ['integrateId', 'view_token', 'includeDrawingSheet'],
    ],
    [
      'GET',
      '/data/v2/integrations/{integrateId}/floors',
      'getIntegrationFloors',
      ['integrateId', 'view_token', 'includeRoom', 'includeArea'],
    ],
    [
      'GET',
      '/data/v2/integrations/{integrateId}/tree',
      'getIntegrationTree',
      ['integrateId', 'view_token', 'treeType'],
    ],
    [
      'GET',
      '/data/v2/integrations/{integrateId}/files/{fileId}/elements/{elementId}',
      'getIntegrationFileElement',
      ['integrateId', 'fileId', 'elementId', 'view_token', 'includeOverrides'],
    ],
    [
      'GET',
      '/data/v2/integrations/{integrateId}/elements/{objectId}',
      'getIntegrationElement',
      ['integrateId', 'objectId', 'view_token'],
    ],
    ['GET', '/{databagId}/resource/drawing/index.json', 'getDrawingIndex', ['databagId']],
    ['GET', '/{databagId}/resource/drawing/{sheetId}/index.json', 'getDrawingSheet', ['databagId', 'sheetId']],
    ['GET', '/{databagId}/resource/model', 'getModelGeometry', ['databagId']],
  ]);
  // The stand-in's countdown poll stays outside the core: no rule, no journal entry for it.
  expect(isServiceOperation('getViewTokenClock')).toBe(false);
  expect(ID_PARAMETERS).toEqual(service[2]?.parameters.filter((p) => p.in === 'query').map((p) => p.name));
});

test('the headers the mock reads and writes', () => {
  expect([EXPIRES_AT_HEADER, SESSION_HEADER, RULE_HEADER]).toEqual([
    'X-View-Token-Expires-At',
    'x-mock-session',
    'X-Mock-Rule',
  ]);
});

test.each([
  ['fileId', true],
  ['moduleDataId', true],
  ['viewToken', false],
  ['toString', false],
  ['FileId', false],
])('%s is an id parameter: %s', (name, is) => {
  expect(isIdParameter(name)).toBe(is);
  if (is) expect(OBJECT_TYPE_OF[name as keyof typeof OBJECT_TYPE_OF]).toBeDefined();
});

test.each([
  [Date.parse('0999-03-04T05:06:07Z'), '0999-03-04 05:06:07'],
  [Date.parse('0042-01-01T00:00:00Z'), '0042-01-01 00:00:00'],
  [Date.parse('9999-12-31T23:59:59.999Z'), '9999-12-31 23:59:59'],
])('year and time are written with all their digits: %d is %s', (ms, written) => {
  expect(createPlatformTimeFormat('UTC')(ms)).toBe(written);
});

test('a token was last active at its last use, or else at its issue', () => {
  const record = {
    token: 't',
    objectType: 'file',
    objectId: '1' as never,
    session: '',
    name: 'x',
    issuedAtMs: 10,
    lastUsedAtMs: null,
    uses: 0,
  } as const;
  expect(lastActiveMs(record)).toBe(10);
  expect(lastActiveMs({ ...record, lastUsedAtMs: 0, uses: 1 })).toBe(0);
  expect(lastActiveMs({ ...record, lastUsedAtMs: 25, uses: 1 })).toBe(25);
});

test("a full store's refusal names the cap and what to do; it is its own error, not an unreachable store", () => {
  const error = new StoreFullError(5);
  expect(error).toBeInstanceOf(StoreFullError);
  expect(error).not.toBeInstanceOf(StoreUnavailableError);
  expect([error.name, error.maxRecords]).toEqual(['StoreFullError', 5]);
  expect(error.message).toBe(
    "The mock holds 5 View Tokens, the most it may (--max-view-tokens). A View Token is reclaimed 24 h after it expires on its own session's clock, and none of these is that far past it yet. DELETE some through the admin API (or POST /__admin/reset), or start with a larger --max-view-tokens.",
  );
  expect(new StoreUnavailableError('down').name).toBe('StoreUnavailableError');
  expect(DEFAULT_MAX_VIEW_TOKENS).toBe(2_000_000);
});

test('a time zone of spaces is no zone name', () => {
  expect(checkTimeZone('   ')).toEqual({
    kind: 'invalid',
    reason: 'expected an IANA time zone name such as UTC or Asia/Shanghai',
  });
});
