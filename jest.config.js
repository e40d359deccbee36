// The test suite as layers, so a developer runs one: `npx jest --selectProjects unit` (or http,
// contracts, stores, e2e, docs, browser, packaging). `npm test` runs them all; CI runs browser and
// packaging once, on Node 20 only (.ci/run).
const { availableParallelism } = require('node:os');
const base = require('./jest.base.config.js');

/** One layer: its name and the test files that make it (paths relative to the repository). */
function layer(displayName, testMatch, testPathIgnorePatterns = []) {
  return {
    ...base,
    displayName,
    testMatch: testMatch.map((glob) => `<rootDir>/${glob}`),
    testPathIgnorePatterns: ['/node_modules/', ...testPathIgnorePatterns],
  };
}

/** Test files that start a browser: the browser layer's, whatever folder they sit in. */
const BROWSER = ['test/browser/**/*.test.ts', 'test/examples/**/*.browser.test.ts'];
/** Test files that pack and install the package: the packaging layer's. */
const PACKAGING = ['test/e2e/packed-tarball.test.ts', 'test/e2e/cli-bundle.test.ts'];

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: base.testTimeout,
  // Most test files wait on something else (a child process, Redis, Chromium, npm): Jest's default of one
  // worker less than the cores ran them one at a time on a 2-core machine. Half as many workers again as
  // cores keeps both busy while a file waits (3 on 2 cores). A number: Jest reads a percentage given
  // here as a count (`'150%'` started 150 workers).
  maxWorkers: Math.max(2, Math.ceil(availableParallelism() * 1.5)),
  projects: [
    layer('unit', ['test/unit/**/*.test.ts', 'test/property/**/*.test.ts']),
    layer('http', ['test/http/**/*.test.ts', 'test/sdk/**/*.test.ts']),
    layer('contracts', ['test/contracts/**/*.test.ts']),
    layer('stores', ['test/stores/**/*.test.ts']),
    layer(
      'e2e',
      ['test/e2e/**/*.test.ts'],
      ['/test/e2e/packed-tarball\\.test\\.ts$', '/test/e2e/cli-bundle\\.test\\.ts$'],
    ),
    layer('docs', ['test/docs/**/*.test.ts', 'test/examples/**/*.test.ts'], ['\\.browser\\.test\\.ts$']),
    layer('browser', BROWSER),
    layer('packaging', PACKAGING),
  ],
};
