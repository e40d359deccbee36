// The harness's own tests that run it in-process: what `npm run test:mutation` (StrykerJS) runs against
// each mutant of contracts/. Left out: tests that run the built CLI or a Jest of their own in another
// process (a mutant lives in this one) and the one that starts the mock (it tests the mock).
/** @type {import('jest').Config} */
const base = require('./jest.base.config.js');

module.exports = {
  ...base,
  // The harness's sources and the test helpers are roots too: Stryker runs the tests related to the
  // mutated files (jest --findRelatedTests), and Jest follows imports only through files under a root.
  roots: ['<rootDir>/test/contracts', '<rootDir>/test/support', '<rootDir>/contracts'],
  testMatch: ['<rootDir>/test/contracts/**/*.test.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    '/test/contracts/(mock-conformance|jest-entry|cli-outcomes|no-side-effects|ci-recipes|diff-bin)\\.test\\.ts$',
  ],
};
