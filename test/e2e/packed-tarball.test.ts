import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

const versionOf = (name: string): string => (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const install = (names: string[]) => run('npm', ['install', ...names, '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], project);
/** Packages in the project's node_modules tree (each installed folder once), and their size on disk. */
let leanInstall = { packages: 0, kilobytes: 0, folders: [] as string[], fakerVersions: [] as string[] };

beforeAll(async () => {
  // As `npm pack` runs it, minus prepack's build (dist/ is built before the tests): the manifest without prepare.
  const stripped = await run(process.execPath, ['scripts/pack-manifest.js', 'strip'], ROOT);
  expect(stripped).toEqual({ code: 0, stdout: '', stderr: '' });
  let packed: Run;
  try { packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT); } finally {
    await run(process.execPath, ['scripts/pack-manifest.js', 'restore'], ROOT);
  }
  expect(packed.code).toBe(0);
  packedFiles = (JSON.parse(packed.stdout) as [{ files: { path: string }[] }])[0].files.map((file) => file.path);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball: ${packed.stderr}`);
  await run('mkdir', ['-p', project], work);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  // First the package alone, as `npm install view-token-mock` gives it: that is the install the README reports.
  const installed = await install([path.join(work, tarball)]);
  expect(installed.stderr).not.toMatch(/ERR!/);
  expect(installed.code).toBe(0);
  const tree = await run('npm', ['ls', '--all', '--parseable'], project);
  const size = await run('du', ['-sk', 'node_modules'], project);
  const folders = [...new Set(tree.stdout.split('\n').filter(Boolean))].map((folder) => path.relative(project, folder)).filter(Boolean);
  const fakerVersions = folders.filter((folder) => folder.endsWith('node_modules/@faker-js/faker'))
    .map((folder) => (JSON.parse(readFileSync(path.join(project, folder, 'package.json'), 'utf8')) as { version: string }).version);
  leanInstall = { packages: folders.length, kilobytes: Number(size.stdout.split('\t')[0]), folders, fakerVersions };
  console.log(`npm install view-token-mock: ${leanInstall.packages} packages, ${(leanInstall.kilobytes / 1024).toFixed(1)} MiB in node_modules`);
  // Then what a TypeScript project using the MSW entry has anyway.
  const extras = await install([`msw@${versionOf('msw')}`, `typescript@${versionOf('typescript')}`, `@types/node@${versionOf('@types/node')}`]);
  expect(extras.code).toBe(0);
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
    /^package\.json$/, /^README\.md$/, /^LICENSE$/, /^CHANGELOG\.md$/, /^contracts\/README\.md$/, /^contracts\/report\.schema\.json$/, /^docs\/((guides|getting-started|internals)\/)?[\w.-]+$/, /^docs\/images\/[\w-]+\.png$/, /^spec\/[\w-]+\.openapi\.yaml$/,
    /^dist\/(mock|contracts|spec)\/[\w/-]+\.(js|d\.ts)$/, /^dist\/mock\/msw\/[\w-]+\.(mjs|d\.mts)$/, /^dist\/mock\/http\/dashboard\/[\w-]+\.(html|css|js|svg)$/,
    /^dist\/spec\/[\w-]+\.operations\.json$/, /^view-token-mock\.config\.schema\.json$/, /^dist\/mock\/cli\/bundle\/[\w-]+\.js\.v8-cache$/,
  ];
  expect(packedFiles.filter((file) => !allowed.some((pattern) => pattern.test(file)))).toEqual([]);
  expect(packedFiles).toEqual(expect.arrayContaining([
    'dist/mock/cli.js', 'dist/contracts/cli.js', 'dist/mock/index.d.ts', 'dist/mock/msw/index.d.ts',
    'spec/view-token.openapi.yaml', 'spec/mock.openapi.yaml', 'dist/mock/http/dashboard/index.html', 'dist/mock/http/dashboard/dashboard.js',
    'dist/spec/mock.operations.json', 'dist/mock/cli/bundle/main.js', 'dist/mock/cli/bundle/express.js',
    'view-token-mock.config.schema.json', 'CHANGELOG.md', 'dist/mock/msw/index.mjs', 'dist/mock/msw/index.d.mts', 'dist/mock/msw/create-handlers.d.mts',
  ]));
});

test('the packed package.json runs nothing on install (npm 11 lists a tarball\'s prepare as an unreviewed install script) and the repository keeps its own', () => {
  const installed = JSON.parse(readFileSync(path.join(project, 'node_modules/view-token-mock/package.json'), 'utf8')) as { scripts: Record<string, string> };
  const own = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const installScripts = (scripts: Record<string, string>) => Object.keys(scripts).filter((name) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name));
  expect([installScripts(installed.scripts), installScripts(own.scripts)]).toEqual([[], ['prepare']]);
  expect(installed.scripts.start).toBe(own.scripts.start);
});

test('every relative link and image of the shipped READMEs points at a file in the tarball (the package page and an installed copy show them)', () => {
  const targets = ['README.md', 'contracts/README.md'].flatMap((readme) => [...readFileSync(path.join(ROOT, readme), 'utf8').matchAll(/\]\(([^)#\s]+)\)/g)]
    .map((match) => match[1] ?? '').filter((target) => !/^[a-z]+:/.test(target)).map((target) => path.posix.join(path.posix.dirname(readme), target)));
  expect(targets).toEqual(expect.arrayContaining(['docs/images/dashboard.png', 'contracts/README.md']));
  expect(targets.filter((target) => !packedFiles.includes(target))).toEqual([]);
});

test('the installed package answers `npx view-token-mock --help`', async () => {
  const help = await npx(['view-token-mock', '--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('--view-token-ttl');
});

test('a lean install holds what runs at run time: no test framework, no jest-openapi or its axios 0.21, no Redis client, no faker 9', () => {
  const names = leanInstall.folders.map((folder) => folder.split('node_modules/').pop());
  expect(names).toEqual(expect.arrayContaining(['view-token-mock', 'express', 'pino', '@stoplight/prism-http', 'yaml']));
  expect(names.filter((name) => ['jest-openapi', 'expect', 'axios', 'jest-matcher-utils', 'ioredis', 'msw', '@types/express'].includes(name ?? ''))).toEqual([]);
  expect(leanInstall.fakerVersions.filter((version) => version.startsWith('9.'))).toEqual([]);
});

test.each([
  ['view-token-mock catalog', 'view-token-mock', ['catalog', '--seed', '1'],
    /^view-token-mock: view-token-mock catalog needs the optional package @faker-js\/faker@\^9\.9\.0, (which is not installed|but @faker-js\/faker@6\.[\d.]+ is installed): npm install @faker-js\/faker@\^9\.9\.0\n$/],
  ['--store redis', 'view-token-mock', ['--store', 'redis', '--redis-url', 'redis://127.0.0.1:1', '--port', '0'],
    /^view-token-mock: --store redis needs the optional package ioredis@\^6\.0\.0, which is not installed: npm install ioredis@\^6\.0\.0\n$/],
])('without its optional package, %s exits 2 with one line naming the package to install', async (_capability, bin, args, message) => {
  // The bin itself, not through npx: npx adds its own warnings to stderr here.
  const result = await run(process.execPath, [path.join(project, 'node_modules/.bin', bin), ...args], project);
  expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
  expect(result.stderr).toMatch(message);
});

test('without jest-openapi, useViewTokenSpec() from view-token-mock/contracts/jest throws one line naming the package to install', async () => {
  const script = path.join(project, 'use-view-token-spec.cjs');
  writeFileSync(script, `try { require('view-token-mock/contracts/jest').useViewTokenSpec(); } catch (error) { console.log(error.name + ': ' + error.message); }\n`);
  expect(await run(process.execPath, [script], project)).toEqual({ code: 0, stderr: '',
    stdout: 'UsageError: useViewTokenSpec needs the optional package jest-openapi@^0.14.2, which is not installed: npm install --save-dev jest-openapi@^0.14.2\n' });
});

test('the installed mock starts, issues a token, and passes `npx view-token-contracts`', async () => {
  const config = path.join(project, 'mock-config.json');
  writeFileSync(config, JSON.stringify({
    $schema: './node_modules/view-token-mock/view-token-mock.config.schema.json',
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
  expect(contracts.stdout).toMatch(/Checks: 21 passed, 0 failed, 0 skipped/);
  expect(contracts.code).toBe(0);
}, 120_000);

test('the config schema ships at the path the README\'s "$schema" names, and the installed mock refuses what it refuses, naming field and value', async () => {
  const shipped = readFileSync(path.join(project, 'node_modules/view-token-mock/view-token-mock.config.schema.json'), 'utf8');
  expect(shipped).toBe(readFileSync(path.join(ROOT, 'view-token-mock.config.schema.json'), 'utf8'));
  const config = path.join(project, 'bad-config.json');
  // Written as text: the id is a JSON number beyond 2^53-1, as a hand-written config may hold it.
  writeFileSync(config, '{ "$schema": "./node_modules/view-token-mock/view-token-mock.config.schema.json", "forbidden": { "fileId": [9223372036854775807] } }');
  const result = await run(process.execPath, [path.join(project, 'node_modules/.bin/view-token-mock'), '--config', config, '--port', '0'], project);
  expect(result).toEqual({ code: 2, stdout: '',
    stderr: `view-token-mock: --config ${config}: forbidden.fileId[0]: 9223372036854776000 is not exact as a JSON number; write ids as strings ("9223372036854775807")\n` });
});

test('the installed mock speaks WireMock: its fault names as aliases, its request-pattern shape in POST /__admin/requests/count', async () => {
  const child = spawn(process.execPath, [path.join(project, 'node_modules/.bin/view-token-mock'), '--port', '0', '--log-level', 'silent'], { cwd: project });
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`mock exited ${code}: ${output}`)));
    });
    const bearer = { Authorization: 'Bearer any' };
    // A forced empty response or reset: the socket closes with no HTTP answer, so fetch rejects.
    await expect(fetch(`${baseUrl}/view/token?fileId=5`, { headers: { ...bearer, Prefer: 'fault=EMPTY_RESPONSE' } })).rejects.toThrow('fetch failed');
    await expect(fetch(`${baseUrl}/view/token?fileId=5&__fault=CONNECTION_RESET_BY_PEER`, { headers: bearer })).rejects.toThrow('fetch failed');
    const unknown = await fetch(`${baseUrl}/view/token?fileId=5`, { headers: { ...bearer, Prefer: 'fault=CONNECTION_RESET' } });
    expect(unknown.status).toBe(422);
    expect(((await fetch(`${baseUrl}/view/token?fileId=6`, { headers: bearer })).status)).toBe(200);
    const count = await fetch(`${baseUrl}/__admin/requests/count`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'GET', urlPath: '/view/token', queryParameters: { fileId: { equalTo: '5' } } }) });
    // fileId=5: the two faulted requests and the refused one (the journal keeps every service request).
    expect(await count.json()).toEqual({ count: 3 });
  } finally {
    child.kill('SIGTERM');
  }
});

test.each([
  ['ESM', 'mjs', "import { setupServer } from 'msw/node'; import { createHandlers } from 'view-token-mock/msw'; import { createMockServer } from 'view-token-mock';"],
  ['CommonJS', 'cjs', "const { setupServer } = require('msw/node'); const { createHandlers } = require('view-token-mock/msw'); const { createMockServer } = require('view-token-mock');"],
])('view-token-mock/msw imports from %s and its handlers answer through that module system\'s msw setupServer', async (_label, extension, imports) => {
  const script = path.join(project, `check.${extension}`);
  writeFileSync(script, `${imports}
const { handlers, clock } = createHandlers({ baseUrl: 'https://bim.example.test', seed: 3 });
if (typeof createMockServer !== 'function' || handlers.length !== 1) throw new Error('exports missing');
const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: 'error' });
fetch('https://bim.example.test/view/token?fileId=1', { headers: { Authorization: 'Bearer x' } })
  .then(async (response) => console.log(response.status, (await response.json()).data.length, (await clock.now()) > 0))
  .finally(() => server.close());
`);
  const result = await run(process.execPath, [script], project);
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe('200 32 true');
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
/** The first ```ts block after a README heading: the snippets users copy. */
function readmeSnippet(heading: string): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const after = readme.slice(readme.indexOf(`\n${heading}\n`));
  const match = /```ts\n([\s\S]*?)```/.exec(after);
  if (!after.startsWith(`\n${heading}`) || !match?.[1]) throw new Error(`README: no ts snippet under "${heading}"`);
  return match[1];
}

const NODENEXT = { module: 'nodenext', moduleResolution: 'nodenext' };
// Classic CommonJS projects (tsc --init's defaults before TypeScript 5.x's NodeNext) resolve subpaths through typesVersions.
const NODE10 = { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true };

test.each([
  ['a NodeNext ESM', 'module', NODENEXT], ['a NodeNext CommonJS', 'commonjs', NODENEXT], ['a classic (node10 resolution) CommonJS', 'commonjs', NODE10],
])('the README\'s library and MSW snippets type-check in %s project under strict, without skipLibCheck and without @types/express', async (_label, type, resolution) => {
  const dir = path.join(project, `types-${type}-${resolution.moduleResolution}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `types-${type}`, private: true, type }));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, skipLibCheck: false, ...resolution, target: 'es2022', types: ['node'], noEmit: true },
    include: ['*.ts'],
  }));
  writeFileSync(path.join(dir, 'library.ts'), readmeSnippet('## Use it as a library (tests in other projects)'));
  writeFileSync(path.join(dir, 'msw.ts'), `${readmeSnippet('### In-process and in the browser: MSW')}export {};\n`);
  const result = await run(process.execPath, [path.join(project, 'node_modules/typescript/bin/tsc'), '-p', dir, '--listFiles'], dir);
  expect(result.stdout.split('\n').filter((line) => line.startsWith('error') || line.includes(' error '))).toEqual([]);
  expect(result.code).toBe(0);
  const read = result.stdout.split('\n').filter((file) => file.includes('/node_modules/'));
  expect(read.filter((file) => /node_modules\/(@types\/express|express)\//.test(file))).toEqual([]);
  // The MSW types come from the module system the project uses, never both.
  const mswTypes = read.filter((file) => file.includes('/node_modules/msw/'));
  expect(mswTypes.length).toBeGreaterThan(0);
  expect(mswTypes.filter((file) => (type === 'module' ? !file.endsWith('.d.mts') : file.endsWith('.d.mts')))).toEqual([]);
}, 180_000);
