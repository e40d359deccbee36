import { lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStateLog } from '../../mock/stores/state-log';

let dir: string;
let errors: unknown[];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-state-log-'));
  errors = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = `${JSON.stringify({ format: 'view-token-mock-state-log', version: 2, generation: 3 })}\n`;
const options = { flushMs: 1, onError: (error: unknown) => void errors.push(error) };

// What an attempt cut short leaves: the file created (O_EXCL), then its header write or fsync failed
// (a full disk, a read-only remount) and its removal failed too.
test.each([
  ['an empty file', ''],
  ['the start of its header', HEADER.slice(0, 20)],
  ['its whole header, not synced', HEADER],
])('a half-made log at its name (%s) is replaced, and the new log holds what is appended', async (_name, text) => {
  const file = path.join(dir, 'state.json.3.log');
  writeFileSync(file, text);
  const log = await createStateLog(file, 3, options);
  log.append('{"k":"tokens-cleared"}');
  await log.close();
  expect(readFileSync(file, 'utf8')).toBe(`${HEADER}{"k":"tokens-cleared"}\n`);
  expect(lstatSync(file).mode & 0o777).toBe(0o600);
  expect(errors).toEqual([]);
});

test.each([
  ['a log holding a record', `${HEADER}{"k":"tokens-cleared"}\n`],
  ['another generation’s header', HEADER.replace('"generation":3', '"generation":4')],
  ['a file that is not a log', 'keep me\n'],
])('a file at its name that is more than a half-made log (%s) is left as it is: EEXIST', async (_name, text) => {
  const file = path.join(dir, 'state.json.3.log');
  writeFileSync(file, text);
  await expect(createStateLog(file, 3, options)).rejects.toMatchObject({ code: 'EEXIST' });
  expect(readFileSync(file, 'utf8')).toBe(text);
});

test('a symlink at its name is neither followed nor removed, even to an empty file', async () => {
  const file = path.join(dir, 'state.json.3.log');
  const victim = path.join(dir, 'victim');
  writeFileSync(victim, '');
  symlinkSync(victim, file);
  await expect(createStateLog(file, 3, options)).rejects.toMatchObject({ code: 'EEXIST' });
  expect(readlinkSync(file)).toBe(victim);
  expect(readFileSync(victim, 'utf8')).toBe('');
});
