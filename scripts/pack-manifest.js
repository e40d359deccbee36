#!/usr/bin/env node
// `prepack` (after the build) / `postpack`: the packed package.json has no `prepare`. In this repository `prepare`
// builds dist/ on `npm ci`; in the tarball dist/ is built already, and npm 11 lists a `prepare` of a
// non-registry source (the tarball `npm pack` makes, a git URL) as an install script "not yet
// covered by allowScripts" in every project that installs it (npm 12 blocks it).
//   node scripts/pack-manifest.js strip     keeps package.json as package.json.pack-backup, writes it without prepare
//   node scripts/pack-manifest.js restore   puts the backup back
const { existsSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const manifest = path.join(root, 'package.json');
const backup = path.join(root, 'package.json.pack-backup');

const command = process.argv[2];
if (command === 'strip') {
  if (existsSync(backup))
    throw new Error(`${backup} exists: a pack was interrupted; run \`node scripts/pack-manifest.js restore\` first`);
  const text = readFileSync(manifest, 'utf8');
  writeFileSync(backup, text);
  const { prepare: _prepare, ...scripts } = JSON.parse(text).scripts;
  // Written beside it and renamed over it: a process reading package.json meanwhile (a test finding the
  // package root while another packs) reads the old file or the new one, never an empty one.
  const stripped = `${manifest}.pack-stripped`;
  writeFileSync(stripped, `${JSON.stringify({ ...JSON.parse(text), scripts }, null, 2)}\n`);
  renameSync(stripped, manifest);
} else if (command === 'restore') {
  if (existsSync(backup)) renameSync(backup, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.js strip|restore');
  process.exit(2);
}
