// Mutation testing of mock/core with the unit tests alone: `npm run test:mutation`.
// Scores, survivors and how to read them: docs/internals/mutation-testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  // jest.unit.config.js is the project's Jest config (the @swc/jest transform) limited to test/unit.
  jest: { projectType: 'custom', configFile: 'jest.unit.config.js' },
  coverageAnalysis: 'perTest',
  // A mutant that does not compile is excluded, not counted as killed; the core compiles on its own.
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.stryker.json',
  mutate: ['mock/core/**/*.ts'],
  // Stryker puts `// @ts-nocheck` atop the files it copies (and drops theirs): only those it mutates,
  // so a generated file a test compares with its generator (mock/config/generated) stays as written.
  disableTypeChecks: 'mock/core/**/*.ts',
  ignorePatterns: ['dist', 'coverage', 'test-output', 'reports', 'bench/results'],
  // Two cores shared with other work: two test processes at most.
  concurrency: 2,
  // The committed incremental file makes a rerun after a small change take seconds.
  incremental: true,
  incrementalFile: 'stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false },
  thresholds: { high: 85, low: 75, break: 85 },
  cleanTempDir: 'always',
};
