// The unit tests alone: what `npm run test:mutation` (StrykerJS) runs against each mutant of mock/core.
/** @type {import('jest').Config} */
const base = require('./jest.config.js');

module.exports = { ...base, roots: ['<rootDir>/test/unit'] };
