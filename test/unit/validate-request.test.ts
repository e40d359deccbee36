import type { Route } from '../../mock/core/routing/route-table';
import { ROUTE_TABLE } from '../../mock/core/routing/route-table';
import { checkBody, validateMatched, validateParameters } from '../../mock/core/routing/validate-request';

const route = (operationId: string): Route => {
  const found = ROUTE_TABLE.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(operationId);
  return found;
};
const aRequest = (query: Record<string, string | string[]>, pathParams: Record<string, string> = {}) => ({
  query,
  pathParams,
  headers: {},
});

test.each([
  [{ fileId: '9223372036854775807' }, { kind: 'valid' }],
  [{ fileId: '-9223372036854775808' }, { kind: 'valid' }],
  [
    { fileId: '9223372036854775808' },
    { kind: 'invalid', parameter: 'fileId', reason: '9223372036854775808 is out of the int64 range' },
  ],
  [
    { fileId: '-9223372036854775809' },
    { kind: 'invalid', parameter: 'fileId', reason: '-9223372036854775809 is out of the int64 range' },
  ],
  [{ fileId: '1.5' }, { kind: 'invalid', parameter: 'fileId', reason: '"1.5" is not an integer' }],
  [{ fileId: '' }, { kind: 'invalid', parameter: 'fileId', reason: 'empty; expected an int64' }],
  [{ sceneId: ['1', '2'] }, { kind: 'invalid', parameter: 'sceneId', reason: 'given more than once; give it once' }],
  [{ unknown: 'x' }, { kind: 'valid' }],
])('getViewToken with %j is %j (int64 exactly on the string, beyond 2^53-1)', (query, expected) => {
  expect(validateParameters(route('getViewToken'), aRequest(query))).toEqual(expected);
});

test('a required query parameter that is missing is named; a path parameter is checked as int64 too', () => {
  expect(validateParameters(route('getViewerData'), aRequest({}))).toEqual({
    kind: 'invalid',
    parameter: 'viewToken',
    reason: 'is required',
  });
  expect(validateParameters(route('getChildFileViewToken'), aRequest({}, { integrateId: '1', fileId: 'x' }))).toEqual({
    kind: 'invalid',
    parameter: 'fileId',
    reason: '"x" is not an integer',
  });
  expect(
    validateMatched(route('getChildFileViewToken'), aRequest({}, { integrateId: '%ZZ', fileId: '1' }), 'integrateId'),
  ).toEqual({ kind: 'invalid', parameter: 'integrateId', reason: 'is not valid percent-encoding' });
});

test.each([
  [{ limit: '0' }, { kind: 'valid' }],
  [{ limit: '1000' }, { kind: 'valid' }],
  [{ limit: '1001' }, { kind: 'invalid', parameter: 'limit', reason: 'must be an integer from 0 to 1000; got "1001"' }],
  [{ limit: '-1' }, { kind: 'invalid', parameter: 'limit', reason: 'must be an integer from 0 to 1000; got "-1"' }],
  [{ limit: '1e3' }, { kind: 'invalid', parameter: 'limit', reason: 'must be an integer from 0 to 1000; got "1e3"' }],
  [
    { 'session[x]': '1' },
    { kind: 'invalid', parameter: 'session[x]', reason: 'give session once, as ?session=value (no brackets)' },
  ],
  [{ 'other[x]': '1' }, { kind: 'valid' }],
])('listViewTokens with %j is %j', (query, expected) => {
  expect(validateParameters(route('listViewTokens'), aRequest(query))).toEqual(expected);
});

test("a dashboard asset outside the spec's list is named with the list", () => {
  expect(validateParameters(route('getDashboardAsset'), aRequest({}, { file: 'dashbord.js' }))).toEqual({
    kind: 'invalid',
    parameter: 'file',
    reason:
      'must be one of dashboard.js, try.js, dashboard.css, favicon.svg; got "dashbord.js" (did you mean dashboard.js?)',
  });
});

test.each([
  ['setClock', { now: '2030-01-01T00:00:00Z', frozen: true }, undefined],
  ['setClock', { now: 'yesterday' }, '"now" must be an ISO 8601 date-time; got "yesterday".'],
  ['setClock', { now: '2030-01-01' }, '"now" must be an ISO 8601 date-time; got "2030-01-01".'],
  ['setClock', { frozen: 1 }, '"frozen" must be true or false; got 1.'],
  ['setClock', {}, 'Give at least one of "now" (an ISO 8601 date-time), "frozen" (true or false).'],
  [
    'setClock',
    { now: '2030-01-01T00:00:00Z', frozn: true },
    '"frozn" is not a field here (did you mean frozen?); use now, frozen.',
  ],
  ['setClock', [1], 'Send a JSON object with Content-Type: application/json.'],
  ['setClock', undefined, 'Send a JSON object with Content-Type: application/json.'],
  ['advanceClock', { by: '12h' }, undefined],
  ['advanceClock', { by: true }, '"by" must be a string or an integer of at least 0; got true.'],
  ['advanceClock', { by: -1 }, '"by" must be a string or an integer of at least 0; got -1.'],
  ['advanceClock', {}, '"by" is required.'],
  ['createScenarioRule', { then: { code: 503 }, times: 2 }, undefined],
  [
    'createScenarioRule',
    { then: { scenario: 'forbiden' } },
    '"then.scenario" must be one of access-token-missing, access-token-invalid, access-token-expired, forbidden, not-found, invalid-parameter, server-error, unavailable; got "forbiden" (did you mean forbidden?).',
  ],
  ['createScenarioRule', { then: { code: 503 }, times: 0 }, '"times" must be an integer of at least 1; got 0.'],
  [
    'createScenarioRule',
    { then: { code: 503 }, when: { operation: 'getViewToken', parm: 'fileId' } },
    '"when.parm" is not a field here (did you mean param?); use operation, param, equals, accessToken.',
  ],
  ['createScenarioRule', { when: {} }, '"then" is required.'],
  ['createScenarioRule', [{ then: { code: 401 } }, { when: {} }], '"[1].then" is required.'],
  ['createScenarioRule', 'forbidden', '"" must be an object or an array; got "forbidden".'],
  ['countRequests', { status: '200' }, '"status" must be an integer; got "200".'],
])('%s with body %j: %s', (operationId, body, detail) => {
  expect(checkBody(route(operationId), body)).toBe(detail);
});
