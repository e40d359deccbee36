import fc from 'fast-check';
import { SWITCH_VALUES, hostileText } from './hostile-values';

/** The JSON body limit of the mock is 100 kB: sizes on both sides of it. */
const HUGE_SIZES = [60_000, 102_000, 102_500, 150_000] as const;

const deepArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A raw JSON fragment (not a JS value: deep nesting and hostile keys survive as written). */
type JsonText = string;

const hostileJsonValue: fc.Arbitrary<JsonText> = fc.oneof(
  { weight: 3, arbitrary: hostileText.map((text) => JSON.stringify(text)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'null',
      'true',
      '0',
      '-1',
      '1.5',
      '1e300',
      '-1e300',
      '9007199254740993',
      '[]',
      '{}',
      '[1,"a"]',
      '""',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"toString":1}',
      '{"valueOf":{}}',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map(deepArray) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 5_000 }).map(deepObject) },
);

const dateish: fc.Arbitrary<JsonText> = fc.oneof(
  { weight: 2, arbitrary: fc.date({ noInvalidDate: true }).map((date) => JSON.stringify(date.toISOString())) },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(
        '+275760-09-13T00:00:00.000Z',
        '+275760-09-12T23:00:00.000Z',
        '+275760-09-06T00:00:00.000Z',
        '-271821-04-20T00:00:00.000Z',
        '9999-12-31T23:59:59Z',
        '0000-01-01T00:00:00Z',
        '2026-13-45T99:99:99Z',
        'yesterday',
        '2030',
        'Mon, 01 Jan 2030 00:00:00 GMT',
        '',
      )
      .map((text) => JSON.stringify(text)),
  },
  { weight: 2, arbitrary: hostileJsonValue },
);

const durationish: fc.Arbitrary<JsonText> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        '12h',
        '1ms',
        '0',
        'PT12H',
        'P1D',
        'P99999999999999999999D',
        '99999999999999999999d',
        '1.5h',
        'soon',
        '',
        'PT',
        '-1h',
        ' 1h ',
      )
      .map((text) => JSON.stringify(text)),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '1e300',
      '8640000000000000',
      '9007199254740992',
      '1.7976931348623157e308',
      '-1',
      '1.5',
      '0',
      '43200000',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 400 }).map((digits) => JSON.stringify('9'.repeat(digits))) },
  { weight: 2, arbitrary: hostileJsonValue },
);

const switchText = (key: keyof typeof SWITCH_VALUES): fc.Arbitrary<JsonText> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SWITCH_VALUES[key]).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: hostileJsonValue },
  );

/** An object written from optional fields, some of them hostile. */
function objectOf(fields: Record<string, fc.Arbitrary<JsonText>>): fc.Arbitrary<JsonText> {
  const entries = Object.entries(fields).map(([name, value]) =>
    fc.option(
      value.map((text) => `${JSON.stringify(name)}:${text}`),
      { nil: undefined },
    ),
  );
  return fc
    .tuple(
      ...entries,
      fc.oneof(
        { weight: 9, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostileJsonValue.map((text) => `"__proto__":${text}`) },
      ),
    )
    .map((parts) => `{${parts.filter((part) => part !== undefined).join(',')}}`);
}

const ruleInput = objectOf({
  when: objectOf({
    operation: fc.oneof(
      fc
        .constantFrom(
          'getViewToken',
          'getChildFileViewToken',
          'getChildFileViewTokenByGet',
          'issueAccessToken',
          'getViewerData',
        )
        .map((name) => JSON.stringify(name)),
      hostileJsonValue,
    ),
    param: fc.oneof(
      fc
        .constantFrom('fileId', 'integrateId', 'viewToken', '__proto__', 'toString')
        .map((name) => JSON.stringify(name)),
      hostileJsonValue,
    ),
    equals: fc.oneof(
      fc.constantFrom('1', '123', '9223372036854775807').map((value) => JSON.stringify(value)),
      hostileJsonValue,
    ),
    accessToken: hostileJsonValue,
  }),
  then: objectOf({
    code: switchText('code'),
    scenario: switchText('scenario'),
    delay: switchText('delay'),
    fault: switchText('fault'),
  }),
  times: fc.oneof(
    fc.constantFrom('1', '2', '0', '-1', '1.5', '1e308', '9007199254740992', '"1"', 'null'),
    hostileJsonValue,
  ),
});

/** Bodies close to what each admin operation takes, with hostile fields. */
const NEAR_VALID: Record<string, fc.Arbitrary<JsonText>> = {
  setClock: objectOf({
    now: dateish,
    frozen: fc.oneof(fc.constantFrom('true', 'false', '"yes"', '1', 'null'), hostileJsonValue),
  }),
  advanceClock: objectOf({ by: durationish }),
  createScenarioRule: ruleInput,
  countRequests: objectOf({
    method: hostileJsonValue,
    path: hostileJsonValue,
    session: hostileJsonValue,
    operationId: hostileJsonValue,
    status: fc.oneof(fc.constantFrom('200', '0', '1.5', '"200"', '1e308'), hostileJsonValue),
    query: fc.oneof(
      fc.constantFrom('{"fileId":"1"}', '{"fileId":1}', '{"toString":"x"}', '[]', '{"a":["b"]}'),
      hostileJsonValue,
    ),
  }),
};

const invalidJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"by":',
    'nul',
    '[',
    '\u0000',
    "{'a':1}",
    'NaN',
    '{"a":1}garbage',
    '\ufeff{"by":"1h"}',
    '{"a":1,}',
    '{"a":"\\ud800"}',
    '{"a":"\\x"}',
    '--',
    '<script>alert(1)</script>',
  ),
  hostileText,
);

const hugeJson = fc
  .tuple(fc.constantFrom(...HUGE_SIZES), fc.constantFrom('array', 'string', 'rule'))
  .map(([size, shape]) => {
    const filler = 'x'.repeat(size);
    if (shape === 'array') return JSON.stringify(filler.match(/.{1,64}/g) ?? []);
    if (shape === 'string') return JSON.stringify(filler);
    return JSON.stringify({ then: { code: '404' }, when: { param: 'fileId', equals: filler } });
  });

/** A body for an operation: none, near-valid, invalid JSON, huge, wrong types or deeply nested. */
export function hostileBody(operationId: string | undefined, takesBody: boolean): fc.Arbitrary<string | undefined> {
  const nearValid = (operationId !== undefined && NEAR_VALID[operationId]) || hostileJsonValue;
  return fc.oneof(
    { weight: takesBody ? 2 : 6, arbitrary: fc.constant(undefined) },
    { weight: takesBody ? 10 : 3, arbitrary: nearValid },
    { weight: 2, arbitrary: invalidJson },
    { weight: 1, arbitrary: hugeJson },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: hostileJsonValue },
  );
}
