// What knip (`npm run knip`, in `npm test`) starts from to find unused files, exports and packages.
// Everything a command, a build step, a bundle or a test loads by path rather than by import is an
// entry here; what none of them reaches is dead.
/** @type {import('knip').KnipConfig} */
module.exports = {
  entry: [
    // The commands (package.json bin) and the bundled CLI's own entry (scripts/build-cli.js).
    'mock/cli.ts',
    'contracts/cli.ts',
    'mock/cli/main.ts',
    // The library entries (package.json exports; tsc compiles them to dist/).
    'mock/index.ts',
    'mock/msw/index.ts',
    'mock/middleware/index.ts',
    'contracts/index.ts',
    'contracts/jest.ts',
    // The build's scripts, which scripts/build.js runs by path.
    'scripts/*.{js,mjs}',
    // The browser bundles (scripts/build-dashboard.js, scripts/build-viewer.js).
    'mock/http/dashboard/client/{dashboard,try}.ts',
    'mock/viewer/client/{stand-in,sdk-index,loader}.ts',
    'mock/viewer/client/thirdparty.mts',
    // The stand-in's coverage walk, bundled and run by scripts/reference/viewer-coverage-page.js.
    'mock/viewer/client/coverage.ts',
    // The benchmarks npm scripts run (dist/bench/*.js), and the processes they start by path.
    'bench/{run,state-file,admin-pages,listener-cpu,viewer-first-frame,long-input,reset-pauses}.ts',
    'bench/{baseline-server,scale-server}.ts',
    'bench/soak/{main,probe}.ts',
    // The unit tests alone and the harness's own, for Stryker (stryker.config.mjs, stryker.contracts.config.mjs).
    'jest.unit.config.js',
    'jest.contracts.config.js',
    // Fixtures tests load by path: a contract file, browser apps bundled in tests, a Vite config, an import circle.
    'test/contracts/fixtures/**/*.ts',
    'test/examples/browser/*.ts',
    'test/examples/vite/vite.config.mjs',
    // The Vite app under MSW test/examples/vite-msw.test.ts copies and runs (its page loads src/main.js).
    'test/examples/vite-msw/vite.config.mjs',
    'test/examples/vite-msw/src/main.js',
    'test/unit/fixtures/**/*.ts',
  ],
  // Started by the tests that need it (test/support/redis-*.ts), installed by scripts/test-prerequisites.js.
  // taskset and redis-cli: Linux and Redis tools the benchmarks use when present (bench/processes.ts).
  // mount and umount: the full-disk test's tmpfs (test/stores/state-file-full-disk.test.ts), run as root only.
  // openssl: the certificate of the harness's https tests (test/contracts/http-exchange.test.ts), a test prerequisite.
  ignoreBinaries: ['redis-server', 'redis-cli', 'taskset', 'mount', 'umount', 'openssl'],
  ignoreDependencies: [
    // An optional peer the diff command requires by name (contracts/diff/load-differ.ts), installed for its tests.
    'api-smart-diff',
    // stryker.config.mjs's JSDoc type, an editor's hint: @stryker-mutator/core brings the package.
    '@stryker-mutator/api',
  ],
  ignoreIssues: {
    // openapi-typescript writes every part of the spec; the mock's code reads `components`.
    'spec/generated/mock.ts': ['types'],
  },
};
