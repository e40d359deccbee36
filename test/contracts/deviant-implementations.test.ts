import type { IncomingMessage } from 'node:http';
import type { ContractOptions } from '../../contracts/options';
import { parseContractArgs } from '../../contracts/options';
import type { RunReport } from '../../contracts/runner';
import { runContracts } from '../../contracts/runner';
import type { Deviation } from '../support/fake-implementation';
import { FAKE_IDS, FAKE_TOKEN, fakeListener } from '../support/fake-implementation';

/** Never requested: each run's target is the fake as a request listener, which replaces it. */
const ORIGIN = 'http://implementation.test';

/** The default --timeout, so a busy machine never turns a slow answer into a failure. A flag in `extra` replaces the base's (a flag given twice is refused). */
function anOptions(extra: string[] = []): ContractOptions {
  const base: [string, string][] = [
    ['--base-url', ORIGIN],
    ['--access-token', FAKE_TOKEN],
    ['--file-id', FAKE_IDS.valid],
    ['--scene-id', FAKE_IDS.valid],
    ['--integrate-id', FAKE_IDS.integrateId],
    ['--child-file-id', FAKE_IDS.childFileId],
    ['--missing-id', FAKE_IDS.missing],
    ['--forbidden-file-id', FAKE_IDS.forbidden],
  ];
  const command = parseContractArgs([...base.filter(([flag]) => !extra.includes(flag)).flat(), ...extra]);
  if (command.kind !== 'run') throw new Error('fixture');
  return command.options;
}

/** A run against the fake with this deviation, in-process on real HTTP (the harness serves the listener on 127.0.0.1, port 0). */
function runFake(deviation: Deviation, extra: string[] = []): Promise<RunReport> {
  return runContracts({ ...anOptions(extra), target: fakeListener(deviation) });
}

// Each test runs the whole harness (~225 requests, in process): ~0.2 s alone, but many times that on a
// loaded 2-core machine, past Jest's 20 s default (seen once with nock). A time limit, not an assertion.
jest.setTimeout(90_000);

test('the conformant fake passes every check (so each failure below comes from its one deviation)', async () => {
  const report = await runFake('none');
  expect(report.results.map((result) => [result.name, result.status])).toEqual(
    report.results.map((result) => [result.name, 'pass']),
  );
});

const ACCEPTED = 'status 200: the request was accepted without valid credentials';
const NOT_JSON = 'the body is not JSON (Unexpected token \'o\', "token=36749"... is not valid JSON)';
const UNDOCUMENTED_GET = 'status 410 is not documented (200, 401, 403, 404)';
const FORBIDDEN_NOT_401 =
  'status 403, not 401: 403 says the caller was recognised and lacks permission, not that its credentials are missing or wrong';

// deviation, the check it must fail, its violations as [probe, reason] (first, how many), every check that fails
test.each<[Deviation, string, [string, string], number, string[]]>([
  // Accepting any bearer token also accepts near-misses and a View Token. The fake serves no aliased
  // route (`/view/./token` answers 404), so auth_on_aliased_routes holds: its deviant, a fake that
  // normalises paths, is in adversarial-deviants.
  [
    'accepts-any-token',
    'ignored_auth',
    ['GET with an unknown bearer token', ACCEPTED],
    2,
    ['ignored_auth', 'credential_exact_match', 'view_token_not_access_token', 'unauthorized_is_401'],
  ],
  // `endsWith(' ' + token)` also accepts "Bearer x <token>".
  [
    'accepts-token-under-any-scheme',
    'ignored_auth',
    ['GET with the Access Token under the Basic scheme', ACCEPTED],
    4,
    ['ignored_auth', 'credential_exact_match', 'unauthorized_is_401'],
  ],
  [
    'accepts-bare-token',
    'ignored_auth',
    ['GET with the Access Token without a scheme', ACCEPTED],
    2,
    ['ignored_auth', 'unauthorized_is_401'],
  ],
  [
    'accepts-empty-bearer',
    'ignored_auth',
    ['GET with "Bearer" and no token', ACCEPTED],
    2,
    ['ignored_auth', 'unauthorized_is_401'],
  ],
  [
    'accepts-basic',
    'ignored_auth',
    ['GET with the Access Token under the Basic scheme', ACCEPTED],
    4,
    ['ignored_auth', 'unauthorized_is_401'],
  ],
  [
    'accepts-no-auth',
    'ignored_auth',
    ['GET with no Authorization header', ACCEPTED],
    14,
    [
      'ignored_auth',
      'credential_exact_match',
      'credential_in_header_only',
      'view_token_not_access_token',
      'unauthorized_is_401',
    ],
  ],
  [
    'refuses-auth-with-403',
    'unauthorized_is_401',
    ['GET with no Authorization header', FORBIDDEN_NOT_401],
    28,
    ['unauthorized_is_401'],
  ],
  [
    'accepts-underflow',
    'negative_data_rejection',
    ['fileId=int64 underflow', 'status 200: invalid input was accepted'],
    1,
    ['negative_data_rejection'],
  ],
  [
    'refuses-zero-and-negative-ids',
    'int64_boundaries_accepted',
    ['compareId=-9223372036854775808', 'status 400 is not documented: a valid int64 id was refused as malformed'],
    27,
    ['int64_boundaries_accepted', 'status_code_conformance'],
  ],
  [
    'crashes-on-max-id',
    'int64_boundaries_accepted',
    ['compareId=9223372036854775807', 'status 500: a server error for a valid int64 id'],
    9,
    ['int64_boundaries_accepted', 'not_a_server_error', 'status_code_conformance'],
  ],
  [
    'refuses-min-path-id',
    'int64_boundaries_accepted',
    [
      'integrateId=-9223372036854775808 in the path',
      'status 400 is not documented: a valid int64 id was refused as malformed',
    ],
    2,
    ['int64_boundaries_accepted', 'status_code_conformance'],
  ],
  [
    'same-token-for-every-object',
    'view_token_object_scoped',
    ['issue integrateId', 'the View Token for integrateId=22 is the one issued for fileId=11'],
    14,
    ['view_token_object_scoped'],
  ],
  [
    'same-token-for-file-and-scene',
    'view_token_object_scoped',
    ['issue sceneId', 'the View Token for sceneId=11 is the one issued for fileId=11'],
    2,
    ['view_token_object_scoped'],
  ],
  ['wrong-success-code', 'success_envelope', ['issue fileId', 'code is "ok", not "success"'], 5, ['success_envelope']],
  ['non-empty-message', 'success_envelope', ['issue fileId', 'message is "done", not ""'], 5, ['success_envelope']],
  [
    'data-not-string',
    'response_schema_conformance',
    ['issue fileId', 'body/data must be string'],
    18,
    ['response_schema_conformance', 'success_envelope', 'view_tokens_usable'],
  ],
  [
    'body-not-json',
    'response_schema_conformance',
    ['issue fileId', NOT_JSON],
    18,
    ['response_schema_conformance', 'success_envelope', 'view_tokens_usable'],
  ],
  [
    'no-content-type',
    'content_type_conformance',
    ['issue fileId', 'no Content-Type header'],
    18,
    ['content_type_conformance'],
  ],
  [
    'bad-content-type',
    'content_type_conformance',
    ['issue fileId', 'Content-Type "json please" is not a media type'],
    18,
    ['content_type_conformance'],
  ],
  [
    'second-token-empty',
    'view_tokens_usable',
    ['issue fileId again', 'status 200, data ""'],
    1,
    ['success_envelope', 'view_tokens_usable'],
  ],
  [
    'missing-answers-200',
    'missing_object_not_found',
    ['missing compareId', 'status 200'],
    9,
    ['missing_object_not_found'],
  ],
  [
    'missing-integration-answers-400',
    'missing_object_not_found',
    ['missing integrateId', 'status 400'],
    2,
    ['missing_object_not_found', 'status_code_conformance'],
  ],
  [
    'forbidden-answers-404',
    'forbidden_object_rejected',
    ['forbidden fileId', 'status 404'],
    2,
    ['forbidden_object_rejected'],
  ],
  [
    'accepts-malformed-id',
    'negative_data_rejection',
    ['fileId=abc', 'status 200: invalid input was accepted'],
    8,
    ['negative_data_rejection', 'lenient_id_rejection'],
  ],
  ['crashes-on-overflow', 'not_a_server_error', ['fileId=int64 overflow', 'status 500'], 3, ['not_a_server_error']],
  [
    'missing-answers-410',
    'status_code_conformance',
    ['missing compareId', UNDOCUMENTED_GET],
    9,
    ['missing_object_not_found', 'status_code_conformance'],
  ],
])(
  'an implementation that %s fails %s, and the suite fails',
  async (deviation, check, [probe, reason], count, failing) => {
    const report = await runFake(deviation);
    const result = report.results.find((candidate) => candidate.name === check);
    expect(result?.status).toBe('fail');
    expect(result?.violations).toHaveLength(count);
    expect([result?.violations[0]?.result.probe.id, result?.violations[0]?.reason]).toEqual([probe, reason]);
    expect(
      report.results.filter((candidate) => candidate.status === 'fail').map((candidate) => candidate.name),
    ).toEqual(failing);
    expect(report.totals.failed).toBe(failing.length);
  },
);

test.each<Deviation>([
  'post-answers-201',
  'post-201-with-envelope',
  'errors-of-any-media-type',
  'html-401',
  'empty-401',
  'extra-envelope-fields',
  'text-plain-success',
])('an implementation that differs only where the document allows (%s) passes', async (deviation) => {
  const report = await runFake(deviation);
  expect(report.results.filter((result) => result.status !== 'pass').map((result) => result.name)).toEqual([]);
});

test("a child file's View Token may be its file's: GET ?fileId=N and the POST for file N of an integration sharing one token pass", async () => {
  const report = await runFake('child-file-token-is-its-file-token', ['--child-file-id', FAKE_IDS.valid]);
  expect(report.results.find((result) => result.name === 'view_token_object_scoped')).toMatchObject({
    status: 'pass',
    note: '16 answers judged',
  });
  expect(report.totals.failed).toBe(0);
});

test('a target silent past --timeout costs one timeout, not one per probe: the first requests go out together, the run stops, one systemic finding names the flags', async () => {
  // Reads nothing, answers nothing (the run closes the connections); counts the requests waiting at once.
  let waiting = 0;
  let mostWaiting = 0;
  const silent = (req: IncomingMessage): void => {
    waiting += 1;
    mostWaiting = Math.max(mostWaiting, waiting);
    req.socket.on('close', () => (waiting -= 1));
  };
  const report = await runContracts({ ...anOptions(['--timeout', '400']), target: silent });
  expect(report.requests).toBe(4);
  // The four waited together: one timeout for the run, whatever the machine's speed.
  expect(mostWaiting).toBe(4);
  expect(report.outcome).toBe('target-unusable');
  expect(report.systemic).toMatchObject({
    kind: 'timeout',
    flag: '--base-url',
    summary: 'no answer within 400 ms to any of the 4 first requests: the target is silent',
  });
  expect(new Set(report.results.map((result) => result.status))).toEqual(new Set(['skip']));
});

test('a check whose ids were not given is skipped and names the flag that enables it; with no id at all nothing could be judged, a usage error before any request', async () => {
  const command = parseContractArgs(['--base-url', ORIGIN, '--access-token', FAKE_TOKEN, '--file-id', FAKE_IDS.valid]);
  if (command.kind !== 'run') throw new Error('fixture');
  const report = await runContracts({ ...command.options, target: fakeListener('none') });
  const missing = report.results.find((result) => result.name === 'missing_object_not_found');
  expect(missing).toMatchObject({ status: 'skip', note: 'add --missing-id N (an id that names no object)' });
  // It runs, on the only operation these ids probe (without the POST's ids it is partial: test/contracts/partial-runs.test.ts).
  expect(report.results.find((result) => result.name === 'ignored_auth')).toMatchObject({
    status: 'skip',
    partial: true,
    note: expect.stringMatching(/^judged on the GET only \(7 answers, no violation\); /),
  });
  const bare = parseContractArgs(['--base-url', ORIGIN, '--access-token', FAKE_TOKEN]);
  if (bare.kind !== 'run') throw new Error('fixture');
  await expect(runContracts(bare.options)).rejects.toThrow(
    expect.objectContaining({
      name: 'UsageError',
      message: expect.stringMatching(/^no check can run with these flags, so nothing would be judged: .*add --file-id/),
    }),
  );
});

test.each<[Deviation, string[]]>([
  ['none', []],
  ['accepts-token-under-any-scheme', ['ignored_auth', 'credential_exact_match', 'unauthorized_is_401']],
])(
  'in-process, a Node request listener given as the target (no port) is checked like a URL: %s fails %j',
  async (deviation, failing) => {
    const command = parseContractArgs([
      '--base-url',
      ORIGIN,
      '--access-token',
      FAKE_TOKEN,
      '--file-id',
      FAKE_IDS.valid,
      '--integrate-id',
      FAKE_IDS.integrateId,
      '--child-file-id',
      FAKE_IDS.childFileId,
    ]);
    if (command.kind !== 'run') throw new Error('fixture');
    const report = await runContracts({ ...command.options, target: fakeListener(deviation) });
    expect(report.baseUrl).toMatch(/^in-process \(http:\/\/127\.0\.0\.1:\d+\)$/);
    expect(report.results.filter((result) => result.status === 'fail').map((result) => result.name)).toEqual(failing);
    expect(report.requests).toBeGreaterThan(50);
  },
);
