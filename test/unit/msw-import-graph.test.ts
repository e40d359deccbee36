import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const DIST = path.resolve(__dirname, '../../dist/mock');

/** Every module the compiled file reaches through require() (at the top or lazily inside a function), following the project's own files. */
function reachable(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, , specifier] of readFileSync(file, 'utf8').matchAll(/require\((["'])([^"']+)\1\)/g)) {
      if (!specifier) continue;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier);
      visit(existsSync(`${target}.js`) ? `${target}.js` : path.join(target, 'index.js'));
    }
  };
  visit(entry);
  return { files: [...files].map((file) => path.relative(DIST, file)), packages: [...packages].sort() };
}

test('the MSW entry point reaches no Express, prism, pino, ioredis, node: module or HTTP adapter (it runs in browsers)', () => {
  const { files, packages } = reachable(path.join(DIST, 'msw/index.js'));
  expect(packages).toEqual(['msw']);
  expect(
    files.filter((file) => file.startsWith('http/') || file.startsWith('spec-engine/') || file === 'server.js'),
  ).toEqual([]);
  expect(files).toContain('core/handle-service-request.js');
});

test('the graph walk sees what it should: the server entry reaches the Node adapter, pino and prism, and no Express', () => {
  const { files, packages } = reachable(path.join(DIST, 'server.js'));
  expect(files).toEqual(expect.arrayContaining(['http/node-front.js', 'front/handle-request.js']));
  expect(packages).toEqual(expect.arrayContaining(['pino', 'node:fs', '@stoplight/prism-http/dist/validator']));
  expect(packages.filter((name) => name.startsWith('express'))).toEqual([]);
});
