import { toJournalMatch } from '../../mock/core/journal-match';

const EXAMPLE =
  'Send a JSON object such as {"method": "GET", "path": "/view/token", "query": {"fileId": "1"}} (or WireMock\'s {"method": "GET", "urlPath": "/view/token", "queryParameters": {"fileId": {"equalTo": "1"}}}).';
const FIELDS = 'method, path, query, session, operationId, status, urlPath, queryParameters';

test.each<[string, unknown, unknown]>([
  ['an empty body counts everything', {}, {}],
  [
    'every field of ours',
    {
      method: 'GET',
      path: '/view/token',
      query: { fileId: '1' },
      session: 'qa',
      operationId: 'getViewToken',
      status: 200,
    },
    {
      method: 'GET',
      path: '/view/token',
      query: { fileId: '1' },
      session: 'qa',
      operationId: 'getViewToken',
      status: 200,
    },
  ],
  [
    "WireMock's urlPath and queryParameters",
    { method: 'GET', urlPath: '/view/token', queryParameters: { fileId: { equalTo: '1' } } },
    { method: 'GET', path: '/view/token', query: { fileId: '1' } },
  ],
  ['an empty query', { query: {} }, { query: {} }],
  ['empty queryParameters', { queryParameters: {} }, { query: {} }],
  ['status 0 (a fault answered)', { status: 0 }, { status: 0 }],
  ['an empty session (the global one)', { session: '' }, { session: '' }],
  [
    "a full View Token, compared by the journal's shortened form",
    { query: { viewToken: '0123456789abcdef0123456789abcdef' } },
    { query: { viewToken: '012345…' } },
  ],
  [
    'a full View Token in queryParameters too',
    { queryParameters: { viewToken: { equalTo: '0123456789abcdef0123456789abcdef' } } },
    { query: { viewToken: '012345…' } },
  ],
  [
    'a View Token already shortened, as the journal lists it',
    { query: { viewToken: '012345…' } },
    { query: { viewToken: '012345…' } },
  ],
  [
    'a short View Token, shortened to nothing as the journal keeps it',
    { query: { viewToken: 'abc', fileId: '2' } },
    { query: { viewToken: '…', fileId: '2' } },
  ],
])('a count body with %s is a match', (_label, body, match) => {
  expect(toJournalMatch(body)).toStrictEqual({ kind: 'ok', match });
});

test.each<[string, unknown, string]>([
  ['null', null, EXAMPLE],
  ['an array', [{ method: 'GET' }], EXAMPLE],
  ['a string', 'GET /view/token', EXAMPLE],
  ['an unknown field', { method: 'GET', url: '/view/token' }, `"url" is not a field to count by; use ${FIELDS}.`],
  ['a method that is not a string', { method: 1 }, '"method" must be a string.'],
  ['a path that is not a string', { path: ['/view/token'] }, '"path" must be a string.'],
  ['a urlPath that is not a string', { urlPath: null }, '"urlPath" must be a string.'],
  ['a session that is not a string', { session: 7 }, '"session" must be a string.'],
  ['an operationId that is not a string', { operationId: true }, '"operationId" must be a string.'],
  ['a status that is not an integer', { status: '200' }, '"status" must be an integer.'],
  ['a fractional status', { status: 200.5 }, '"status" must be an integer.'],
  ['both path and urlPath', { path: '/a', urlPath: '/a' }, 'Give "path" or WireMock\'s "urlPath", not both.'],
  [
    'both query and queryParameters',
    { query: {}, queryParameters: {} },
    'Give "query" or WireMock\'s "queryParameters", not both.',
  ],
  ['a query that is not an object', { query: 'fileId=1' }, '"query" must be an object of string values.'],
  ['a null query', { query: null }, '"query" must be an object of string values.'],
  ['a query array', { query: ['1'] }, '"query" must be an object of string values.'],
  ['a query of numbers', { query: { fileId: 1 } }, '"query" must be an object of string values.'],
  [
    'queryParameters that are not an object',
    { queryParameters: 'x' },
    '"queryParameters" must be an object such as {"fileId": {"equalTo": "1"}}.',
  ],
  [
    'null queryParameters',
    { queryParameters: null },
    '"queryParameters" must be an object such as {"fileId": {"equalTo": "1"}}.',
  ],
  [
    'a queryParameters array',
    { queryParameters: [] },
    '"queryParameters" must be an object such as {"fileId": {"equalTo": "1"}}.',
  ],
  [
    'another WireMock matcher',
    { queryParameters: { fileId: { matches: '1.*' } } },
    '"queryParameters.fileId" must be {"equalTo": "<value>"} (the one WireMock matcher the mock supports).',
  ],
  [
    'equalTo beside another matcher',
    { queryParameters: { fileId: { equalTo: '1', caseInsensitive: true } } },
    '"queryParameters.fileId" must be {"equalTo": "<value>"} (the one WireMock matcher the mock supports).',
  ],
  [
    'equalTo that is not a string',
    { queryParameters: { fileId: { equalTo: 1 } } },
    '"queryParameters.fileId" must be {"equalTo": "<value>"} (the one WireMock matcher the mock supports).',
  ],
  [
    'a matcher that is a plain value',
    { queryParameters: { fileId: '1' } },
    '"queryParameters.fileId" must be {"equalTo": "<value>"} (the one WireMock matcher the mock supports).',
  ],
  [
    'a null matcher',
    { queryParameters: { fileId: null } },
    '"queryParameters.fileId" must be {"equalTo": "<value>"} (the one WireMock matcher the mock supports).',
  ],
])('a count body with %s is refused, saying what to send', (_label, body, detail) => {
  expect(toJournalMatch(body)).toStrictEqual({ kind: 'invalid', detail });
});
