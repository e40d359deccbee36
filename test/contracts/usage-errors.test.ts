// Every refused command line of view-token-contracts in-process (the CLI prints the same message and
// exits 2; cli-outcomes.test.ts runs the built CLI): the message names the flag and what is allowed.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ContractOptions } from '../../contracts/options';
import { UsageError, parseContractArgs } from '../../contracts/options';

const BASE = ['--base-url', 'http://127.0.0.1:4010', '--access-token', 'tok'];
const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-usage-'));
const existing = path.join(scratch, 'existing.xml');
writeFileSync(existing, '');
writeFileSync(path.join(scratch, 'a-file'), '');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function optionsOf(args: readonly string[]): ContractOptions {
  const command = parseContractArgs(args);
  if (command.kind !== 'run') throw new Error(`not a run: ${command.kind}`);
  return command.options;
}

function refusal(args: readonly string[]): string {
  try {
    parseContractArgs(args);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  return 'accepted';
}

// The titles name the case only: a title holding the temp folder's name differs from run to run, and a
// mutation run pairs each test with its title from its dry run (such a test was never run against a mutant).
test.each<[string, string[], string]>([
  ['no --base-url', [], '--base-url is required, e.g. --base-url http://127.0.0.1:4010'],
  [
    'a --base-url that is no URL',
    ['--base-url', 'localhost:4010'],
    '--base-url localhost:4010: not an HTTP URL (use http:// or https://)',
  ],
  [
    'an unparsable --base-url',
    ['--base-url', 'http//x'],
    '--base-url http//x: not a URL (expected http://host:port[/path])',
  ],
  ['an ftp --base-url', ['--base-url', 'ftp://x'], '--base-url ftp://x: not an HTTP URL (use http:// or https://)'],
  [
    'no --access-token',
    ['--base-url', 'http://x'],
    '--access-token is required: the application Access Token sent as "Authorization: Bearer <token>"',
  ],
  [
    'an empty --access-token',
    ['--base-url', 'http://x', '--access-token', ''],
    '--access-token is required: the application Access Token sent as "Authorization: Bearer <token>"',
  ],
  [
    'a mistyped flag',
    [...BASE, '--acess-token', 'x'],
    "Unknown option '--acess-token'; did you mean --access-token? (see --help)",
  ],
  ['a flag nothing is near', [...BASE, '--zzzzzz'], "Unknown option '--zzzzzz' (see --help)"],
  [
    'a positional argument',
    [...BASE, 'extra'],
    "Unexpected argument 'extra'. This command does not take positional arguments (see --help)",
  ],
  ['an id that is no number', [...BASE, '--file-id', '1e3'], '--file-id 1e3: not an int64 id'],
  [
    'an id of 20 digits',
    [...BASE, '--integrate-id', '12345678901234567890'],
    '--integrate-id 12345678901234567890: not an int64 id',
  ],
  [
    'an id past int64',
    [...BASE, '--child-file-id', '9223372036854775808'],
    '--child-file-id 9223372036854775808: out of the int64 range',
  ],
  [
    'an id below int64',
    [...BASE, '--missing-id=-9223372036854775809'],
    '--missing-id -9223372036854775809: out of the int64 range',
  ],
  ['a timeout of 0', [...BASE, '--timeout', '0'], '--timeout 0: milliseconds from 1 to 600000'],
  ['a timeout past ten minutes', [...BASE, '--timeout', '600001'], '--timeout 600001: milliseconds from 1 to 600000'],
  ['a timeout with a unit', [...BASE, '--timeout', '5s'], '--timeout 5s: milliseconds from 1 to 600000'],
  ['a negative timeout', [...BASE, '--timeout=-5'], '--timeout -5: milliseconds from 1 to 600000'],
  [
    'an unknown checks version',
    [...BASE, '--checks-version', '3'],
    '--checks-version 3: the known versions are 1, 2 (default 2)',
  ],
  [
    'a checks version with a sign',
    [...BASE, '--checks-version', '+1'],
    '--checks-version +1: the known versions are 1, 2 (default 2)',
  ],
  ['an empty report path', [...BASE, '--junit', ''], '--junit: a file path is required'],
  ['a report path that is a folder', [...BASE, '--json', scratch], `--json ${scratch}: is a directory, not a file`],
  [
    'a report under a file',
    [...BASE, '--sarif', path.join(scratch, 'a-file', 'r.sarif')],
    `--sarif ${path.join(scratch, 'a-file', 'r.sarif')}: cannot write it (${path.join(scratch, 'a-file')} is a file, not a folder)`,
  ],
  ['an empty JSON report path', [...BASE, '--json', ''], '--json: a file path is required'],
  ['an empty SARIF report path', [...BASE, '--sarif', ''], '--sarif: a file path is required'],
  [
    'an id flag given twice (the parser kept the last)',
    [...BASE, '--file-id', '1001', '--file-id=1002'],
    '--file-id is given 2 times (1001, 1002): give it once',
  ],
  [
    'the Access Token given twice: the message does not repeat it',
    [...BASE, '--access-token', 'other'],
    '--access-token is given 2 times: give it once',
  ],
  [
    'an Access Token with its scheme',
    ['--base-url', 'http://x', '--access-token', 'Bearer cn-1'],
    '--access-token takes the token alone: drop "Bearer " (it is sent as "Authorization: Bearer <token>")',
  ],
  [
    'an Access Token with its scheme in lower case',
    ['--base-url', 'http://x', '--access-token', 'bearer\tcn-1'],
    '--access-token takes the token alone: drop "Bearer " (it is sent as "Authorization: Bearer <token>")',
  ],
  [
    'an Access Token with a line break (copied with its newline)',
    ['--base-url', 'http://x', '--access-token', 'cn-1\n'],
    '--access-token holds a space or a control character: give the token alone, as the service issued it',
  ],
  [
    'an Access Token with a control character',
    ['--base-url', 'http://x', '--access-token', 'cn\u007f1'],
    '--access-token holds a space or a control character: give the token alone, as the service issued it',
  ],
  [
    'a flag left without its value by an empty variable (--access-token $EMPTY --file-id 1)',
    ['--base-url', 'http://x', '--access-token', '--file-id', '1'],
    '--access-token has no value: the next argument, --file-id, is a flag (an empty variable? quote it: --access-token "$VALUE"; a value beginning with - goes as --access-token=-VALUE) (see --help)',
  ],
  [
    'a flag without its value at the end',
    [...BASE, '--file-id'],
    '--file-id has no value (it is the last argument) (see --help)',
  ],
])('%s is refused', (_case, args, message) => {
  expect(refusal(args)).toBe(message);
});

test.each([
  ['a file system that takes no new files (/proc), even for root', '/proc/vtm-none/r.json'],
  ['sysfs, where root passes the permission check', '/sys/vtm-report.json'],
])('a report path on %s is refused before any request: a file is tried, not the permission bits', (_case, file) => {
  expect(refusal([...BASE, '--json', file])).toMatch(
    new RegExp(`^--json ${file}: cannot write it \\((ENOENT|EACCES|EPERM|EROFS)\\)$`),
  );
});

test('the write check leaves nothing behind in the folder it tried', () => {
  const folder = mkdtempSync(path.join(scratch, 'tried-'));
  optionsOf([...BASE, '--json', path.join(folder, 'new', 'r.json'), '--sarif', path.join(folder, 'r.sarif')]);
  expect(readdirSync(folder)).toEqual([]);
});

test('--sarif names the SARIF report (kept as given)', () => {
  expect(optionsOf([...BASE, '--sarif', existing]).sarifFile).toBe(existing);
});

test('the options of a full command line: ids as decimal strings, lists trimmed, reports kept as given, defaults', () => {
  const options = optionsOf([
    ...BASE,
    '--file-id',
    '+011',
    '--forbidden-file-id=-9223372036854775808',
    '--checks',
    ' ids_strict , ,ignored_auth',
    '--exclude-checks',
    'a,b',
    '--junit',
    existing,
    '--json',
    path.join(scratch, 'new', 'deeper', 'r.json'),
    '--timeout',
    '600000',
    '--checks-version',
    '1',
    '--spec',
    'my.yaml',
    '--allow',
    'allow.yaml',
  ]);
  expect({ ...options, target: String(options.target) }).toEqual({
    target: 'http://127.0.0.1:4010/',
    accessToken: 'tok',
    ids: { fileId: '11', forbiddenFileId: '-9223372036854775808' },
    specPath: 'my.yaml',
    checks: ['ids_strict', 'ignored_auth'],
    excludeChecks: ['a', 'b'],
    junitFile: existing,
    jsonFile: path.join(scratch, 'new', 'deeper', 'r.json'),
    sarifFile: undefined,
    allowFile: 'allow.yaml',
    checksVersion: 1,
    timeoutMs: 600000,
  });
});

test('the defaults: every check, none excluded, the newest checks version, a 10 s timeout; "all" is every check', () => {
  const options = optionsOf([...BASE, '--checks', 'all', '--timeout', '1']);
  expect([options.checks, options.excludeChecks, options.checksVersion, options.timeoutMs, options.ids]).toEqual([
    'all',
    [],
    2,
    1,
    {},
  ]);
  expect(optionsOf(BASE).timeoutMs).toBe(10000);
});

test.each([
  [['--help'], 'help'],
  [['-h'], 'help'],
  [['--version'], 'version'],
  [['--help', '--version'], 'help'],
])('%j is %s, whatever else is missing', (args, kind) => {
  expect(parseContractArgs(args).kind).toBe(kind);
});
