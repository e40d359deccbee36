// The package's version is said in four places: package.json, the constant the mock reports
// (`--version`, the start banner, GET /__admin/health), the CHANGELOG's newest section and the README's
// pointer to it. A release that bumps one and forgets another fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PACKAGE_VERSION } from '../../mock/compose/package-version';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** The version of the CHANGELOG's first `## ` section (`## 0.3.0 - 2026-11-28` or `## [0.3.0] - …`). */
function newestChangelogVersion(markdown: string): string | undefined {
  return /^## \[?(\d+\.\d+\.\d+)\]?/m.exec(markdown)?.[1];
}

const version = (JSON.parse(read('package.json')) as { version: string }).version;

test("package.json's version is the one the mock reports", () => {
  expect(PACKAGE_VERSION).toBe(version);
});

test("the CHANGELOG's newest section is package.json's version", () => {
  expect(newestChangelogVersion(read('CHANGELOG.md'))).toBe(version);
});

test("the README's pointer to what changed names package.json's version", () => {
  expect(read('README.md')).toMatch(new RegExp(`What changed in ${version.replaceAll('.', '\\.')}\\b`));
});

test("the install guide says the version it documents, and its install figures are that version's", () => {
  const guide = read('docs/getting-started/install.md');
  expect(guide).toContain(`This page is for\nview-token-mock ${version}.`);
  expect(guide).toMatch(new RegExp(`^\\| ${version.replaceAll('.', '\\.')}, the package alone \\|`, 'm'));
});
