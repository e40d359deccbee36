// docs/reference/viewer-coverage.md: what the viewer SDK stand-in covers, read from the stand-in's own
// objects (mock/viewer/client/coverage.ts, bundled and run here with the few browser globals its
// modules read when loaded), so the table is the stand-in's and cannot drift from it.
const { readFileSync, readdirSync } = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const esbuild = require('esbuild');
const { banner, code, table } = require('./markdown');

/** The stand-in's coverage, from its sources. */
function readCoverage(root) {
  const bundled = esbuild.buildSync({
    entryPoints: [path.join(root, 'mock/viewer/client/coverage.ts')],
    absWorkingDir: root,
    bundle: true,
    format: 'iife',
    globalName: 'coverage',
    platform: 'browser',
    write: false,
    logLevel: 'warning',
  }).outputFiles[0].text;
  const sandbox = { document: { currentScript: null }, HTMLScriptElement: class {}, HTMLElement: class {}, console };
  sandbox.window = sandbox;
  vm.runInNewContext(`${bundled}\nwindow.result = coverage.describeCoverage();`, sandbox);
  return JSON.parse(JSON.stringify(sandbox.result));
}

/** The events the stand-in's code fires (`emit('X'` or `_emitLater('X'` in mock/viewer/client/). */
function firedEvents(root) {
  const folder = path.join(root, 'mock/viewer/client');
  const fired = new Set();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    for (const found of readFileSync(path.join(folder, file), 'utf8').matchAll(/(?:emit|_emitLater)\('(\w+)'/g))
      fired.add(found[1]);
  }
  return fired;
}

const namesOf = (items, generation, fired = undefined) =>
  items
    .filter((item) => item.generation === generation)
    .map((item) => (fired === undefined || fired.has(item.name) ? code(item.name) : `${code(item.name)}°`))
    .join(', ');

/** The page's text. */
function viewerCoveragePage(root) {
  const coverage = readCoverage(root);
  const fired = firedEvents(root);
  const methods = coverage.classes.reduce((sum, entry) => sum + entry.methods.length, 0);
  return [
    banner('the stand-in itself (`mock/viewer/client/coverage.ts` walks the objects it serves)'),
    '',
    '# Viewer SDK stand-in: what it covers',
    '',
    `${coverage.classes.length} classes with ${methods} methods, ${coverage.factories.length} config factories, ${coverage.enums.length} enums. Any other name throws \`StandInLacksError\` naming it and what the object has (docs/guides/front-end-viewer.md). "3.6.x and v3": the 3.6.x SDK has it and v3 viewers keep it; "v3": the v3 SDK only (\`loadModel\` → \`ModelAdded\` → \`getModel(modelId)\`).`,
    '',
    '## Classes and their methods',
    '',
    table(
      ['Object', '3.6.x and v3', 'v3'],
      coverage.classes.map((entry) => [
        code(entry.path),
        namesOf(entry.methods, '3.6.x and v3') || '—',
        namesOf(entry.methods, 'v3') || '—',
      ]),
    ),
    '',
    '## Config factories',
    '',
    'Plain functions returning fresh objects: `new X()` and `X()` both work, and the result spreads.',
    '',
    coverage.factories.map((factory) => `- ${code(factory)}`).join('\n'),
    '',
    '## Events and enums',
    '',
    'Every value equals its key (`Viewer3DEvent.ViewAdded === "ViewAdded"`). ° marks an event a listener may be added for but that the stand-in never fires (read from its code: the names it emits).',
    '',
    table(
      ['Enum', '3.6.x and v3', 'v3'],
      coverage.enums.map((entry) => {
        const events = entry.path.endsWith('Event') ? fired : undefined;
        return [
          code(entry.path),
          namesOf(entry.events, '3.6.x and v3', events) || '—',
          namesOf(entry.events, 'v3', events) || '—',
        ];
      }),
    ),
    '',
  ].join('\n');
}

module.exports = { viewerCoveragePage };
