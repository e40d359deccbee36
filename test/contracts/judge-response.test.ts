// The rules for one answer against what the contract declares for its status, in-process on declared
// responses made here: its Content-Type, its body (parsed as JSON where the answer's media type is
// JSON) and its headers (each read as its schema's type before the schema checks it).
import type { DeclaredResponse } from '../../contracts/contract-spec';
import { bodyViolation, contentTypeViolation, headersViolation } from '../../contracts/judge-response';

/** A schema check that refuses nothing but what it is told to, and says what it was given. */
const saying = (refuse?: (value: unknown) => boolean) => (value: unknown) =>
  refuse?.(value) ? `body is ${JSON.stringify(value)}` : undefined;
const seen: unknown[] = [];
const recording = (value: unknown): string | undefined => {
  seen.push(value);
  return undefined;
};
const declaring = (mediaTypes: string[], check = saying()): DeclaredResponse => ({
  content: mediaTypes.map((mediaType) => ({ mediaType, check })),
  headers: [],
});

describe('contentTypeViolation', () => {
  const json = declaring(['application/json', 'application/problem+json']);

  test('a status that declares no content takes any Content-Type, or none', () => {
    expect(contentTypeViolation(declaring([]), {})).toBeUndefined();
    expect(contentTypeViolation(declaring([]), { 'content-type': 'nonsense' })).toBeUndefined();
  });

  test.each<[string | undefined, string | undefined]>([
    ['application/json', undefined],
    ['Application/JSON; charset=utf-8', undefined],
    [' application/problem+json ', undefined],
    [undefined, 'no Content-Type header'],
    ['', 'no Content-Type header'],
    ['   ', 'no Content-Type header'],
    ['json', 'Content-Type "json" is not a media type'],
    ['bad value/json', 'Content-Type "bad value/json" is not a media type'],
    ['application/json x', 'Content-Type "application/json x" is not a media type'],
    ['text/plain', 'Content-Type text/plain is not one of application/json, application/problem+json'],
  ])('Content-Type %j against JSON: %j', (contentType, reason) => {
    expect(contentTypeViolation(json, contentType === undefined ? {} : { 'content-type': contentType })).toBe(reason);
  });

  test('a declared type/* takes its subtypes, */* takes anything', () => {
    expect(contentTypeViolation(declaring(['text/*']), { 'content-type': 'text/csv' })).toBeUndefined();
    expect(contentTypeViolation(declaring(['text/*']), { 'content-type': 'image/png' })).toBe(
      'Content-Type image/png is not one of text/*',
    );
    expect(contentTypeViolation(declaring(['*/*']), { 'content-type': 'image/png' })).toBeUndefined();
  });
});

describe('bodyViolation', () => {
  test('a status that declares no content, or a media type it does not declare, or one without a schema: nothing judged', () => {
    expect(bodyViolation(declaring([]), {}, 'anything')).toBeUndefined();
    expect(bodyViolation(declaring(['application/json']), { 'content-type': 'text/plain' }, 'x')).toBeUndefined();
    const schemaless: DeclaredResponse = {
      content: [{ mediaType: 'application/json', check: undefined }],
      headers: [],
    };
    expect(bodyViolation(schemaless, { 'content-type': 'application/json' }, 'not json')).toBeUndefined();
  });

  test("the body goes to the schema of the media type it was sent as: the exact one, then its type's type/*, then */*", () => {
    const response: DeclaredResponse = {
      content: [
        { mediaType: '*/*', check: () => 'any' },
        { mediaType: 'text/*', check: () => 'text' },
        { mediaType: 'text/plain', check: () => 'plain' },
      ],
      headers: [],
    };
    expect(bodyViolation(response, { 'content-type': 'text/plain' }, 'x')).toBe('plain');
    expect(bodyViolation(response, { 'content-type': 'text/csv' }, 'x')).toBe('text');
    expect(bodyViolation(response, { 'content-type': 'image/png' }, 'x')).toBe('any');
    expect(bodyViolation(response, {}, 'x')).toBe('any');
  });

  test('a JSON body is parsed; a body of another type is given as text, JSON or not', () => {
    seen.length = 0;
    bodyViolation(declaring(['application/json'], recording), { 'content-type': 'application/json' }, '{"a":[1]}');
    bodyViolation(declaring(['text/plain'], recording), { 'content-type': 'text/plain' }, 'hello');
    bodyViolation(declaring(['text/plain'], recording), { 'content-type': 'text/plain' }, '42');
    expect(seen).toEqual([{ a: [1] }, 'hello', 42]);
  });

  test.each(['application/json', 'application/problem+json; charset=utf-8'])(
    'a %s answer whose body is not JSON says so',
    (contentType) => {
      const response = declaring(['application/json', 'application/problem+json', '*/*']);
      expect(bodyViolation(response, { 'content-type': contentType }, '{"a":')).toMatch(
        /^the body is not JSON \(.+\)$/,
      );
    },
  );

  test('under */*, a JSON answer whose body is not JSON says so; a text one is judged as text', () => {
    const anything = declaring(
      ['*/*'],
      saying((value) => value === '{"a":'),
    );
    expect(bodyViolation(anything, { 'content-type': 'application/vnd.x+json' }, '{"a":')).toMatch(
      /^the body is not JSON/,
    );
    expect(bodyViolation(anything, { 'content-type': 'text/plain' }, '{"a":')).toBe('body is "{\\"a\\":"');
    expect(bodyViolation(anything, { 'content-type': 'application/jsonish' }, '{"a":')).toBe('body is "{\\"a\\":"');
  });
});

describe('headersViolation', () => {
  const header = (name: string, type: string | undefined, required = false, check = saying()) => ({
    name,
    type,
    required,
    check,
  });
  const headersOf = (...headers: DeclaredResponse['headers'][number][]): DeclaredResponse => ({ content: [], headers });

  test('a required header missing, and one refused by its schema: each said, joined; an optional one missing is fine', () => {
    const refusing = saying((value) => value === 'no');
    const response = headersOf(
      header('x-a', 'string', true),
      header('x-b', 'string', false),
      header('x-c', 'string', false, refusing),
    );
    expect(headersViolation(response, { 'x-c': 'no' })).toBe(
      'the required header x-a is missing; header x-c: value is "no"',
    );
    expect(headersViolation(response, { 'x-a': 'yes', 'x-c': 'yes' })).toBeUndefined();
    const schemaless = { name: 'x-d', type: 'string', required: false, check: undefined };
    expect(headersViolation(headersOf(schemaless), { 'x-d': 'v' })).toBeUndefined();
  });

  test.each<[string | undefined, string, unknown]>([
    ['integer', '42', 42],
    ['integer', ' 42 ', 42],
    ['number', '-7', -7],
    ['number', '3.25', 3.25],
    ['number', '1e3', 1000],
    ['number', '2.5E-2', 0.025],
    ['number', '2.5e+2', 250],
    ['number', '1e10', 1e10],
    ['integer', '-3E-12', -3e-12],
    ['integer', '+1', '+1'],
    ['integer', '1.', '1.'],
    ['integer', '.5', '.5'],
    ['integer', '1e', '1e'],
    ['integer', '12a', '12a'],
    ['integer', 'a12', 'a12'],
    ['number', '1.5.5', '1.5.5'],
    ['number', '--1', '--1'],
    ['number', '1e5e', '1e5e'],
    ['boolean', 'true', true],
    ['boolean', 'false', false],
    ['boolean', 'TRUE', 'TRUE'],
    ['boolean', 'yes', 'yes'],
    ['array', 'a, b ,c', ['a', 'b', 'c']],
    ['array', 'one', ['one']],
    ['string', '42', '42'],
    ['string', 'true', 'true'],
    ['string', 'a,b', 'a,b'],
    [undefined, '42', '42'],
  ])('a %s header %j is read as %j', (type, text, value) => {
    seen.length = 0;
    headersViolation(headersOf(header('x-v', type, false, recording)), { 'x-v': text });
    expect(seen).toEqual([value]);
  });
});
