// What every Jest project of the repository shares: how TypeScript and msw's ESM are compiled.
/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  // msw 2 depends on ESM-only packages (.mjs builds, rettime, until-async): Jest on Node 20 cannot
  // require ESM, so those are compiled to CommonJS; every other node_modules file is left alone.
  transform: { '^.+\\.(ts|mjs)$': swc, '/node_modules/(rettime|until-async)/.+\\.js$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async)/).+\\.(js|cjs|json)$'],
  testTimeout: 20000,
};
