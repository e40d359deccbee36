import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { loadContractSpec } from '../../contracts/contract-spec';
import { toContractOptions } from '../../contracts/library-options';
import { planRun, runContracts } from '../../contracts/runner';
import type { Deviation, FakeAnswer } from '../support/fake-implementation';
import { FAKE_IDS, FAKE_TOKEN, fakeListener, resetFake } from '../support/fake-implementation';

const SPLIT_SPEC = path.resolve(__dirname, 'fixtures/split-spec/openapi.yaml');
const SPEC_31 = path.resolve(__dirname, 'fixtures/openapi-3.1.yaml');
const IDS = {
  fileId: FAKE_IDS.valid,
  integrateId: FAKE_IDS.integrateId,
  childFileId: FAKE_IDS.childFileId,
  missingId: FAKE_IDS.missing,
  forbiddenFileId: FAKE_IDS.forbidden,
};
const withRequestId =
  (value: string | undefined) =>
  (answer: FakeAnswer): FakeAnswer =>
    answer.status === 200 && value !== undefined
      ? { ...answer, headers: { ...answer.headers, 'X-Request-Id': value } }
      : answer;

afterEach(() => resetFake());

async function run(spec: string, deviation: Deviation, edit?: (answer: FakeAnswer) => FakeAnswer) {
  const report = await runContracts(
    toContractOptions({ target: fakeListener(deviation, edit), accessToken: FAKE_TOKEN, ids: IDS, spec }),
  );
  return {
    failing: report.results.filter((result) => result.status !== 'pass').map((result) => result.name),
    first: (name: string) => {
      const violation = report.results.find((result) => result.name === name)?.violations[0];
      return violation && [violation.result.probe.id, violation.reason];
    },
  };
}

test('a contract split into files, with $refs nested across them, is read whole: the conformant fake passes every check', async () => {
  const { failing } = await run(SPLIT_SPEC, 'none', withRequestId('req-1'));
  expect(failing).toEqual([]);
});

test.each<[string, Deviation, string | undefined, string, [string, string]]>([
  [
    'a required response header is missing',
    'none',
    undefined,
    'response_headers_conformance',
    ['issue fileId', 'the required header x-request-id is missing'],
  ],
  [
    'a header breaks its schema (in another file)',
    'none',
    'abc',
    'response_headers_conformance',
    ['issue fileId', 'header x-request-id: value must match pattern "^req-"'],
  ],
  [
    'data breaks a schema two files away',
    'second-token-empty',
    'req-1',
    'response_schema_conformance',
    ['issue fileId again', 'body/data must NOT have fewer than 1 characters'],
  ],
])(
  'against the split contract, an answer where %s fails %s',
  async (_label, deviation, requestId, check, violation) => {
    const { failing, first } = await run(SPLIT_SPEC, deviation, withRequestId(requestId));
    expect(failing).toContain(check);
    expect(first(check)).toEqual(violation);
  },
);

test('int64 boundaries come from the contract: fileId with minimum 1 is probed at 1 and the int64 maximum, never 0 or -1', () => {
  const { probes } = planRun(
    toContractOptions({ target: 'http://127.0.0.1:1', accessToken: 't', ids: { fileId: '5' }, spec: SPLIT_SPEC }),
  );
  expect(
    probes
      .filter((probe) => probe.intent === 'boundary' && probe.operation === 'getViewToken')
      .map((probe) => probe.id),
  ).toEqual([
    'fileId=1',
    'fileId=9223372036854775807',
    'integrateId=-9223372036854775808',
    'integrateId=9223372036854775807',
    'integrateId=0',
    'integrateId=-1',
    'sceneId=-9223372036854775808',
    'sceneId=9223372036854775807',
    'sceneId=0',
    'sceneId=-1',
  ]);
});

test('an OpenAPI 3.1 contract is read (2020-12 types, numeric exclusiveMinimum): the conformant fake passes every check', async () => {
  const { failing } = await run(SPEC_31, 'none');
  expect(failing).toEqual([]);
  const { probes } = planRun(
    toContractOptions({ target: 'http://127.0.0.1:1', accessToken: 't', ids: { fileId: '5' }, spec: SPEC_31 }),
  );
  expect(
    probes
      .filter(
        (probe) => probe.operation === 'getViewToken' && probe.id.startsWith('fileId=') && probe.intent === 'boundary',
      )
      .map((probe) => probe.id),
  ).toEqual(['fileId=1', 'fileId=9223372036854775807']);
});

test.each<[Deviation, string, [string, string]]>([
  [
    'html-401',
    'content_type_conformance',
    ['GET with no Authorization header', 'Content-Type text/html is not one of application/json'],
  ],
  [
    'data-not-string',
    'response_schema_conformance',
    ['issue fileId', 'body/data must be string,null; body/data must be string'],
  ],
])('a 3.1 contract that gives a body type is enforced: %s fails %s', async (deviation, check, violation) => {
  const { failing, first } = await run(SPEC_31, deviation);
  expect(failing).toContain(check);
  expect(first(check)).toEqual(violation);
});

test.each([
  [
    'a Swagger 2.0 file',
    'swagger: "2.0"\ninfo: { title: x, version: "1" }\npaths: {}\n',
    /^--spec .*: expected OpenAPI 3\.0\.x or 3\.1\.x \(found null\)$/,
  ],
  [
    'an OpenAPI 3.2 file',
    'openapi: 3.2.0\npaths: {}\n',
    /^--spec .*: expected OpenAPI 3\.0\.x or 3\.1\.x \(found "3\.2\.0"\)$/,
  ],
  [
    'a $ref to a file that is not there',
    "openapi: 3.0.3\npaths:\n  /view/token: { $ref: './nowhere.yaml' }\n",
    /^--spec .*\(\$ref nowhere\.yaml\): cannot read it \(ENOENT\)$/,
  ],
  [
    'a $ref to a pointer that names nothing',
    "openapi: 3.0.3\npaths:\n  /view/token: { $ref: '#/components/pathItems/none' }\n",
    /^--spec .*: \$ref #\/components\/pathItems\/none \(in spec\.yaml\) names nothing$/,
  ],
  [
    'a remote $ref',
    "openapi: 3.0.3\npaths:\n  /view/token: { $ref: 'https://example.test/spec.yaml' }\n",
    /^--spec .*: \$ref https:\/\/example\.test\/spec\.yaml is not a local file \(download it and refer to the copy\)$/,
  ],
  [
    'no getChildFileViewToken',
    'openapi: 3.1.0\npaths:\n  /view/token: { get: { operationId: getViewToken, responses: { "200": { description: OK } } } }\n',
    /needs the operations getViewToken \(GET\) and getChildFileViewToken \(POST\)$/,
  ],
])('a --spec that is %s is a usage error naming it (exit 2 from the CLI)', (_label, text, message) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'vtm-spec-'));
  try {
    const file = path.join(folder, 'spec.yaml');
    writeFileSync(file, text);
    expect(() => loadContractSpec(file)).toThrow(
      expect.objectContaining({ name: 'UsageError', message: expect.stringMatching(message) }),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("a contract's range (2XX) and default responses count: their schemas judge the answers, and any status under default is documented", async () => {
  const document = parse(readFileSync(path.resolve(__dirname, '../../spec/view-token.openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      operation.responses['2XX'] = operation.responses['200'];
      delete operation.responses['200'];
      operation.responses.default = { description: 'Any other answer' };
    }
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'vtm-spec-'));
  try {
    const file = path.join(folder, 'ranges.yaml');
    writeFileSync(file, stringify(document));
    const gone = await run(file, 'missing-answers-410');
    expect(gone.failing).toEqual(['missing_object_not_found']);
    const wrongData = await run(file, 'data-not-string');
    expect(wrongData.first('response_schema_conformance')).toEqual(['issue fileId', 'body/data must be string']);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a --spec whose schema cannot be used is a usage error naming it, before any request', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'vtm-spec-'));
  try {
    const file = path.join(folder, 'broken.yaml');
    const text = readFileSync(path.resolve(__dirname, '../../spec/view-token.openapi.yaml'), 'utf8').replace(
      'description: The View Token, an opaque string.',
      "pattern: '('",
    );
    writeFileSync(file, text);
    expect(() => loadContractSpec(file)).toThrow(
      expect.objectContaining({
        name: 'UsageError',
        message: expect.stringMatching(
          /^--spec .*broken\.yaml: the schema at broken\.yaml#\/components\/schemas\/GeneralResponseOfString cannot be used \(.*Invalid regular expression/,
        ),
      }),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
