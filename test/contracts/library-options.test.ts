import type { RequestListener } from 'node:http';
import { toContractOptions } from '../../contracts/library-options';

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
