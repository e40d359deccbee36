import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { killStartedClis, startCli } from '../support/spawn-cli';

// Start-up speed rests on what the built CLI does not load: these pin it down. `npm run build` first.
const DIST = path.resolve(__dirname, '../../dist/mock');
const BUNDLE = path.join(DIST, 'cli/bundle');

afterEach(killStartedClis);
const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-bundle-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Preloaded into the CLI: at exit, writes every file require() compiled and how the bundle was compiled. */
function aLoadRecorder(out: string): string {
  const file = path.join(scratch, `record-${path.basename(out)}.js`);
  writeFileSync(
    file,
    `
const Module = require('node:module');
const { writeFileSync } = require('node:fs');
const compiledFiles = [];
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) { compiledFiles.push(filename); return compile.call(this, content, filename); };
process.once('exit', () => {
  const { codeCacheState } = require(${JSON.stringify(path.join(DIST, 'cli/code-cache.js'))});
  const bundle = codeCacheState(${JSON.stringify(BUNDLE)} + '/main.js') ?? 'not loaded';
  writeFileSync(${JSON.stringify(out)}, JSON.stringify({ compiledFiles, bundle }));
});
`,
  );
  return file;
}

/** A package and every package it needs, transitively, as package-lock.json installs them. */
function dependencyClosure(name: string): string[] {
  const lock = JSON.parse(readFileSync(path.resolve(__dirname, '../../package-lock.json'), 'utf8')) as {
    packages: Record<string, { dependencies?: Record<string, string> }>;
  };
  const found = new Set<string>();
  const visit = (dependency: string): void => {
    if (found.has(dependency)) return;
    found.add(dependency);
    for (const next of Object.keys(lock.packages[`node_modules/${dependency}`]?.dependencies ?? {})) visit(next);
  };
  visit(name);
  return [...found];
}

/** The package a file of node_modules belongs to (`pino`, `@scope/name`). */
function packageOf(file: string): string {
  const [first = '', second = ''] = file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

test("the built CLI runs from its bundle and its code cache: require() compiles only the loader of the mock's own files, and the packages it logs with from node_modules", async () => {
  const out = path.join(scratch, 'loaded.json');
  const cli = await startCli(['--port', '0', '--log-level', 'silent'], {
    NODE_OPTIONS: `--require ${aLoadRecorder(out)}`,
  });
  expect((await fetch(`${cli.baseUrl}/view/token?fileId=1`, { headers: { Authorization: 'Bearer x' } })).status).toBe(
    200,
  );
  expect((await fetch(`${cli.baseUrl}/__admin/health`)).status).toBe(200);
  expect(await cli.stop('SIGTERM')).toBe(0);
  const { compiledFiles, bundle } = JSON.parse(readFileSync(out, 'utf8')) as {
    compiledFiles: string[];
    bundle: string;
  };
  const own = compiledFiles.filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`));
  expect(own.map((file) => path.relative(DIST, file))).toEqual(['cli.js', path.join('cli', 'code-cache.js')]);
  // Nothing third-party is in the bundle: the default start loads pino (and what pino needs) where npm installed it.
  const packages = [...new Set(compiledFiles.filter((file) => !own.includes(file)).map(packageOf))];
  expect(packages).toContain('pino');
  expect(packages.filter((name) => !dependencyClosure('pino').includes(name))).toEqual([]);
  // Written by the build's training start with this Node; another Node (or V8 flags) would reject it.
  expect(bundle).toBe('used');
});

test('the build leaves a code cache next to the bundle, and no bundle of Express (or any other) beside it', () => {
  expect(readdirSync(BUNDLE).sort()).toEqual(['main.js', 'main.js.v8-cache']);
});

test("the bundle holds the mock's own code only: no module of node_modules was copied into it", () => {
  // esbuild heads each module it bundles with a comment naming its path.
  const bundled = [...readFileSync(path.join(BUNDLE, 'main.js'), 'utf8').matchAll(/^\s*\/\/ (\S+\.[cm]?[jt]s)$/gm)].map(
    (found) => found[1] ?? '',
  );
  expect(bundled).toEqual(expect.arrayContaining(['mock/cli/main.ts', 'mock/front/handle-request.ts']));
  expect(bundled.filter((file) => file.includes('node_modules/'))).toEqual([]);
});

test('prism-http is loaded by --proxy and --validate-responses only: the start that asks for them compiles its validator', async () => {
  for (const flags of [['--proxy', 'http://127.0.0.1:9'], ['--validate-responses']]) {
    const out = path.join(scratch, `loaded-${flags[0]}.json`);
    const cli = await startCli(['--port', '0', '--log-level', 'silent', ...flags], {
      NODE_OPTIONS: `--require ${aLoadRecorder(out)}`,
    });
    expect(await cli.stop('SIGTERM')).toBe(0);
    const { compiledFiles } = JSON.parse(readFileSync(out, 'utf8')) as { compiledFiles: string[] };
    expect([
      flags[0],
      compiledFiles.some((file) => file.includes(path.join('@stoplight', 'prism-http', 'dist', 'validator'))),
    ]).toEqual([flags[0], true]);
  }
});
