// docs/internals/layout.md lists every folder of the repository with its one job: a folder added
// without its line, or a line left for a folder that is gone, fails here.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const LAYOUT = 'docs/internals/layout.md';

/** The folder lines of the layout's first code block: `path/  its job`, a job going on over indented lines. */
function listedFolders(markdown: string): { folder: string; job: string }[] {
  const block = /^```\n([\s\S]*?)^```$/m.exec(markdown)?.[1] ?? '';
  return block
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith(' '))
    .map((line) => {
      const [folder = '', ...job] = line.split(/\s+/);
      return { folder, job: job.join(' ') };
    });
}

/**
 * The folders holding the repository's files, new ones included and ignored ones not (git's view:
 * node_modules/, dist/, reports); what is under a `fixtures/` folder belongs to its tests.
 */
function repositoryFolders(): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/').slice(0, -1);
    const inFixtures = parts.indexOf('fixtures');
    const kept = inFixtures === -1 ? parts : parts.slice(0, inFixtures + 1);
    for (let depth = 1; depth <= kept.length; depth += 1) folders.add(`${kept.slice(0, depth).join('/')}/`);
  }
  return [...folders].sort();
}

test(`${LAYOUT} has a line for every folder of the repository, and no line for a folder that is gone`, () => {
  const listed = listedFolders(readFileSync(path.join(ROOT, LAYOUT), 'utf8')).map(({ folder }) => folder);
  const existing = repositoryFolders();
  expect({
    unlisted: existing.filter((folder) => !listed.includes(folder)),
    gone: listed.filter((folder) => !existing.includes(folder)),
  }).toEqual({ unlisted: [], gone: [] });
});

test(`each folder of ${LAYOUT} has one line, which says its job`, () => {
  const lines = listedFolders(readFileSync(path.join(ROOT, LAYOUT), 'utf8'));
  const folders = lines.map(({ folder }) => folder);
  expect(folders.filter((folder, index) => folders.indexOf(folder) !== index)).toEqual([]);
  expect(lines.filter(({ folder, job }) => !folder.endsWith('/') || job === '')).toEqual([]);
});
