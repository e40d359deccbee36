import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHECKS } from '../../contracts/checks';
import { CHECKS_TABLE_BEGIN, CHECKS_TABLE_END, toChecksTable } from '../../contracts/checks-table';
import { SENTENCE } from '../../contracts/checks/sentences';

const GUIDE = path.resolve(__dirname, '../../docs/guides/contract-testing.md');

test('the contract guide lists every check with its sentence exactly as the check definitions give them (else: npm run contracts:docs)', () => {
  const guide = readFileSync(GUIDE, 'utf8');
  const begin = guide.indexOf(CHECKS_TABLE_BEGIN);
  const end = guide.indexOf(CHECKS_TABLE_END);
  expect([begin > 0, end > begin]).toEqual([true, true]);
  expect(guide.slice(begin + CHECKS_TABLE_BEGIN.length, end).trim()).toBe(toChecksTable());
  expect(
    toChecksTable()
      .split('\n')
      .slice(2)
      .map((row) => /^\| `(\w+)` /.exec(row)?.[1]),
  ).toEqual(CHECKS.map((check) => check.name));
});

test('the table escapes what Markdown would misread: a pipe, and < > outside code spans', () => {
  const table = toChecksTable([
    { ...CHECKS[0], name: 'x', detail: 'a | b `<kept>` <tag>', source: '<VIEW_TOKEN>' } as (typeof CHECKS)[number],
  ]);
  expect(table.split('\n')[2]).toBe('| `x` | a \\| b `<kept>` &lt;tag&gt; | "&lt;VIEW_TOKEN&gt;" |');
});

test('every check cites a sentence of the interface document (its quoted words, kept in checks/sentences.ts)', () => {
  const sentences = Object.values(SENTENCE);
  expect(
    CHECKS.filter(
      (check) =>
        check.name !== 'response_headers_conformance' && !sentences.some((sentence) => check.source.includes(sentence)),
    ).map((check) => check.name),
  ).toEqual([]);
});

test('every check carries the checks version that added it, and version 1 is the 21 checks of 0.3.0 in their order', () => {
  expect(CHECKS.filter((check) => check.since === 1)).toHaveLength(21);
  expect(CHECKS.slice(0, 21).every((check) => check.since === 1)).toBe(true);
  expect(CHECKS.slice(21).map((check) => check.since)).toEqual(CHECKS.slice(21).map(() => 2));
});
