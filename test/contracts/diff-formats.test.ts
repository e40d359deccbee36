import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { stringify } from 'yaml';
import { runDiffCommand } from '../../contracts/diff/diff-command';
import { loadDiffer } from '../../contracts/diff/load-differ';
import { MARKDOWN_LIMIT } from '../../contracts/diff/markdown-report';

// The three formats of the diff: JSON that its schema holds, markdown a pull-request comment can hold
// (one table, cells escaped, cut before GitHub's 65,536 characters), and every byte from a spec escaped.

const FIXTURES = path.resolve(__dirname, 'fixtures/diff');
const BASE = path.join(FIXTURES, 'base.yaml');
const VERSION = loadDiffer().version;
const validate = new Ajv2020({ strict: true }).compile(
  JSON.parse(readFileSync(path.resolve(__dirname, '../../contracts/diff/diff-report.schema.json'), 'utf8')) as object,
);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-diff-formats-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function diff(args: string[]) {
  const out: string[] = [];
  const code = runDiffCommand(args, { out: (text) => out.push(text), err: (text) => out.push(`stderr: ${text}`) });
  return { code, stdout: out.join('\n') };
}

/** A table's rows split on the pipes that end cells (not the escaped ones a value holds). */
const cellsOf = (line: string): string[] => line.slice(2, -2).split(/(?<!\\) \| /);

test.each([
  'int64-id-type-changed-response',
  'response-optional-field-added',
  'operation-deprecated',
  'parameters-reordered',
])('JSON of %s satisfies contracts/diff/diff-report.schema.json, with the same exit code as text', (fixture) => {
  const json = diff([BASE, path.join(FIXTURES, fixture, 'new.yaml'), '--format', 'json']);
  const report = JSON.parse(json.stdout) as { breaksCallers: boolean };
  expect([validate(report), validate.errors]).toEqual([true, null]);
  expect(json.code).toBe(report.breaksCallers ? 1 : 0);
  expect(diff([BASE, path.join(FIXTURES, fixture, 'new.yaml')]).code).toBe(json.code);
});

test('JSON: the whole report of one breaking change', () => {
  const file = path.join(FIXTURES, 'response-status-removed/new.yaml');
  expect(JSON.parse(diff([BASE, file, '--format', 'json']).stdout)).toEqual({
    reportVersion: 1,
    old: { file: BASE, title: 'Tokens', version: '1.0.0' },
    new: { file, title: 'Tokens', version: '1.1.0' },
    differ: { name: 'api-smart-diff', version: VERSION },
    breaksCallers: true,
    totals: { breaking: 1, breakingRequest: 0, breakingResponse: 1, nonBreaking: 0, annotation: 1 },
    changes: [
      {
        impact: 'breaking',
        side: 'response',
        operation: 'GET /view/token',
        where: 'response 404',
        change: 'removed',
        reason: 'callers that handle this answer no longer get it: the new spec does not promise it',
        judgedBy: `api-smart-diff ${VERSION}`,
        differ: {
          type: 'breaking',
          pointer: '/paths/~1view~1token/get/responses/404',
          description: '[Removed] Response 404',
        },
      },
      {
        impact: 'annotation',
        side: 'document',
        where: 'info.version',
        change: 'changed: "1.0.0" → "1.1.0"',
        reason: 'documentation only',
        judgedBy: `api-smart-diff ${VERSION}`,
        differ: {
          type: 'annotation',
          pointer: '/info/version',
          description: '[Replaced] document metadata (info.version)',
        },
      },
    ],
  });
});

test('markdown: a headline and one table of the changes, our rule named where it overruled the differ', () => {
  const result = diff([BASE, path.join(FIXTURES, 'int64-id-type-changed-response/new.yaml'), '--format', 'markdown']);
  expect(result.code).toBe(1);
  expect(result.stdout.replace(BASE, 'OLD').replace(/\S*int64-id-type-changed-response\/new\.yaml/, 'NEW')).toBe(
    [
      '### Spec change: breaks callers',
      '',
      `OLD (Tokens 1.0.0) → NEW (Tokens 1.1.0), compared by api-smart-diff ${VERSION}`,
      '',
      '**2 changes break callers \\(0 request, 2 response\\); 0 do not; 1 documentation only.**',
      '',
      '| | Side | Operation | Where | Change | Why |',
      '|---|---|---|---|---|---|',
      '| ❌ | response | GET /view/token | response 200 application/json | objectId: format "int64" removed | callers that read what the old spec promised may get something else |',
      '| ❌ | response | GET /view/token | response 200 application/json | objectId: type "integer" → "string" | callers hold this int64 as a 64-bit integer: a generated client\'s type for it changes, and so does the JSON value they parse \\(123 → "123"\\) \\(rule int64-type-changed; the differ said non-breaking\\) |',
    ].join('\n'),
  );
});

test('markdown: a diff too long for a comment keeps whole rows under the limit and says how many it left out', () => {
  const parameters = Array.from({ length: 1500 }, (_, index) => ({
    name: `p${index}`,
    in: 'query',
    schema: { type: 'string' },
  }));
  const spec = (list: unknown[]) => ({
    openapi: '3.0.3',
    info: { title: 'Big', version: '1' },
    paths: { '/view/token': { get: { parameters: list, responses: { '200': { description: 'OK' } } } } },
  });
  const old = path.join(dir, 'big-old.yaml');
  const next = path.join(dir, 'big-new.yaml');
  writeFileSync(old, stringify(spec(parameters)));
  writeFileSync(next, stringify(spec([])));
  const markdown = diff([old, next, '--format', 'markdown']).stdout;
  const rows = markdown.split('\n').filter((line) => line.startsWith('| ❌'));
  const left = Number(
    /…and (\d+) more changes \(the JSON report, --format json, has them all\)\.$/.exec(markdown)?.[1],
  );
  expect(markdown.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
  expect(markdown.length).toBeGreaterThan(MARKDOWN_LIMIT - 1000);
  expect(rows.length + left).toBe(1500);
  expect(rows.every((line) => cellsOf(line).length === 6)).toBe(true);
});

describe('a spec whose names carry terminal escapes, bidi overrides, Markdown and HTML', () => {
  const hostile = 'a|b`*[x](javascript:alert(1))<img src=x onerror=alert(1)>\u001b[2J\r\u202eevil\u009b';
  let old: string;
  let next: string;
  beforeAll(() => {
    const spec = (withParameter: boolean) => ({
      openapi: '3.0.3',
      info: { title: 'T\u001b[31m', version: '1' },
      paths: {
        '/view/token': {
          get: {
            parameters: withParameter ? [{ name: hostile, in: 'query', schema: { type: 'string' } }] : [],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    });
    old = path.join(dir, 'hostile-old.yaml');
    next = path.join(dir, 'hostile-new.yaml');
    writeFileSync(old, stringify(spec(true)));
    writeFileSync(next, stringify(spec(false)));
  });

  test('text: every control and bidi character written as an escape, on one line', () => {
    const { stdout } = diff([old, next]);
    // eslint-disable-next-line no-control-regex -- the characters a terminal acts on
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(stdout).toContain(
      'request   GET /view/token  query parameter a|b`*[x](javascript:alert(1))<img src=x onerror=alert(1)>\\x1b[2J\\r\\u202eevil\\x9b: removed (optional)',
    );
    expect(stdout.split('\n')[0]).toContain('(T\\x1b[31m 1)');
  });

  test('markdown: the value stays inside its cell, with no link, emphasis or HTML', () => {
    const { stdout } = diff([old, next, '--format', 'markdown']);
    const row = stdout.split('\n').find((line) => line.startsWith('| ❌')) ?? '';
    expect(cellsOf(row)[3]).toBe(
      'query parameter a\\|b\\`\\*\\[x\\]\\(javascript:alert\\(1\\)\\)\\<img src=x onerror=alert\\(1\\)\\>\\\\x1b\\[2J\\\\r\\\\u202eevil\\\\x9b',
    );
    expect(cellsOf(row)).toHaveLength(6);
    // eslint-disable-next-line no-control-regex -- the characters a terminal acts on
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]|(?<!\\)<img/);
  });

  test('JSON: the value exact once parsed, with no raw C1 or bidi character in the text', () => {
    const { stdout } = diff([old, next, '--format', 'json']);
    expect(stdout).not.toMatch(/[\u007f-\u009f\u202a-\u202e]/);
    const report = JSON.parse(stdout) as { changes: { where: string }[]; old: { title: string } };
    expect([report.changes[0]?.where, report.old.title]).toEqual([`query parameter ${hostile}`, 'T\u001b[31m']);
  });
});
