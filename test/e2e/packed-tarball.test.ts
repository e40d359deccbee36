import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { startRedisServer } from '../support/redis-server';
import {
  QUIET_INSTALL,
  docInstallCommands,
  listeningUrl,
  measureInstall,
  run,
  stopGroup,
} from '../support/packed-project';

const ROOT = path.resolve(__dirname, '../..');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const TARBALL_NAME = `view-token-mock-${VERSION}.tgz`;
const work = mkdtempSync(path.join(tmpdir(), 'vtm-packed-'));
/** The package alone, then msw, then what the type checks need: the project most tests use. */
const project = path.join(work, 'app');
/** The package with every optional package. */
const full = path.join(work, 'full');
let tarball = '';
let packedFiles: string[] = [];
const started: ChildProcess[] = [];

const npx = (args: string[]) => run('npx', ['--no-install', ...args], project);
const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
const install = (names: string[], cwd = project) =>
  run('npm', ['install', ...names, ...QUIET_INSTALL, '--ignore-scripts'], cwd);
const OPTIONAL = [
  `msw@${versionOf('msw')}`,
  'ioredis@^6.0.0',
  '@stoplight/prism-http@5.12.0',
  'jest-openapi@^0.14.2',
  '@faker-js/faker@^9.9.0',
  'api-smart-diff@^1.0.6',
];
let figures: Record<'alone' | 'msw' | 'full', Awaited<ReturnType<typeof measureInstall>>>;

/** A fresh folder holding a copy of the tarball under the name `npm pack` gives it, as the docs' commands expect. */
function aFreshFolder(name: string): string {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  copyFileSync(tarball, path.join(dir, TARBALL_NAME));
  return dir;
}

/** Starts a command (bash, its own process group) that serves the mock, and resolves with its base URL. */
function serve(command: string, cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const child = spawn('bash', ['-c', command], {
    cwd,
    detached: true,
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_prefer_offline: 'true', ...env },
  });
  started.push(child);
  return listeningUrl(child);
}

beforeAll(async () => {
  // What a release makes: npm run release:check packs (prepack's
  // build finds nothing to do after npm test's) and checks.
  const checked = await run(process.execPath, ['scripts/release-check.js', '--pack-destination', work], ROOT);
  expect({ code: checked.code, stderr: checked.stderr }).toEqual({ code: 0, stderr: '' });
  tarball = checked.stdout.trim().split('\n').pop() ?? '';
  expect(path.basename(tarball)).toBe(TARBALL_NAME);
  packedFiles = (await run('tar', ['-tzf', tarball], work)).stdout
    .split('\n')
    .filter(Boolean)
    .map((file) => file.replace(/^package\//, ''));
  for (const dir of [project, full]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: path.basename(dir), version: '1.0.0', private: true }),
    );
  }
  const [alone, everything] = await Promise.all([install([tarball]), install([tarball, ...OPTIONAL], full)]);
  expect(
    [alone.code, everything.code, alone.stderr, everything.stderr].map((value) =>
      typeof value === 'string' ? /ERR!|npm error/.test(value) : value,
    ),
  ).toEqual([0, 0, false, false]);
  const lean = await measureInstall(project);
  expect((await install([`msw@${versionOf('msw')}`])).code).toBe(0);
  figures = { alone: lean, msw: await measureInstall(project), full: await measureInstall(full) };
  const mib = (kilobytes: number): string => `${(kilobytes / 1024).toFixed(1)} MiB`;
  console.log(
    `npm install ${TARBALL_NAME}: ${figures.alone.packages} packages, ${mib(figures.alone.kilobytes)}; with msw: ${figures.msw.packages} packages, ${mib(figures.msw.kilobytes)}; ` +
      `with every optional package: ${figures.full.packages} packages, ${mib(figures.full.kilobytes)}`,
  );
  // What a TypeScript project using the MSW entry has anyway.
  expect(
    (await install([`typescript@${versionOf('typescript')}`, `@types/node@${versionOf('@types/node')}`])).code,
  ).toBe(0);
}, 420_000);

afterAll(async () => {
  await Promise.all(started.map((child) => stopGroup(child)));
  rmSync(work, { recursive: true, force: true });
});

test('the tarball holds compiled JS, declarations, the spec files, the bins, the CLI bundle and its code cache, the dashboard, the docs, and nothing else', () => {
  const allowed = [
    /^package\.json$/,
    /^README\.md$/,
    /^LICENSE$/,
    /^CHANGELOG\.md$/,
    /^contracts\/README\.md$/,
    /^contracts\/report\.schema\.json$/,
    /^contracts\/diff\/diff-report\.schema\.json$/,
    /^docs\/((guides|reference|getting-started|internals)\/)?[\w.-]+$/,
    /^docs\/images\/[\w-]+\.png$/,
    /^spec\/[\w-]+\.openapi\.yaml$/,
    /^dist\/(mock|contracts|spec)\/[\w/-]+\.(js|d\.ts)$/,
    /^dist\/mock\/msw\/[\w-]+\.(mjs|d\.mts)$/,
    /^dist\/mock\/http\/dashboard\/[\w-]+\.(html|css|js|svg)$/,
    /^dist\/spec\/[\w-]+\.operations\.json$/,
    /^view-token-mock\.config\.schema\.json$/,
    /^dist\/mock\/cli\/bundle\/[\w-]+\.js\.v8-cache$/,
  ];
  expect(packedFiles.filter((file) => !allowed.some((pattern) => pattern.test(file)))).toEqual([]);
  expect(packedFiles).toEqual(
    expect.arrayContaining([
      'dist/mock/cli.js',
      'dist/contracts/cli.js',
      'dist/mock/index.d.ts',
      'dist/mock/msw/index.d.ts',
      'docs/reference/cli.md',
      'docs/getting-started/install.md',
      'spec/view-token.openapi.yaml',
      'spec/mock.openapi.yaml',
      'dist/mock/http/dashboard/index.html',
      'dist/mock/http/dashboard/dashboard.js',
      'dist/spec/mock.operations.json',
      'dist/mock/cli/bundle/main.js',
      'view-token-mock.config.schema.json',
      'CHANGELOG.md',
      'dist/mock/msw/index.mjs',
      'dist/mock/msw/index.d.mts',
      'dist/mock/msw/create-handlers.d.mts',
      'dist/mock/middleware/index.js',
      'dist/mock/middleware/index.d.ts',
    ]),
  );
});

test("the packed package.json runs nothing on install (npm 11 lists a tarball's prepare as an unreviewed install script) and the repository keeps its own", () => {
  const installed = JSON.parse(
    readFileSync(path.join(project, 'node_modules/view-token-mock/package.json'), 'utf8'),
  ) as { scripts: Record<string, string> };
  const own = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const installScripts = (scripts: Record<string, string>) =>
    Object.keys(scripts).filter((name) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name));
  expect([installScripts(installed.scripts), installScripts(own.scripts)]).toEqual([[], ['prepare']]);
  expect(installed.scripts.start).toBe(own.scripts.start);
});

test('every relative link and image of the shipped READMEs points at a file in the tarball (the package page and an installed copy show them)', () => {
  const targets = ['README.md', 'contracts/README.md'].flatMap((readme) =>
    [...readFileSync(path.join(ROOT, readme), 'utf8').matchAll(/\]\(([^)#\s]+)\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^[a-z]+:/.test(target))
      .map((target) => path.posix.join(path.posix.dirname(readme), target)),
  );
  expect(targets).toEqual(
    expect.arrayContaining([
      'docs/images/dashboard.png',
      'docs/guides/contract-testing.md',
      'docs/getting-started/install.md',
      'docs/README.md',
    ]),
  );
  expect(targets.filter((target) => !packedFiles.includes(target))).toEqual([]);
});

test('the package and msw install in under 80 packages: the package brings pino, ajv, yaml and leven, not Express, prism-http or any optional package', () => {
  const names = figures.alone.folders.map((folder) => folder.split('node_modules/').pop());
  expect(names).toEqual(expect.arrayContaining(['view-token-mock', 'pino', 'ajv', 'ajv-formats', 'yaml', 'leven']));
  expect(
    names.filter((name) =>
      /^(express|@stoplight\/.*|jest-openapi|expect|axios|ioredis|msw|@faker-js\/faker|@types\/express|api-smart-diff)$/.test(
        name ?? '',
      ),
    ),
  ).toEqual([]);
  expect(figures.msw.packages).toBeLessThan(80);
  expect(figures.full.folders.map((folder) => folder.split('node_modules/').pop())).toEqual(
    expect.arrayContaining(['@stoplight/prism-http', 'ioredis', 'msw', 'jest-openapi', 'api-smart-diff']),
  );
});

test('docs/getting-started/install.md gives the figures this test measures for this release (packages exactly, with every optional package within 2, sizes within 1 MiB)', () => {
  const page = readFileSync(path.join(ROOT, 'docs/getting-started/install.md'), 'utf8');
  const row = (label: string) =>
    new RegExp(`^\\| ${label.replace(/[()`]/g, '\\$&')}[^|]* \\| (\\d+) \\| ([\\d.]+) MiB \\|$`, 'm').exec(page);
  const shown = (['alone', 'msw', 'full'] as const).map((kind) => {
    const match = row(
      kind === 'alone'
        ? 'this release, the package alone'
        : kind === 'msw'
          ? 'this release with `msw`'
          : 'this release with every optional package',
    );
    return { kind, packages: Number(match?.[1]), mib: Number(match?.[2]) };
  });
  // The package alone and with msw exactly; with every optional package npm resolves one more on Node 24
  // than on Node 20 (252 / 253, seen in CI): within 2.
  expect(shown.filter(({ kind }) => kind !== 'full').map(({ kind, packages }) => [kind, packages])).toEqual(
    (['alone', 'msw'] as const).map((kind) => [kind, figures[kind].packages]),
  );
  expect(
    Math.abs((shown.find(({ kind }) => kind === 'full')?.packages ?? 0) - figures.full.packages),
  ).toBeLessThanOrEqual(2);
  expect(shown.filter(({ kind, mib }) => Math.abs(mib - figures[kind].kilobytes / 1024) > 1)).toEqual([]);
});

test('the installed package answers `npx view-token-mock --help`', async () => {
  const help = await npx(['view-token-mock', '--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('--view-token-ttl');
});

test.each([
  [
    'view-token-mock catalog',
    ['catalog', '--seed', '1'],
    /^view-token-mock: view-token-mock catalog needs the optional package @faker-js\/faker@\^9\.9\.0, which is not installed: npm install @faker-js\/faker@\^9\.9\.0\n$/,
  ],
  [
    '--store redis',
    ['--store', 'redis', '--redis-url', 'redis://127.0.0.1:1', '--port', '0'],
    /^view-token-mock: --store redis needs the optional package ioredis@\^6\.0\.0, which is not installed: npm install ioredis@\^6\.0\.0\n$/,
  ],
  [
    '--proxy',
    ['--proxy', 'http://127.0.0.1:1', '--port', '0'],
    /^view-token-mock: --proxy needs the optional package @stoplight\/prism-http@5\.12\.0, which is not installed: npm install @stoplight\/prism-http@5\.12\.0\n$/,
  ],
  [
    '--validate-responses',
    ['--validate-responses', '--port', '0'],
    /^view-token-mock: --validate-responses needs the optional package @stoplight\/prism-http@5\.12\.0, which is not installed: npm install @stoplight\/prism-http@5\.12\.0\n$/,
  ],
])(
  'without its optional package, %s exits 2 with one line naming the package to install',
  async (_capability, args, message) => {
    // The bin itself, not through npx: npx adds its own warnings to stderr here.
    const result = await run(
      process.execPath,
      [path.join(project, 'node_modules/.bin/view-token-mock'), ...args],
      project,
    );
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(message);
  },
);

test('without prism-http, a spec changed after the build and an operation answered from the spec each fail naming the package to install', async () => {
  const spec = path.join(project, 'node_modules/view-token-mock/spec/mock.openapi.yaml');
  const original = readFileSync(spec, 'utf8');
  appendFileSync(spec, '# edited after the build\n');
  try {
    const result = await run(
      process.execPath,
      [path.join(project, 'node_modules/.bin/view-token-mock'), '--port', '0'],
      project,
    );
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `view-token-mock: reading ${spec}, changed since the build, needs the optional package @stoplight/prism-http@5.12.0, which is not installed: npm install @stoplight/prism-http@5.12.0\n`,
    });
  } finally {
    writeFileSync(spec, original);
  }
  const script = path.join(project, 'respond-from-spec.cjs');
  // Inside the installed package (its exports do not name the spec
  // engine): the shipped specs have a handler for every operation.
  const installed = path.join(project, 'node_modules/view-token-mock');
  writeFileSync(
    script,
    `const { loadSpecEngine } = require(${JSON.stringify(path.join(installed, 'dist/mock/spec-engine/spec-engine.js'))});
loadSpecEngine(${JSON.stringify(path.join(installed, 'spec/mock.openapi.yaml'))})
  .then((engine) => engine.respondFromSpec('getHealth', { method: 'GET', path: '/__admin/health', query: {}, pathParams: {}, headers: {} }))
  .then(() => console.log('answered'), (error) => console.log(error.name + ': ' + error.message));
`,
  );
  expect(await run(process.execPath, [script], project)).toEqual({
    code: 0,
    stderr: '',
    stdout:
      'MissingPackageError: answering getHealth from the spec (it has no handler) needs the optional package @stoplight/prism-http@5.12.0, which is not installed: npm install @stoplight/prism-http@5.12.0\n',
  });
});

test('without jest-openapi, useViewTokenSpec() from view-token-mock/contracts/jest throws one line naming the package to install', async () => {
  const script = path.join(project, 'use-view-token-spec.cjs');
  writeFileSync(
    script,
    `try { require('view-token-mock/contracts/jest').useViewTokenSpec(); } catch (error) { console.log(error.name + ': ' + error.message); }\n`,
  );
  expect(await run(process.execPath, [script], project)).toEqual({
    code: 0,
    stderr: '',
    stdout:
      'UsageError: useViewTokenSpec needs the optional package jest-openapi@^0.14.2, which is not installed: npm install --save-dev jest-openapi@^0.14.2\n',
  });
});

test('createMockServer runs in a project without express (the mock uses none): a token, the dashboard, the admin API', async () => {
  const script = path.join(project, 'library.cjs');
  writeFileSync(
    script,
    `const { createMockServer } = require('view-token-mock');
(async () => {
  const mock = await createMockServer({ seed: 1, logLevel: 'silent' });
  const baseUrl = await mock.listen(0);
  const token = await (await fetch(baseUrl + '/view/token?fileId=9223372036854775807', { headers: { Authorization: 'Bearer x' } })).json();
  const ui = await fetch(baseUrl + '/__admin/ui');
  const count = await (await fetch(baseUrl + '/__admin/requests/count', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ path: '/view/token' }) })).json();
  let express = 'express resolves';
  try { require.resolve('express'); } catch { express = 'no express in the project'; }
  console.log(token.data.length, ui.status, count.count, express);
  await mock.close();
})();
`,
  );
  expect(await run(process.execPath, [script], project)).toEqual({
    code: 0,
    stderr: '',
    stdout: '32 200 1 no express in the project\n',
  });
});

test("view-token-mock/middleware serves the mock inside a project's own server (no express in the project) and hands the rest on", async () => {
  const script = path.join(project, 'middleware.cjs');
  writeFileSync(
    script,
    `const { createServer } = require('node:http');
const { createMiddleware } = require('view-token-mock/middleware');
const mock = createMiddleware({ seed: 1, logLevel: 'silent' });
const server = createServer((req, res) => mock(req, res, () => res.writeHead(200).end('the app')));
server.listen(0, '127.0.0.1', async () => {
  const base = 'http://127.0.0.1:' + server.address().port;
  const token = await (await fetch(base + '/view/token?fileId=1', { headers: { Authorization: 'Bearer x' } })).json();
  const app = await (await fetch(base + '/elsewhere')).text();
  console.log(token.data.length, app, await mock.journal.count());
  server.close();
});
`,
  );
  expect(await run(process.execPath, [script], project)).toEqual({ code: 0, stderr: '', stdout: '32 the app 1\n' });
});

test('with every optional package installed, --validate-responses starts (prism from the project) and view-token-mock catalog prints a catalog (faker)', async () => {
  const bin = path.join(full, 'node_modules/.bin/view-token-mock');
  const baseUrl = await serve(
    `exec "${process.execPath}" "${bin}" --validate-responses --port 0 --log-level silent`,
    full,
  );
  expect((await fetch(`${baseUrl}/view/token?fileId=1`, { headers: { Authorization: 'Bearer x' } })).status).toBe(200);
  const catalog = await run(process.execPath, [bin, 'catalog', '--seed', '1'], full);
  expect(catalog.code).toBe(0);
  expect(Object.keys(JSON.parse(catalog.stdout) as object)).toEqual(
    expect.arrayContaining(['applications', 'catalog']),
  );
});

test('view-token-contracts diff from the installed package: exit 2 naming api-smart-diff without it; with it, the packaged spec against a copy without an operation exits 1 naming it', async () => {
  const spec = path.join(project, 'node_modules/view-token-mock/spec/view-token.openapi.yaml');
  const lean = await run(
    process.execPath,
    [path.join(project, 'node_modules/.bin/view-token-contracts'), 'diff', spec, spec],
    project,
  );
  expect(lean).toEqual({
    code: 2,
    stdout: '',
    stderr:
      'view-token-contracts: view-token-contracts diff needs the optional package api-smart-diff@^1.0.6, which is not installed: npm install api-smart-diff@^1.0.6\n',
  });
  const packaged = path.join(full, 'node_modules/view-token-mock/spec/view-token.openapi.yaml');
  const withoutPost = path.join(full, 'without-post.yaml');
  const document = parse(readFileSync(packaged, 'utf8')) as { paths: Record<string, unknown> };
  delete document.paths['/data/v2/integrations/{integrateId}/files/{fileId}/viewToken'];
  writeFileSync(withoutPost, JSON.stringify(document));
  const bin = path.join(full, 'node_modules/.bin/view-token-contracts');
  const same = await run(process.execPath, [bin, 'diff', packaged, packaged], full);
  const broken = await run(process.execPath, [bin, 'diff', packaged, withoutPost, '--format', 'json'], full);
  expect([same.code, same.stderr, broken.code, broken.stderr]).toEqual([0, '', 1, '']);
  expect(
    (JSON.parse(broken.stdout) as { changes: { operation: string; where: string; change: string }[] }).changes[0],
  ).toMatchObject({
    operation: 'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
    where: 'operation',
    change: 'removed',
  });
});

test('the installed mock starts, issues a token, and passes `npx view-token-contracts`', async () => {
  const config = path.join(project, 'mock-config.json');
  writeFileSync(
    config,
    JSON.stringify({
      $schema: './node_modules/view-token-mock/view-token-mock.config.schema.json',
      missing: Object.fromEntries(
        ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'].map(
          (name) => [name, ['404404']],
        ),
      ),
      forbidden: { fileId: ['403403'] },
      applications: [{ appKey: 'ci', appSecret: 'secret', accessTokens: ['ci-token'] }],
    }),
  );
  const baseUrl = await serve(
    `npx --no-install view-token-mock --port 0 --config ${config} --log-level silent`,
    project,
  );
  const issued = await fetch(`${baseUrl}/view/token?fileId=9223372036854775807`, {
    headers: { Authorization: 'Bearer ci-token' },
  });
  expect(((await issued.json()) as { data: string }).data).toMatch(/^[0-9a-f]{32}$/);
  const dashboard = await fetch(`${baseUrl}/__admin/ui`);
  expect(dashboard.status).toBe(200);
  expect(await dashboard.text()).toContain('/__admin/ui/assets/dashboard.js');
  expect((await fetch(`${baseUrl}/__admin/ui/assets/dashboard.js`)).status).toBe(200);
  const contracts = await npx([
    'view-token-contracts',
    '--base-url',
    baseUrl,
    '--access-token',
    'ci-token',
    '--file-id',
    '1',
    '--integrate-id',
    '2',
    '--child-file-id',
    '3',
    '--missing-id',
    '404404',
    '--forbidden-file-id',
    '403403',
  ]);
  expect(contracts.stdout).toMatch(/Checks: 28 passed, 0 failed, 0 skipped/);
  expect(contracts.code).toBe(0);
}, 120_000);

test('the config schema ships at the path the README\'s "$schema" names, and the installed mock refuses what it refuses, naming field and value', async () => {
  const shipped = readFileSync(
    path.join(project, 'node_modules/view-token-mock/view-token-mock.config.schema.json'),
    'utf8',
  );
  expect(shipped).toBe(readFileSync(path.join(ROOT, 'view-token-mock.config.schema.json'), 'utf8'));
  const config = path.join(project, 'bad-config.json');
  // Written as text: the id is a JSON number beyond 2^53-1, as a hand-written config may hold it.
  writeFileSync(
    config,
    '{ "$schema": "./node_modules/view-token-mock/view-token-mock.config.schema.json", "forbidden": { "fileId": [9223372036854775807] } }',
  );
  const result = await run(
    process.execPath,
    [path.join(project, 'node_modules/.bin/view-token-mock'), '--config', config, '--port', '0'],
    project,
  );
  expect(result).toEqual({
    code: 2,
    stdout: '',
    stderr: `view-token-mock: --config ${config}: forbidden.fileId[0]: 9223372036854776000 is not exact as a JSON number; write ids as strings ("9223372036854775807")\n`,
  });
});

test('the installed mock speaks WireMock: its fault names as aliases, its request-pattern shape in POST /__admin/requests/count', async () => {
  const baseUrl = await serve(
    `exec "${process.execPath}" "${path.join(project, 'node_modules/.bin/view-token-mock')}" --port 0 --log-level silent`,
    project,
  );
  const bearer = { Authorization: 'Bearer any' };
  // A forced empty response or reset: the socket closes with no HTTP answer, so fetch rejects.
  await expect(
    fetch(`${baseUrl}/view/token?fileId=5`, { headers: { ...bearer, Prefer: 'fault=EMPTY_RESPONSE' } }),
  ).rejects.toThrow('fetch failed');
  await expect(
    fetch(`${baseUrl}/view/token?fileId=5&__fault=CONNECTION_RESET_BY_PEER`, { headers: bearer }),
  ).rejects.toThrow('fetch failed');
  const unknown = await fetch(`${baseUrl}/view/token?fileId=5`, {
    headers: { ...bearer, Prefer: 'fault=CONNECTION_RESET' },
  });
  expect(unknown.status).toBe(422);
  expect((await fetch(`${baseUrl}/view/token?fileId=6`, { headers: bearer })).status).toBe(200);
  const count = await fetch(`${baseUrl}/__admin/requests/count`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ method: 'GET', urlPath: '/view/token', queryParameters: { fileId: { equalTo: '5' } } }),
  });
  // fileId=5: the two faulted requests and the refused one (the journal keeps every service request).
  expect(await count.json()).toEqual({ count: 3 });
});

test.each([
  [
    'ESM',
    'mjs',
    "import { setupServer } from 'msw/node'; import { createHandlers } from 'view-token-mock/msw'; import { createMockServer } from 'view-token-mock';",
  ],
  [
    'CommonJS',
    'cjs',
    "const { setupServer } = require('msw/node'); const { createHandlers } = require('view-token-mock/msw'); const { createMockServer } = require('view-token-mock');",
  ],
])(
  "view-token-mock/msw imports from %s and its handlers answer through that module system's msw setupServer",
  async (_label, extension, imports) => {
    const script = path.join(project, `check.${extension}`);
    writeFileSync(
      script,
      `${imports}
const { handlers, clock } = createHandlers({ baseUrl: 'https://bim.example.test', seed: 3 });
if (typeof createMockServer !== 'function' || handlers.length !== 1) throw new Error('exports missing');
const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: 'error' });
fetch('https://bim.example.test/view/token?fileId=1', { headers: { Authorization: 'Bearer x' } })
  .then(async (response) => console.log(response.status, (await response.json()).data.length, (await clock.now()) > 0))
  .finally(() => server.close());
`,
    );
    const result = await run(process.execPath, [script], project);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('200 32 true');
  },
);

test('view-token-mock/contracts and view-token-mock/contracts/jest resolve from the installed package', async () => {
  const script = path.join(project, 'contracts-check.cjs');
  writeFileSync(
    script,
    `const { describeContracts, useViewTokenSpec } = require('view-token-mock/contracts/jest');
const { runContracts, toContractOptions } = require('view-token-mock/contracts');
console.log([describeContracts, useViewTokenSpec, runContracts, toContractOptions].map((value) => typeof value).join(' '));
`,
  );
  const result = await run(process.execPath, [script], project);
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe('function function function function');
});
/** The first ```ts block of a docs page: the snippets users copy. */
function docSnippet(page: string): string {
  const match = /```ts\n([\s\S]*?)```/.exec(readFileSync(path.join(ROOT, page), 'utf8'));
  if (!match?.[1]) throw new Error(`${page}: no ts snippet`);
  return match[1];
}

const NODENEXT = { module: 'nodenext', moduleResolution: 'nodenext' };
// Classic CommonJS projects (tsc --init's defaults before TypeScript
// 5.x's NodeNext) resolve subpaths through typesVersions.
const NODE10 = { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true };

test.each([
  ['a NodeNext ESM', 'module', NODENEXT],
  ['a NodeNext CommonJS', 'commonjs', NODENEXT],
  ['a classic (node10 resolution) CommonJS', 'commonjs', NODE10],
])(
  "the library and MSW guides' snippets type-check in %s project under strict, without skipLibCheck and without @types/express",
  async (_label, type, resolution) => {
    const dir = path.join(project, `types-${type}-${resolution.moduleResolution}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `types-${type}`, private: true, type }));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          ...resolution,
          target: 'es2022',
          types: ['node'],
          noEmit: true,
        },
        include: ['*.ts'],
      }),
    );
    writeFileSync(path.join(dir, 'library.ts'), docSnippet('docs/guides/library.md'));
    writeFileSync(path.join(dir, 'msw.ts'), `${docSnippet('docs/guides/msw.md')}export {};\n`);
    const result = await run(
      process.execPath,
      [path.join(project, 'node_modules/typescript/bin/tsc'), '-p', dir, '--listFiles'],
      dir,
    );
    expect(result.stdout.split('\n').filter((line) => line.startsWith('error') || line.includes(' error '))).toEqual(
      [],
    );
    expect(result.code).toBe(0);
    const read = result.stdout.split('\n').filter((file) => file.includes('/node_modules/'));
    expect(read.filter((file) => /node_modules\/(@types\/express|express)\//.test(file))).toEqual([]);
    // The MSW types come from the module system the project uses, never both.
    const mswTypes = read.filter((file) => file.includes('/node_modules/msw/'));
    expect(mswTypes.length).toBeGreaterThan(0);
    expect(mswTypes.filter((file) => (type === 'module' ? !file.endsWith('.d.mts') : file.endsWith('.d.mts')))).toEqual(
      [],
    );
  },
  180_000,
);

test('every install command in the docs works from a fresh folder: each tarball form as written, each registry form has its tarball twin', async () => {
  const commands = docInstallCommands(ROOT);
  const twins = new Set(commands.filter((command) => command.form === 'tarball').map((command) => command.shape));
  expect(
    commands
      .filter((command) => command.form === 'registry' && !twins.has(command.shape))
      .map((command) => `${command.where}: ${command.command}`),
  ).toEqual([]);
  // Each distinct command once; servers first, the harness runs against the one they start.
  const distinct = [
    ...new Map(
      commands.filter((command) => command.form === 'tarball').map((command) => [command.command, command]),
    ).values(),
  ].sort((a, b) => Number(!/ view-token-mock$/.test(a.command)) - Number(!/ view-token-mock$/.test(b.command)));
  // Without a terminal, npx installs nothing unasked (npm's "yes" is
  // false here, as in CI): the docs' standalone npx lines say --yes.
  expect(distinct.map((command) => command.shape)).toEqual(
    expect.arrayContaining([
      'npx -p <package> view-token-mock',
      'npm install <package>',
      'npm install --no-save <package>',
      'npx -p <package> view-token-contracts --base-url "$STAGING_URL" --access-token "$ACCESS_TOKEN" $CONTRACT_IDS --junit reports/contracts.xml --sarif reports/contracts.sarif',
    ]),
  );
  const failures: string[] = [];
  let baseUrl = '';
  for (const [index, { where, command: written }] of distinct.entries()) {
    const dir = aFreshFolder(`docs-command-${index}`);
    const command = written.split('<version>').join(VERSION);
    if (/^npx (--yes )?(-p|--package) \S+ view-token-mock$/.test(command)) {
      // As written, on a free port (the docs' 4010 may be taken here), with a config naming the application of the
      // Access Token the harness commands are given: a bare mock accepts any bearer, which the harness rightly refuses.
      writeFileSync(
        path.join(dir, 'ci.json'),
        JSON.stringify({ applications: [{ appKey: 'ci', appSecret: 'secret', accessTokens: ['ci-token'] }] }),
      );
      baseUrl = await serve(`${command} --port 0 --log-level silent --config ci.json`, dir);
      const issued = await fetch(`${baseUrl}/view/token?fileId=1`, { headers: { Authorization: 'Bearer ci-token' } });
      if (issued.status !== 200) failures.push(`${where}: ${written}: the mock it started answered ${issued.status}`);
    } else if (/^npx (--yes )?(-p|--package) \S+ view-token-contracts /.test(command)) {
      // The objects the mock holds by default (ci-recipes.test.ts runs the recipes with their own ids, missing and forbidden ones too).
      const result = await run('bash', ['-c', command], dir, {
        STAGING_URL: baseUrl,
        ACCESS_TOKEN: 'ci-token',
        CONTRACT_IDS: '--file-id 1001 --integrate-id 2001 --child-file-id 1002',
        npm_config_prefer_offline: 'true',
      });
      if (result.code !== 0 || !/, 0 failed,/.test(result.stdout))
        failures.push(`${where}: ${written}: exit ${result.code}\n${result.stdout}${result.stderr}`);
    } else if (/^npm (install|i) /.test(command)) {
      const result = await run('bash', ['-c', `${command} ${QUIET_INSTALL.join(' ')}`], dir);
      const version = await run(path.join(dir, 'node_modules/.bin/view-token-mock'), ['--version'], dir);
      if (result.code !== 0 || version.stdout.trim() !== VERSION)
        failures.push(`${where}: ${written}: exit ${result.code}, --version ${version.stdout}\n${result.stderr}`);
    } else failures.push(`${where}: ${written}: this test does not know how to try it (add it here)`);
  }
  expect(failures).toEqual([]);
}, 300_000);

test("the shared deployment's mock command runs as written in a fresh folder against the mounted tarball and a real redis-server", async () => {
  const compose = parse(readFileSync(path.join(ROOT, 'docs/shared-deployment.compose.yaml'), 'utf8')) as {
    services: { mock: { command: string; volumes: string[] } };
  };
  const mount = /^\$\{(\w+):\?[^}]*\}:(\/\S+):ro$/.exec(compose.services.mock.volumes[0] ?? '');
  expect(mount?.[2]).toBe('/opt/view-token-mock.tgz');
  const dir = aFreshFolder('compose');
  const redis = await startRedisServer();
  try {
    const env: Record<string, string> = { [mount?.[1] ?? '']: path.join(dir, TARBALL_NAME), ADMIN_TOKEN: 'qa-secret' };
    // docker compose's part: the variables, the mount, and the
    // Redis service's name; the test's: loopback and a free port.
    const command = compose.services.mock.command
      .trim()
      .replace(/\$\{(\w+)(:\?[^}]*)?\}/g, (_, name: string) => env[name] ?? `<unset ${name}>`)
      .split(mount?.[2] ?? '')
      .join(env[mount?.[1] ?? ''] ?? '')
      .replace('redis://redis:6379', redis.url)
      .replace('--host 0.0.0.0', '--host 127.0.0.1')
      .replace('--port 4010', '--port 0');
    const baseUrl = await serve(`${command} --log-level silent`, dir, { npm_config_prefer_offline: 'true' });
    const issued = await fetch(`${baseUrl}/view/token?fileId=1`, { headers: { Authorization: 'Bearer any' } });
    const { data } = (await issued.json()) as { data: string };
    const admin = { Authorization: 'Bearer qa-secret' };
    const record = await fetch(`${baseUrl}/__admin/view-tokens/${data}`, { headers: admin });
    expect([issued.status, record.status, (await fetch(`${baseUrl}/__admin/view-tokens`)).status]).toEqual([
      200, 200, 401,
    ]);
    const keys = await run('redis-cli', ['-u', redis.url, '--scan', '--pattern', '*qa:*'], dir);
    expect(keys.stdout.trim()).not.toBe('');
  } finally {
    await Promise.all(started.map((child) => stopGroup(child)));
    await redis.stop();
  }
}, 180_000);

test('npm start in a clone serves the mock (its prestart build finds nothing to do after the build npm test runs first)', async () => {
  const baseUrl = await serve('npm start --silent -- --port 0 --log-level silent', ROOT);
  const issued = await fetch(`${baseUrl}/view/token?fileId=1`, { headers: { Authorization: 'Bearer any' } });
  expect(issued.status).toBe(200);
});

test("the MSW guide's `npx msw init` line, as written, puts msw's worker file where the browser setup expects it", async () => {
  const line = readFileSync(path.join(ROOT, 'docs/guides/msw.md'), 'utf8')
    .split('\n')
    .find((text) => text.startsWith('npx msw init '));
  const command = (line ?? '').replace(/\s+#\s.*$/, '');
  expect(command).toBe('npx msw init public --save');
  const result = await run('bash', ['-c', command], project);
  expect(result.code).toBe(0);
  expect(readFileSync(path.join(project, 'public/mockServiceWorker.js'), 'utf8')).toBe(
    readFileSync(path.join(project, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8'),
  );
  expect((JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { msw?: unknown }).msw).toEqual({
    workerDirectory: ['public'],
  });
});

test("describeContracts runs in an ES module project's Jest (native ESM, no transform), as the contract-testing guide sets it up", async () => {
  const dir = path.join(project, 'jest-esm');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'jest-esm', private: true, type: 'module', jest: { transform: {} } }),
  );
  writeFileSync(
    path.join(dir, 'contracts.test.js'),
    `import { describeContracts } from 'view-token-mock/contracts/jest';
import { createMockServer } from 'view-token-mock';

const ids = ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'];
const provider = createMockServer({ logLevel: 'silent', config: { missing: Object.fromEntries(ids.map((name) => [name, ['404404']])), applications: [{ appKey: 'ci', appSecret: 'secret', accessTokens: ['ci-token'] }] } });
afterAll(async () => (await provider).close());
describeContracts({ target: provider.then((mock) => mock.app), accessToken: 'ci-token', ids: { fileId: '1001', missingId: '404404' } });
`,
  );
  const jest = path.join(ROOT, 'node_modules/jest/bin/jest.js');
  const result = await run(process.execPath, [jest, '--rootDir', dir, '--ci'], dir, {
    NODE_OPTIONS: '--experimental-vm-modules',
  });
  expect({ code: result.code, summary: /Tests:.*/.exec(result.stderr)?.[0] }).toEqual({
    code: 0,
    summary: expect.stringMatching(/^Tests: +(\d+ skipped, )?\d+ passed, \d+ total$/),
  });
}, 120_000);
