import { readFileSync } from 'node:fs';
import path from 'node:path';

/** This package's version (from its package.json, beside dist/ or the sources), for --version and the reports. */
export function packageVersion(): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      return (JSON.parse(readFileSync(path.resolve(__dirname, candidate), 'utf8')) as { version: string }).version;
    } catch {
      /* next */
    }
  }
  return 'unknown';
}
