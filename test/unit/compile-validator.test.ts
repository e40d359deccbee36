import path from 'node:path';
import type { IHttpOperation } from '@stoplight/types';
import { compileValidator } from '../../mock/spec-engine/compile-validator';
import { loadOperations } from '../../mock/spec-engine/load-operations';

const SERVICE_OPERATIONS = ['getViewToken', 'getChildFileViewToken', 'getChildFileViewTokenByGet', 'issueAccessToken', 'getViewerData'];
let operations: IHttpOperation[];
beforeAll(async () => { operations = await loadOperations(path.resolve(__dirname, '../../spec/mock.openapi.yaml')); });
const operation = (id: string): IHttpOperation => {
  const found = operations.find((candidate) => candidate.iid === id);
  if (!found) throw new Error(id);
  return found;
};
const aRequest = (query: Record<string, string | string[]>, headers: Record<string, string> = {}) => ({ path: '/x', query, pathParams: {}, headers });

test('every service operation is compiled at start-up: no prism on the hot path', () => {
  expect(SERVICE_OPERATIONS.filter((id) => compileValidator(operation(id)) === undefined)).toEqual([]);
});

test.each([
  [{ fileId: '9223372036854775807' }, { kind: 'valid' }],
  [{ fileId: '-9223372036854775808' }, { kind: 'valid' }],
  [{ fileId: '9223372036854775808' }, { kind: 'invalid', parameter: 'fileId', reason: '9223372036854775808 is out of the int64 range' }],
  [{ fileId: '1.5' }, { kind: 'invalid', parameter: 'fileId', reason: '"1.5" is not an integer' }],
  [{ sceneId: ['1', '2'] }, { kind: 'invalid', parameter: 'sceneId', reason: 'given more than once' }],
  [{ unknown: 'x' }, { kind: 'valid' }],
])('getViewToken with %j is %j (int64 exactly, beyond prism\'s 2^53-1)', (query, expected) => {
  expect(compileValidator(operation('getViewToken'))?.(aRequest(query))).toEqual(expected);
});

test('a required parameter that is missing is named', () => {
  expect(compileValidator(operation('getViewerData'))?.(aRequest({}))).toEqual({ kind: 'invalid', parameter: 'viewToken', reason: 'is required' });
});

test('string constraints are compiled (pattern, length, enum); header names keep the spec\'s spelling', () => {
  const validate = compileValidator({
    id: 'o', iid: 'o', method: 'get', path: '/o', responses: [],
    request: {
      query: [{ id: 'q', name: 'code', style: 'form' as never, required: true, schema: { type: 'string', pattern: '^[a-z]+$', maxLength: 4 } }],
      headers: [{ id: 'h', name: 'X-Kind', style: 'simple' as never, schema: { type: 'string', enum: ['a', 'b'] } }],
    },
  } as IHttpOperation);
  expect(validate?.(aRequest({ code: 'abc' }, { 'x-kind': 'a' }))).toEqual({ kind: 'valid' });
  expect(validate?.(aRequest({ code: 'ABC' }))).toMatchObject({ kind: 'invalid', parameter: 'code', reason: 'must match pattern "^[a-z]+$"' });
  expect(validate?.(aRequest({ code: 'abcde' }))).toMatchObject({ kind: 'invalid', reason: 'must NOT have more than 4 characters' });
  expect(validate?.(aRequest({ code: 'ab' }, { 'x-kind': 'c' }))).toEqual({ kind: 'invalid', parameter: 'X-Kind', reason: 'must be one of a, b' });
});

test('an operation with a request body or a schema it does not know is left to prism', () => {
  expect(compileValidator(operation('createScenarioRule'))).toBeUndefined();
  expect(compileValidator({ id: 'o', iid: 'o', method: 'get', path: '/o', responses: [], request: { query: [{ id: 'q', name: 'n', style: 'form' as never, schema: { type: 'number' } }] } } as IHttpOperation)).toBeUndefined();
});
