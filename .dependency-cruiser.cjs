// Import rules the house keeps (docs/internals/layout.md), checked by `npm run deps:check` in `npm test`.
// dependency-cruiser reads every import TypeScript sees: type-only ones, re-exports and side-effect
// imports (`import './x'`) included.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Shared types live one floor below the modules that use them: no circle (type-only ones included) makes a newcomer read two files to understand either.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'mock/core depends on nothing outside itself: no other mock folder, no package, no Node built-in.',
      from: { path: '^mock/core/' },
      to: { pathNot: ['^mock/core/', '^spec/generated/'] },
    },
    {
      name: 'contracts-never-import-the-mock',
      severity: 'error',
      comment: 'The harness judges any implementation; it shares the spec with the mock, never the mock itself.',
      from: { path: '^contracts/' },
      to: { path: '^mock/' },
    },
    {
      name: 'browser-code-has-no-node',
      severity: 'error',
      comment: 'The dashboard, the viewer stand-in and the MSW entry run in browsers.',
      from: { path: ['^mock/http/dashboard/client/', '^mock/viewer/client/', '^mock/msw/'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'A source file nothing imports is dead, unless it is an entry point (CLI, build entries, browser bundles).',
      from: {
        orphan: true,
        pathNot: [
          '\\.d\\.ts$',
          '^mock/cli\\.ts$',
          '^mock/index\\.ts$',
          '^contracts/(cli|index|jest)\\.ts$',
          '^mock/msw/index\\.ts$',
          '^mock/http/dashboard/client/(dashboard|try)\\.ts$',
          '^mock/viewer/client/(stand-in|sdk-index|loader)\\.ts$',
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
