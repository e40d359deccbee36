// Issue 40 points 5 and 6: an allow-list entry holds through its `until` day and not a day after;
// --checks-version pins the checks and the requests a run makes.
import { applyAllowList, loadAllowList, parseAllowList } from '../../contracts/allow-list';
import { CHECKS } from '../../contracts/checks';
import { toContractOptions } from '../../contracts/library-options';
import { describeEntry } from '../../contracts/reporters/allow-list-text';
import type { AllowEntry, CheckResult } from '../../contracts/run-report';
import { planRun, runContracts } from '../../contracts/runner';
import { UsageError } from '../../contracts/usage-error';
import { FAKE_IDS, FAKE_TOKEN, fakeListener } from '../support/fake-implementation';

const IDS = {
  fileId: FAKE_IDS.valid,
  integrateId: FAKE_IDS.integrateId,
  childFileId: FAKE_IDS.childFileId,
  missingId: FAKE_IDS.missing,
  forbiddenFileId: FAKE_IDS.forbidden,
};
const NAMES = CHECKS.map((check) => check.name);

let judged: CheckResult[];
beforeAll(async () => {
  const report = await runContracts(
    toContractOptions({ target: fakeListener('accepts-bare-token'), accessToken: FAKE_TOKEN, ids: IDS }),
  );
  judged = report.results;
});

const allowList = (until: string, probe?: string) =>
  parseAllowList(
    `- {check: ignored_auth, reason: TICKET-1, until: ${until}${probe === undefined ? '' : `, probe: ${probe}`}}`,
    'allow.yaml',
    NAMES,
  );

test.each([
  ['the day before', '2026-03-09', 'allowed', 0],
  ['the day itself', '2026-03-10', 'allowed', 0],
  ['the day after', '2026-03-11', 'fail', 1],
])('an entry until 2026-03-10, judged %s (%s), leaves ignored_auth %s', (_label, today, status, expired) => {
  const { results, report } = applyAllowList(judged, allowList('2026-03-10'), today);
  const auth = results.find((result) => result.name === 'ignored_auth');
  expect(auth?.status).toBe(status);
  expect([auth?.violations.length, auth?.allowed.length]).toEqual(status === 'fail' ? [2, 0] : [0, 2]);
  expect([report.used.length, report.expired.length, report.stale.length]).toEqual([1 - expired, expired, 0]);
});

test('an entry naming one probe accepts that probe only: the check still fails on the others', () => {
  const { results } = applyAllowList(
    judged,
    allowList('2026-03-10', 'GET with the Access Token without a scheme'),
    '2026-03-10',
  );
  const auth = results.find((result) => result.name === 'ignored_auth');
  expect(auth?.status).toBe('fail');
  expect(auth?.violations.map((violation) => violation.result.probe.id)).toEqual([
    'POST with the Access Token without a scheme',
  ]);
  expect(auth?.allowed.map(({ violation }) => violation.result.probe.id)).toEqual([
    'GET with the Access Token without a scheme',
  ]);
});

test('a stale entry naming a probe with a typo names the violating probe it is near; one near none, or naming no probe, names none', () => {
  const list = parseAllowList(
    [
      '- {check: ignored_auth, probe: GET with the Access Token without a shceme, reason: a, until: 2999-01-01}',
      '- {check: ignored_auth, probe: DELETE with no credentials at all, reason: b, until: 2999-01-01}',
      '- {check: credential_in_header_only, probe: GET with the Access Token without a shceme, reason: c, until: 2999-01-01}',
    ].join('\n'),
    'allow.yaml',
    NAMES,
  );
  const { report } = applyAllowList(judged, list, '2026-03-10');
  expect(report.stale.map((entry) => [entry.reason, entry.nearestProbe])).toEqual([
    ['a', 'GET with the Access Token without a scheme'],
    ['b', undefined],
    ['c', undefined],
  ]);
  expect(describeEntry(report.stale[0] as AllowEntry)).toBe(
    'allow.yaml, entry 1: ignored_auth (GET with the Access Token without a shceme) until 2999-01-01: a (did you mean probe "GET with the Access Token without a scheme"?)',
  );
});

test('an entry whose check passes is stale; one whose check was skipped is not judged stale (its check never ran)', () => {
  const list = parseAllowList(
    '- {check: credential_in_header_only, reason: a, until: 2999-01-01}\n- {check: view_token_object_scoped, reason: b, until: 2999-01-01}',
    'allow.yaml',
    NAMES,
  );
  const skipped = judged.map((result) =>
    result.name === 'view_token_object_scoped' ? { ...result, status: 'skip' as const } : result,
  );
  const { report } = applyAllowList(skipped, list, '2026-03-10');
  expect(report.stale.map((entry) => entry.check)).toEqual(['credential_in_header_only']);
});

test('--checks-version 1 runs the 21 checks of version 1 and sends none of the requests version 2 added', () => {
  const plan = (checksVersion: number) =>
    planRun(toContractOptions({ target: 'http://127.0.0.1:1', accessToken: FAKE_TOKEN, ids: IDS, checksVersion }));
  const one = plan(1);
  expect(one.checks.map((check) => check.name)).toEqual(
    CHECKS.filter((check) => check.since === 1).map((check) => check.name),
  );
  expect(one.checks).toHaveLength(21);
  expect(
    one.probes.filter((probe) => ['other-method', 'other-method-anonymous', 'body-ids'].includes(probe.intent)),
  ).toEqual([]);
  const two = plan(2);
  expect(two.checks).toHaveLength(CHECKS.length);
  expect(two.probes.length).toBeGreaterThan(one.probes.length);
  expect(two.probes.slice(0, one.probes.length).map((probe) => probe.id)).toEqual(one.probes.map((probe) => probe.id));
});

test('--checks naming a check newer than --checks-version is a usage error saying which version added it', () => {
  const newest = CHECKS.find((check) => check.since === 2);
  expect(() =>
    planRun(
      toContractOptions({
        target: 'http://127.0.0.1:1',
        accessToken: FAKE_TOKEN,
        ids: IDS,
        checksVersion: 1,
        checks: [newest?.name ?? ''],
      }),
    ),
  ).toThrow(`--checks: ${newest?.name ?? ''} was added in checks version 2; --checks-version 1 does not have it`);
});

test.each([
  [
    'a check it does not know',
    '- {check: ignored_aut, reason: x, until: 2999-01-01}',
    ', entry 1: unknown check ignored_aut (did you mean ignored_auth?)',
  ],
  [
    'a check far from any',
    '- {check: nothing_like_it_at_all, reason: x, until: 2999-01-01}',
    ', entry 1: unknown check nothing_like_it_at_all',
  ],
  [
    'no check',
    '- {reason: x, until: 2999-01-01}',
    ', entry 1: check is required (a check name, e.g. unauthorized_is_401)',
  ],
  [
    'no until',
    '- {check: ignored_auth, reason: x}',
    ', entry 1: until is required (the last day it holds, YYYY-MM-DD)',
  ],
  [
    'a day that does not exist',
    '- {check: ignored_auth, reason: x, until: 2026-02-30}',
    ', entry 1: until 2026-02-30 is not a date (YYYY-MM-DD)',
  ],
  [
    'a date with a time',
    '- {check: ignored_auth, reason: x, until: "2026-02-01T00:00"}',
    ', entry 1: until 2026-02-01T00:00 is not a date (YYYY-MM-DD)',
  ],
  [
    'no reason',
    '- {check: ignored_auth, until: 2026-02-28}',
    ', entry 1: reason is required (why the team accepts it, e.g. a ticket)',
  ],
  [
    'a blank reason',
    '- {check: ignored_auth, reason: " ", until: 2026-02-28}',
    ', entry 1: reason is required (why the team accepts it, e.g. a ticket)',
  ],
  [
    'an empty probe',
    '- {check: ignored_auth, probe: "", reason: x, until: 2026-02-28}',
    ', entry 1: probe is required (a probe name as reports give it)',
  ],
  [
    'an unknown field',
    '- {check: ignored_auth, reason: x, until: 2026-02-28, expires: 1}',
    ', entry 1: unknown field expires (allowed: check, probe, reason, until)',
  ],
  [
    'an entry that is a list',
    '- [ignored_auth]',
    ', entry 1: expected an object with check, reason and until (and probe)',
  ],
  ['an entry that is text', '- ignored_auth', ', entry 1: expected an object with check, reason and until (and probe)'],
  [
    'the second entry wrong',
    '- {check: ignored_auth, reason: x, until: 2026-02-28}\n- {check: ignored_auth}',
    ', entry 2: reason is required (why the team accepts it, e.g. a ticket)',
  ],
  ['not a list', 'check: ignored_auth', ': expected a list of entries, each with check, reason and until (and probe)'],
  ['an entry that is null', '- null', ', entry 1: expected an object with check, reason and until (and probe)'],
])('an allow-list with %s is a UsageError naming the file and the entry', (_label, text, message) => {
  expect(() => parseAllowList(text, 'allow.yaml', NAMES)).toThrow(new UsageError(`--allow allow.yaml${message}`));
});

test("an allow-list that is not YAML is a UsageError with the parser's first line", () => {
  expect(() => parseAllowList('- {check: [', 'allow.yaml', NAMES)).toThrow(
    expect.objectContaining({
      name: 'UsageError',
      message:
        '--allow allow.yaml: not YAML or JSON (Flow sequence in block collection must be sufficiently indented' +
        ' and end with a ] at line 1, column 12:)',
    }),
  );
});

test('the report names the entries used apart from the stale ones', () => {
  const list = parseAllowList(
    '- {check: ignored_auth, reason: a, until: 2999-01-01}\n- {check: credential_in_header_only, reason: b, until: 2999-01-01}',
    'allow.yaml',
    NAMES,
  );
  const { report } = applyAllowList(judged, list, '2026-03-10');
  expect([report.used.map((entry) => entry.check), report.stale.map((entry) => entry.check)]).toEqual([
    ['ignored_auth'],
    ['credential_in_header_only'],
  ]);
});

test('an allow-list read from a file that is not there is a UsageError naming it', () => {
  expect(() => loadAllowList('/nonexistent/allow.yaml', NAMES)).toThrow(
    '--allow /nonexistent/allow.yaml: cannot read it (ENOENT)',
  );
});

test('a well-formed entry is read whole, where it is written included', () => {
  expect(
    parseAllowList('- {check: ignored_auth, probe: GET x, reason: why, until: 2026-02-28}', 'a.yaml', NAMES).entries,
  ).toEqual([
    { check: 'ignored_auth', probe: 'GET x', reason: 'why', until: '2026-02-28', where: '--allow a.yaml, entry 1' },
  ]);
});
