#!/usr/bin/env node
// After `stryker run` (which fails below 85 % overall): fails when any mutated file scores below
// 75 %, and prints the score of every file, as docs/internals/mutation-testing.md lists them. Each
// argument is a Stryker JSON report (default: the core's); `npm run test:mutation` passes the core's
// and the contract harness's.
/* global console, process */
import { readFileSync } from 'node:fs';
import { calculateMetrics } from 'mutation-testing-metrics';

const REPORTS = process.argv.length > 2 ? process.argv.slice(2) : ['reports/mutation/mutation.json'];
const FILE_MINIMUM = 75;

/** Every file of the tree (the library sums the directories), with its path there. */
function* filesOf(directory, prefix = '') {
  for (const child of directory.childResults) {
    const name = `${prefix}${child.name}`;
    if (child.file) yield { name, metrics: child.metrics };
    else yield* filesOf(child, `${name}/`);
  }
}

const score = (metrics) => (Number.isNaN(metrics.mutationScore) ? 'n/a' : `${metrics.mutationScore.toFixed(2)} %`);
const low = [];
for (const file of REPORTS) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const root = calculateMetrics(report.files);
  const rows = [...filesOf(root)].sort((a, b) => a.name.localeCompare(b.name));
  console.log(`${file}:`);
  for (const { name, metrics } of rows) {
    if (metrics.totalValid > 0 && metrics.mutationScore < FILE_MINIMUM) low.push(`${name} (${score(metrics)})`);
    console.log(
      `${name.padEnd(34)} ${score(metrics).padStart(8)}  killed ${metrics.killed}, timed out ${metrics.timeout}, survived ${metrics.survived}, not covered ${metrics.noCoverage}, not compiling ${metrics.compileErrors}`,
    );
  }
  console.log(`${'all files'.padEnd(34)} ${score(root.metrics).padStart(8)}`, '\n');
}
if (low.length > 0) {
  console.error(
    `Below ${FILE_MINIMUM} % per file: ${low.join(', ')}. Write the missing tests (docs/internals/mutation-testing.md).`,
  );
  process.exitCode = 1;
}
