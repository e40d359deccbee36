import nock from 'nock';
import type { ContractOptions } from '../../contracts/options';
import { parseContractArgs } from '../../contracts/options';
import { runContracts } from '../../contracts/runner';
import type { Deviation } from '../support/fake-implementation';
import { FAKE_IDS, FAKE_TOKEN, answerFake } from '../support/fake-implementation';

const ORIGIN = 'http://implementation.test';

function anOptions(extra: string[] = []): ContractOptions {
  const command = parseContractArgs([
    '--base-url', ORIGIN, '--access-token', FAKE_TOKEN, '--file-id', FAKE_IDS.valid, '--scene-id', FAKE_IDS.valid,
    '--integrate-id', FAKE_IDS.integrateId, '--child-file-id', FAKE_IDS.childFileId,
    '--missing-id', FAKE_IDS.missing, '--forbidden-file-id', FAKE_IDS.forbidden, '--timeout', '400', ...extra,
  ]);
  if (command.kind !== 'run') throw new Error('fixture');
  return command.options;
}

function serve(deviation: Deviation): void {
  for (const method of ['GET', 'POST'] as const) {
    nock(ORIGIN).persist().intercept(/.*/, method).reply(function reply() {
      const answer = answerFake(deviation, method, new URL(this.req.path, ORIGIN), this.req.headers);
      return [answer.status, answer.body, answer.headers];
    });
  }
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

test('the conformant fake passes every check (so each failure below comes from its one deviation)', async () => {
  serve('none');
  const report = await runContracts(anOptions());
  expect(report.results.map((result) => [result.name, result.status])).toEqual(report.results.map((result) => [result.name, 'pass']));
});

test.each<[Deviation, string]>([
  ['accepts-any-token', 'ignored_auth'],
  ['accepts-basic', 'ignored_auth'],
  ['accepts-no-auth', 'ignored_auth'],
  ['wrong-success-code', 'success_envelope'],
  ['non-empty-message', 'success_envelope'],
  ['data-not-string', 'response_schema_conformance'],
  ['body-not-json', 'response_schema_conformance'],
  ['no-content-type', 'content_type_conformance'],
  ['bad-content-type', 'content_type_conformance'],
  ['second-token-empty', 'view_tokens_usable'],
  ['missing-answers-200', 'missing_object_not_found'],
  ['missing-integration-answers-400', 'missing_object_not_found'],
  ['forbidden-answers-404', 'forbidden_object_rejected'],
  ['accepts-malformed-id', 'negative_data_rejection'],
  ['crashes-on-overflow', 'not_a_server_error'],
  ['missing-answers-410', 'status_code_conformance'],
])('an implementation that %s fails %s, and the suite fails', async (deviation, check) => {
  serve(deviation);
  const report = await runContracts(anOptions());
  const result = report.results.find((candidate) => candidate.name === check);
  expect(result?.status).toBe('fail');
  expect(result?.violations[0]?.reason).toEqual(expect.any(String));
  expect(report.totals.fail).toBeGreaterThan(0);
});

test.each<Deviation>(['post-answers-201', 'html-401', 'empty-401', 'extra-envelope-fields', 'text-plain-success'])(
  'an implementation that differs only where the document allows (%s) passes',
  async (deviation) => {
    serve(deviation);
    const report = await runContracts(anOptions());
    expect(report.results.filter((result) => result.status !== 'pass').map((result) => result.name)).toEqual([]);
  },
);

test('an answer slower than --timeout is a failed check that names the timeout', async () => {
  for (const method of ['GET', 'POST']) nock(ORIGIN).persist().intercept(/.*/, method).delay(1_000).reply(200, '{}');
  const report = await runContracts(anOptions(['--checks', 'success_envelope']));
  expect(report.results[0]?.violations[0]?.reason).toBe('no complete answer within 400 ms (--timeout)');
});

test('a check whose ids were not given is skipped and names the flag that enables it', async () => {
  serve('none');
  const command = parseContractArgs(['--base-url', ORIGIN, '--access-token', FAKE_TOKEN]);
  if (command.kind !== 'run') throw new Error('fixture');
  const report = await runContracts(command.options);
  const missing = report.results.find((result) => result.name === 'missing_object_not_found');
  expect(missing).toMatchObject({ status: 'skip', note: expect.stringContaining('--missing-id') });
  expect(report.results.find((result) => result.name === 'ignored_auth')?.status).toBe('pass');
});
