// The unit tests alone: what `npm run test:mutation` (StrykerJS) runs against each mutant of mock/core.
/** @type {import('jest').Config} */
const base = require('./jest.config.js');

// A mutation score must not depend on a draw: property tests replay one fixed seed here (FC_SEED
// given on the command line still wins). `npm test` lets fast-check pick a new seed each run.
process.env.FC_SEED ??= '20260101';

module.exports = { ...base, roots: ['<rootDir>/test/unit'] };
