#!/usr/bin/env node
// The `view-token-mock` bin (mock/cli/main.ts is the command line itself). `npm run build` bundles
// the command line into dist/mock/cli/bundle/ (scripts/build-cli.js): two files instead of ~230
// modules, with V8's code cache, which roughly halves the time to the first answer. This runs that
// bundle, or the compiled sources when there is none or it is older than tsc's last build.
import { statSync } from 'node:fs';
import path from 'node:path';
import { requireWithCodeCache } from './cli/code-cache';

const BUNDLE = path.join(__dirname, 'cli', 'bundle', 'main.js');
/** tsc rewrites it on each build that emitted something (tsconfig.build.json); packages ship without it. */
const TSC_BUILD_INFO = path.join(__dirname, '..', '.tsbuildinfo');

/** After `tsc` alone the bundle would run sources older than the compiled ones next to it. */
function isBundleFresh(): boolean {
  const bundle = statSync(BUNDLE, { throwIfNoEntry: false });
  const tscBuild = statSync(TSC_BUILD_INFO, { throwIfNoEntry: false });
  return bundle !== undefined && (tscBuild === undefined || bundle.mtimeMs >= tscBuild.mtimeMs);
}

if (isBundleFresh()) requireWithCodeCache(BUNDLE);
// eslint-disable-next-line @typescript-eslint/no-require-imports
else require('./cli/main');
