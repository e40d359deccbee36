// docs/reference/harness-checks.md: the contract harness's checks, from their definitions
// (contracts/checks/*.ts), with the table docs/guides/contract-testing.md holds too (`npm run contracts:docs`).
const path = require('node:path');
const { URL } = require('node:url');
const { banner, code, table } = require('./markdown');

/** The page's text. */
function harnessChecksPage(root) {
  const { toChecksTable } = require(path.join(root, 'dist/contracts/checks-table.js'));
  const { CHECKS } = require(path.join(root, 'dist/contracts/checks.js'));
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
    check.summary,
    check.skipReason?.(noIds) ?? 'nothing beyond --base-url and --access-token',
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
    'A check whose ids were not given is reported as skipped, with the reason below.',
    '',
    table(['Check', 'In one line', 'Without the id flags'], needs),
    '',
  ].join('\n');
}

module.exports = { harnessChecksPage };
