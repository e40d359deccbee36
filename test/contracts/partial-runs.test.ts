// Never a vacuous pass, from a review of issue 40: an operation the ids cannot probe is said in every
// check that covers it and in the verdict; a check with none of the cases its sentence is about
// skips; path_ids_decide judges the body only beside a path that succeeded. In-process, real HTTP.
import { readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { toContractOptions } from '../../contracts/library-options';
import type { IdName } from '../../contracts/options';
import { toConsoleReport } from '../../contracts/reporters/console-report';
import { toGitHubAnnotations } from '../../contracts/reporters/github-annotations';
import { toJsonReport } from '../../contracts/reporters/json-report';
import { toJUnitReport } from '../../contracts/reporters/junit-report';
import { toSarifReport } from '../../contracts/reporters/sarif-report';
import { toVerdict } from '../../contracts/reporters/verdict';
import type { RunReport } from '../../contracts/runner';
import { runContracts } from '../../contracts/runner';
import { FAKE_IDS, FAKE_TOKEN, fakeListener } from '../support/fake-implementation';

const GET_IDS = {
  fileId: FAKE_IDS.valid,
  sceneId: '55',
  missingId: FAKE_IDS.missing,
  forbiddenFileId: FAKE_IDS.forbidden,
};
const EVERY_ID = { ...GET_IDS, integrateId: FAKE_IDS.integrateId, childFileId: FAKE_IDS.childFileId };
const validate = new Ajv2020({ strict: true }).compile(
  JSON.parse(readFileSync(path.resolve(__dirname, '../../contracts/report.schema.json'), 'utf8')) as object,
);
const CHILD = 'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken';
const ADD = 'add --integrate-id and --child-file-id';

function run(target: RequestListener, ids: Partial<Record<IdName, string>>): Promise<RunReport> {
  return runContracts(toContractOptions({ accessToken: FAKE_TOKEN, ids, target }));
}

/** A conformant fake whose child-file POST issues a View Token without credentials (a new one per run). */
const postWithoutCredentials = (): RequestListener => {
  const conformant = fakeListener('none');
  return (req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/data/') && req.headers.authorization === undefined) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 'success', data: 'f3a9c07d2b6e4815a0c9d7e2b4f61a38', message: '' }));
      return;
    }
    conformant(req, res);
  };
};

/** Every request answered with `status`: no View Token is ever issued. */
const always =
  (status: number): RequestListener =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'text/plain' }).end('no');
  };

test('without the POST ids, every check covering the POST skips as partial, saying what it judged and what to add; the verdict says the run is partial (exit 0)', async () => {
  const report = await run(postWithoutCredentials(), GET_IDS);
  expect(report.notProbed).toEqual([{ operation: 'getChildFileViewToken', label: CHILD, needs: ADD }]);
  expect(report.outcome).toBe('conformant');
  const ignored = report.results.find((result) => result.name === 'ignored_auth');
  expect(ignored).toMatchObject({
    status: 'skip',
    partial: true,
    note: `judged on the GET only (7 answers, no violation); ${CHILD} not judged: ${ADD}`,
  });
  const forbidden = report.results.find((result) => result.name === 'forbidden_object_rejected');
  expect(forbidden).toMatchObject({
    status: 'skip',
    note: `judged on the GET only (1 answer, no violation); ${CHILD} not judged: ${ADD}`,
  });
  // Only the checks of the GET alone pass; no check covering the POST does.
  expect(report.results.filter((result) => result.status === 'pass').map((result) => result.name)).toEqual([
    'view_tokens_usable',
  ]);
  expect(toVerdict(report)).toBe(
    `Result: PASS WITH 27 SKIPPED, 1 OPERATION NOT PROBED (${CHILD}: ${ADD}): 1 of 28 checks passed; 27 skipped, not judged: ${report.results
      .filter((result) => result.status === 'skip')
      .map((result) => result.name)
      .join(', ')}; exit code 0`,
  );
}, 60_000);

test('with the POST ids the same implementation fails ignored_auth on the POST: the defect the partial run could not see', async () => {
  const report = await run(postWithoutCredentials(), EVERY_ID);
  expect(report.notProbed).toEqual([]);
  const ignored = report.results.find((result) => result.name === 'ignored_auth');
  expect(ignored?.status).toBe('fail');
  expect(new Set(ignored?.violations.map((violation) => violation.result.probe.operation))).toEqual(
    new Set(['getChildFileViewToken']),
  );
}, 60_000);

// 500 or 403 to everything is one systemic finding now (no check judged: systemic.test.ts); 418 is no
// cause the harness names, so each check judges it, and one that issues success envelopes with no token.
const emptySuccess: RequestListener = (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":"success","data":null}');
};

test.each<[string, RequestListener, number | undefined]>([
  ['418 to everything', always(418), 418],
  ['success envelopes without a token', emptySuccess, undefined],
])(
  'a target answering %s issues no View Token: no check passes with none of the cases its sentence is about',
  async (_label, listener, status) => {
    const report = await run(listener, EVERY_ID);
    expect(report.systemic).toBeUndefined();
    const note = (name: string): string | undefined => report.results.find((result) => result.name === name)?.note;
    const statusOf = (name: string) => report.results.find((result) => result.name === name)?.status;
    expect([statusOf('view_token_lifetime'), note('view_token_lifetime')]).toEqual([
      'skip',
      'not judged: no View Token was issued in this run (see success_envelope)',
    ]);
    if (status === undefined) return; // the same success twice: path_ids_decide compares two answers alike
    expect([statusOf('path_ids_decide'), note('path_ids_decide')]).toEqual([
      'skip',
      `not judged: the POST gave the Access Token no View Token (issue child file: status ${status}; see success_envelope): a refusal there shows nothing until the same request with the Access Token succeeds`,
    ]);
    for (const name of ['response_schema_conformance', 'content_type_conformance', 'response_headers_conformance'])
      expect([name, statusOf(name), note(name)]).toEqual([
        name,
        'skip',
        'not judged: no answer of this run had a status the contract documents (see status_code_conformance)',
      ]);
  },
  60_000,
);

test('every report says which operation was not probed and what to add: console, JSON (valid against its schema), JUnit, SARIF, GitHub annotations', async () => {
  const report = await run(postWithoutCredentials(), GET_IDS);
  expect(toConsoleReport(report)).toContain(`\nNot probed: ${CHILD} (${ADD}): the checks covering it are skipped\n`);
  const json = JSON.parse(toJsonReport(report)) as {
    notProbed: unknown;
    checks: { name: string; partial?: boolean }[];
  };
  expect(validate(json) ? [] : validate.errors).toEqual([]);
  expect(json.notProbed).toEqual([{ operation: 'getChildFileViewToken', label: CHILD, needs: ADD }]);
  expect(json.checks.find((check) => check.name === 'ignored_auth')?.partial).toBe(true);
  expect(json.checks.find((check) => check.name === 'path_ids_decide')?.partial).toBeUndefined();
  expect(toJUnitReport(report)).toContain(`      <property name="notProbed" value="${CHILD}: ${ADD}"/>\n`);
  const sarif = JSON.parse(toSarifReport(report, '0.0.0')) as {
    runs: { invocations: unknown[]; properties: { notProbed: unknown } }[];
  };
  expect(sarif.runs[0]?.invocations).toEqual([
    {
      executionSuccessful: true,
      exitCode: 0,
      toolExecutionNotifications: [
        {
          level: 'warning',
          message: { text: `${CHILD} was not probed (${ADD}): the checks covering it are skipped` },
        },
      ],
    },
  ]);
  expect(sarif.runs[0]?.properties.notProbed).toEqual([`${CHILD}: ${ADD}`]);
  expect(toGitHubAnnotations(report).filter((line) => line.startsWith('::warning'))).toEqual([
    `::warning title=view-token-contracts%3A ${CHILD} not probed::${ADD}: the checks covering it are skipped`,
  ]);
}, 60_000);
