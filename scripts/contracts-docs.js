#!/usr/bin/env node
// `npm run contracts:docs`: writes the table of checks in docs/guides/contract-testing.md from the check
// definitions (contracts/checks/*.ts, built to dist/), and the same table into docs/reference/harness-checks.md.
// test/contracts/checks-doc.test.ts and `npm run docs:check` fail when either is stale.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { CHECKS_TABLE_BEGIN, CHECKS_TABLE_END, toChecksTable } = require(
  path.join(root, 'dist/contracts/checks-table.js'),
);
const guide = path.join(root, 'docs/guides/contract-testing.md');
const text = readFileSync(guide, 'utf8');
const begin = text.indexOf(CHECKS_TABLE_BEGIN);
const end = text.indexOf(CHECKS_TABLE_END);
if (begin === -1 || end < begin) {
  console.error(
    `docs/guides/contract-testing.md: the markers ${CHECKS_TABLE_BEGIN} and ${CHECKS_TABLE_END} are missing; put them where the table goes`,
  );
  process.exit(1);
}
const updated = `${text.slice(0, begin + CHECKS_TABLE_BEGIN.length)}\n${toChecksTable()}\n${text.slice(end)}`;
if (updated === text) console.log('docs/guides/contract-testing.md: the table of checks is up to date');
else {
  writeFileSync(guide, updated);
  console.log('docs/guides/contract-testing.md: the table of checks was rewritten from the check definitions');
}

const { harnessChecksPage } = require('./reference/harness-checks-page');
const { findStalePages, writePages } = require('./docs-reference');
const page = { 'docs/reference/harness-checks.md': harnessChecksPage(root) };
const stale = findStalePages(page);
writePages(page);
console.log(
  stale.length === 0
    ? 'docs/reference/harness-checks.md is up to date'
    : 'docs/reference/harness-checks.md was rewritten from the check definitions',
);
