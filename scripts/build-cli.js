#!/usr/bin/env node
// Bundles the mock's own code that `npm start` and the `view-token-mock` bin run, so a start reads one
// file instead of ~200 (Node resolves, stats and compiles each one: that was most of the start-up
// time), then starts the mock once to save V8's code cache. Runs in `npm run build`, after tsc. Writes
// dist/mock/cli/bundle/:
// - main.js: the command line and the mock's own code, from mock/cli/main.ts (dist/mock/cli.js runs it);
// - main.js.v8-cache: what V8 compiled of it while the mock started and answered (mock/cli/code-cache.ts).
// Nothing third-party goes into the bundle: packages are ordinary requires of node_modules (pino at
// start; prism, ioredis and faker by the commands and requests that need them), where npm installs,
// audits and updates them. The library entry (dist/mock/index.js) is tsc's output, unbundled.
const { spawn } = require('node:child_process');
const { existsSync, readFileSync, rmSync } = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

// Node globals; the lint config declares only the CommonJS ones.
const { fetch, setTimeout, clearTimeout } = globalThis;

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'dist/mock/cli/bundle');

/**
 * Each source file sees the `__dirname` its tsc output has (the spec engine finds dist/spec, the
 * dashboard router its assets), although all of them run from the bundle.
 */
const keepDirname = {
  name: 'keep-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('__dirname')) return undefined;
      const compiledDir = path.relative(outDir, path.join(root, 'dist', path.relative(root, path.dirname(args.path))));
      return {
        contents: source.replace(
          /\b__dirname\b/g,
          `require("node:path").join(__dirname, ${JSON.stringify(compiledDir)})`,
        ),
        loader: 'ts',
      };
    });
  },
};

const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' };

function bundle() {
  // The folder holds this build's files only: an older build's (Express's bundle and its cache) go.
  rmSync(outDir, { recursive: true, force: true });
  return Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [path.join(root, 'mock/cli/main.ts')],
      outfile: path.join(outDir, 'main.js'),
      // Packages stay in node_modules, where npm installs, audits and updates them: the bundle holds the
      // mock's own code only (nothing third-party is copied into dist/).
      packages: 'external',
      plugins: [keepDirname],
      // The mock's own code stays readable: stack traces in its log name real functions.
      banner: { js: '// Built by scripts/build-cli.js from mock/cli/main.ts: edit the sources, not this file.' },
    }),
  ]);
}

/** The training start gives up after this: a build never hangs on it. */
const TRAINING_TIMEOUT_MS = 30_000;

/**
 * Starts the built CLI as `npm start` does, asks for a token, uses it and reads admin pages, then
 * stops it: at exit it writes the bundle's code cache (WRITE_CODE_CACHE_ENV).
 */
async function train() {
  const { WRITE_CODE_CACHE_ENV, codeCachePath } = require(path.join(root, 'dist/mock/cli/code-cache.js'));
  const caches = [codeCachePath(path.join(outDir, 'main.js'))];
  for (const cache of caches) rmSync(cache, { force: true });
  const child = spawn(process.execPath, [path.join(root, 'dist/mock/cli.js'), '--port', '0', '--log-level', 'silent'], {
    env: { ...process.env, [WRITE_CODE_CACHE_ENV]: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const timer = setTimeout(() => child.kill('SIGKILL'), TRAINING_TIMEOUT_MS);
  try {
    const baseUrl = await new Promise((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]);
      });
      void exited.then((code) => reject(new Error(`the mock exited (${code}) before listening: ${output}`)));
    });
    const headers = { Authorization: 'Bearer build' };
    const { data: token } = await (await fetch(`${baseUrl}/view/token?fileId=1`, { headers })).json();
    for (const url of [
      `/inside/databag?viewToken=${token}`,
      '/view/token?fileId=x',
      '/__admin/health',
      '/__admin/ui',
    ]) {
      await (await fetch(`${baseUrl}${url}`, { headers })).arrayBuffer();
    }
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`the mock exited (${code}) on SIGTERM`);
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  const missing = caches.filter((cache) => !existsSync(cache));
  if (missing.length > 0)
    throw new Error(`not written: ${missing.map((cache) => path.relative(root, cache)).join(', ')}`);
}

bundle()
  .then(() =>
    train().catch((error) => {
      // The bundles run without a cache (just slower); what broke the start shows in the CLI's own tests.
      console.warn(`build-cli: no code cache written: ${error.message}`);
    }),
  )
  .catch((error) => {
    console.error(`build-cli: ${error.message}`);
    process.exit(1);
  });
