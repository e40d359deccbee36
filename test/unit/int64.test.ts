import { isPositiveInt64, parseInt64 } from '../../mock/core/int64';
import { selectChildFileTarget, selectQueryTarget } from '../../mock/core/target';

test.each([
  ['9223372036854775807', '9223372036854775807'],
  ['-9223372036854775808', '-9223372036854775808'],
  ['0', '0'],
  ['-1', '-1'],
  ['007', '7'],
  ['+5', '5'],
])('%s is an int64, kept exact as %s', (raw, canonical) => {
  expect(parseInt64(raw)).toEqual({ kind: 'ok', value: canonical });
});

test.each(['9223372036854775808', '-9223372036854775809', 'abc', '1.5', '', ' 1', '1e3', '0x10', '١٢'])(
  '%j is not an int64',
  (raw) => {
    expect(parseInt64(raw).kind).toBe('invalid');
  },
);

test('9007199254740993 (above 2^53) stays exact, unlike a JS number', () => {
  expect(parseInt64('9007199254740993')).toEqual({ kind: 'ok', value: '9007199254740993' });
});

test.each([['0', false], ['-1', false], ['1', true], ['9223372036854775807', true]])('id %s names an object: %s', (raw, expected) => {
  const parsed = parseInt64(raw);
  if (parsed.kind !== 'ok') throw new Error('fixture');
  expect(isPositiveInt64(parsed.value)).toBe(expected);
});

test.each([
  [{}, 'id'],
  [{ fileId: '1', sceneId: '2' }, 'fileId, sceneId'],
  [{ fileId: ['1', '2'] }, 'fileId'],
  [{ compareId: 'x' }, 'compareId'],
])('GET /view/token query %j is invalid, naming %s', (query, parameter) => {
  expect(selectQueryTarget(query)).toMatchObject({ kind: 'invalid', parameter });
});

test('exactly one id selects its object type', () => {
  expect(selectQueryTarget({ clashDetectiveId: '42' })).toEqual({
    kind: 'ok', target: { kind: 'object', parameter: 'clashDetectiveId', type: 'clashDetection', id: '42' },
  });
});

test('the child-file route names the bad path parameter', () => {
  expect(selectChildFileTarget({ integrateId: '1', fileId: '1.5' })).toMatchObject({ kind: 'invalid', parameter: 'fileId' });
  expect(selectChildFileTarget({ integrateId: 'x', fileId: '1' })).toMatchObject({ kind: 'invalid', parameter: 'integrateId' });
});
