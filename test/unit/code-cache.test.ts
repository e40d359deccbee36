import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { codeCachePath, codeCacheState, requireWithCodeCache, writeCodeCaches } from '../../mock/cli/code-cache';

const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-code-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let count = 0;
/** A CommonJS file that requires a neighbour and reports its module variables; returns its path. */
function aBundle(answer: string): string {
  const dir = mkdtempSync(path.join(scratch, `bundle-${count++}-`));
  writeFileSync(path.join(dir, 'neighbour.js'), "module.exports = 'neighbour';");
  const file = path.join(dir, 'bundle.js');
  writeFileSync(
    file,
    `const neighbour = require('./neighbour.js');
const answer = () => '${answer}';
module.exports = { answer: answer(), neighbour, filename: __filename, dirname: __dirname, self: this === exports };`,
  );
  return file;
}

test('a bundle runs as require() would run it: exports, this, __filename, __dirname and a relative require', () => {
  const file = aBundle('one');
  expect(requireWithCodeCache(file)).toEqual({
    answer: 'one',
    neighbour: 'neighbour',
    filename: file,
    dirname: path.dirname(file),
    self: true,
  });
  expect(codeCacheState(file)).toBe('none');
});

test('the saved cache leads with the CRC-32 of the text and is used on the next load', () => {
  const file = aBundle('two');
  requireWithCodeCache(file);
  writeCodeCaches();
  expect(readFileSync(codeCachePath(file)).readUInt32LE(0)).toBe(crc32(readFileSync(file, 'utf8')));
  expect((requireWithCodeCache(file) as { answer: string }).answer).toBe('two');
  expect(codeCacheState(file)).toBe('used');
});

test('an edit of the same length never runs the cached old code (V8 alone would: it checks only the length)', () => {
  const file = aBundle('old');
  requireWithCodeCache(file);
  writeCodeCaches();
  writeFileSync(file, readFileSync(file, 'utf8').replace("'old'", "'new'"));
  expect((requireWithCodeCache(file) as { answer: string }).answer).toBe('new');
  expect(codeCacheState(file)).toBe('none');
});

test('a cache V8 cannot use is rejected and the bundle compiled from its text', () => {
  const file = aBundle('three');
  const header = Buffer.alloc(4);
  header.writeUInt32LE(crc32(readFileSync(file, 'utf8')), 0);
  writeFileSync(codeCachePath(file), Buffer.concat([header, Buffer.from('not a V8 code cache')]));
  expect((requireWithCodeCache(file) as { answer: string }).answer).toBe('three');
  expect(codeCacheState(file)).toBe('rejected');
});
