import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findDocPages } from '../support/doc-examples';
import { headingAnchors, relativeLinks } from '../support/doc-links';

const ROOT = path.resolve(__dirname, '../..');
const PAGES = [...findDocPages(ROOT), 'contracts/README.md'];

/** Where a link of `file` leads, relative to the root, and its anchor ('' when none). */
function resolve(file: string, target: string): { page: string; anchor: string } {
  const [where = '', anchor = ''] = target.split('#');
  return {
    page:
      where === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(where))),
    anchor,
  };
}

test('every relative link and image in README.md, contracts/README.md and docs/**/*.md leads to a file of the repository', () => {
  const broken = PAGES.flatMap((file) => relativeLinks(ROOT, file))
    .filter(({ file, target }) => {
      const { page } = resolve(file, target);
      return !existsSync(path.join(ROOT, page));
    })
    .map(({ file, line, target }) => `${file}:${line}: ${target}`);
  expect(broken).toEqual([]);
});

test("every #anchor of a link to a Markdown page names one of that page's headings", () => {
  const broken = PAGES.flatMap((file) => relativeLinks(ROOT, file))
    .filter(({ file, target }) => {
      const { page, anchor } = resolve(file, target);
      if (anchor === '' || !page.endsWith('.md') || !existsSync(path.join(ROOT, page))) return false;
      return !headingAnchors(readFileSync(path.join(ROOT, page), 'utf8')).has(anchor);
    })
    .map(({ file, line, target }) => `${file}:${line}: ${target}`);
  expect(broken).toEqual([]);
});

test('the link reader finds links and images outside code, and the anchors GitHub gives headings', () => {
  expect(
    headingAnchors('# A page\n## `npm run bench`\n## Sliding expiry\n```sh\n# not a heading\n```\n## Sliding expiry\n'),
  ).toEqual(new Set(['a-page', 'npm-run-bench', 'sliding-expiry', 'sliding-expiry-1']));
});
