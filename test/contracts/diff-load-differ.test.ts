import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DIFFER_PACKAGE, findPackage, loadDiffer } from '../../contracts/diff/load-differ';
import { UsageError } from '../../contracts/usage-error';
import { tempFiles } from '../support/temp-files';

// Which differ `diff` loads: the major the range names, and nothing else; and how the installed
// version is found (the package.json at the top of the folder the package resolves into).

const files = tempFiles('vtm-load-differ-');

const wanted = (seen: string) =>
  new UsageError(
    `view-token-contracts diff needs the optional package api-smart-diff@^1.0.6, ${seen}: npm install api-smart-diff@^1.0.6`,
  );

describe('loadDiffer', () => {
  test('loads the installed differ (of the major the range names), with its version', () => {
    const differ = loadDiffer();
    expect(DIFFER_PACKAGE.range).toBe('^1.0.6');
    expect(differ.version).toMatch(/^1\.\d+\.\d+/);
    expect(typeof differ.apiCompare).toBe('function');
    expect(typeof differ.openapi3Rules).toBe('function');
  });

  test.each(['1.0.6', '1.9.0', '1.0.0-beta.1'])('takes version %s: same major', (version) => {
    expect(loadDiffer(() => ({ version })).version).toBe(version);
  });

  test.each(['0.7.2', '2.0.0', '10.0.0', '11.2.3', ''])('refuses version "%s": another major', (version) => {
    expect(() => loadDiffer(() => ({ version }))).toThrow(wanted(`but api-smart-diff@${version} is installed`));
  });

  test('refuses a differ that is not installed', () => {
    expect(() => loadDiffer(() => undefined)).toThrow(wanted('which is not installed'));
  });

  test('asks for the package by its name', () => {
    const asked: string[] = [];
    loadDiffer((name) => {
      asked.push(name);
      return { version: '1.0.6' };
    });
    expect(asked).toEqual(['api-smart-diff']);
  });
});

describe('findPackage', () => {
  /** A project folder with node_modules/<name> holding this package.json and an index.js. */
  function project(name: string, manifest: Record<string, unknown>): (request: string) => string {
    const top = path.join(files.folder(), `project-${name}-${Object.keys(manifest).join('-')}`);
    const folder = path.join(top, 'node_modules', name);
    mkdirSync(path.join(folder, 'lib'), { recursive: true });
    writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name, main: 'lib/index.js', ...manifest }));
    writeFileSync(path.join(folder, 'lib', 'index.js'), 'module.exports = {};');
    return createRequire(path.join(top, 'index.js')).resolve;
  }

  test('reads the version of the package.json at the top of the folder the name resolves into', () => {
    expect(findPackage('a-differ', project('a-differ', { version: '1.4.2' }))).toEqual({ version: '1.4.2' });
  });

  test('a package.json without a version string gives an empty version', () => {
    expect(findPackage('no-version', project('no-version', {}))).toEqual({ version: '' });
    expect(findPackage('odd-version', project('odd-version', { version: 1 }))).toEqual({ version: '' });
  });

  test('a name that does not resolve is not installed', () => {
    expect(findPackage('not-here', project('other', { version: '1.0.0' }))).toBeUndefined();
  });

  test('an entry outside any node_modules folder is not an installed package', () => {
    expect(findPackage('linked', () => path.join(files.folder(), 'linked', 'index.js'))).toBeUndefined();
  });

  test("Node's own resolution finds the project's differ", () => {
    expect(findPackage(DIFFER_PACKAGE.name)?.version).toBe(loadDiffer().version);
  });
});
