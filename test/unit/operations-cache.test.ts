import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as LoadOperations from '../../mock/spec-engine/load-operations';
import { operationsCachePath, readOperationsWithPrism, sha256 } from '../../mock/spec-engine/load-operations';

const MOCK_SPEC = path.resolve(__dirname, '../../spec/mock.openapi.yaml');
const BUILT_CACHE = path.resolve(__dirname, '../../dist/spec/mock.operations.json');

test("the build saves exactly what prism reads from the current spec, under the spec's hash", async () => {
  // npm test builds before Jest runs.
  const cache = JSON.parse(readFileSync(BUILT_CACHE, 'utf8')) as { specSha256: string; operations: unknown };
  expect(cache.specSha256).toBe(sha256(readFileSync(MOCK_SPEC, 'utf8')));
  expect(cache.operations).toEqual(JSON.parse(JSON.stringify(await readOperationsWithPrism(MOCK_SPEC))));
});

test('the cache sits in the compiled tree, never beside the TypeScript sources', () => {
  expect(operationsCachePath(MOCK_SPEC)).toBe(path.resolve(__dirname, '../../spec/mock.operations.json'));
  expect(existsSync(operationsCachePath(MOCK_SPEC))).toBe(false);
});

const COMPILED = path.resolve(__dirname, '../../dist/mock/spec-engine/load-operations.js');

test("the compiled mock reads the saved operations at start and never loads prism's reader for them", () => {
  const script = `require(${JSON.stringify(COMPILED)}).loadOperations(${JSON.stringify(MOCK_SPEC)}).then((ops) => console.log(ops.length, Object.keys(require.cache).some((file) => file.includes('prism-http'))))`;
  const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
  expect(out).toMatch(/^\d+ false$/);
});

test('a spec changed after the build is read by prism, not from the stale cache', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtm-ops-'));
  try {
    // Same file name, so the compiled reader looks at the built cache, whose hash no longer matches.
    const changed = path.join(dir, 'mock.openapi.yaml');
    writeFileSync(
      changed,
      readFileSync(MOCK_SPEC, 'utf8').replace('operationId: getViewToken\n', 'operationId: getViewTokenRenamed\n'),
    );
    // The compiled module on purpose: only it sits beside the built cache.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const compiled = require(COMPILED) as typeof LoadOperations;
    expect(compiled.operationsCachePath(changed)).toBe(BUILT_CACHE);
    const operations = await compiled.loadOperations(changed);
    expect(operations.map((operation) => operation.iid)).toContain('getViewTokenRenamed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('from the TypeScript sources (as Jest runs the mock)', () => {
  afterEach(() => {
    jest.dontMock('@stoplight/prism-http/dist/utils/operations');
    jest.resetModules();
  });

  test("the mock reads the build's saved operations and never calls prism's reader", async () => {
    // prism's reader made to fail: the operations can then only have come from dist/spec.
    jest.doMock('@stoplight/prism-http/dist/utils/operations', () => ({
      getHttpOperationsFromSpec: () => Promise.reject(new Error("prism's reader was called")),
    }));
    const fromSources = jest.requireActual<typeof LoadOperations>('../../mock/spec-engine/load-operations');
    const operations = await fromSources.loadOperations(MOCK_SPEC);
    const cache = JSON.parse(readFileSync(BUILT_CACHE, 'utf8')) as { operations: unknown[] };
    expect(operations).toHaveLength(cache.operations.length);
  });

  test('a spec changed after the build is read by prism even though a built cache exists', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vtm-ops-'));
    try {
      const changed = path.join(dir, 'mock.openapi.yaml');
      writeFileSync(
        changed,
        readFileSync(MOCK_SPEC, 'utf8').replace('operationId: getViewToken\n', 'operationId: getViewTokenEdited\n'),
      );
      const fromSources = jest.requireActual<typeof LoadOperations>('../../mock/spec-engine/load-operations');
      const operations = await fromSources.loadOperations(changed);
      expect(operations.map((operation) => operation.iid)).toContain('getViewTokenEdited');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
