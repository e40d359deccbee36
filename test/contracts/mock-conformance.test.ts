import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toContractOptions } from '../../contracts/library-options';
import { runContracts } from '../../contracts/runner';
import type { MockServer } from '../../mock/server';
import { aMock } from '../support/mock-app';

const CONTRACTS_CLI = path.resolve(__dirname, '../../dist/contracts/cli.js');
const MISSING = '404404';
const FORBIDDEN = '403403';
const ALL_ID_PARAMETERS = [
  'fileId',
  'integrateId',
  'compareId',
  'sceneId',
  'submodelId',
  'clashDetectiveId',
  'moduleDataId',
];

let mock: MockServer;
let baseUrl: string;
let accessToken: string;
const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-contracts-'));

beforeAll(async () => {
  mock = await aMock({
    realNow: Date.now,
    config: {
      missing: Object.fromEntries(ALL_ID_PARAMETERS.map((name) => [name, [MISSING]])),
      forbidden: { fileId: [FORBIDDEN] },
      applications: [{ appKey: 'ci', appSecret: 'ci-secret' }],
    },
  });
  baseUrl = await mock.listen(0);
  const grant = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('ci:ci-secret').toString('base64')}` },
  });
  accessToken = ((await grant.json()) as { data: { token: string } }).data.token;
});
afterAll(async () => {
  await mock.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs the harness CLI as a process; asynchronously, so the in-process mock keeps answering. */
const contracts = (args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [CONTRACTS_CLI, ...args],
      { encoding: 'utf8', timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
const everyId = () => [
  '--base-url',
  baseUrl,
  '--access-token',
  accessToken,
  '--file-id',
  '9223372036854775807',
  '--integrate-id',
  '2',
  '--child-file-id',
  '3',
  '--compare-id',
  '4',
  '--scene-id',
  '5',
  '--submodel-id',
  '6',
  '--clash-detective-id',
  '7',
  '--module-data-id',
  '8',
  '--missing-id',
  MISSING,
  '--forbidden-file-id',
  FORBIDDEN,
];

test('our own mock passes every check of the suite (CLI exit 0), with JUnit and JSON reports written', async () => {
  const junit = path.join(scratch, 'contracts.xml');
  const json = path.join(scratch, 'contracts.json');
  const run = await contracts([...everyId(), '--junit', junit, '--json', json]);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/\nChecks: 28 passed, 0 failed, 0 skipped\n/);
  expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('Result: PASS: all 28 checks passed; exit code 0');
  const report = JSON.parse(readFileSync(json, 'utf8')) as { totals: object; outcome: string; exitCode: number };
  expect(report.totals).toEqual({ checks: 28, passed: 28, failed: 0, skipped: 0, allowed: 0 });
  expect([report.outcome, report.exitCode]).toEqual(['conformant', 0]);
  const xml = readFileSync(junit, 'utf8');
  expect(xml).toMatch(/^<\?xml version="1.0"/);
  expect(xml.match(/<testcase /g)).toHaveLength(28);
  expect(xml).not.toContain('<failure');
});

test("in-process, the mock's Express app given as the target (no port) passes every check", async () => {
  const report = await runContracts(
    toContractOptions({
      target: mock.app,
      accessToken,
      ids: {
        fileId: '9223372036854775807',
        integrateId: '2',
        childFileId: '3',
        sceneId: '5',
        missingId: MISSING,
        forbiddenFileId: FORBIDDEN,
      },
    }),
  );
  expect(report.baseUrl).toMatch(/^in-process \(http:\/\/127\.0\.0\.1:\d+\)$/);
  expect(
    report.results
      .filter((result) => result.status !== 'pass')
      .map((result) => [result.name, result.violations.map((violation) => violation.reason)]),
  ).toEqual([]);
  expect(report.totals).toEqual({ checks: 28, passed: 28, failed: 0, skipped: 0, allowed: 0 });
});

test('the default open mock accepts any bearer token, so ignored_auth fails against it (and says why)', async () => {
  const open = await aMock();
  const openUrl = await open.listen(0);
  try {
    const run = await contracts([
      '--base-url',
      openUrl,
      '--access-token',
      'x',
      '--file-id',
      '1',
      '--checks',
      'ignored_auth',
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('the request was accepted without valid credentials');
  } finally {
    await open.close();
  }
});

test('--help prints the flags and every check, exit 0', async () => {
  const run = await contracts(['--help']);
  expect(run.status).toBe(0);
  expect(run.stdout).toContain('--forbidden-file-id');
  expect(run.stdout).toContain('status_code_conformance');
});

test.each([
  [
    ['--base-url', 'http://127.0.0.1:4010', '--access-token', 't', '--bogus'],
    /^view-token-contracts: Unknown option '--bogus' \(see --help\)\n$/,
  ],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--acess-token', 't'],
    /^view-token-contracts: Unknown option '--acess-token'; did you mean --access-token\? \(see --help\)\n$/,
  ],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--access-token', 't', '--flie-id', '1'],
    /Unknown option '--flie-id'; did you mean --file-id\?/,
  ],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--access-token', 't', '--checks', 'ignored_aut'],
    /--checks: unknown check ignored_aut \(did you mean ignored_auth\?\); known: response_schema_conformance, /,
  ],
  [['--access-token', 't'], /--base-url is required/],
  [['--base-url', 'http://127.0.0.1:4010'], /--access-token is required/],
  [['--base-url', 'ftp://example.test', '--access-token', 't'], /not an HTTP URL/],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--access-token', 't', '--file-id', '1.5'],
    /--file-id 1.5: not an int64 id/,
  ],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--access-token', 't', '--file-id', '9223372036854775808'],
    /out of the int64 range/,
  ],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--access-token', 't', '--checks', 'nope'],
    /--checks: unknown check nope; known: /,
  ],
  [['--base-url', 'http://127.0.0.1:4010', '--access-token', 't', '--timeout', '0'], /--timeout 0/],
])('%j is one clear line on stderr and exit code 2', async (args, message) => {
  const run = await contracts(args);
  expect(run.status).toBe(2);
  expect(run.stderr).toMatch(message);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
});
