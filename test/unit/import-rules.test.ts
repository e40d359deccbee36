import { spawnSync } from 'node:child_process';
import path from 'node:path';

// npm test runs `npm run deps:check` (dependency-cruiser) over mock/ and contracts/; this holds that
// its configuration sees the circles the house forbids, side-effect and type-only imports included.
const ROOT = path.resolve(__dirname, '../..');
const CRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');

function cruise(...targets: string[]): { status: number | null; output: string } {
  const run = spawnSync(CRUISE, [...targets, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

test('a circle made of a side-effect import, a type-only import and a value import is an error', () => {
  const { status, output } = cruise('test/unit/fixtures/import-circle');
  expect(status).not.toBe(0);
  expect(output).toContain('error no-circular: test/unit/fixtures/import-circle/a.ts');
});
