import { ROUTE_TABLE } from '../../mock/core/routing/route-table';
import { checkBody, validateParameters } from '../../mock/core/routing/validate-request';

// An operation's checks are built the first time it is validated, then kept: each test here is the
// first of this file to validate its operation, so what it shows is what the checks were built from
// (which parameters are query ones, which are numbers, which validators the operation has).

const routeOf = (operationId: string) => {
  const route = ROUTE_TABLE.find((candidate) => candidate.operationId === operationId);
  if (route === undefined) throw new Error(`no route ${operationId}`);
  return route;
};

test('an int64 query parameter is checked as the text it is, not as a number: fileId 1 and the largest int64 are valid', () => {
  const route = routeOf('getViewToken');
  expect(validateParameters(route, { query: { fileId: '1' }, pathParams: {}, headers: {} })).toEqual({ kind: 'valid' });
  expect(validateParameters(route, { query: { fileId: '9223372036854775807' }, pathParams: {}, headers: {} })).toEqual({
    kind: 'valid',
  });
  // A name that only starts like a declared one is no bracket form of it.
  expect(validateParameters(route, { query: { fileId: '1', fileIdx: '2' }, pathParams: {}, headers: {} })).toEqual({
    kind: 'valid',
  });
});

test("brackets refuse only a query parameter of the operation: a path parameter's name in brackets is left alone", () => {
  const route = routeOf('getChildFileViewToken');
  expect(
    validateParameters(route, {
      query: { 'integrateId[x]': '1' },
      pathParams: { integrateId: '1', fileId: '2' },
      headers: {},
    }),
  ).toEqual({ kind: 'valid' });
});

test("a body is checked against its operation's schema from the first request on", () => {
  expect(checkBody(routeOf('setClock'), { now: 'yesterday' })).toBe(
    '"now" must be an ISO 8601 date-time; got "yesterday".',
  );
});

test('a number parameter beside others: the others are still checked as given (session twice is refused)', () => {
  expect(
    validateParameters(routeOf('listViewTokens'), {
      query: { limit: '5', session: ['a', 'b'] },
      pathParams: {},
      headers: {},
    }),
  ).toEqual({ kind: 'invalid', parameter: 'session', reason: 'given more than once; give it once' });
});
