#!/usr/bin/env node
// After `stryker run` (which fails below 85 % overall): fails when any mutated file scores below
// 75 %, and prints the score of every file, as docs/internals/mutation-testing.md lists them.
/* global console, process */
import { readFileSync } from 'node:fs';
import { calculateMetrics } from 'mutation-testing-metrics';

const REPORT = 'reports/mutation/mutation.json';
const FILE_MINIMUM = 75;

const report = JSON.parse(readFileSync(REPORT, 'utf8'));
const root = calculateMetrics(report.files);

/** Every file of the tree under mock/core (the library sums the directories), with its path there. */
function* filesOf(directory, prefix = '') {
  for (const child of directory.childResults) {
    const name = `${prefix}${child.name}`;
    if (child.file) yield { name, metrics: child.metrics };
    else yield* filesOf(child, `${name}/`);
  }
}

const score = (metrics) => (Number.isNaN(metrics.mutationScore) ? 'n/a' : `${metrics.mutationScore.toFixed(2)} %`);
const rows = [...filesOf(root)].sort((a, b) => a.name.localeCompare(b.name));
const low = rows.filter(({ metrics }) => metrics.totalValid > 0 && metrics.mutationScore < FILE_MINIMUM);
for (const { name, metrics } of rows) {
  console.log(
    `${name.padEnd(34)} ${score(metrics).padStart(8)}  killed ${metrics.killed}, timed out ${metrics.timeout}, survived ${metrics.survived}, not covered ${metrics.noCoverage}, not compiling ${metrics.compileErrors}`,
  );
}
console.log(`${'all files'.padEnd(34)} ${score(root.metrics).padStart(8)}`);
if (low.length > 0) {
  console.error(
    `Below ${FILE_MINIMUM} % per file: ${low.map(({ name, metrics }) => `${name} (${score(metrics)})`).join(', ')}. Write the missing tests (docs/internals/mutation-testing.md).`,
  );
  process.exitCode = 1;
}
