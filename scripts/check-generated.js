#!/usr/bin/env node
// Fails when spec/generated/ (types, route table, request validators), the config validator or the viewer stand-in's bundles are stale: regenerates each file and compares.
const { execFileSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const bin = path.join(root, 'node_modules', '.bin', 'openapi-typescript');
// The wire types of spec/mock.openapi.yaml (which holds the service's paths too): the mock's own code imports them.
const pairs = [['spec/mock.openapi.yaml', 'spec/generated/mock.ts']];
const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-types-'));
const stale = [];
try {
  for (const [source, committed] of pairs) {
    const fresh = path.join(scratch, path.basename(committed));
    execFileSync(bin, [path.join(root, source), '-o', fresh], { stdio: 'ignore' });
    let current = '';
    try {
      current = readFileSync(path.join(root, committed), 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (current !== readFileSync(fresh, 'utf8')) stale.push(committed);
  }
  // The route table and request validators, built from both spec files.
  const { generateRouteFiles } = require('./build-routes');
  for (const [file, text] of Object.entries(generateRouteFiles())) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (current !== text) stale.push(path.relative(root, file));
  }
  // The config file's validator, compiled from view-token-mock.config.schema.json.
  const { OUTPUT, generateConfigValidator } = require('./build-config-validator');
  let current = '';
  try {
    current = readFileSync(OUTPUT, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (current !== generateConfigValidator())
    stale.push(`${path.relative(root, OUTPUT)} (run \`npm run config:schema\`)`);
  // The viewer SDK stand-in's bundles, from mock/viewer/client/.
  const viewer = require('./build-viewer');
  let bundled = '';
  try {
    bundled = readFileSync(viewer.OUTPUT, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (bundled !== viewer.generateViewerFiles())
    stale.push(`${path.relative(root, viewer.OUTPUT)} (run \`npm run build\`)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
if (stale.length > 0) {
  console.error(`Generated types are stale: ${stale.join(', ')}. Run \`npm run spec:types\` and commit the result.`);
  process.exit(1);
}
console.log('Generated types are fresh.');
