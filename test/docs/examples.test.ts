import path from 'node:path';
import { findDocPages, loadPageExamples } from '../support/doc-examples';
import { runPageExamples } from '../support/run-doc-examples';
import { killStartedClis } from '../support/spawn-cli';

const ROOT = path.resolve(__dirname, '../..');

afterEach(killStartedClis);

test.each(findDocPages(ROOT))(
  'every example with shown output in %s runs as shown against a real mock, or is marked illustrative',
  async (file) => {
    const examples = loadPageExamples(ROOT, file);
    expect(
      examples
        .filter((example) => example.cannotRun !== undefined && !example.illustrative)
        .map((example) => `${file}:${example.line}: ${example.cannotRun}`),
    ).toEqual([]);
    const runnable = examples.filter((example) => !example.illustrative && example.cannotRun === undefined);
    expect(await runPageExamples(runnable)).toEqual([]);
  },
  120_000,
);
