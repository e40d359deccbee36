import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readLines } from '../../mock/stores/state-lines';

// readLines reads a state file a MiB at a time. A line may span many reads (a version 1 file is one
// line of ~180 MB a million tokens): its bytes are joined once, at its newline, and a character of
// several UTF-8 bytes cut by a read comes out whole.

const MIB = 1 << 20;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-lines-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const linesOf = (text: string | Buffer): { text: string; number: number; terminated: boolean }[] => {
  const file = path.join(dir, 'state.json');
  writeFileSync(file, text);
  return [...readLines(file)];
};

test('short lines come out one by one, numbered from 1, an empty one included; the last without a newline is marked unterminated', () => {
  expect(linesOf('{"a":1}\n\n{"b":2}\nend')).toEqual([
    { text: '{"a":1}', number: 1, terminated: true },
    { text: '', number: 2, terminated: true },
    { text: '{"b":2}', number: 3, terminated: true },
    { text: 'end', number: 4, terminated: false },
  ]);
});

test('an empty file has no lines, and a file ending in its newline has no unterminated last line', () => {
  expect(linesOf('')).toEqual([]);
  expect(linesOf('one\n')).toEqual([{ text: 'one', number: 1, terminated: true }]);
});

test('a line of 3.5 MiB spanning four reads comes out whole, then the lines after it', () => {
  const long = 'x'.repeat(3.5 * MIB);
  const lines = linesOf(`first\n${long}\nafter\n`);
  expect(lines.map((line) => [line.number, line.text.length, line.terminated])).toEqual([
    [1, 5, true],
    [2, long.length, true],
    [3, 5, true],
  ]);
  expect(lines[1]?.text === long).toBe(true);
});

test("a line whose newline is the first byte of a read, and one ending exactly at a read's end", () => {
  const upToRead = 'a'.repeat(MIB - 1);
  expect(linesOf(`${upToRead}\nnext\n`).map((line) => line.text.length)).toEqual([MIB - 1, 4]);
  const pastRead = 'b'.repeat(MIB);
  expect(linesOf(`${pastRead}\nnext`).map((line) => [line.text.length, line.terminated])).toEqual([
    [MIB, true],
    [4, false],
  ]);
});

test('a character of several UTF-8 bytes cut by a read boundary comes out whole, in a long unterminated last line too', () => {
  // '€' is 3 bytes; placed so its bytes straddle the first and second MiB.
  const before = 'c'.repeat(MIB - 1);
  const text = `${before}€${'d'.repeat(10)}\n${'e'.repeat(MIB)}é`;
  const lines = linesOf(text);
  expect(lines).toHaveLength(2);
  expect(lines[0]?.text === `${before}€${'d'.repeat(10)}`).toBe(true);
  expect(lines[1]?.text.endsWith('eé')).toBe(true);
  expect(lines[1]?.text.length).toBe(MIB + 1);
  expect(lines[1]?.terminated).toBe(false);
});
