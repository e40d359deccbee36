import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * This package's version (from its package.json, beside dist/ or the sources), for --version and the reports.
 * @example packageVersion() // '1.4.0', read from the package.json above this module's directory (or the one above that)
 */
export function packageVersion(directory: string = __dirname): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      return (JSON.parse(readFileSync(path.resolve(directory, candidate), 'utf8')) as { version: string }).version;
    } catch {
      /* next */
    }
  }
  return 'unknown';
}
