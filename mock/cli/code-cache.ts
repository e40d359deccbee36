import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/**
 * Set by `npm run build` (scripts/build-cli.js, which reads it from dist/) for its training start: compile afresh,
 * write the caches at exit.
 * @public
 */
export const WRITE_CODE_CACHE_ENV = 'VIEW_TOKEN_MOCK_WRITE_CODE_CACHE';

/** Where the code cache of a bundle is kept: next to it. */
export const codeCachePath = (file: string): string => `${file}.v8-cache`;

/** Whether a bundle ran from its cache: 'used', 'rejected' by V8 (another V8, flags), 'none' (missing, stale). */
export type CodeCacheState = 'used' | 'rejected' | 'none';

/** The bundles this process compiled; a training run saves what V8 compiled of them by its end. */
const compiled = new Map<string, { script: Script; checksum: number; state: CodeCacheState }>();

/**
 * Runs a CommonJS bundle as require() would, but compiled with the V8 code cache saved next to it,
 * so a start skips parsing it and compiling the functions it ran last time. The cache is used only
 * when it was written for this very text (its CRC-32 leads the file: V8 itself checks no more than
 * the length, and would run the old code of a same-length edit) and V8 accepts it (same V8 and
 * flags); otherwise the bundle is compiled from its text as usual. Node 20 has no compile cache of
 * its own (`module.enableCompileCache` is Node 22+).
 * @example requireWithCodeCache(path.join(__dirname, 'cli', 'bundle', 'main.js'));
 */
export function requireWithCodeCache(file: string): unknown {
  const source = readFileSync(file, 'utf8');
  const checksum = crc32(source);
  const training = process.env[WRITE_CODE_CACHE_ENV] === '1';
  if (training && compiled.size === 0) process.once('exit', writeCodeCaches);
  const cachedData = training ? undefined : readCodeCache(file, checksum);
  // Node's own wrapper, on the first line, so line numbers in stack traces stay the bundle's.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  compiled.set(file, {
    script,
    checksum,
    state: cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used',
  });
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** How `file` was compiled by {@link requireWithCodeCache} in this process; undefined if it was not. */
export function codeCacheState(file: string): CodeCacheState | undefined {
  return compiled.get(file)?.state;
}

/** Saves each compiled bundle's code cache, with what V8 compiled of it since (the training run does, at exit). */
export function writeCodeCaches(): void {
  for (const [file, { script, checksum }] of compiled) {
    const header = Buffer.alloc(4);
    header.writeUInt32LE(checksum, 0);
    const temporary = `${codeCachePath(file)}.${process.pid}`;
    writeFileSync(temporary, Buffer.concat([header, script.createCachedData()]));
    renameSync(temporary, codeCachePath(file));
  }
}

function readCodeCache(file: string, checksum: number): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(codeCachePath(file));
  } catch {
    return undefined;
  }
  return data.length > 4 && data.readUInt32LE(0) === checksum ? data.subarray(4) : undefined;
}
