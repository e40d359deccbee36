import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface Step {
  name: string;
  inputs: (base: string) => string[];
  outputs: (base: string) => string[];
  salt?: () => string;
  stale?: (base: string) => string | undefined;
  before?: (base: string) => void;
  run: (base: string) => void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { build, buildSteps, planBuild } = require('../../scripts/build.js') as {
  build: (base: string, options: { force?: boolean; steps?: Step[]; log?: (line: string) => void }) => void;
  buildSteps: () => Step[];
  planBuild: (
    base: string,
    steps: Step[],
    stamps: Record<string, string>,
  ) => { step: Step; hash: string; reason: string | undefined }[];
};

let base: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'vtm-build-'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function write(file: string, text = 'x'): void {
  mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  writeFileSync(path.join(base, file), text);
}

/** Two fake steps that copy their input to their output and count their runs. */
function fakeSteps(runs: string[], fail: Set<string> = new Set()): Step[] {
  return ['a', 'b'].map((name) => ({
    name,
    inputs: () => [`src/${name}.txt`],
    outputs: () => [`dist/${name}.txt`],
    run: (root: string) => {
      runs.push(name);
      if (fail.has(name)) throw new Error(`${name} failed`);
      write(`dist/${name}.txt`, readFileSync(path.join(root, `src/${name}.txt`), 'utf8'));
    },
  }));
}

test('a first build runs every step; a second with nothing changed runs none', () => {
  write('src/a.txt');
  write('src/b.txt');
  const runs: string[] = [];
  const lines: string[] = [];
  build(base, { steps: fakeSteps(runs), log: (line) => lines.push(line) });
  build(base, { steps: fakeSteps(runs), log: (line) => lines.push(line) });
  expect(runs).toEqual(['a', 'b']);
  expect(lines).toEqual([
    'build: a (never built)',
    'build: b (never built)',
    'build: a up to date',
    'build: b up to date',
  ]);
});

test('a changed input rebuilds its step only, and a deleted output rebuilds its step although the inputs are unchanged', () => {
  write('src/a.txt');
  write('src/b.txt');
  const runs: string[] = [];
  build(base, { steps: fakeSteps(runs), log: () => undefined });
  write('src/b.txt', 'changed');
  const lines: string[] = [];
  build(base, { steps: fakeSteps(runs), log: (line) => lines.push(line) });
  expect(lines).toEqual(['build: a up to date', 'build: b (inputs changed)']);
  expect(readFileSync(path.join(base, 'dist/b.txt'), 'utf8')).toBe('changed');
  rmSync(path.join(base, 'dist/a.txt'));
  lines.length = 0;
  build(base, { steps: fakeSteps(runs), log: (line) => lines.push(line) });
  expect(lines).toEqual([`build: a (${path.join('dist', 'a.txt')} is missing)`, 'build: b up to date']);
  expect(runs).toEqual(['a', 'b', 'b', 'a']);
});

test('a step whose input an earlier step of the same build wrote runs in that build, not the next', () => {
  write('src/a.txt');
  const runs: string[] = [];
  // b reads what a writes (as tsc compiles the viewer step's generated module).
  const steps: Step[] = [
    {
      name: 'a',
      inputs: () => ['src/a.txt'],
      outputs: () => ['gen/b.txt'],
      run: (root) => {
        runs.push('a');
        write('gen/b.txt', readFileSync(path.join(root, 'src/a.txt'), 'utf8'));
      },
    },
    {
      name: 'b',
      inputs: () => ['gen/b.txt'],
      outputs: () => ['dist/b.txt'],
      run: (root) => {
        runs.push('b');
        write('dist/b.txt', readFileSync(path.join(root, 'gen/b.txt'), 'utf8'));
      },
    },
  ];
  build(base, { steps, log: () => undefined });
  write('src/a.txt', 'changed');
  const lines: string[] = [];
  build(base, { steps, log: (line) => lines.push(line) });
  expect(lines).toEqual(['build: a (inputs changed)', 'build: b (inputs changed)']);
  expect(readFileSync(path.join(base, 'dist/b.txt'), 'utf8')).toBe('changed');
  expect(runs).toEqual(['a', 'b', 'a', 'b']);
});

test('a step that failed leaves no stamp: the next build runs it again', () => {
  write('src/a.txt');
  write('src/b.txt');
  const runs: string[] = [];
  expect(() => build(base, { steps: fakeSteps(runs, new Set(['b'])), log: () => undefined })).toThrow('b failed');
  write('dist/b.txt');
  build(base, { steps: fakeSteps(runs), log: () => undefined });
  expect(runs).toEqual(['a', 'b', 'b']);
});

test("a step whose salt changed (the cli step: another Node version's V8) runs again, with the same inputs", () => {
  write('src/a.txt');
  write('src/b.txt');
  const runs: string[] = [];
  let v8 = '11.3';
  const salted = () => fakeSteps(runs).map((step) => (step.name === 'b' ? { ...step, salt: () => `v8 ${v8}` } : step));
  build(base, { steps: salted(), log: () => undefined });
  build(base, { steps: salted(), log: () => undefined });
  v8 = '13.6';
  build(base, { steps: salted(), log: () => undefined });
  expect(runs).toEqual(['a', 'b', 'b']);
  expect((buildSteps().find((step) => step.name === 'cli') as Step).salt?.()).toBe(`v8 ${process.versions.v8}`);
});

test('--force runs every step', () => {
  write('src/a.txt');
  write('src/b.txt');
  const runs: string[] = [];
  build(base, { steps: fakeSteps(runs), log: () => undefined });
  build(base, { steps: fakeSteps(runs), force: true, log: () => undefined });
  expect(runs).toEqual(['a', 'b', 'a', 'b']);
});

const tscStep = (): Step => buildSteps().find((step) => step.name === 'tsc') as Step;

/** A skeleton of the project: what the real steps hash and check. */
function aProjectSkeleton(): void {
  for (const file of [
    'mock/core/clock.ts',
    'mock/http/dashboard/client/dashboard.ts',
    'mock/viewer/client/stand-in.ts',
    'mock/viewer/generated/stand-in-files.ts',
    'scripts/build-viewer.js',
    'mock/http/dashboard/index.html',
    'mock/spec-engine/spec-engine.ts',
    'contracts/cli.ts',
    'spec/mock.openapi.yaml',
    'spec/view-token.openapi.yaml',
    'spec/generated/routes.ts',
    'tsconfig.json',
    'tsconfig.build.json',
    'package-lock.json',
    'scripts/build-msw-esm.js',
    'scripts/build-dashboard.js',
    'scripts/build-operations.js',
    'scripts/build-cli.js',
  ])
    write(file);
  for (const file of [
    'mock/core/clock.js',
    'mock/viewer/generated/stand-in-files.js',
    'mock/spec-engine/spec-engine.js',
    'spec/generated/routes.js',
    'contracts/cli.js',
    'spec/mock.operations.json',
    'spec/view-token.operations.json',
    'mock/cli/bundle/main.js',
    'mock/cli/bundle/main.js.v8-cache',
    'mock/msw/index.mjs',
    'mock/msw/index.d.mts',
    'mock/viewer/thirdparty.js',
    'mock/viewer/thirdparty-source.mjs',
    'mock/viewer/thirdparty-source.d.mts',
    ...['dashboard.js', 'try.js', 'index.html', 'try.html', 'dashboard.css', 'favicon.svg'].map(
      (file) => `mock/http/dashboard/${file}`,
    ),
  ])
    write(`dist/${file}`);
}

const stale = (stamps: Record<string, string>) =>
  planBuild(base, buildSteps(), stamps)
    .filter(({ reason }) => reason !== undefined)
    .map(({ step, reason }) => `${step.name}: ${reason}`);
const stampsNow = () =>
  Object.fromEntries(planBuild(base, buildSteps(), {}).map(({ step, hash }) => [step.name, hash] as [string, string]));

test.each([
  [
    'mock/core/clock.ts',
    ['viewer: inputs changed', 'tsc: inputs changed', 'msw-esm: inputs changed', 'cli: inputs changed'],
  ],
  ['contracts/cli.ts', ['tsc: inputs changed']],
  ['mock/http/dashboard/client/dashboard.ts', ['dashboard: inputs changed']],
  ['mock/viewer/client/stand-in.ts', ['viewer: inputs changed']],
  [
    'mock/viewer/generated/stand-in-files.ts',
    ['tsc: inputs changed', 'msw-esm: inputs changed', 'cli: inputs changed'],
  ],
  [
    'mock/spec-engine/spec-engine.ts',
    ['tsc: inputs changed', 'msw-esm: inputs changed', 'operations: inputs changed', 'cli: inputs changed'],
  ],
  ['spec/mock.openapi.yaml', ['operations: inputs changed', 'cli: inputs changed']],
  ['spec/generated/routes.ts', ['tsc: inputs changed', 'msw-esm: inputs changed', 'cli: inputs changed']],
  [
    'package-lock.json',
    [
      'viewer: inputs changed',
      'tsc: inputs changed',
      'msw-esm: inputs changed',
      'dashboard: inputs changed',
      'operations: inputs changed',
      'cli: inputs changed',
    ],
  ],
])('the real steps: a change to %s rebuilds %j', (file, expected) => {
  aProjectSkeleton();
  const stamps = stampsNow();
  expect(stale(stamps)).toEqual([]);
  write(file, 'changed');
  expect(stale(stamps)).toEqual(expected);
});

test('a compiled file deleted while dist/.tsbuildinfo stays: tsc is stale and its tsbuildinfo goes, so tsc emits it again', () => {
  aProjectSkeleton();
  write('dist/.tsbuildinfo');
  const stamps = stampsNow();
  rmSync(path.join(base, 'dist/mock/core/clock.js'));
  expect(stale(stamps)).toEqual([`tsc: ${path.join('dist', 'mock', 'core', 'clock.js')} is missing`]);
  tscStep().before?.(base);
  expect(existsSync(path.join(base, 'dist/.tsbuildinfo'))).toBe(false);
});

test('a deleted code cache of the CLI bundle rebuilds the cli step (else every start parses the bundle afresh)', () => {
  aProjectSkeleton();
  const stamps = stampsNow();
  rmSync(path.join(base, 'dist/mock/cli/bundle/main.js.v8-cache'));
  expect(stale(stamps)).toEqual([`cli: ${path.join('dist', 'mock', 'cli', 'bundle', 'main.js.v8-cache')} is missing`]);
});

test('with every compiled file present, the tsbuildinfo is kept (tsc stays incremental)', () => {
  aProjectSkeleton();
  write('dist/.tsbuildinfo');
  tscStep().before?.(base);
  expect(existsSync(path.join(base, 'dist/.tsbuildinfo'))).toBe(true);
});

test("before tsc runs, what it emitted for sources since moved or deleted goes (it would ship); the other steps' bundles stay", () => {
  aProjectSkeleton();
  const moved = [
    'dist/mock/config.js',
    'dist/mock/config.d.ts',
    'dist/mock/config.js.map',
    'dist/contracts/old/runner.js',
  ];
  const stamps = stampsNow();
  for (const file of [...moved, 'dist/mock/core/clock.d.ts']) write(file);
  // A checkout built before the move: nothing else changed, so only this makes tsc run.
  expect(stale(stamps)).toEqual([`tsc: ${path.join('dist', 'mock', 'config.d.ts')} has no source`]);
  const before = listDist();
  tscStep().before?.(base);
  expect(listDist()).toEqual(before.filter((file) => !moved.includes(file)));
  expect(listDist()).toEqual(
    expect.arrayContaining([
      'dist/mock/core/clock.js',
      'dist/mock/core/clock.d.ts',
      'dist/mock/cli/bundle/main.js',
      'dist/mock/http/dashboard/dashboard.js',
      'dist/mock/msw/index.mjs',
    ]),
  );
});

function listDist(): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { listFiles } = require('../../scripts/build.js') as { listFiles: (base: string, dir: string) => string[] };
  return listFiles(base, 'dist').map((file) => file.split(path.sep).join('/'));
}
