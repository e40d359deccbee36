#!/usr/bin/env node
// `npm run build` (also run by `npm start` and `npm run contracts`): builds only what changed. Each
// step has inputs (files hashed) and outputs; a step runs when the hash of its inputs differs from
// the stamp it left last time (dist/.build-stamps.json) or one of its outputs is missing. A second
// `npm start` on a built checkout thus runs no step. `node scripts/build.js --force` runs them all.
// tsc's own hazard: dist/ files deleted while dist/.tsbuildinfo stays make `tsc --incremental`
// skip emitting them, so when a compiled file is missing the tsbuildinfo goes first.
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const {
  existsSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  mkdirSync,
} = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/** Every file under `dir` (relative to `base`) whose name passes `keep`, sorted. */
function listFiles(base, dir, keep = () => true) {
  const full = path.join(base, dir);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [dir];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(base, path.join(dir, entry.name), keep)
        : keep(entry.name)
          ? [path.join(dir, entry.name)]
          : [],
    )
    .sort();
}

/** One hash of the files' names and contents. */
function hashFiles(base, files) {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(base, file)))
      .update('\0');
  return hash.digest('hex');
}

const isSource = (name) => name.endsWith('.ts') && !name.endsWith('.test.ts');
const TSC_DIRS = ['mock', 'contracts', 'spec/generated', 'bench'];
const DASHBOARD_CLIENT = path.join('mock', 'http', 'dashboard', 'client');
const VIEWER_CLIENT = path.join('mock', 'viewer', 'client');

/** The sources tsc compiles and the CLI bundles: the browser code (dashboard, viewer stand-in) is bundled on its own. */
function serverSources(base, dirs) {
  return dirs
    .flatMap((dir) => listFiles(base, dir, isSource))
    .filter((file) => !file.startsWith(DASHBOARD_CLIENT) && !file.startsWith(VIEWER_CLIENT));
}

/** What tsc emits for a source: the .js next to it under dist/ (the dashboard's browser code is bundled, not compiled). */
function compiledOutputs(base) {
  return serverSources(base, TSC_DIRS)
    .filter((file) => !file.endsWith('.d.ts'))
    .map((file) => path.join('dist', file.replace(/\.ts$/, '.js')));
}

/** What tsc emits beside each .js: declarations and maps. */
const TSC_EMITS = /(\.d\.ts|\.js)(\.map)?$/;

/**
 * Files tsc emitted for sources since moved or deleted: they would stay in dist/ and ship in the
 * package (`npm pack` takes dist/mock/ whole), importable with out-of-date code and types.
 */
function orphanedOutputs(base) {
  const sources = new Set(serverSources(base, TSC_DIRS));
  // The bundles the other steps write there are theirs.
  const bundled = new Set(
    buildSteps()
      .filter((step) => step.name !== 'tsc')
      .flatMap((step) => step.outputs(base))
      .map((file) => path.normalize(file)),
  );
  return TSC_DIRS.flatMap((dir) => listFiles(base, path.join('dist', dir), (name) => TSC_EMITS.test(name))).filter(
    (file) => !bundled.has(file) && !sources.has(path.relative('dist', file).replace(TSC_EMITS, '.ts')),
  );
}

/** The build's steps, in order; `run` gets the project root. */
function buildSteps() {
  const node =
    (script, ...args) =>
    (base) =>
      execFileSync(process.execPath, [path.join(base, script), ...args], { cwd: base, stdio: 'inherit' });
  const lock = ['package-lock.json'];
  return [
    {
      name: 'viewer',
      // The viewer SDK stand-in's browser code, bundled into a
      // module the server and MSW import (so it runs before tsc).
      inputs: (base) => [
        ...listFiles(base, VIEWER_CLIENT),
        ...listFiles(base, 'mock/core', isSource),
        'scripts/build-viewer.js',
        ...lock,
      ],
      outputs: () => [
        'mock/viewer/generated/stand-in-files.ts',
        'dist/mock/viewer/thirdparty.js',
        'dist/mock/viewer/thirdparty-source.mjs',
        'dist/mock/viewer/thirdparty-source.d.mts',
      ],
      run: node('scripts/build-viewer.js'),
    },
    {
      name: 'tsc',
      inputs: (base) => [...serverSources(base, TSC_DIRS), 'tsconfig.json', 'tsconfig.build.json', ...lock],
      outputs: compiledOutputs,
      // Left by a source since moved or deleted (a checkout built before a restructure).
      stale: (base) => orphanedOutputs(base).map((file) => `${file} has no source`)[0],
      before: (base) => {
        // tsc --incremental trusts its tsbuildinfo: a compiled file deleted behind its back would never come back.
        if (compiledOutputs(base).some((file) => !existsSync(path.join(base, file))))
          rmSync(path.join(base, 'dist/.tsbuildinfo'), { force: true });
        for (const file of orphanedOutputs(base)) rmSync(path.join(base, file));
      },
      run: node('node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'),
    },
    {
      name: 'msw-esm',
      // The ES module face of view-token-mock/msw: a bundle of mock/msw and the core, and tsc's declarations as .d.mts.
      inputs: (base) => [
        ...serverSources(base, ['mock', 'spec/generated']),
        'scripts/build-msw-esm.js',
        'tsconfig.json',
        ...lock,
      ],
      outputs: () => ['dist/mock/msw/index.mjs', 'dist/mock/msw/index.d.mts'],
      run: node('scripts/build-msw-esm.js'),
    },
    {
      name: 'dashboard',
      inputs: (base) => [...listFiles(base, 'mock/http/dashboard'), 'scripts/build-dashboard.js', ...lock],
      outputs: () =>
        ['dashboard.js', 'try.js', 'index.html', 'try.html', 'dashboard.css', 'favicon.svg'].map(
          (file) => `dist/mock/http/dashboard/${file}`,
        ),
      run: node('scripts/build-dashboard.js'),
    },
    {
      name: 'operations',
      inputs: (base) => [
        ...listFiles(base, 'spec', (name) => name.endsWith('.yaml')),
        ...listFiles(base, 'mock/spec-engine', isSource),
        'scripts/build-operations.js',
        ...lock,
      ],
      outputs: () => ['dist/spec/mock.operations.json', 'dist/spec/view-token.operations.json'],
      run: node('scripts/build-operations.js'),
    },
    {
      name: 'cli',
      // The bundle holds the mock's own code (its packages stay in
      // node_modules); the code cache is trained by running it.
      inputs: (base) => [
        ...serverSources(base, ['mock', 'spec/generated']),
        ...listFiles(base, 'spec', (name) => name.endsWith('.yaml')),
        'scripts/build-cli.js',
        'tsconfig.json',
        ...lock,
      ],
      // With its code cache: a start without one parses the whole bundle (~2x slower to the first answer).
      outputs: () => ['dist/mock/cli/bundle/main.js', 'dist/mock/cli/bundle/main.js.v8-cache'],
      // V8 refuses a code cache another V8 wrote: another Node version trains it again.
      salt: () => `v8 ${process.versions.v8}`,
      run: node('scripts/build-cli.js'),
      // dist/mock/cli.js runs the bundle only while it is newer than tsc's last build: a tsc run for
      // other sources (contracts/, bench/) leaves this bundle current, so it is marked current again.
      upToDate: (base) => {
        const bundle = path.join(base, 'dist/mock/cli/bundle/main.js');
        const now = new Date();
        utimesSync(bundle, now, now);
      },
    },
  ];
}

const STAMPS = 'dist/.build-stamps.json';

/** The hash a step's stamp holds: its inputs, and its salt (what else its output depends on) if it has one. */
function stepHash(base, step) {
  const files = hashFiles(base, step.inputs(base));
  return step.salt === undefined ? files : createHash('sha256').update(files).update(step.salt()).digest('hex');
}

function readStamps(base) {
  try {
    return JSON.parse(readFileSync(path.join(base, STAMPS), 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Whether a step must run: inputs changed since its stamp, an output missing (each step's inputs
 * include the sources of what it reads of an earlier step's output), or the step's own `stale`
 * check says why. Returns { step, hash, reason }, reason undefined when it is up to date.
 */
function planStep(base, step, stamps, force = false) {
  const hash = stepHash(base, step);
  const missing = step.outputs(base).find((file) => !existsSync(path.join(base, file)));
  const reason = force
    ? 'forced'
    : stamps[step.name] !== hash
      ? stamps[step.name] === undefined
        ? 'never built'
        : 'inputs changed'
      : missing !== undefined
        ? `${missing} is missing`
        : step.stale?.(base);
  return { step, hash, reason };
}

/** Which steps must run, as the files are now (before any runs): [{ step, hash, reason }]. */
function planBuild(base, steps, stamps, force = false) {
  return steps.map((step) => planStep(base, step, stamps, force));
}

/** Runs the stale steps, stamping each as it succeeds; prints one line per step unless quiet. */
function build(base = root, { force = false, steps = buildSteps(), log = console.log } = {}) {
  const stamps = readStamps(base);
  for (const candidate of steps) {
    // Judged when its turn comes: an earlier step may have written one of its inputs (the viewer
    // step's generated module is tsc's and the cli's), which a plan made up front would miss.
    const { step, hash, reason } = planStep(base, candidate, stamps, force);
    if (reason === undefined) {
      log(`build: ${step.name} up to date`);
      step.upToDate?.(base);
      continue;
    }
    log(`build: ${step.name} (${reason})`);
    step.before?.(base);
    // A step that fails leaves no stamp: the next build runs it again.
    delete stamps[step.name];
    mkdirSync(path.join(base, 'dist'), { recursive: true });
    writeFileSync(path.join(base, STAMPS), JSON.stringify(stamps, null, 2));
    step.run(base);
    stamps[step.name] = stepHash(base, step) === hash ? hash : undefined;
    writeFileSync(path.join(base, STAMPS), JSON.stringify(stamps, null, 2));
  }
}

module.exports = { build, buildSteps, planBuild, hashFiles, listFiles, orphanedOutputs, STAMPS };

if (require.main === module) {
  try {
    const quiet = process.argv.includes('--quiet');
    build(root, {
      force: process.argv.includes('--force'),
      log: quiet ? () => undefined : (line) => console.error(line),
    });
  } catch (error) {
    console.error(`build: ${error.message.split('\n')[0]}`);
    process.exit(1);
  }
}
