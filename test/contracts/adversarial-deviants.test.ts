// Issue 28: each adversarial probe is shown failing against an implementation with exactly one
// defect the interface document's words make wrong, and only the checks that defect concerns; each
// reading the document allows passes. The fakes run in-process on real HTTP (nock would join
// repeated headers and resolve `./` in paths before the fake could see them).
import { toContractOptions } from '../../contracts/library-options';
import type { ProbeIntent } from '../../contracts/probes';
import type { RunReport } from '../../contracts/runner';
import { planRun, runContracts } from '../../contracts/runner';
import type { Deviation } from '../support/fake-implementation';
import { FAKE_IDS, FAKE_TOKEN, createFake } from '../support/fake-implementation';

const IDS = {
  fileId: FAKE_IDS.valid,
  integrateId: FAKE_IDS.integrateId,
  childFileId: FAKE_IDS.childFileId,
  missingId: FAKE_IDS.missing,
  forbiddenFileId: FAKE_IDS.forbidden,
};
const OPTIONS = { accessToken: FAKE_TOKEN, ids: IDS };

function run(deviation: Deviation): Promise<RunReport> {
  return runContracts(toContractOptions({ ...OPTIONS, target: createFake(deviation).listener() }));
}

/** The variants of every probe planned for these intents (each once), the View Token presented as the Access Token (planned from an answer) included. */
function plannedVariants(...intents: ProbeIntent[]): string[] {
  const { probes } = planRun(toContractOptions({ ...OPTIONS, target: 'http://127.0.0.1' }));
  const followUp = intents.includes('view-token-as-access') ? ['a View Token it issued as the Access Token'] : [];
  return [
    ...new Set([
      ...probes.filter((probe) => intents.includes(probe.intent)).map((probe) => probe.variant),
      ...followUp,
    ]),
  ];
}

const ACCEPTED_NEAR_MISS = 'status 200: a credential that is not the exact Access Token was accepted';
const ACCEPTED_ELSEWHERE = 'status 200: the Access Token was accepted outside the Authorization header';
const ALIAS_ANSWERED = 'status 200: this form of the route answered a success without valid credentials';
const LENIENT_ACCEPTED = "status 200: an id a lenient parser reads as an object's id was accepted";
const NEAR_MISS = ['credential_exact_match', 'unauthorized_is_401'];
const BOTH = (form: string): string[] => [`${form}, no Authorization header`, `${form}, an unknown bearer token`];
const ISSUED = [
  'fileId=11',
  'integrateId=22',
  'fileId=11, again',
  'fileId=33',
  "the fileId's id 11",
  "the integrateId's id 22",
];

// deviation, every check that fails, the check its probe belongs to, its violations, the probes' variants that fail it, the first reason
test.each<[Deviation, string[], string, number, string[] | (() => string[]), string]>([
  [
    'compares-token-prefix',
    NEAR_MISS,
    'credential_exact_match',
    2,
    ['the Access Token without its last character'],
    ACCEPTED_NEAR_MISS,
  ],
  [
    'compares-token-suffix',
    NEAR_MISS,
    'credential_exact_match',
    2,
    ['the Access Token without its first character'],
    ACCEPTED_NEAR_MISS,
  ],
  [
    'accepts-token-with-suffix',
    NEAR_MISS,
    'credential_exact_match',
    2,
    ['the Access Token with a character appended'],
    ACCEPTED_NEAR_MISS,
  ],
  [
    'accepts-token-inside-longer-one',
    NEAR_MISS,
    'credential_exact_match',
    4,
    ['the Access Token with a character appended', 'the Access Token with a character put in front'],
    ACCEPTED_NEAR_MISS,
  ],
  [
    'compares-first-8-characters',
    NEAR_MISS,
    'credential_exact_match',
    6,
    [
      'the Access Token without its last character',
      'the Access Token with a character appended',
      'the Access Token with its last character changed',
    ],
    ACCEPTED_NEAR_MISS,
  ],
  [
    'token-comparison-ignores-case',
    NEAR_MISS,
    'credential_exact_match',
    2,
    ['the Access Token in other letter case'],
    ACCEPTED_NEAR_MISS,
  ],
  [
    'trims-token',
    ['credential_exact_match'],
    'credential_exact_match',
    2,
    ['the Access Token and a no-break space (U+00A0)'],
    ACCEPTED_NEAR_MISS,
  ],
  [
    'splits-authorization-on-spaces',
    ['credential_exact_match'],
    'credential_exact_match',
    2,
    ['the Access Token, a space and another word'],
    ACCEPTED_NEAR_MISS,
  ],
  [
    'takes-last-word-as-token',
    ['credential_exact_match'],
    'credential_exact_match',
    2,
    ['another word, a space and the Access Token'],
    ACCEPTED_NEAR_MISS,
  ],
  [
    'reads-last-authorization-header',
    ['credential_exact_match'],
    'credential_exact_match',
    2,
    ['two Authorization headers, the Access Token in the second'],
    ACCEPTED_NEAR_MISS,
  ],
  [
    'accepts-token-in-query',
    ['credential_in_header_only'],
    'credential_in_header_only',
    2,
    ['the Access Token in the query (access_token, accessToken, token)'],
    ACCEPTED_ELSEWHERE,
  ],
  [
    'accepts-token-in-cookie',
    ['credential_in_header_only'],
    'credential_in_header_only',
    2,
    ['the Access Token in a cookie (access_token, accessToken, token)'],
    ACCEPTED_ELSEWHERE,
  ],
  [
    'accepts-token-in-other-header',
    ['credential_in_header_only'],
    'credential_in_header_only',
    2,
    ['the Access Token in other headers (X-Access-Token, X-Auth-Token, Access-Token)'],
    ACCEPTED_ELSEWHERE,
  ],
  [
    'accepts-token-in-body',
    ['credential_in_header_only'],
    'credential_in_header_only',
    1,
    ['the Access Token in the JSON body (access_token, accessToken, token)'],
    ACCEPTED_ELSEWHERE,
  ],
  [
    'accepts-view-token-as-access-token',
    ['view_token_not_access_token', 'unauthorized_is_401'],
    'view_token_not_access_token',
    2,
    ['a View Token it issued as the Access Token'],
    'status 200: a View Token was accepted as the Access Token',
  ],
  [
    'refuses-auth-with-403',
    ['unauthorized_is_401'],
    'unauthorized_is_401',
    28,
    () => plannedVariants('auth', 'near-miss', 'view-token-as-access'),
    'status 403, not 401: 403 says the caller was recognised and lacks permission, not that its credentials are missing or wrong',
  ],
  [
    'refuses-missing-auth-with-400',
    ['unauthorized_is_401', 'status_code_conformance'],
    'unauthorized_is_401',
    2,
    ['no Authorization header'],
    'status 400, not 401',
  ],
  [
    'serves-trailing-slash-unguarded',
    ['auth_on_aliased_routes'],
    'auth_on_aliased_routes',
    4,
    BOTH('a trailing slash'),
    ALIAS_ANSWERED,
  ],
  [
    'case-insensitive-routes-unguarded',
    ['auth_on_aliased_routes'],
    'auth_on_aliased_routes',
    10,
    [...BOTH('upper case'), ...BOTH('capitalised segments'), ...BOTH('lower case')],
    ALIAS_ANSWERED,
  ],
  [
    'normalizes-paths-unguarded',
    ['auth_on_aliased_routes'],
    'auth_on_aliased_routes',
    12,
    [...BOTH('a doubled slash'), ...BOTH('a dot segment'), ...BOTH('a percent-encoded letter')],
    ALIAS_ANSWERED,
  ],
  [
    'strips-suffixes-unguarded',
    ['auth_on_aliased_routes'],
    'auth_on_aliased_routes',
    8,
    [...BOTH('a .json suffix'), ...BOTH('a ;parameter')],
    ALIAS_ANSWERED,
  ],
  [
    'get-on-child-route-unguarded',
    ['auth_on_aliased_routes'],
    'auth_on_aliased_routes',
    2,
    BOTH('the GET method'),
    ALIAS_ANSWERED,
  ],
  // parseInt also reads `1.5` as 1: the same defect fails negative_data_rejection.
  [
    'parses-ids-with-parseInt',
    ['negative_data_rejection', 'lenient_id_rejection'],
    'lenient_id_rejection',
    32,
    [
      'an exponent (Ne0)',
      'hexadecimal (0x...)',
      'a decimal point (N.0)',
      'a leading space (%20N)',
      'a trailing space (N%20)',
      'a trailing newline (N%0A)',
      'a NUL byte after it (N%00)',
      'trailing letters (Nabc)',
    ],
    LENIENT_ACCEPTED,
  ],
  [
    'parses-ids-with-Number',
    ['lenient_id_rejection'],
    'lenient_id_rejection',
    24,
    [
      'an exponent (Ne0)',
      'hexadecimal (0x...)',
      'a decimal point (N.0)',
      'a leading space (%20N)',
      'a trailing space (N%20)',
      'a trailing newline (N%0A)',
    ],
    LENIENT_ACCEPTED,
  ],
  [
    'parses-ids-with-BigInt',
    ['lenient_id_rejection'],
    'lenient_id_rejection',
    16,
    ['hexadecimal (0x...)', 'a leading space (%20N)', 'a trailing space (N%20)', 'a trailing newline (N%0A)'],
    LENIENT_ACCEPTED,
  ],
  [
    'regex-lets-final-newline-through',
    ['lenient_id_rejection'],
    'lenient_id_rejection',
    4,
    ['a trailing newline (N%0A)'],
    LENIENT_ACCEPTED,
  ],
  [
    'reads-unicode-digits',
    ['lenient_id_rejection'],
    'lenient_id_rejection',
    8,
    ['Arabic-Indic digits', 'fullwidth digits'],
    LENIENT_ACCEPTED,
  ],
  [
    'ignores-id-parameter-name',
    ['view_token_object_scoped'],
    'view_token_object_scoped',
    12,
    ["the fileId's id 11", "the integrateId's id 22"],
    'the View Token for compareId=11 is the one issued for fileId=11',
  ],
  [
    'view-token-embeds-access-token',
    ['view_token_hides_access_token'],
    'view_token_hides_access_token',
    16,
    ISSUED,
    'the View Token carries the Access Token in plain text',
  ],
  [
    'view-token-base64-embeds-access-token',
    ['view_token_hides_access_token'],
    'view_token_hides_access_token',
    16,
    ISSUED,
    'the View Token carries the Access Token inside a base64 segment',
  ],
  [
    'view-token-hex-encodes-access-token',
    ['view_token_hides_access_token'],
    'view_token_hides_access_token',
    16,
    ISSUED,
    'the View Token carries the Access Token inside a hex segment',
  ],
  [
    'refusals-say-success',
    ['refusal_claims_no_success'],
    'refusal_claims_no_success',
    90,
    () =>
      plannedVariants(
        'auth',
        'near-miss',
        'near-miss-malformed',
        'misplaced',
        'view-token-as-access',
        'missing',
        'forbidden',
        'boundary',
      ),
    'a refusal says code "success"',
  ],
  [
    'forbidden-carries-a-token',
    ['refusal_claims_no_success'],
    'refusal_claims_no_success',
    2,
    ['--forbidden-file-id 403403'],
    'a refusal carries a View Token in data (shaped like the ones issued)',
  ],
  [
    'refusal-echoes-issued-token',
    ['refusal_claims_no_success'],
    'refusal_claims_no_success',
    43,
    () => plannedVariants('auth', 'near-miss', 'near-miss-malformed', 'misplaced', 'view-token-as-access'),
    'a refusal carries a View Token issued in this run',
  ],
])(
  'an implementation that %s fails %j and nothing else: its probes break %s',
  async (deviation, failing, check, count, variants, reason) => {
    const report = await run(deviation);
    expect(report.results.filter((result) => result.status !== 'pass').map((result) => result.name)).toEqual(failing);
    const violations = report.results.find((result) => result.name === check)?.violations ?? [];
    expect(violations).toHaveLength(count);
    expect([...new Set(violations.map((violation) => violation.result.probe.variant))].sort()).toEqual(
      [...(typeof variants === 'function' ? variants() : variants)].sort(),
    );
    expect(violations[0]?.reason).toBe(reason);
  },
);

test.each<[Deviation, number]>([
  ['compares-first-8-characters', 1],
  ['accepts-view-token-as-access-token', 1],
  ['case-insensitive-routes-unguarded', 1],
  ['parses-ids-with-Number', 1],
  ['ignores-id-parameter-name', 1],
  ['view-token-base64-embeds-access-token', 1],
  ['refusals-say-success', 1],
  ['parses-ids-with-parseInt', 2],
])('the failures of %s are reported as %i finding(s), one per root cause', async (deviation, findings) => {
  expect((await run(deviation)).findings).toHaveLength(findings);
});

test.each<Deviation>([
  'opaque-tokens',
  'signed-tokens-naming-the-object',
  'base64-tokens',
  'stable-token-per-object',
  'problem-json-errors',
  'extra-headers',
  'pretty-json',
  'guarded-aliases',
  'redirects-trailing-slash',
  'html-401',
  'empty-401',
  'errors-of-any-media-type',
  'extra-envelope-fields',
  'text-plain-success',
  'post-answers-201',
])(
  'an implementation whose only difference the interface document allows (%s) passes every check, none skipped',
  async (deviation) => {
    const report = await run(deviation);
    expect(
      report.results
        .filter((result) => result.status !== 'pass')
        .map((result) => [result.name, result.violations[0]?.reason ?? result.note]),
    ).toEqual([]);
  },
);

test('the deviants together fail every probe of the adversarial kinds at least once: none is planned that no defect was shown to trip', async () => {
  const deviations: Deviation[] = [
    'accepts-any-token',
    'accepts-basic',
    'accepts-no-auth',
    'accepts-token-under-any-scheme',
    'accepts-bare-token',
    'accepts-empty-bearer',
    'compares-token-prefix',
    'compares-token-suffix',
    'accepts-token-inside-longer-one',
    'compares-first-8-characters',
    'token-comparison-ignores-case',
    'trims-token',
    'splits-authorization-on-spaces',
    'takes-last-word-as-token',
    'reads-last-authorization-header',
    'accepts-token-in-query',
    'accepts-token-in-cookie',
    'accepts-token-in-other-header',
    'accepts-token-in-body',
    'accepts-view-token-as-access-token',
    'serves-trailing-slash-unguarded',
    'case-insensitive-routes-unguarded',
    'normalizes-paths-unguarded',
    'strips-suffixes-unguarded',
    'get-on-child-route-unguarded',
    'parses-ids-with-parseInt',
    'reads-unicode-digits',
    'ignores-id-parameter-name',
    'serves-any-method',
    'other-methods-unguarded',
    'post-body-overrides-path-ids',
  ];
  const tripped = new Set<string>();
  for (const deviation of deviations) {
    for (const result of (await run(deviation)).results)
      for (const violation of result.violations)
        tripped.add(`${violation.result.probe.intent}: ${violation.result.probe.variant}`);
  }
  const intents: ProbeIntent[] = [
    'auth',
    'near-miss',
    'near-miss-malformed',
    'misplaced',
    'view-token-as-access',
    'alias',
    'lenient',
    'crossed',
    'other-method',
    'other-method-anonymous',
    'body-ids',
  ];
  const planned = intents.flatMap((intent) => plannedVariants(intent).map((variant) => `${intent}: ${variant}`));
  expect(planned.filter((probe) => !tripped.has(probe))).toEqual([]);
  expect(planned.length).toBeGreaterThan(40);
}, 60_000);

test('a server that handles one request at a time (each waits for the one before) passes every check', async () => {
  const fake = createFake('none').listener();
  let queue = Promise.resolve();
  const oneAtATime: typeof fake = (req, res) => {
    queue = queue.then(
      () =>
        new Promise<void>((resolve) => {
          res.once('finish', () => resolve());
          setTimeout(() => fake(req, res), 1);
        }),
    );
  };
  const report = await runContracts(toContractOptions({ ...OPTIONS, target: oneAtATime }));
  expect(report.results.filter((result) => result.status !== 'pass').map((result) => result.name)).toEqual([]);
  expect(report.requests).toBeGreaterThan(150);
});
