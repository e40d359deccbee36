import fs, { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toContractOptions } from '../../contracts/library-options';
import { toChecksVersion, toInt64, toReportFile, toTimeout } from '../../contracts/option-values';

const listener: RequestListener = (_req, res) => {
  res.end();
};

test("a library caller's options are checked as the CLI checks its flags: ids become exact int64 strings, a listener stays a listener", () => {
  const options = toContractOptions({
    target: listener,
    accessToken: 't',
    ids: { fileId: 9007199254740991, sceneId: 9223372036854775807n, missingId: '-9223372036854775808' },
    timeoutMs: 250,
  });
  expect(options).toEqual({
    target: listener,
    accessToken: 't',
    ids: { fileId: '9007199254740991', sceneId: '9223372036854775807', missingId: '-9223372036854775808' },
    specPath: undefined,
    checks: 'all',
    excludeChecks: [],
    junitFile: undefined,
    jsonFile: undefined,
    sarifFile: undefined,
    allowFile: undefined,
    checksVersion: 2,
    timeoutMs: 250,
  });
  expect(toContractOptions({ target: 'http://127.0.0.1:4010/api', accessToken: 't' }).target).toEqual(
    new URL('http://127.0.0.1:4010/api'),
  );
  expect(toContractOptions({ target: 'https://staging.example.test', accessToken: 't' }).target).toEqual(
    new URL('https://staging.example.test'),
  );
  // An id given as undefined (a JavaScript caller) is an id not given.
  expect(
    toContractOptions({ target: listener, accessToken: 't', ids: { fileId: undefined, sceneId: '5' } as never }).ids,
  ).toEqual({
    sceneId: '5',
  });
});

test.each<[string, Parameters<typeof toContractOptions>[0], string]>([
  [
    'an empty Access Token',
    { target: listener, accessToken: '' },
    'accessToken is required: the application Access Token sent as "Authorization: Bearer <token>"',
  ],
  [
    'an unknown id',
    { target: listener, accessToken: 't', ids: { fileID: '1' } as never },
    'ids.fileID: unknown id; did you mean fileId? (known: fileId, integrateId, childFileId, compareId, sceneId, submodelId, clashDetectiveId, moduleDataId, missingId, forbiddenFileId)',
  ],
  [
    'an Access Token with its scheme (the library names its own option)',
    { target: listener, accessToken: 'Bearer cn-1' },
    'accessToken takes the token alone: drop "Bearer " (it is sent as "Authorization: Bearer <token>")',
  ],
  [
    'no Access Token (a JavaScript caller)',
    { target: listener } as never,
    'accessToken is required: the application Access Token sent as "Authorization: Bearer <token>"',
  ],
  [
    'an Access Token that is not text',
    { target: listener, accessToken: 42 } as never,
    'accessToken is required: the application Access Token sent as "Authorization: Bearer <token>"',
  ],
  [
    'an id near no known one',
    { target: listener, accessToken: 't', ids: { objectKey: '1' } as never },
    'ids.objectKey: unknown id (known: fileId, integrateId, childFileId, compareId, sceneId, submodelId, clashDetectiveId, moduleDataId, missingId, forbiddenFileId)',
  ],
  [
    'an id past 2^53 as a number',
    { target: listener, accessToken: 't', ids: { fileId: 2 ** 53 } },
    'ids.fileId 9007199254740992: not a safe integer; give int64 ids as strings or bigints',
  ],
  [
    'an id out of the int64 range',
    { target: listener, accessToken: 't', ids: { fileId: '9223372036854775808' } },
    'ids.fileId 9223372036854775808: out of the int64 range',
  ],
  [
    'a URL that is not HTTP',
    { target: 'ftp://example.test', accessToken: 't' },
    'target ftp://example.test: not an HTTP URL (use http:// or https://)',
  ],
  [
    'a checks version that does not exist',
    { target: listener, accessToken: 't', checksVersion: 3 },
    'checksVersion 3: the known versions are 1, 2 (default 2)',
  ],
  [
    'a timeout of 0',
    { target: listener, accessToken: 't', timeoutMs: 0 },
    'timeoutMs 0: milliseconds from 1 to 600000',
  ],
])('%s is a UsageError saying what is allowed', (_label, input, message) => {
  expect(() => toContractOptions(input)).toThrow(expect.objectContaining({ name: 'UsageError', message }));
});

const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-option-values-'));
writeFileSync(path.join(scratch, 'a-file'), 'x');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test.each<[string, string, string | undefined]>([
  ['a new file in an existing folder', 'report.xml', undefined],
  ['a new file under folders still to make', 'deep/er/report.xml', undefined],
  ['an existing file', 'a-file', undefined],
  ['a folder', '.', '--junit <path>: is a directory, not a file'],
  [
    'a file under a file',
    'a-file/report.xml',
    `--junit <path>: cannot write it (${'<scratch>'}/a-file is a file, not a folder)`,
  ],
])('a report path that is %s: %j', (_label, relative, message) => {
  const file = path.join(scratch, relative);
  const read = () => toReportFile(file, '--junit');
  if (message === undefined) expect(read()).toBe(file);
  else expect(read).toThrow(message.replace('<path>', file).replace('<scratch>', scratch));
});

test.each<[string, NodeJS.ErrnoException, string]>([
  ['a folder the user may not write to', Object.assign(new Error('denied'), { code: 'EACCES' }), 'EACCES'],
  ['a read-only file system', Object.assign(new Error('read-only'), { code: 'EROFS' }), 'EROFS'],
  ['an error without a code', new Error('odd'), 'not writable'],
])('a new report path in %s is refused before any request, with why', (_label, error, why) => {
  // Refusing a write needs a user or a mount this test cannot count on (root writes anywhere here): the
  // file the check tries to create in the nearest folder that exists is refused instead.
  const open = jest.spyOn(fs, 'openSync').mockImplementation(() => {
    throw error;
  });
  const file = path.join(scratch, 'deep', 'report.xml');
  try {
    expect(() => toReportFile(file, '--junit')).toThrow(`--junit ${file}: cannot write it (${why})`);
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`^${scratch}/\\.view-token-contracts-\\d+-\\d+\\.tmp$`)),
      'wx',
    );
  } finally {
    open.mockRestore();
  }
});

test('an existing report file the user may not write to is refused before any request (its own permission is asked)', () => {
  const file = path.join(scratch, 'kept.xml');
  fs.writeFileSync(file, '');
  const access = jest.spyOn(fs, 'accessSync').mockImplementation(() => {
    throw Object.assign(new Error('denied'), { code: 'EACCES' });
  });
  try {
    expect(() => toReportFile(file, '--junit')).toThrow(`--junit ${file}: cannot write it (EACCES)`);
    expect(access).toHaveBeenCalledWith(file, fs.constants.W_OK);
  } finally {
    access.mockRestore();
  }
});

test.each<[string | undefined, number | string]>([
  [undefined, 10_000],
  ['1', 1],
  ['600000', 600_000],
  ['600001', '--timeout 600001: milliseconds from 1 to 600000'],
  ['0', '--timeout 0: milliseconds from 1 to 600000'],
  ['1.5', '--timeout 1.5: milliseconds from 1 to 600000'],
])('--timeout %j', (raw, expected) => {
  if (typeof expected === 'number') expect(toTimeout(raw)).toBe(expected);
  else expect(() => toTimeout(raw)).toThrow(expected);
});

test.each<[string, string]>([
  ['9223372036854775807', '9223372036854775807'],
  ['-9223372036854775808', '-9223372036854775808'],
  ['+7', '7'],
  ['007', '7'],
])('the id %s is the int64 %s', (raw, id) => {
  expect(toInt64(raw, '--file-id')).toBe(id);
});

test.each([['', '--report: a file path is required']])('an empty report path is refused', (raw, message) => {
  expect(() => toReportFile(raw, '--report')).toThrow(message);
});

test('--checks-version: none is the newest, 1 and 2 are known, 0 is not', () => {
  expect([toChecksVersion(undefined, '--checks-version'), toChecksVersion('1', '--checks-version')]).toEqual([2, 1]);
  expect(() => toChecksVersion('0', '--checks-version')).toThrow(
    '--checks-version 0: the known versions are 1, 2 (default 2)',
  );
});
