import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// STYLE: shared types live one floor below the modules that use them, so no import circle (type-only
// ones included) makes a newcomer read two files to understand either.
const ROOT = path.resolve(__dirname, '../..');

/** The project's own imports of each TypeScript source under `dir` (type-only ones included). */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.ts')) graph.set(path.relative(ROOT, file), importsOf(file));
    }
  };
  visit(path.join(ROOT, dir));
  return graph;
}

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^'"]*?from '(\.[^']+)'/gm)].flatMap(
    ([, specifier]) => {
      const target = path.resolve(path.dirname(file), specifier ?? '');
      const found = [`${target}.ts`, path.join(target, 'index.ts')].find((candidate) => existsSync(candidate));
      return found === undefined ? [] : [path.relative(ROOT, found)];
    },
  );
}

/** Every circle the depth-first walk meets, as the files around it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const walk = (file: string, trail: string[]): void => {
    const at = trail.indexOf(file);
    if (at >= 0) return void cycles.push(trail.slice(at));
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) walk(next, [...trail, file]);
    done.add(file);
  };
  for (const file of graph.keys()) walk(file, []);
  return cycles;
}

test.each(['mock', 'contracts'])('no import circle in %s/, type-only ones included', (dir) => {
  expect(findCycles(importGraph(dir))).toEqual([]);
});

test('the walk finds a circle when there is one', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
});
