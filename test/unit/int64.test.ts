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

test.each([
  ['0', false],
  ['-1', false],
  ['1', true],
  ['9223372036854775807', true],
])('id %s names an object: %s', (raw, expected) => {
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
    kind: 'ok',
    target: { kind: 'object', parameter: 'clashDetectiveId', type: 'clashDetection', id: '42' },
  });
});

test('the child-file route names the bad path parameter', () => {
  expect(selectChildFileTarget({ integrateId: '1', fileId: '1.5' })).toMatchObject({
    kind: 'invalid',
    parameter: 'fileId',
  });
  expect(selectChildFileTarget({ integrateId: 'x', fileId: '1' })).toMatchObject({
    kind: 'invalid',
    parameter: 'integrateId',
  });
});

test.each([
  ['', 'empty; expected an int64'],
  ['abc', '"abc" is not an integer'],
  ['1.5', '"1.5" is not an integer'],
  ['1 ', '"1 " is not an integer'],
  ['+-1', '"+-1" is not an integer'],
  ['9223372036854775808', '9223372036854775808 is out of the int64 range'],
  ['-9223372036854775809', '-9223372036854775809 is out of the int64 range'],
  ['9'.repeat(30), `${'9'.repeat(30)} is out of the int64 range`],
  ['9'.repeat(31), `"${'9'.repeat(31)}" is not an integer`],
  ['x'.repeat(40), `"${'x'.repeat(40)}" is not an integer`],
  ['x'.repeat(41), `"${'x'.repeat(40)}…" is not an integer`],
])('%j is refused, saying why as a user reads it (echoes cut at 40 characters)', (raw, reason) => {
  expect(parseInt64(raw)).toEqual({ kind: 'invalid', reason });
});

test.each(['1', '9', '-0', '+0', '00'])('%j, a one- or two-character number, is an int64', (raw) => {
  expect(parseInt64(raw).kind).toBe('ok');
});

test('-0 and +0 are the canonical 0, which names no object', () => {
  const parsed = parseInt64('-0');
  expect(parsed).toEqual({ kind: 'ok', value: '0' });
  expect(parsed.kind === 'ok' && isPositiveInt64(parsed.value)).toBe(false);
});

test.each([
  [
    {},
    {
      kind: 'invalid',
      parameter: 'id',
      reason:
        'none given; give exactly one of compareId, fileId, integrateId, sceneId, submodelId, clashDetectiveId, moduleDataId',
    },
  ],
  [
    { fileId: '1', sceneId: '2' },
    { kind: 'invalid', parameter: 'fileId, sceneId', reason: 'given together; give exactly one id parameter' },
  ],
  [{ fileId: ['1', '2'] }, { kind: 'invalid', parameter: 'fileId', reason: 'given more than once' }],
  [{ compareId: 'x' }, { kind: 'invalid', parameter: 'compareId', reason: '"x" is not an integer' }],
  [
    { fileid: '1' },
    { kind: 'invalid', parameter: 'fileid', reason: 'not a parameter of this route; did you mean fileId?' },
  ],
  [
    { colour: 'red', sceneid: '1' },
    { kind: 'invalid', parameter: 'sceneid', reason: 'not a parameter of this route; did you mean sceneId?' },
  ],
  [
    { colour: 'red' },
    {
      kind: 'invalid',
      parameter: 'id',
      reason:
        'none given; give exactly one of compareId, fileId, integrateId, sceneId, submodelId, clashDetectiveId, moduleDataId',
    },
  ],
  [
    { fileId: undefined, colour: 'red' },
    {
      kind: 'invalid',
      parameter: 'id',
      reason:
        'none given; give exactly one of compareId, fileId, integrateId, sceneId, submodelId, clashDetectiveId, moduleDataId',
    },
  ],
  [
    { fileId: '007', colour: 'red' },
    { kind: 'ok', target: { kind: 'object', parameter: 'fileId', type: 'file', id: '7' } },
  ],
])('GET /view/token query %j selects %j', (query, selection) => {
  expect(selectQueryTarget(query)).toEqual(selection);
});

test.each([
  ['compareId', 'comparison'],
  ['fileId', 'file'],
  ['integrateId', 'integration'],
  ['sceneId', 'scene'],
  ['submodelId', 'submodel'],
  ['clashDetectiveId', 'clashDetection'],
  ['moduleDataId', 'moduleData'],
])('the id parameter %s selects a %s', (parameter, type) => {
  expect(selectQueryTarget({ [parameter]: '5' })).toEqual({
    kind: 'ok',
    target: { kind: 'object', parameter, type, id: '5' },
  });
});

test.each([
  [
    { integrateId: '1', fileId: '1.5' },
    { kind: 'invalid', parameter: 'fileId', reason: '"1.5" is not an integer' },
  ],
  [
    { integrateId: 'x', fileId: 'y' },
    { kind: 'invalid', parameter: 'integrateId', reason: '"x" is not an integer' },
  ],
  [
    { integrateId: '', fileId: '2' },
    { kind: 'invalid', parameter: 'integrateId', reason: 'empty; expected an int64' },
  ],
  [
    { integrateId: '+10', fileId: '020' },
    { kind: 'ok', target: { kind: 'childFile', integrateId: '10', fileId: '20' } },
  ],
])("the child-file route's path parameters %j select %j", (params, selection) => {
  expect(selectChildFileTarget(params)).toEqual(selection);
});
