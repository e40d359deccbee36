// Mutation testing of the contract harness (contracts/) with its own in-process tests: the second half of
// `npm run test:mutation`. Scores, survivors and how to read them: docs/internals/mutation-testing.md.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  jest: { projectType: 'custom', configFile: 'jest.contracts.config.js' },
  tsconfigFile: 'tsconfig.stryker-contracts.json',
  // The CLI's entry, its run command and the Jest entry run only in processes of their own (their
  // tests spawn them), where no mutant is active; index.ts only re-exports.
  mutate: [
    'contracts/**/*.ts',
    '!contracts/cli.ts',
    '!contracts/run-command.ts',
    '!contracts/jest.ts',
    '!contracts/index.ts',
  ],
  // A static mutant (in a module-level table: the check definitions, their sentences, the flag table) runs
  // every test (~1 min each here); they are left out of the score and said so in mutation-testing.md.
  ignoreStatic: true,
  incrementalFile: 'stryker-incremental-contracts.json',
  htmlReporter: { fileName: 'reports/mutation-contracts/index.html' },
  jsonReporter: { fileName: 'reports/mutation-contracts/mutation.json' },
};
