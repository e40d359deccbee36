import { existsSync } from 'node:fs';
import path from 'node:path';
import type express from 'express';

/** Express 5 and its dependencies in one file, written by scripts/build-cli.js and shipped in the package. */
const BUNDLED_EXPRESS = path.join(__dirname, '..', 'cli', 'bundle', 'express.js');

/**
 * Express for the admin API, the dashboard and the spec-answered operations. The package ships it
 * bundled (the file the CLI runs), so neither the command nor the library's createMockServer needs
 * express in node_modules: it is no dependency of the package, and a project on Express 4 installs
 * this one without a conflict. Before a build (tests on the sources) it is the dev dependency. The
 * CLI bundle replaces this module with a loader that uses the bundle's V8 code cache.
 */
export function loadExpress(): typeof express {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(existsSync(BUNDLED_EXPRESS) ? BUNDLED_EXPRESS : 'express') as typeof express;
}
