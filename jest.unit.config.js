// The unit tests alone: what `npm run test:mutation` (StrykerJS) runs against each mutant of mock/core.
/** @type {import('jest').Config} */
const base = require('./jest.base.config.js');

// A mutation score must not depend on a draw: property tests replay one fixed seed here (FC_SEED
// given on the command line still wins). `npm test` lets fast-check pick a new seed each run.
process.env.FC_SEED ??= '20260101';

// The give-up after a million draws is left out: ~95 s in instrumented code, run again for every
// static mutant (it runs in `npm test`; docs/internals/mutation-testing.md lists what it alone kills).
module.exports = {
  ...base,
  // The core's sources and the test helpers are roots too: Stryker runs the tests related to the mutated
  // file (jest --findRelatedTests), and Jest follows imports only through files under a root (with
  // test/unit alone, mock/core/near-miss.ts had 1 related test file; with these, 24).
  roots: ['<rootDir>/test/unit', '<rootDir>/test/support', '<rootDir>/mock'],
  testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/unit/view-tokens-give-up\\.test\\.ts$'],
};
