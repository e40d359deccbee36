import { MAX_RULE_BYTES, checkRule } from '../../mock/core/scenarios/rule-check';

// The review: 300 rules of 99 KB took 55 MB, and one admin page of them 29.7 MB. A rule is at most
// 4,096 bytes as JSON, wherever it comes from (admin API, config file, state file, library).

/** A rule whose JSON is exactly `bytes` long, its size in `when.equals` (`unit` repeated: 1 to 3 bytes each). */
function aRuleOf(bytes: number, unit = 'x'): object {
  const empty = JSON.stringify({ when: { param: 'fileId', equals: '' }, then: { code: 503 } }).length;
  const unitBytes = Buffer.byteLength(unit);
  const room = bytes - empty;
  const equals = unit.repeat(Math.floor(room / unitBytes)) + 'x'.repeat(room % unitBytes);
  return { when: { param: 'fileId', equals }, then: { code: 503 } };
}

test.each([
  ['ASCII', 'x'],
  ['2-byte characters', 'é'],
  ['3-byte characters', '模'],
  ['4-byte characters (surrogate pairs)', '🙂'],
])('a rule of exactly 4,096 bytes of JSON passes, one of 4,097 is a 422 naming the limit (%s)', (_label, unit) => {
  expect(MAX_RULE_BYTES).toBe(4_096);
  expect(Buffer.byteLength(JSON.stringify(aRuleOf(4_096, unit)))).toBe(4_096);
  expect(checkRule(aRuleOf(4_096, unit)).kind).toBe('ok');
  expect(checkRule(aRuleOf(4_097, unit))).toEqual({
    kind: 'invalid',
    unprocessable: true,
    detail: 'a rule is at most 4096 bytes as JSON; this one is 4097 bytes',
    allowed: { bytes: ['..4096'] },
  });
});

test('a rule of the wrong shape is refused for its shape first, whatever its size (a 20,000-deep outcome is a 400)', () => {
  const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`) as unknown;
  expect(checkRule({ then: { code: deep } })).toEqual({
    kind: 'invalid',
    detail: '"then.code" must be a string or a number',
  });
});
