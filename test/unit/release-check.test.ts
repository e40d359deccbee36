type Manifest = {
  main?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: unknown;
  scripts?: Record<string, string>;
};
const { checkPackedFiles, entryFiles, installScripts, packageWarnings, readManifest } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../../scripts/release-check.js') as {
    checkPackedFiles: (files: string[], manifest: Manifest) => string[];
    entryFiles: (manifest: Manifest) => string[];
    installScripts: (manifest: Manifest) => string[];
    packageWarnings: (output: string) => string[];
    readManifest: () => Manifest;
  };

const manifest = readManifest();
const RUNTIME = [
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
const complete = [...entryFiles(manifest), ...RUNTIME, 'package.json', 'docs/reference/cli.md'];

test("the files a release must hold are the manifest's entry points (main, types, bins, every export target) and what the mock reads at run time", () => {
  expect(entryFiles(manifest)).toEqual(
    expect.arrayContaining([
      'dist/mock/index.js',
      'dist/mock/index.d.ts',
      'dist/mock/cli.js',
      'dist/contracts/cli.js',
      'dist/mock/msw/index.mjs',
      'dist/mock/msw/index.d.mts',
      'dist/mock/msw/index.js',
      'dist/contracts/jest.js',
      'dist/contracts/jest.d.ts',
    ]),
  );
  expect(checkPackedFiles(complete, manifest)).toEqual([]);
});

test('a tarball without a bin or a runtime file, or with tests, sources, scripts, benchmark reports or build bookkeeping, is refused naming each file', () => {
  const files = [
    ...complete.filter((file) => file !== 'dist/contracts/cli.js' && file !== 'dist/spec/mock.operations.json'),
    'test/unit/int64.test.ts',
    'mock/core/int64.ts',
    'scripts/build.js',
    'bench/results/run.json',
    'dist/.tsbuildinfo',
    'view-token-mock-0.2.0.tgz',
  ];
  expect(checkPackedFiles(files, manifest)).toEqual([
    'missing from the tarball: dist/contracts/cli.js',
    'missing from the tarball: dist/spec/mock.operations.json',
    'should not ship (a test): test/unit/int64.test.ts',
    'should not ship (a TypeScript source): mock/core/int64.ts',
    'should not ship (a build script): scripts/build.js',
    'should not ship (a benchmark or its report): bench/results/run.json',
    'should not ship (build bookkeeping): dist/.tsbuildinfo',
    'should not ship (a packing leftover): view-token-mock-0.2.0.tgz',
  ]);
});

test("npm's warnings about the package count; those about this machine's npm config and a dry run without a login do not", () => {
  const output = [
    'npm warn Unknown user config "nodedir". This will stop working in the next major version of npm.',
    'npm notice 📦  view-token-mock@0.2.0',
    'npm warn publish npm auto-corrected some errors in your package.json when publishing.  Please run "npm pkg fix" to address these errors.',
    'npm warn publish errors corrected:',
    'npm warn publish This command requires you to be logged in to https://registry.npmjs.org/ (dry-run)',
  ].join('\n');
  expect(packageWarnings(output)).toEqual([
    'npm warn publish npm auto-corrected some errors in your package.json when publishing.  Please run "npm pkg fix" to address these errors.',
    'npm warn publish errors corrected:',
  ]);
});

test("an install-time script in the packed manifest is found (the repository's own prepare is packed without it)", () => {
  expect(installScripts({ scripts: { build: 'x', prepare: 'npm run build', postinstall: 'x' } })).toEqual([
    'prepare',
    'postinstall',
  ]);
  expect(installScripts(manifest)).toEqual(['prepare']);
});
