// docs/reference/harness-checks.md: the contract harness's checks, from their definitions
// (contracts/checks/*.ts), with the table docs/guides/contract-testing.md holds too (`npm run contracts:docs`).
const path = require('node:path');
const { URL } = require('node:url');
const { banner, code, table } = require('./markdown');

/** The page's text. */
function harnessChecksPage(root) {
  const { toChecksTable } = require(path.join(root, 'dist/contracts/checks-table.js'));
  const { CHECKS } = require(path.join(root, 'dist/contracts/checks.js'));
  const { CHECKS_VERSIONS, CHECKS_VERSION_NOTES } = require(path.join(root, 'dist/contracts/check-versions.js'));
  // With no ids given, a check that needs one says which flag enables it.
  const noIds = {
    ids: {},
    checks: 'all',
    excludeChecks: [],
    accessToken: 'x',
    target: new URL('http://127.0.0.1:4010'),
    timeoutMs: 1,
  };
  const needs = CHECKS.map((check) => [
    code(check.name),
    String(check.since),
    check.summary,
    check.skipReason?.(noIds) ?? 'nothing beyond --base-url and --access-token',
  ]);
  const versions = CHECKS_VERSIONS.map((version) => [
    String(version),
    CHECKS_VERSION_NOTES[version],
    CHECKS.filter((check) => check.since === version)
      .map((check) => code(check.name))
      .join(', '),
  ]);
  return [
    banner('the check definitions (`contracts/checks/*.ts`, `contracts/checks.ts`)'),
    '',
    '# Harness checks',
    '',
    '`view-token-contracts` runs these checks, in this order (`--checks a,b` and `--exclude-checks a,b` pick them).',
    'Each holds an implementation to one sentence of the interface document, no more.',
    '',
    toChecksTable(),
    '',
    '## What each needs',
    '',
    'A check whose ids were not given is reported as skipped, with the reason below; `--checks-version` gives the version each came in.',
    '',
    table(['Check', 'Version', 'In one line', 'Without the id flags'], needs),
    '',
    '## Versions of the checks',
    '',
    '`--checks-version N` runs the checks of versions 1 to N, and sends only their requests: upgrading the package adds no check to a pinned run.',
    '',
    table(['Version', 'What it added', 'Checks'], versions),
    '',
  ].join('\n');
}

module.exports = { harnessChecksPage };
