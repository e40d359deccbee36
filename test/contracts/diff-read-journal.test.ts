import path from 'node:path';
import { readJournal } from '../../contracts/diff/read-journal';
import { UsageError } from '../../contracts/usage-error';
import { tempFiles } from '../support/temp-files';

// `diff --journal FILE` reads the mock's journal or a --record file, in-process: the calls each one
// yields, and the one UsageError each malformed file gets, naming the file and the entry at fault.

const files = tempFiles('vtm-read-journal-');

/** The UsageError readJournal throws for this content (any other outcome fails the test). */
function refusal(content: unknown): string {
  const file = files.write(content);
  try {
    readJournal(file);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message.replace(file, 'FILE');
  }
  throw new Error(`readJournal accepted ${JSON.stringify(content)}`);
}

const call = (entry: Record<string, unknown>) => ({ method: 'GET', path: '/view/token', status: 200, ...entry });

describe('a journal (the JSON of GET /__admin/requests)', () => {
  test('each entry becomes a call named by its id, method, path, query values and status', () => {
    const file = files.write({
      requests: [
        call({ id: 4, query: { fileId: 'abc' }, status: 400 }),
        call({ id: '7', path: '/view/token', query: { fileId: ['1', '2'], x: 'a b' } }),
        call({ method: 'POST', path: '/files', query: {} }),
        call({ id: { nested: true }, query: null }),
        call({ id: 9, method: 'DELETE', path: '/' }),
      ],
    });
    expect(readJournal(file)).toEqual({
      file,
      kind: 'journal',
      calls: [
        {
          name: '#4 GET /view/token?fileId=abc → 400',
          method: 'GET',
          path: '/view/token',
          query: { fileId: 'abc' },
          statuses: [400],
        },
        {
          name: '#7 GET /view/token?fileId=1&fileId=2&x=a b → 200',
          method: 'GET',
          path: '/view/token',
          query: { fileId: ['1', '2'], x: 'a b' },
          statuses: [200],
        },
        { name: 'requests[2] POST /files → 200', method: 'POST', path: '/files', query: {}, statuses: [200] },
        { name: 'requests[3] GET /view/token → 200', method: 'GET', path: '/view/token', query: {}, statuses: [200] },
        { name: '#9 DELETE / → 200', method: 'DELETE', path: '/', query: {}, statuses: [200] },
      ],
    });
  });

  test('an empty journal has no calls', () => {
    const file = files.write({ requests: [] });
    expect(readJournal(file)).toEqual({ file, kind: 'journal', calls: [] });
  });

  test.each([
    [[null], 'requests[0] is not an object'],
    [[call({}), 5], 'requests[1] is not an object'],
    [['GET /'], 'requests[0] is not an object'],
    [[{ path: '/', status: 200 }], 'requests[0] has no method'],
    [[call({ method: '' })], 'requests[0] has no method'],
    [[call({ method: 3 })], 'requests[0] has no method'],
    [[{ method: 'GET', status: 200 }], 'requests[0] has no path starting with /'],
    [[call({ path: 'view/token' })], 'requests[0] has no path starting with /'],
    [[call({ path: 7 })], 'requests[0] has no path starting with /'],
    [[call({ status: undefined })], 'requests[0] has no integer status'],
    [[call({ status: '200' })], 'requests[0] has no integer status'],
    [[call({ status: 200.5 })], 'requests[0] has no integer status'],
    [[call({ query: [] })], 'requests[0]: query is not an object'],
    [[call({ query: 'fileId=1' })], 'requests[0]: query is not an object'],
    [[call({ query: { fileId: 1 } })], 'requests[0]: query.fileId is neither a string nor a list of strings'],
    [[call({ query: { fileId: ['1', 2] } })], 'requests[0]: query.fileId is neither a string nor a list of strings'],
    [[call({ query: { fileId: [2, '1'] } })], 'requests[0]: query.fileId is neither a string nor a list of strings'],
    [[call({ query: { fileId: null } })], 'requests[0]: query.fileId is neither a string nor a list of strings'],
  ])('requests %j: "%s"', (requests, message) => {
    expect(refusal({ requests })).toBe(`--journal FILE: ${message}`);
  });
});

describe('a file --record wrote', () => {
  test('each recorded id becomes a call with the statuses its section stands for', () => {
    const file = files.write({
      description: 'recorded against staging',
      objects: { fileId: { '10001': { name: 'a' }, '10002': {} }, integrateId: { '5': {} } },
      missing: { fileId: ['404404'] },
      forbidden: { fileId: ['403403', '403404'] },
    });
    expect(readJournal(file)).toEqual({
      file,
      kind: 'record',
      calls: [
        {
          name: 'fileId=10001 → 200 or 201',
          method: undefined,
          path: undefined,
          query: { fileId: '10001' },
          statuses: [200, 201],
          recordedId: { parameter: 'fileId', value: '10001' },
        },
        {
          name: 'fileId=10002 → 200 or 201',
          method: undefined,
          path: undefined,
          query: { fileId: '10002' },
          statuses: [200, 201],
          recordedId: { parameter: 'fileId', value: '10002' },
        },
        {
          name: 'integrateId=5 → 200 or 201',
          method: undefined,
          path: undefined,
          query: { integrateId: '5' },
          statuses: [200, 201],
          recordedId: { parameter: 'integrateId', value: '5' },
        },
        {
          name: 'fileId=404404 → 404',
          method: undefined,
          path: undefined,
          query: { fileId: '404404' },
          statuses: [404],
          recordedId: { parameter: 'fileId', value: '404404' },
        },
        {
          name: 'fileId=403403 → 403',
          method: undefined,
          path: undefined,
          query: { fileId: '403403' },
          statuses: [403],
          recordedId: { parameter: 'fileId', value: '403403' },
        },
        {
          name: 'fileId=403404 → 403',
          method: undefined,
          path: undefined,
          query: { fileId: '403404' },
          statuses: [403],
          recordedId: { parameter: 'fileId', value: '403404' },
        },
      ],
    });
  });

  test('any one of its keys makes it a record file, and a section left out holds no ids', () => {
    for (const content of [{ description: 'nothing yet' }, { missing: {} }, { forbidden: { fileId: [] } }]) {
      const file = files.write(content);
      expect(readJournal(file)).toEqual({ file, kind: 'record', calls: [] });
    }
  });

  test.each([
    [
      { objects: {}, extra: 1 },
      'extra is not in a file --record writes (it holds description, objects, missing, forbidden)',
    ],
    [
      { missing: {}, a: 1, b: 2 },
      'a, b are not in a file --record writes (it holds description, objects, missing, forbidden)',
    ],
    [{ objects: [] }, 'objects is not an object'],
    [{ objects: null }, 'objects is not an object'],
    [{ missing: 'fileId=1' }, 'missing is not an object'],
    [{ forbidden: ['1'] }, 'forbidden is not an object'],
    [{ objects: { fileId: ['10001'] } }, 'objects.fileId is not an object keyed by id'],
    [{ objects: { fileId: null } }, 'objects.fileId is not an object keyed by id'],
    [{ objects: { fileId: '10001' } }, 'objects.fileId is not an object keyed by id'],
    [{ missing: { fileId: '404404' } }, 'missing.fileId is not a list of id strings'],
    [{ missing: { fileId: ['1', 2] } }, 'missing.fileId is not a list of id strings'],
    [{ forbidden: { fileId: [2, '1'] } }, 'forbidden.fileId is not a list of id strings'],
    [{ forbidden: { fileId: { '1': {} } } }, 'forbidden.fileId is not a list of id strings'],
  ])('%j: "%s"', (content, message) => {
    expect(refusal(content)).toBe(`--journal FILE: ${message}`);
  });
});

describe('a file that is neither', () => {
  const neither =
    'neither a journal (the JSON of GET /__admin/requests: {"requests": [...]}) nor a file --record wrote ({"objects", "missing", "forbidden"})';

  test.each([
    [null],
    [{}],
    [[]],
    [[{ objects: {} }]],
    ['"requests"'],
    [3],
    [{ requests: {} }],
    [{ requests: null, x: 1 }],
  ])('%j is refused as neither', (content) => {
    expect(refusal(content)).toBe(`--journal FILE: ${neither}`);
  });

  test("text that is not JSON says so, with the parser's reason", () => {
    expect(refusal('{"requests": [')).toMatch(/^--journal FILE: not JSON \(.+\)$/);
  });

  test('a file that is not there, and a folder, cannot be read', () => {
    const absent = path.join(files.folder(), 'absent.json');
    expect(() => readJournal(absent)).toThrow(new UsageError(`--journal ${absent}: cannot read it (no such file)`));
    expect(() => readJournal(files.folder())).toThrow(
      new UsageError(`--journal ${files.folder()}: cannot read it (EISDIR)`),
    );
  });
});
