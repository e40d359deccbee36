// Issue 40 points 3-5: the CLI's exit codes, its report files (folders made), GitHub annotations and
// the allow-list, end to end against fakes served over real HTTP.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Deviation } from '../support/fake-implementation';
import { FAKE_IDS, FAKE_TOKEN, fakeListener } from '../support/fake-implementation';

const CONTRACTS_CLI = path.resolve(__dirname, '../../dist/contracts/cli.js');
const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-cli-outcomes-'));
writeFileSync(path.join(scratch, 'a-file'), 'not a folder');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Run = { code: number | null; stdout: string; stderr: string };

function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CONTRACTS_CLI, ...args],
      { encoding: 'utf8', timeout: 60_000, env: { ...process.env, GITHUB_ACTIONS: '', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

async function serving<T>(deviation: Deviation, run: (baseUrl: string) => Promise<T>): Promise<T> {
  const server = http.createServer(fakeListener(deviation));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const ids = [
  '--file-id',
  FAKE_IDS.valid,
  '--integrate-id',
  FAKE_IDS.integrateId,
  '--child-file-id',
  FAKE_IDS.childFileId,
  '--missing-id',
  FAKE_IDS.missing,
  '--forbidden-file-id',
  FAKE_IDS.forbidden,
];
const against = (baseUrl: string, extra: string[] = []) => [
  '--base-url',
  baseUrl,
  '--access-token',
  FAKE_TOKEN,
  ...ids,
  ...extra,
];
const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

test('exit 0: a conformant target, every check judged; the last line says PASS and the exit code', async () => {
  const run = await serving('none', (baseUrl) => cli(against(baseUrl)));
  expect([run.code, run.stderr]).toEqual([0, '']);
  expect(lastLine(run.stdout)).toMatch(/^Result: PASS: all \d+ checks passed; exit code 0$/);
});

test('exit 0 with skips: the last line says how many checks were not judged and names them', async () => {
  const run = await serving('none', (baseUrl) =>
    cli([
      '--base-url',
      baseUrl,
      '--access-token',
      FAKE_TOKEN,
      '--integrate-id',
      FAKE_IDS.integrateId,
      '--child-file-id',
      FAKE_IDS.childFileId,
    ]),
  );
  expect(run.code).toBe(0);
  expect(lastLine(run.stdout)).toBe(
    'Result: PASS WITH 3 SKIPPED: 25 of 28 checks passed; 3 skipped, not judged: missing_object_not_found, forbidden_object_rejected, path_ids_decide; exit code 0',
  );
});

test('exit 0 with an operation not probed: the last line says the run is partial and what to add', async () => {
  const run = await serving('none', (baseUrl) =>
    cli(['--base-url', baseUrl, '--access-token', FAKE_TOKEN, '--file-id', FAKE_IDS.valid]),
  );
  expect(run.code).toBe(0);
  expect(lastLine(run.stdout)).toMatch(
    /^Result: PASS WITH 27 SKIPPED, 1 OPERATION NOT PROBED \(POST \/data\/v2\/integrations\/\{integrateId\}\/files\/\{fileId\}\/viewToken: add --integrate-id and --child-file-id\): 1 of 28 checks passed; 27 skipped, not judged: response_schema_conformance, .*, path_ids_decide; exit code 0$/,
  );
});

test('exit 1: a contract defect; the report folders named by --junit, --json and --sarif are made', async () => {
  const reports = path.join(scratch, 'deep/er/reports');
  const run = await serving('accepts-bare-token', (baseUrl) =>
    cli(
      against(baseUrl, [
        '--junit',
        path.join(reports, 'contracts.xml'),
        '--json',
        path.join(reports, 'json/contracts.json'),
        '--sarif',
        path.join(reports, 'contracts.sarif'),
      ]),
    ),
  );
  expect(run.code).toBe(1);
  const json = JSON.parse(readFileSync(path.join(reports, 'json/contracts.json'), 'utf8')) as {
    outcome: string;
    exitCode: number;
    totals: { checks: number };
  };
  expect(lastLine(run.stdout)).toBe(`Result: FAIL: 2 of ${json.totals.checks} checks failed (1 finding); exit code 1`);
  expect([json.outcome, json.exitCode]).toEqual(['defects-found', 1]);
  expect(readFileSync(path.join(reports, 'contracts.xml'), 'utf8')).toContain('<property name="failed" value="2"/>');
  expect(existsSync(path.join(reports, 'contracts.sarif'))).toBe(true);
});

test('exit 2: a usage error is one line on stderr and nothing is sent', async () => {
  const run = await cli(['--base-url', 'http://127.0.0.1:1', '--access-token', FAKE_TOKEN, '--checks-version', '9']);
  expect(run).toEqual({
    code: 2,
    stdout: '',
    stderr: 'view-token-contracts: --checks-version 9: the known versions are 1, 2 (default 2)\n',
  });
});

test('exit 3: nothing answers at --base-url; one finding names the flag, a handful of lines, no check judged', async () => {
  const run = await cli(['--base-url', 'http://127.0.0.1:1', '--access-token', FAKE_TOKEN, ...ids]);
  expect(run.code).toBe(3);
  expect(run.stdout).toContain(
    'The target could not be used: cannot reach http://127.0.0.1:1 (ECONNREFUSED): nothing answers there.',
  );
  expect(run.stdout).toContain('Likely cause: is the implementation running at http://127.0.0.1:1? Fix --base-url');
  expect(run.stdout.trimEnd().split('\n').length).toBeLessThan(10);
  expect(lastLine(run.stdout)).toBe('Result: NOT JUDGED: the target could not be used (fix --base-url); exit code 3');
});

test('exit 3: a target that starts answering 429 mid-run is one finding, "limits the rate", a handful of lines; no 429 is judged', async () => {
  const conformant = fakeListener('none');
  let received = 0;
  const server = http.createServer((req, res) => {
    received += 1;
    if (received <= 12) return conformant(req, res);
    res.writeHead(429, { 'Retry-After': '60', 'Content-Type': 'text/plain' }).end('Too Many Requests');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const run = await cli(against(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    expect([run.code, run.stderr]).toEqual([3, '']);
    expect(run.stdout).toContain(
      'The target could not be used: the target limits the rate: after 12 answers, the 4 next requests were answered 429 Too Many Requests (Retry-After: 60).',
    );
    expect(run.stdout).toContain("Likely cause: a gateway or the service limits this client's requests (RFC 6585)");
    expect(run.stdout.trimEnd().split('\n').length).toBeLessThan(10);
    expect(lastLine(run.stdout)).toBe(
      'Result: NOT JUDGED: the target could not be used (fix the rate limit); exit code 3',
    );
    expect(received).toBeLessThanOrEqual(12 + 2 * 4);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('GITHUB_ACTIONS=true: one ::error annotation per finding at its operation in the contract, one line each', async () => {
  const run = await serving('accepts-bare-token', (baseUrl) => cli(against(baseUrl), { GITHUB_ACTIONS: 'true' }));
  const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::'));
  expect(annotations).toHaveLength(1);
  expect(annotations[0]).toMatch(
    /^::error file=spec\/view-token\.openapi\.yaml,line=\d+,title=view-token-contracts%3A ignored_auth%2C unauthorized_is_401::Contract finding: 2 requests on GET \/view\/token; POST \/data\/v2\/integrations\/\{integrateId\}\/files\/\{fileId\}\/viewToken%0A {3}fails ignored_auth: status 200: the request was accepted without valid credentials%0A/,
  );
  const line = Number(/line=(\d+)/.exec(annotations[0] ?? '')?.[1]);
  expect(
    readFileSync(path.resolve(__dirname, '../../spec/view-token.openapi.yaml'), 'utf8').split('\n')[line - 1],
  ).toMatch(/^\s+\/view\/token:/);
});

test('--allow: an entry in force accepts what it names (exit 0, ALLOW), one past its date fails again and is said, one matching nothing is stale', async () => {
  const allow = path.join(scratch, 'allow.yaml');
  writeFileSync(
    allow,
    [
      '- check: ignored_auth',
      '  reason: TICKET-1 the gateway takes a bare token until the next release',
      '  until: 2999-12-31',
      '- check: unauthorized_is_401',
      '  probe: GET with the Access Token without a scheme',
      '  reason: TICKET-2',
      '  until: 2999-12-31',
      '- check: unauthorized_is_401',
      '  probe: POST with the Access Token without a scheme',
      '  reason: TICKET-3',
      '  until: 2000-01-01',
      '- check: credential_exact_match',
      '  reason: TICKET-4 fixed since',
      '  until: 2999-12-31',
    ].join('\n'),
  );
  const run = await serving('accepts-bare-token', (baseUrl) => cli(against(baseUrl, ['--allow', allow])));
  expect(run.code).toBe(1);
  expect(run.stdout).toMatch(/\n {2}ALLOW {2}ignored_auth +2 violations allowed by --allow \(until 2999-12-31\)\n/);
  expect(run.stdout).toMatch(/\n {2}FAIL {3}unauthorized_is_401 +1 violation\n/);
  expect(run.stdout).toContain(
    `Allow-list ${allow}, past the date (what they name fails again): 1\n  ${allow}, entry 3: unauthorized_is_401 (POST with the Access Token without a scheme) until 2000-01-01: TICKET-3`,
  );
  expect(run.stdout).toContain(
    `Allow-list ${allow}, stale (they match nothing in this run: delete them): 1\n  ${allow}, entry 4: credential_exact_match until 2999-12-31: TICKET-4 fixed since`,
  );
  expect(lastLine(run.stdout)).toMatch(
    /^Result: FAIL: 1 of \d+ checks failed \(1 finding\); 1 allowed by --allow; exit code 1$/,
  );
});

test.each([
  [
    'a check it does not know',
    '- {check: ignored_aut, reason: x, until: 2999-01-01}',
    'entry 1: unknown check ignored_aut (did you mean ignored_auth?)',
  ],
  ['no until', '- {check: ignored_auth, reason: x}', 'entry 1: until is required (the last day it holds, YYYY-MM-DD)'],
  [
    'a day that does not exist',
    '- {check: ignored_auth, reason: x, until: 2026-02-30}',
    'entry 1: until 2026-02-30 is not a date (YYYY-MM-DD)',
  ],
  [
    'no reason',
    '- {check: ignored_auth, until: 2026-02-28}',
    'entry 1: reason is required (why the team accepts it, e.g. a ticket)',
  ],
  [
    'an unknown field',
    '- {check: ignored_auth, reason: x, until: 2026-02-28, expires: 1}',
    'entry 1: unknown field expires (allowed: check, probe, reason, until)',
  ],
  ['not a list', 'check: ignored_auth', 'expected a list of entries, each with check, reason and until (and probe)'],
])('an --allow file with %s is exit 2 naming the entry, before any request', async (_label, text, message) => {
  const allow = path.join(scratch, 'bad-allow.yaml');
  writeFileSync(allow, text);
  const run = await cli(['--base-url', 'http://127.0.0.1:1', '--access-token', FAKE_TOKEN, ...ids, '--allow', allow]);
  expect(run).toEqual({
    code: 2,
    stdout: '',
    stderr: `view-token-contracts: --allow ${allow}${message.startsWith('entry') ? ', ' : ': '}${message}\n`,
  });
});

/** A server that counts requests, so a test can show the CLI sent none. */
async function withCountingServer(run: (baseUrl: string, requests: () => number) => Promise<void>): Promise<void> {
  let count = 0;
  const server = http.createServer((_req, res) => {
    count += 1;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => count);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test.each([
  [
    '--junit',
    'a-file/contracts.xml',
    /^view-token-contracts: --junit .*a-file\/contracts\.xml: cannot write it \(.*a-file is a file, not a folder\)$/,
  ],
  [
    '--sarif',
    'a-file/deeper/contracts.sarif',
    /^view-token-contracts: --sarif .*: cannot write it \(.*a-file is a file, not a folder\)$/,
  ],
  ['--junit', '.', /^view-token-contracts: --junit .*: is a directory, not a file$/],
  ['--json', '', /^view-token-contracts: --json: a file path is required$/],
])('%s %j is exit 2 with one line, before any request', async (flag, file, message) => {
  await withCountingServer(async (baseUrl, requests) => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          CONTRACTS_CLI,
          '--base-url',
          baseUrl,
          '--access-token',
          't',
          '--file-id',
          '1',
          flag,
          file === '' ? '' : path.join(scratch, file),
        ],
        { encoding: 'utf8' },
        (error, _stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr });
        },
      );
    });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(requests()).toBe(0);
  });
});
