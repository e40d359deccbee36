// The spec reader in-process, on files written here: which files a contract's `$ref`s bring in, how a
// member is found and named (JSON pointers escaped both ways, `$ref` chains followed to a limit), and
// the usage errors for a file that cannot be read, a pointer that names nothing and a cycle.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { createSchemaValidator } from '../../contracts/schema-validator';
import type { SpecFiles } from '../../contracts/spec-files';
import { loadSpecFiles, member, members } from '../../contracts/spec-files';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'vtm-spec-files-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Writes each file (objects as JSON, strings as they are) and loads the first. */
function load(files: Record<string, unknown>): SpecFiles {
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(folder, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return loadSpecFiles(path.join(folder, Object.keys(files)[0] ?? ''));
}
const urlOf = (name: string) => pathToFileURL(path.join(folder, name)).href;
const rootOf = (files: SpecFiles) => ({ value: files.documents.get(files.root), file: files.root, pointer: '' });
const usageError = (message: RegExp) =>
  expect.objectContaining({ name: 'UsageError', message: expect.stringMatching(message) });

describe('loading', () => {
  test('every file a $ref reaches is read once, however often and from wherever it is named; a member that is itself named $ref is no reference', () => {
    const files = load({
      'root.json': {
        a: { $ref: 'parts.json#/a' },
        b: { $ref: './parts.json#/b' },
        whole: { $ref: 'leaf.json' },
        properties: { $ref: { type: 'string' } },
      },
      'parts.json': { a: { $ref: 'leaf.json' }, b: { $ref: 'root.json#/properties' } },
      'leaf.json': { type: 'integer' },
    });
    expect([...files.documents.keys()].sort()).toEqual(['leaf.json', 'parts.json', 'root.json'].map(urlOf).sort());
    expect(files.root).toBe(urlOf('root.json'));
  });

  test("a file that is not YAML or JSON is a usage error with the first line of the parser's message", () => {
    const text = 'a: [1,\n';
    const parserMessage = (() => {
      try {
        parse(text);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the text parsed');
    })();
    const [firstLine] = parserMessage.split('\n');
    expect(parserMessage).not.toBe(firstLine);
    expect(() => load({ 'root.yaml': text })).toThrow(
      expect.objectContaining({
        name: 'UsageError',
        message: `--spec ${path.join(folder, 'root.yaml')}: cannot read it as YAML/JSON (${firstLine})`,
      }),
    );
  });

  test('a file a $ref names that cannot be parsed is named as that $ref', () => {
    expect(() => load({ 'root.yaml': { a: { $ref: 'bad.yaml#/x' } }, 'bad.yaml': '{ x: [' })).toThrow(
      usageError(/^--spec \/.*root\.yaml \(\$ref bad\.yaml\): cannot read it as YAML\/JSON \(/),
    );
  });
});

describe('members', () => {
  test('a member is located by its JSON pointer, with "~" and "/" escaped', () => {
    const files = load({ 'root.json': { paths: { '/view/token': { get: 1 }, 'a~b': { c: null } } } });
    const paths = member(files, rootOf(files), 'paths');
    expect(paths).toEqual({ value: expect.any(Object), file: files.root, pointer: '/paths' });
    expect(members(files, paths).map(([key, located]) => [key, located.pointer])).toEqual([
      ['/view/token', '/paths/~1view~1token'],
      ['a~b', '/paths/a~0b'],
    ]);
  });

  test('an absent or null member is none, and a value that is not an object has no members', () => {
    const files = load({ 'root.json': { a: { b: null, c: 0, d: false, e: '' } } });
    const a = member(files, rootOf(files), 'a');
    expect(a && member(files, a, 'b')).toBeUndefined();
    expect(a && member(files, a, 'missing')).toBeUndefined();
    expect(a && members(files, a).map(([key, located]) => [key, located.value])).toEqual([
      ['c', 0],
      ['d', false],
      ['e', ''],
    ]);
    expect(members(files, { value: 'text', file: files.root, pointer: '/x' })).toEqual([]);
    expect(members(files, { value: null, file: files.root, pointer: '/x' })).toEqual([]);
    expect(members(files, undefined)).toEqual([]);
  });

  test('a $ref is followed to its value, across files, and located where the value is', () => {
    const files = load({
      'root.json': { a: { $ref: 'parts.json#/defs/x~1y' }, whole: { $ref: 'leaf.json' } },
      'parts.json': { defs: { 'x/y': { $ref: '#/defs/z~0w' }, 'z~w': { type: 'string' } } },
      'leaf.json': { type: 'integer' },
    });
    expect(member(files, rootOf(files), 'a')).toEqual({
      value: { type: 'string' },
      file: urlOf('parts.json'),
      pointer: '/defs/z~0w',
    });
    expect(member(files, rootOf(files), 'whole')).toEqual({
      value: { type: 'integer' },
      file: urlOf('leaf.json'),
      pointer: '',
    });
  });

  test('a schema that is a whole file ($ref without a pointer) is compiled from that file', () => {
    const files = load({ 'root.json': { schema: { $ref: 'leaf.json' } }, 'leaf.json': { type: 'integer' } });
    const schema = member(files, rootOf(files), 'schema');
    const check = schema && createSchemaValidator(files, '3.1')(schema);
    expect(check?.(1)).toBeUndefined();
    expect(check?.('1')).toBe('body must be integer');
  });

  test('a pointer through null or a missing member names nothing: a usage error naming the $ref and its file', () => {
    const files = load({ 'root.json': { a: { $ref: '#/n/x' }, b: { $ref: '#/none' }, n: null } });
    expect(() => member(files, rootOf(files), 'a')).toThrow(
      usageError(/^--spec \/.*root\.json: \$ref #\/n\/x \(in root\.json\) names nothing$/),
    );
    expect(() => member(files, rootOf(files), 'b')).toThrow(
      usageError(/\$ref #\/none \(in root\.json\) names nothing$/),
    );
  });

  /** A file where r1 refers to r2 … r<length> refers to the value. */
  const chain = (length: number) => ({
    start: { $ref: '#/refs/r1' },
    refs: Object.fromEntries(
      Array.from({ length }, (_, index) => [
        `r${index + 1}`,
        index + 1 < length ? { $ref: `#/refs/r${index + 2}` } : 'end',
      ]),
    ),
  });

  test('a chain of 64 $refs is followed to its value; one of 65 is a usage error naming where it stopped; a cycle is named a cycle where it closes', () => {
    const long = load({ 'root.json': chain(64) });
    expect(member(long, rootOf(long), 'start')?.value).toBe('end');
    const longer = load({ 'root.json': chain(65) });
    expect(() => member(longer, rootOf(longer), 'start')).toThrow(
      usageError(/^--spec \/.*root\.json: more than 64 \$refs in a row, the last at root\.json#\/refs\/r64$/),
    );
    const cycle = load({ 'root.json': { start: { $ref: '#/a' }, a: { $ref: '#/b' }, b: { $ref: '#/a' } } });
    expect(() => member(cycle, rootOf(cycle), 'start')).toThrow(usageError(/: \$ref cycle at root\.json#\/a$/));
    const self = load({ 'root.json': { start: { $ref: '#/start' } } });
    expect(() => member(self, rootOf(self), 'start')).toThrow(usageError(/: \$ref cycle at root\.json#\/start$/));
  });
});
