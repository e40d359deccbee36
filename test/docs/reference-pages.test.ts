import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { CONTRACT_FLAGS, parseContractArgs } from '../../contracts/options';
import { contractsHelp } from '../../contracts/help';
import { SERVE_FLAGS } from '../../mock/cli/serve-options';

const ROOT = path.resolve(__dirname, '../..');
type Pages = Record<string, string>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { findStalePages, generateReferencePages } = require('../../scripts/docs-reference.js') as {
  findStalePages: (pages: Pages, root?: string) => string[];
  generateReferencePages: (root?: string) => Pages;
};
/** The Markdown helpers of scripts/reference/markdown.js the tests call (a CommonJS script without types). */
interface MarkdownHelpers {
  typeText: (schema: unknown) => string;
  schemaBlock: (schema: unknown) => string;
  cell: (text: string) => string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cell, schemaBlock, typeText }: MarkdownHelpers = require('../../scripts/reference/markdown.js');

// Generated from dist/ (the flag and check tables): `npm test` builds before jest runs.
const pages = generateReferencePages();
const page = (name: string): string => pages[`docs/reference/${name}`] ?? '';

test('every page under docs/reference/ is what the sources give today (else: npm run docs:reference)', () => {
  expect(Object.keys(pages)).toEqual([
    'docs/reference/cli.md',
    'docs/reference/admin-api.md',
    'docs/reference/config.md',
    'docs/reference/harness-checks.md',
    'docs/reference/viewer-coverage.md',
  ]);
  expect(findStalePages(pages)).toEqual([]);
});

test('a page that differs from its sources, or is missing, is named as stale; a fresh one is not', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'vtm-reference-'));
  try {
    mkdirSync(path.join(root, 'docs/reference'), { recursive: true });
    writeFileSync(path.join(root, 'docs/reference/cli.md'), page('cli.md'));
    writeFileSync(path.join(root, 'docs/reference/config.md'), `${page('config.md')}edited by hand\n`);
    expect(findStalePages(pages, root)).toEqual([
      'docs/reference/admin-api.md',
      'docs/reference/config.md',
      'docs/reference/harness-checks.md',
      'docs/reference/viewer-coverage.md',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the CLI page lists every serve flag with its environment variable and default, and every harness flag the parser accepts', () => {
  const cli = page('cli.md');
  expect(cli).toContain(
    '| `--view-token-ttl <value>` | `VIEW_TOKEN_MOCK_VIEW_TOKEN_TTL` | `12h` | View Token validity (12h, 90m, PT12H, ms) |',
  );
  expect(Object.keys(SERVE_FLAGS).filter((flag) => !cli.includes(`| \`--${flag}`))).toEqual([]);
  expect(Object.keys(CONTRACT_FLAGS).filter((flag) => !cli.includes(`| \`--${flag}`))).toEqual([]);
  expect(cli).toContain('| `--forbidden-file-id N` | a file of another application (403 checks) |');
});

test('the harness parser and its --help read the same flag table: each flag in the table is accepted and shown, any other is refused', () => {
  const help = contractsHelp('0.0.0');
  const required = ['--base-url', 'http://127.0.0.1:4010', '--access-token', 't'];
  for (const [flag, { value }] of Object.entries(CONTRACT_FLAGS)) {
    expect(help).toContain(`  --${flag}${value === undefined ? '' : ` ${value}`}`);
    if (value !== undefined && !['base-url', 'access-token', 'junit', 'json', 'spec'].includes(flag)) {
      expect(() => parseContractArgs([...required, `--${flag}`, flag === 'timeout' ? '5' : '1'])).not.toThrow();
    }
  }
  expect(() => parseContractArgs([...required, '--file-ids', '1'])).toThrow(
    "Unknown option '--file-ids'; did you mean --file-id? (see --help)",
  );
});

test('the admin API page has a section for every operation under /__admin in spec/mock.openapi.yaml, with its parameters and answers', () => {
  const spec = parse(readFileSync(path.join(ROOT, 'spec/mock.openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const admin = Object.entries(spec.paths)
    .filter(([route]) => route.startsWith('/__admin'))
    .flatMap(([route, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.operationId)
        .map(([method]) => `### ${method.toUpperCase()} ${route}`),
    );
  const sections = page('admin-api.md')
    .split('\n')
    .filter((line) => /^### (GET|PUT|POST|DELETE|PATCH) /.test(line));
  expect(sections).toEqual(admin);
  expect(admin.length).toBeGreaterThanOrEqual(21);
  expect(page('admin-api.md')).toContain(
    '| `by` | string or integer | yes | "12h", "90m", "1d", an ISO 8601 duration ("PT12H") or milliseconds. |',
  );
  expect(page('admin-api.md')).toContain(
    '| `415` | A state-changing request whose body is not application/json. | `application/problem+json` [Problem](#problem) |',
  );
});

test('the config page describes every top-level field and every definition of the config schema', () => {
  const schema = JSON.parse(readFileSync(path.join(ROOT, 'view-token-mock.config.schema.json'), 'utf8')) as {
    properties: object;
    definitions: object;
  };
  const config = page('config.md');
  expect(Object.keys(schema.properties).filter((field) => !config.includes(`| \`${field}\` |`))).toEqual([]);
  expect(Object.keys(schema.definitions).filter((name) => !config.includes(`\n### ${name}\n`))).toEqual([]);
});

test("the harness checks page holds the contract guide's table of checks, made from the same definitions", () => {
  const guide = readFileSync(path.join(ROOT, 'docs/guides/contract-testing.md'), 'utf8');
  const table = page('harness-checks.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .slice(0, 21)
    .join('\n');
  expect(guide).toContain(table);
  expect(page('harness-checks.md')).toContain('| `forbidden_object_rejected` |');
});

test.each([
  [{ type: ['string', 'integer'] }, 'string or integer'],
  [{ type: 'string', format: 'date-time', nullable: true }, 'string (date-time) or null'],
  [{ $ref: '#/components/schemas/JournalEntry' }, '[JournalEntry](#journalentry)'],
  [{ type: 'array', items: { $ref: '#/definitions/id' } }, 'array of [id](#id)'],
  [
    { type: 'object', additionalProperties: { $ref: '#/definitions/knownObject' } },
    'object: any key → [knownObject](#knownobject)',
  ],
  [{ type: 'string', enum: ['a', 'b'] }, 'one of `a`, `b`'],
  [{ oneOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }] }, 'string or integer'],
  [{}, 'any'],
])('a schema reads as its type in words: %j → %s', (schema, words) => {
  expect(typeText(schema)).toBe(words);
});

test('a schema with fields becomes a table, inline objects in arrays expanded, constraints in words, a closed object says so', () => {
  expect(
    schemaBlock({
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      description: 'A thing.',
      properties: {
        name: { type: 'string', minLength: 1 },
        parts: { type: 'array', items: { type: 'object', properties: { size: { type: 'integer', default: 3 } } } },
      },
    }),
  ).toBe(
    [
      'object. A thing.',
      '',
      '| Field | Type | Required | Description |',
      '|---|---|---|---|',
      '| `name` | string | yes | (at least 1 character) |',
      '| `parts` | array of object |  |  |',
      '| `parts[].size` | integer |  | (default `3`) |',
      '',
      'Other fields are refused.',
    ].join('\n'),
  );
});

test('table cells keep to one line and escape what Markdown would misread: a pipe, and < > outside code spans', () => {
  expect(cell('a | b\n  `<kept>` <tag>')).toBe('a \\| b `<kept>` &lt;tag&gt;');
});

test("the viewer coverage page is read from the stand-in's objects: v3-only names marked, events it never fires marked", () => {
  const page = pages['docs/reference/viewer-coverage.md'] ?? '';
  const viewerRow = page.split('\n').find((line) => line.startsWith('| `Glodon.Bimface.Viewer.Viewer3D` |')) ?? '';
  const [, shared, v3] = viewerRow.split(' | ');
  expect(v3).toBe('`getCamera`, `getModel`, `getModels`, `loadModel` |');
  expect(shared).toContain('`overrideComponentsColorByObjectData`');
  expect(shared).not.toContain('`loadModel`');
  const events = page.split('\n').find((line) => line.startsWith('| `Glodon.Bimface.Viewer.Viewer3DEvent` |')) ?? '';
  expect(events).toContain('`MouseClicked`, ');
  expect(events).toContain('`RectSelection`°');
  expect(events).toContain('| `ModelAdded`, `SelectionChangedInModel` |');
});
