import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runDiffCommand } from '../../contracts/diff/diff-command';
import { DIFFER_PACKAGE, loadDiffer } from '../../contracts/diff/load-differ';

// `view-token-contracts diff OLD NEW`: exit codes (0 nothing breaks callers, 1 something does, 2 usage),
// the whole text report, and each usage error as the one line a user reads.

const FIXTURES = path.resolve(__dirname, 'fixtures/diff');
const BASE = path.join(FIXTURES, 'base.yaml');
const VERSION = loadDiffer().version;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-diff-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], loadOwnDiffer?: () => ReturnType<typeof loadDiffer>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runDiffCommand(args, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    loadDiffer: loadOwnDiffer,
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

function aFile(name: string, text: string): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

const fixture = (name: string) => path.join(FIXTURES, name, 'new.yaml');
const relative = (file: string) => path.relative(process.cwd(), file);

test('a change that breaks callers: exit 1, each breaking change with why, the others in a line each', () => {
  const result = run([relative(BASE), relative(fixture('int64-id-type-changed-response'))]);
  expect(result).toEqual({
    code: 1,
    stderr: '',
    stdout: [
      `view-token-contracts diff: test/contracts/fixtures/diff/base.yaml (Tokens 1.0.0) → test/contracts/fixtures/diff/int64-id-type-changed-response/new.yaml (Tokens 1.1.0) (compared by api-smart-diff ${VERSION})`,
      'BREAKS CALLERS: 2 changes break callers (0 request, 2 response); 0 do not; 1 documentation only.',
      '',
      'Breaking changes:',
      '  response  GET /view/token  response 200 application/json: objectId: format "int64" removed',
      '      why: callers that read what the old spec promised may get something else',
      '  response  GET /view/token  response 200 application/json: objectId: type "integer" → "string"',
      '      why: callers hold this int64 as a 64-bit integer: a generated client\'s type for it changes, and so does the JSON value they parse (123 → "123") [rule int64-type-changed; the differ said non-breaking]',
    ].join('\n'),
  });
});

test('changes that break no caller: exit 0, the report says OK and lists them', () => {
  const result = run([BASE, fixture('response-optional-field-added')]);
  expect(result.code).toBe(0);
  expect(result.stderr).toBe('');
  expect(result.stdout.split('\n').slice(1)).toEqual([
    'OK: no change breaks callers; 1 does not; 1 documentation only.',
    '',
    'Not breaking:',
    '  response  GET /view/token  response 200 application/json: property expiresAt added (callers ignore a field they do not read)',
  ]);
});

test('the same spec twice: exit 0 and nothing listed', () => {
  const result = run([BASE, BASE]);
  expect({ ...result, stdout: result.stdout.split('\n').slice(1) }).toEqual({
    code: 0,
    stderr: '',
    stdout: ['OK: no change breaks callers; 0 do not; 0 documentation only.'],
  });
});

const CONTRACT = path.resolve(__dirname, '../../spec/view-token.openapi.yaml');
const SCENE_ID = "        - $ref: '#/components/parameters/SceneIdQuery'\n";

/** The shipped contract with GET /view/token's sceneId parameter (a `$ref`) taken out. */
function contractWithoutSceneId(): string {
  const text = readFileSync(CONTRACT, 'utf8');
  expect(text).toContain(SCENE_ID);
  return aFile('without-scene-id.yaml', text.replace(SCENE_ID, ''));
}

test.each<[string, () => string[], number, string[]]>([
  [
    'removed: named as the old spec defines it',
    () => [CONTRACT, contractWithoutSceneId()],
    1,
    [
      'BREAKS CALLERS: 1 change breaks callers (1 request, 0 response); 0 do not; 0 documentation only.',
      '',
      'Breaking changes:',
      '  request   GET /view/token  query parameter sceneId: removed (optional)',
      '      why: callers that send it send what the new spec does not declare: it may be refused or ignored',
    ],
  ],
  [
    'added: named as the new spec defines it',
    () => [contractWithoutSceneId(), CONTRACT],
    0,
    [
      'OK: no change breaks callers; 1 does not; 0 documentation only.',
      '',
      'Not breaking:',
      '  request   GET /view/token  query parameter sceneId: added (optional) (optional: callers need not send it)',
    ],
  ],
])('a parameter of the shipped contract (each one a $ref) %s', (_name, files, code, report) => {
  const result = run(files());
  expect({ ...result, stdout: result.stdout.split('\n').slice(1) }).toEqual({ code, stderr: '', stdout: report });
});

test("the shipped contract's responses without */* (application/json left): exit 0, readers get a part of what they were promised", () => {
  const wildcard =
    "        '*/*':\n          schema:\n            $ref: '#/components/schemas/GeneralResponseOfString'\n";
  const text = readFileSync(CONTRACT, 'utf8');
  expect(text).toContain(wildcard);
  const result = run([CONTRACT, aFile('json-only.yaml', text.replace(wildcard, ''))]);
  const why = '(callers now read application/json, which */* promised: a part of what they were promised)';
  expect({ ...result, stdout: result.stdout.split('\n').slice(1) }).toEqual({
    code: 0,
    stderr: '',
    stdout: [
      'OK: no change breaks callers; 2 do not; 0 documentation only.',
      '',
      'Not breaking:',
      `  response  GET /view/token  response 200 */*: removed ${why}`,
      `  response  POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken  response 200 */*: removed ${why}`,
    ],
  });
});

test('diff -h is diff --help, wherever it stands', () => {
  expect(run(['-h'])).toEqual(run(['--help']));
  expect(run([BASE, '-h']).stdout).toBe(run(['--help']).stdout);
});

test('diff --help lists the flags from the table the parser reads, our rules, and the exit codes', () => {
  const result = run(['--help']);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('  --journal FILE                   also name the recorded calls the change breaks');
  expect(result.stdout).toContain('  --format text|json|markdown      how to print the report');
  expect(result.stdout).toContain(
    '  int64-type-changed: an int64 value (an id) changing type breaks callers on either side',
  );
  expect(result.stdout.split('\n').pop()).toBe(
    'Exit codes: 0 no change breaks callers, 1 a change or a recorded call breaks, 2 usage error (a file missing, unreadable or not an OpenAPI 3 document; an unknown flag), or a comparison that failed.',
  );
});

test.each<[string, () => string[], string]>([
  ['no spec', () => [], 'diff needs two spec files: view-token-contracts diff OLD NEW (see diff --help)'],
  ['one spec', () => [BASE], 'diff needs two spec files: view-token-contracts diff OLD NEW (see diff --help)'],
  [
    'three specs',
    () => [BASE, BASE, 'x.yaml'],
    'diff takes two spec files, OLD and NEW; also given: x.yaml (see diff --help)',
  ],
  [
    'four specs',
    () => [BASE, BASE, 'x.yaml', 'y.yaml'],
    'diff takes two spec files, OLD and NEW; also given: x.yaml y.yaml (see diff --help)',
  ],
  [
    'a misspelt flag',
    () => [BASE, BASE, '--jurnal', 'j.json'],
    "diff: Unknown option '--jurnal'; did you mean --journal? (see diff --help)",
  ],
  [
    'a flag of the other command',
    () => [BASE, BASE, '--base-url', 'http://x'],
    "diff: Unknown option '--base-url' (see diff --help)",
  ],
  [
    '--format without a value',
    () => [BASE, BASE, '--format'],
    "diff: Option '--format <value>' argument missing (see diff --help)",
  ],
  [
    'a misspelt format',
    () => [BASE, BASE, '--format', 'jsno'],
    'diff --format jsno: not a format (allowed: text, json, markdown); did you mean json?',
  ],
  [
    'an unknown format',
    () => [BASE, BASE, '--format', 'sarif'],
    'diff --format sarif: not a format (allowed: text, json, markdown)',
  ],
  ['an empty journal path', () => [BASE, BASE, '--journal', ''], 'diff --journal: a file path is required'],
  ['a missing OLD', () => ['nowhere.yaml', BASE], 'OLD nowhere.yaml: cannot read it (no such file)'],
  ['a folder as NEW', () => [BASE, FIXTURES], `NEW ${FIXTURES}: cannot read it (a directory, not a file)`],
  [
    'NEW not YAML',
    () => [BASE, aFile('bad.yaml', 'openapi: 3.0.3\npaths: {\n')],
    'NEW <dir>/bad.yaml: not YAML or JSON (Flow map in block collection must be sufficiently indented and end with a } at line 3, column 1:)',
  ],
  [
    'NEW a list',
    () => [BASE, aFile('list.yaml', '- 1\n')],
    'NEW <dir>/list.yaml: not an OpenAPI document (it holds a list, not an object)',
  ],
  [
    'OLD Swagger 2',
    () => [aFile('swagger.yaml', "swagger: '2.0'\npaths: {}\n"), BASE],
    'OLD <dir>/swagger.yaml: is Swagger 2.0; diff compares OpenAPI 3.0 or 3.1 documents',
  ],
  [
    'OLD not OpenAPI',
    () => [aFile('other.json', '{"name": "x"}'), BASE],
    'OLD <dir>/other.json: not an OpenAPI 3.0 or 3.1 document (its openapi field is missing)',
  ],
  [
    'OLD OpenAPI 4',
    () => [aFile('four.yaml', 'openapi: 4.0.0\npaths: {}\n'), BASE],
    'OLD <dir>/four.yaml: not an OpenAPI 3.0 or 3.1 document (its openapi field is "4.0.0")',
  ],
  [
    'NEW without paths',
    () => [BASE, aFile('nopaths.yaml', 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\n')],
    'NEW <dir>/nopaths.yaml: has no paths object, so no operation a caller could call',
  ],
  [
    'NEW with a $ref to another file',
    () => [BASE, aFile('split.yaml', "openapi: 3.0.3\npaths:\n  /a:\n    $ref: 'paths.yaml#/a'\n")],
    'NEW <dir>/split.yaml: $ref paths.yaml#/a (at /paths/~1a) names another file; diff reads one file: bundle the spec into one first',
  ],
  [
    'NEW with a $ref that names nothing',
    () => [BASE, aFile('dangling.yaml', "openapi: 3.0.3\npaths:\n  /a:\n    $ref: '#/components/pathItems/a'\n")],
    'NEW <dir>/dangling.yaml: $ref #/components/pathItems/a (at /paths/~1a) names nothing',
  ],
  [
    'a missing journal',
    () => [BASE, BASE, '--journal', 'nowhere.json'],
    '--journal nowhere.json: cannot read it (no such file)',
  ],
  [
    'a journal not JSON',
    () => [BASE, BASE, '--journal', aFile('j.json', '{"requests": [')],
    '--journal <dir>/j.json: not JSON (Unexpected end of JSON input)',
  ],
  [
    'a journal of another shape',
    () => [BASE, BASE, '--journal', aFile('shape.json', '{"entries": []}')],
    '--journal <dir>/shape.json: neither a journal (the JSON of GET /__admin/requests: {"requests": [...]}) nor a file --record wrote ({"objects", "missing", "forbidden"})',
  ],
  [
    'a journal entry without a path',
    () => [BASE, BASE, '--journal', aFile('nopath.json', '{"requests": [{"method": "GET", "status": 200}]}')],
    '--journal <dir>/nopath.json: requests[0] has no path starting with /',
  ],
  [
    'a journal entry with a numeric query value',
    () => [
      BASE,
      BASE,
      '--journal',
      aFile(
        'query.json',
        '{"requests": [{"method": "GET", "path": "/view/token", "query": {"fileId": 1}, "status": 200}]}',
      ),
    ],
    '--journal <dir>/query.json: requests[0]: query.fileId is neither a string nor a list of strings',
  ],
  [
    'a config file with more than --record writes',
    () => [BASE, BASE, '--journal', aFile('config.json', '{"missing": {"fileId": ["404"]}, "applications": []}')],
    '--journal <dir>/config.json: applications is not in a file --record writes (it holds description, objects, missing, forbidden)',
  ],
  [
    'a --record file with ids not in a list',
    () => [BASE, BASE, '--journal', aFile('rec.json', '{"missing": {"fileId": "404"}}')],
    '--journal <dir>/rec.json: missing.fileId is not a list of id strings',
  ],
])('%s: exit 2 and one line naming what is wrong', (_name, args, message) => {
  expect(run(args())).toEqual({
    code: 2,
    stdout: '',
    stderr: `view-token-contracts: ${message.replace(/<dir>/g, dir)}`,
  });
});

test('without the optional differ installed: exit 2 naming the package and the command that installs it', () => {
  expect(run([BASE, BASE], () => loadDiffer(() => undefined))).toEqual({
    code: 2,
    stdout: '',
    stderr:
      'view-token-contracts: view-token-contracts diff needs the optional package api-smart-diff@^1.0.6, which is not installed: npm install api-smart-diff@^1.0.6',
  });
  expect(run([BASE, BASE], () => loadDiffer(() => ({ version: '0.7.2' }))).stderr).toBe(
    'view-token-contracts: view-token-contracts diff needs the optional package api-smart-diff@^1.0.6, but api-smart-diff@0.7.2 is installed: npm install api-smart-diff@^1.0.6',
  );
});

test('package.json offers the differ as an optional peer in the range the command asks for', () => {
  const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as {
    peerDependencies: Record<string, string>;
    peerDependenciesMeta: Record<string, { optional?: boolean }>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  expect([
    manifest.peerDependencies['api-smart-diff'],
    manifest.peerDependenciesMeta['api-smart-diff'],
    manifest.dependencies['api-smart-diff'],
    manifest.devDependencies['api-smart-diff'],
  ]).toEqual([DIFFER_PACKAGE.range, { optional: true }, undefined, DIFFER_PACKAGE.range]);
});

test('a differ that fails on the documents: exit 2 saying the specs could not be compared, never 1', () => {
  const broken = () => ({
    ...loadDiffer(),
    apiCompare: () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    },
  });
  expect(run([BASE, BASE], broken)).toEqual({
    code: 2,
    stdout: '',
    stderr:
      "view-token-contracts: diff could not compare the specs: TypeError: Cannot read properties of undefined (reading 'x')",
  });
});
