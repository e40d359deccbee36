#!/usr/bin/env node
// `npm run docs:reference`: writes docs/reference/ from the sources (after `npm run build`: it reads the
// flag and check tables from dist/). `node scripts/docs-reference.js --check` (`npm run docs:check`, run by
// `npm test`) writes nothing and fails naming each page that differs from what the sources give.
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { adminApiPage } = require('./reference/admin-api-page');
const { cliPage } = require('./reference/cli-page');
const { configPage } = require('./reference/config-page');
const { harnessChecksPage } = require('./reference/harness-checks-page');
const { viewerCoveragePage } = require('./reference/viewer-coverage-page');

const ROOT = path.resolve(__dirname, '..');

/** Each page's path (relative to the root) and the text the sources give it. */
function generateReferencePages(root = ROOT) {
  return {
    'docs/reference/cli.md': cliPage(root),
    'docs/reference/admin-api.md': adminApiPage(root),
    'docs/reference/config.md': configPage(root),
    'docs/reference/harness-checks.md': harnessChecksPage(root),
    'docs/reference/viewer-coverage.md': viewerCoveragePage(root),
  };
}

/** The pages whose committed text is not what the sources give (missing counts as stale). */
function findStalePages(pages, root = ROOT) {
  return Object.entries(pages)
    .filter(([file, text]) => {
      try {
        return readFileSync(path.join(root, file), 'utf8') !== text;
      } catch {
        return true;
      }
    })
    .map(([file]) => file);
}

function writePages(pages, root = ROOT) {
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

if (require.main === module) {
  const pages = generateReferencePages();
  const stale = findStalePages(pages);
  if (process.argv.includes('--check')) {
    if (stale.length > 0) {
      console.error(
        `Generated reference pages are stale: ${stale.join(', ')}. Run \`npm run docs:reference\` and commit the result.`,
      );
      process.exit(1);
    }
    console.log('Generated reference pages are fresh.');
  } else {
    writePages(pages);
    console.log(stale.length === 0 ? 'docs/reference/ is up to date' : `docs/reference/: rewrote ${stale.join(', ')}`);
  }
}

module.exports = { findStalePages, generateReferencePages, writePages };
