import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuiltFileReader } from '../viewer-files';

/** Where the build writes thirdparty.js: beside the compiled viewer code, or dist/ of a source checkout. */
const CANDIDATES = [
  path.join(__dirname, '..', 'thirdparty.js'),
  path.resolve(__dirname, '../../../dist/mock/viewer/thirdparty.js'),
];

let cached: string | undefined;

/**
 * The server's reader of the stand-in files built into dist/ (three.js as thirdparty.js), read once
 * on first request; undefined while the build has not written it.
 */
export const readBuiltViewerFile: BuiltFileReader = () => {
  if (cached !== undefined) return cached;
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (found !== undefined) cached = readFileSync(found, 'utf8');
  return cached;
};
