import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'vtm-packed-'));
const project = path.join(work, 'app');
let mock: ChildProcess | undefined;
let packedFiles: string[] = [];

type Run = { code: number; stdout: string; stderr: string };
const run = (command: string, args: string[], cwd: string): Promise<Run> => new Promise((resolve) => {
  execFile(command, args, { cwd, encoding: 'utf8', timeout: 240_000, env: { ...process.env, npm_config_update_notifier: 'false' } }, (error, stdout, stderr) => {
    resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
  });
});
const npx = (args: string[]) => run('npx', ['--no-install', ...args], project);

beforeAll(async () => {
  const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT);
  expect(packed.code).toBe(0);
  packedFiles = (JSON.parse(packed.stdout) as [{ files: { path: string }[] }])[0].files.map((file) => file.path);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball: ${packed.stderr}`);
  const { version: mswVersion } = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/msw/package.json'), 'utf8')) as { version: string };
  await run('mkdir', ['-p', project], work);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  const installed = await run('npm', ['install', path.join(work, tarball), `msw@${mswVersion}`, '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], project);
  expect(installed.stderr).not.toMatch(/ERR!/);
  expect(installed.code).toBe(0);
}, 300_000);

afterAll(async () => {
  // npx runs the bin as its child: signal the whole process group, then wait for it to go.
  if (mock?.pid !== undefined && mock.exitCode === null) {
    const exited = new Promise((resolve) => mock?.once('exit', resolve));
    process.kill(-mock.pid, 'SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

test('the tarball holds compiled JS, declarations, the spec files, the bins, the CLI bundle and its code cache, the dashboard, and nothing else', () => {
  const allowed = [
    /^package\.json$/, /^README\.md$/, /^LICENSE$/, /^contracts\/README\.md$/, /^contracts\/report\.schema\.json$/, /^docs\/[\w.-]+$/, /^spec\/[\w-]+\.openapi\.yaml$/,
    /^dist\/(mock|contracts|spec)\/[\w/-]+\.(js|d\.ts)$/, /^dist\/mock\/http\/dashboard\/[\w-]+\.(html|css|js|svg)$/,
    /^dist\/spec\/[\w-]+\.operations\.json$/, /^dist\/mock\/cli\/bundle\/[\w-]+\.js\.v8-cache$/,
  ];
  expect(packedFiles.filter((file) => !allowed.some((pattern) => pattern.test(file)))).toEqual([]);
  expect(packedFiles).toEqual(expect.arrayContaining([
    'dist/mock/cli.js', 'dist/contracts/cli.js', 'dist/mock/index.d.ts', 'dist/mock/msw/index.d.ts',
    'spec/view-token.openapi.yaml', 'spec/mock.openapi.yaml', 'dist/mock/http/dashboard/index.html', 'dist/mock/http/dashboard/dashboard.js',
    'dist/spec/mock.operations.json', 'dist/mock/cli/bundle/main.js', 'dist/mock/cli/bundle/express.js',
  ]));
});

test('the installed package answers `npx view-token-mock --help`', async () => {
  const help = await npx(['view-token-mock', '--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('--view-token-ttl');
});

test('the installed mock starts, issues a token, and passes `npx view-token-contracts`', async () => {
  const config = path.join(project, 'mock-config.json');
  writeFileSync(config, JSON.stringify({
    missing: Object.fromEntries(['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'].map((name) => [name, ['404404']])),
    forbidden: { fileId: ['403403'] },
    applications: [{ appKey: 'ci', appSecret: 'secret', accessTokens: ['ci-token'] }],
  }));
  mock = spawn('npx', ['--no-install', 'view-token-mock', '--port', '0', '--config', config, '--log-level', 'silent'], { cwd: project, detached: true });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    mock?.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    mock?.once('exit', (code) => reject(new Error(`mock exited ${code}: ${output}`)));
  });
  const issued = await fetch(`${baseUrl}/view/token?fileId=9223372036854775807`, { headers: { Authorization: 'Bearer ci-token' } });
  expect(((await issued.json()) as { data: string }).data).toMatch(/^[0-9a-f]{32}$/);
  const dashboard = await fetch(`${baseUrl}/__admin/ui`);
  expect(dashboard.status).toBe(200);
  expect(await dashboard.text()).toContain('/__admin/ui/assets/dashboard.js');
  expect((await fetch(`${baseUrl}/__admin/ui/assets/dashboard.js`)).status).toBe(200);
  const contracts = await npx(['view-token-contracts', '--base-url', baseUrl, '--access-token', 'ci-token', '--file-id', '1', '--integrate-id', '2',
    '--child-file-id', '3', '--missing-id', '404404', '--forbidden-file-id', '403403']);
  expect(contracts.stdout).toMatch(/Checks: 13 passed, 0 failed, 0 skipped/);
  expect(contracts.code).toBe(0);
});

test.each([
  ['ESM', 'mjs', "import { createHandlers } from 'view-token-mock/msw'; import { createMockServer } from 'view-token-mock';"],
  ['CommonJS', 'cjs', "const { createHandlers } = require('view-token-mock/msw'); const { createMockServer } = require('view-token-mock');"],
])('view-token-mock/msw imports from %s and its handlers issue a token', async (_label, extension, imports) => {
  const script = path.join(project, `check.${extension}`);
  writeFileSync(script, `${imports}
const { handlers, core } = createHandlers({ seed: 3 });
if (typeof createMockServer !== 'function' || handlers.length !== 5) throw new Error('exports missing');
core.service.issueViewToken({ authorization: 'Bearer x', target: { kind: 'object', parameter: 'fileId', type: 'file', id: '1' }, session: '' })
  .then((outcome) => console.log(outcome.kind, outcome.record.token.length));
`);
  const result = await run(process.execPath, [script], project);
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe('issued 32');
});

test('view-token-mock/contracts and view-token-mock/contracts/jest resolve from the installed package', async () => {
  const script = path.join(project, 'contracts-check.cjs');
  writeFileSync(script, `const { describeContracts, useViewTokenSpec } = require('view-token-mock/contracts/jest');
const { runContracts, toContractOptions } = require('view-token-mock/contracts');
console.log([describeContracts, useViewTokenSpec, runContracts, toContractOptions].map((value) => typeof value).join(' '));
`);
  const result = await run(process.execPath, [script], project);
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe('function function function function');
});
