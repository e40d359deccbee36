import { ID_PARAMETERS, OBJECT_TYPE_OF, isIdParameter } from '../../mock/core/object-types';
import { checkTimeZone, createPlatformTimeFormat } from '../../mock/core/platform-time';
import { EXPIRES_AT_HEADER, RULE_HEADER, SESSION_HEADER } from '../../mock/core/service-request';
import { ALL_PARAMETERS, PARAMETERS_OF, SERVICE_ROUTES } from '../../mock/core/service-routes';
import { DEFAULT_MAX_VIEW_TOKENS, StoreFullError, StoreUnavailableError, lastActiveMs, storeFullError } from '../../mock/core/token-store';

test('the service routes, as the interface document and the mock\'s spec name them', () => {
  expect(SERVICE_ROUTES).toEqual([
    ['get', '/view/token', 'getViewToken'],
    ['post', '/data/v2/integrations/:integrateId/files/:fileId/viewToken', 'getChildFileViewToken'],
    ['get', '/data/v2/integrations/:integrateId/files/:fileId/viewToken', 'getChildFileViewTokenByGet'],
    ['post', '/oauth2/token', 'issueAccessToken'],
    ['get', '/inside/databag', 'getViewerData'],
  ]);
});

test('the parameters a rule may name: each operation\'s, and every one some operation has, once each', () => {
  expect(PARAMETERS_OF).toEqual({
    getViewToken: ['compareId', 'fileId', 'integrateId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'],
    getChildFileViewToken: ['integrateId', 'fileId'], getChildFileViewTokenByGet: ['integrateId', 'fileId'], issueAccessToken: [], getViewerData: ['viewToken'],
  });
  expect(ALL_PARAMETERS).toEqual(['compareId', 'fileId', 'integrateId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId', 'viewToken']);
  expect(ID_PARAMETERS).toBe(PARAMETERS_OF.getViewToken);
});

test('the headers the mock reads and writes', () => {
  expect([EXPIRES_AT_HEADER, SESSION_HEADER, RULE_HEADER]).toEqual(['X-View-Token-Expires-At', 'x-mock-session', 'X-Mock-Rule']);
});

test.each([['fileId', true], ['moduleDataId', true], ['viewToken', false], ['toString', false], ['FileId', false]])('%s is an id parameter: %s', (name, is) => {
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
  const record = { token: 't', objectType: 'file', objectId: '1' as never, session: '', name: 'x', issuedAtMs: 10, lastUsedAtMs: null, uses: 0 } as const;
  expect(lastActiveMs(record)).toBe(10);
  expect(lastActiveMs({ ...record, lastUsedAtMs: 0, uses: 1 })).toBe(0);
  expect(lastActiveMs({ ...record, lastUsedAtMs: 25, uses: 1 })).toBe(25);
});

test('a full store\'s refusal names the cap and what to do, the same from every store', () => {
  const error = storeFullError(5);
  expect(error).toBeInstanceOf(StoreFullError);
  expect(error).toBeInstanceOf(StoreUnavailableError);
  expect(error.name).toBe('StoreFullError');
  expect(error.message).toBe('The mock holds 5 View Tokens, the most it may (--max-view-tokens); expired ones are reclaimed within seconds, or DELETE some through the admin API.');
  expect(new StoreUnavailableError('down').name).toBe('StoreUnavailableError');
  expect(DEFAULT_MAX_VIEW_TOKENS).toBe(2_000_000);
});

test('a time zone of spaces is no zone name', () => {
  expect(checkTimeZone('   ')).toEqual({ kind: 'invalid', reason: 'expected an IANA time zone name such as UTC or Asia/Shanghai' });
});
