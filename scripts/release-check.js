#!/usr/bin/env node
// `npm run release:check [-- --pack-destination DIR]`: makes the tarball a release would publish and checks it.
// `npm pack` (its prepack builds and packs a package.json without `prepare`, see pack-manifest.js), then:
// the tarball holds every file the manifest's entry points and the mock read at run time, and nothing
// of the repository's own (tests, sources, build scripts, benchmarks and their reports); the packed
// package.json runs nothing on install; `npm pack` and `npm publish --dry-run <tarball>` say nothing
// about the manifest. Prints the tarball's path (exit 0), or each problem (exit 1).
const { execFileSync, spawnSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** Files the package reads at run time that no entry point names. */
const RUNTIME_FILES = [
  'dist/mock/cli/bundle/main.js',
  'dist/spec/mock.operations.json',
  'dist/spec/view-token.operations.json',
  'spec/view-token.openapi.yaml',
  'spec/mock.openapi.yaml',
  'view-token-mock.config.schema.json',
  'contracts/report.schema.json',
  'dist/mock/http/dashboard/index.html',
  'dist/mock/http/dashboard/dashboard.js',
  'README.md',
  'LICENSE',
  'CHANGELOG.md',
];

/** What is the repository's own and must not ship. */
const NOT_SHIPPED = [
  [/^test\//, 'a test'],
  [/^bench\/|^dist\/bench\//, 'a benchmark or its report'],
  [/^scripts\//, 'a build script'],
  [/^(mock|contracts)\/.*\.ts$/, 'a TypeScript source'],
  [/^spec\/generated\//, 'a generated TypeScript source'],
  [/\.tsbuildinfo$|\.build-stamps\.json$/, 'build bookkeeping'],
  [/(^|\/)(coverage|test-output)\//, 'a test report'],
  [/\.tgz$|\.pack-backup$/, 'a packing leftover'],
  [/(^|\/)\.env|\.npmrc$/, 'local configuration'],
];

/** npm's warnings that are about this machine's npm, not the package: its own config keys, and a dry run without a login. */
const NOT_ABOUT_THE_PACKAGE = [
  /^npm warn Unknown (user|env|project|global|builtin|cli) config /,
  /^npm warn publish This command requires you to be logged in .*\(dry-run\)$/,
];

/** Every file the manifest points at: main, types, bins and each export target. */
function entryFiles(manifest) {
  const targets = [];
  const collect = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect([manifest.main, manifest.types, manifest.bin, manifest.exports]);
  return [
    ...new Set(
      targets.map((target) => path.posix.normalize(target)).filter((target) => !target.endsWith('package.json')),
    ),
  ];
}

/** Problems with the packed file list: what is missing, what should not be there. */
function checkPackedFiles(files, manifest) {
  const packed = new Set(files);
  const missing = [...entryFiles(manifest), ...RUNTIME_FILES]
    .filter((file) => !packed.has(file))
    .map((file) => `missing from the tarball: ${file}`);
  const unwanted = files.flatMap((file) =>
    NOT_SHIPPED.filter(([pattern]) => pattern.test(file)).map(([, what]) => `should not ship (${what}): ${file}`),
  );
  return [...missing, ...unwanted];
}

/** npm's warnings in an output, but those about the machine's npm. */
function packageWarnings(output) {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^npm (warn|WARN|error|ERR!)/.test(line))
    .filter((line) => !NOT_ABOUT_THE_PACKAGE.some((pattern) => pattern.test(line)));
}

/** The packed manifest's install-time scripts (npm 11 lists them as unreviewed; npm 12 blocks them). */
function installScripts(manifest) {
  return Object.keys(manifest.scripts ?? {}).filter((name) =>
    ['preinstall', 'install', 'postinstall', 'prepare'].includes(name),
  );
}

/** Runs npm, returning its exit code, stdout and stderr (a failure is a problem to report, not a crash). */
function npm(args, cwd = ROOT) {
  const run = spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return {
    code: run.status ?? 1,
    stdout: run.stdout ?? '',
    stderr: `${run.stderr ?? ''}${run.error ? String(run.error) : ''}`,
  };
}

function releaseCheck(destination) {
  const pack = npm(['pack', '--json', '--pack-destination', destination]);
  if (pack.code !== 0) return { problems: [`npm pack failed (${pack.code}):\n${pack.stderr}`] };
  // prepack's build prints to stdout too: the JSON starts at the line that is just "[".
  const [result] = JSON.parse(pack.stdout.slice(pack.stdout.search(/^\[$/m)));
  const tarball = path.resolve(destination, result.filename);
  const manifest = JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' }));
  const publish = npm(['publish', '--dry-run', tarball], destination);
  const problems = [
    ...checkPackedFiles(
      result.files.map((file) => file.path),
      manifest,
    ),
    ...installScripts(manifest).map((name) => `the packed package.json has an install-time script: ${name}`),
    ...packageWarnings(pack.stderr).map((line) => `npm pack: ${line}`),
    ...(publish.code === 0 ? [] : [`npm publish --dry-run failed (${publish.code})`]),
    ...packageWarnings(`${publish.stdout}\n${publish.stderr}`).map((line) => `npm publish --dry-run: ${line}`),
  ];
  return { tarball, files: result.files.length, problems };
}

if (require.main === module) {
  const at = process.argv.indexOf('--pack-destination');
  const destination = path.resolve(at === -1 ? ROOT : (process.argv[at + 1] ?? ROOT));
  const { tarball, files, problems } = releaseCheck(destination);
  if (problems.length > 0) {
    console.error(
      `release-check: ${problems.length} problem(s):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(
    `release-check: clean (${files} files; npm pack and npm publish --dry-run say nothing about the package)`,
  );
  console.log(tarball);
}

module.exports = {
  checkPackedFiles,
  entryFiles,
  installScripts,
  packageWarnings,
  releaseCheck,
  ROOT,
  readManifest: () => JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')),
};
