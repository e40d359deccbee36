import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type * as Harness from '../../contracts/index';
import { FAKE_IDS, FAKE_TOKEN, fakeListener } from '../support/fake-implementation';

// A provider's own matcher of the same name as jest-openapi's, registered before the harness is loaded.
const calls: unknown[] = [];
expect.extend({
  toSatisfyApiSpec(received: unknown) {
    calls.push(received);
    return { pass: received === 'provider response', message: () => "the provider's own toSatisfyApiSpec" };
  },
});

test("importing and running the harness leaves the caller's expect, its toSatisfyApiSpec and every global as they were", async () => {
  const globalsBefore = Object.getOwnPropertyNames(globalThis);
  const expectBefore = (globalThis as { expect?: unknown }).expect;
  // Loaded here, after the provider's matcher: importing it must change nothing either.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const harness = require('../../contracts/index') as typeof Harness;
  const report = await harness.runContracts(
    harness.toContractOptions({
      target: fakeListener('none'),
      accessToken: FAKE_TOKEN,
      ids: { fileId: FAKE_IDS.valid, integrateId: FAKE_IDS.integrateId, childFileId: FAKE_IDS.childFileId },
    }),
  );
  expect(report.results.find((result) => result.name === 'response_schema_conformance')).toMatchObject({
    status: 'pass',
    note: expect.stringMatching(/^\d+ answers judged$/),
  });

  (expect('provider response') as unknown as { toSatisfyApiSpec(): void }).toSatisfyApiSpec();
  expect(() => (expect('another response') as unknown as { toSatisfyApiSpec(): void }).toSatisfyApiSpec()).toThrow(
    "the provider's own toSatisfyApiSpec",
  );
  expect(calls).toEqual(['provider response', 'another response']);
  expect((globalThis as { expect?: unknown }).expect).toBe(expectBefore);
  expect(Object.getOwnPropertyNames(globalThis).filter((name) => !globalsBefore.includes(name))).toEqual([]);
});

// The built modules (npm test builds before Jest runs), in a process of their own.
const DIST = path.resolve(__dirname, '../../dist/contracts');

test('the harness (library and CLI modules) loads neither jest-openapi, expect nor prism: only the Jest entry needs jest-openapi, and only when asked', () => {
  const script = `
    require(${JSON.stringify(path.join(DIST, 'index.js'))});
    require(${JSON.stringify(path.join(DIST, 'jest.js'))});
    console.log(JSON.stringify(Object.keys(require.cache).filter((file) => /node_modules\\/(jest-openapi|expect|@stoplight)\\//.test(file))));`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual([]);
});
