// Issue 40 points 1, 3 and 4 in-process: the verdict line for each outcome, and what the JSON and JUnit
// reports say of a target that could not be used and of allowed violations.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { applyAllowList, parseAllowList } from '../../contracts/allow-list';
import { CHECKS } from '../../contracts/checks';
import { exitCodeOf } from '../../contracts/exit-codes';
import { toContractOptions } from '../../contracts/library-options';
import { toConsoleReport } from '../../contracts/reporters/console-report';
import { toJsonReport } from '../../contracts/reporters/json-report';
import { toJUnitReport } from '../../contracts/reporters/junit-report';
import { toVerdict } from '../../contracts/reporters/verdict';
import type { RunReport } from '../../contracts/runner';
import { runContracts } from '../../contracts/runner';
import { FAKE_IDS, FAKE_TOKEN, fakeListener } from '../support/fake-implementation';

const ALL_IDS = {
  fileId: FAKE_IDS.valid,
  integrateId: FAKE_IDS.integrateId,
  childFileId: FAKE_IDS.childFileId,
  missingId: FAKE_IDS.missing,
  forbiddenFileId: FAKE_IDS.forbidden,
};
const validate = new Ajv2020({ strict: true }).compile(
  JSON.parse(readFileSync(path.resolve(__dirname, '../../contracts/report.schema.json'), 'utf8')) as object,
);
const run = (target: Parameters<typeof toContractOptions>[0]['target'], ids: object = ALL_IDS): Promise<RunReport> =>
  runContracts(toContractOptions({ target, accessToken: FAKE_TOKEN, ids }));

test('a conformant run: PASS, every check named as passed, exit code 0', async () => {
  const report = await run(fakeListener('none'));
  expect([report.outcome, exitCodeOf(report.outcome)]).toEqual(['conformant', 0]);
  expect(toVerdict(report)).toBe(`Result: PASS: all ${CHECKS.length} checks passed; exit code 0`);
});

test('a conformant run with skipped checks: the verdict names each, and still exit code 0', async () => {
  const report = await run(fakeListener('none'), {
    integrateId: FAKE_IDS.integrateId,
    childFileId: FAKE_IDS.childFileId,
  });
  const skipped = report.results.filter((result) => result.status === 'skip').map((result) => result.name);
  expect(skipped).toEqual(['missing_object_not_found', 'forbidden_object_rejected', 'path_ids_decide']);
  expect(toVerdict(report)).toBe(
    `Result: PASS WITH 3 SKIPPED: ${CHECKS.length - 3} of ${CHECKS.length} checks passed; 3 skipped, not judged: ${skipped.join(', ')}; exit code 0`,
  );
});

test('a defect: FAIL with how many checks and findings; allowed checks are counted apart; the JSON and JUnit say the same', async () => {
  const report = await run(fakeListener('accepts-bare-token'));
  expect([report.outcome, exitCodeOf(report.outcome)]).toEqual(['defects-found', 1]);
  expect(toVerdict(report)).toBe(`Result: FAIL: 2 of ${CHECKS.length} checks failed (1 finding); exit code 1`);
  const allow = parseAllowList(
    '- {check: ignored_auth, reason: TICKET-9, until: 2999-01-01}',
    'allow.yaml',
    CHECKS.map((check) => check.name),
  );
  const applied = applyAllowList(report.results, allow, '2026-01-01');
  const allowed = {
    ...report,
    results: applied.results,
    allowList: applied.report,
    totals: { ...report.totals, failed: 1, allowed: 1 },
  };
  expect(toVerdict(allowed)).toBe(
    `Result: FAIL: 1 of ${CHECKS.length} checks failed (1 finding); 1 allowed by --allow; exit code 1`,
  );
  expect(toConsoleReport(allowed)).toContain('  ALLOW  ignored_auth');
  const json = JSON.parse(toJsonReport(allowed)) as { checks: { name: string; status: string; allowed: unknown[] }[] };
  expect(validate(json) ? [] : validate.errors).toEqual([]);
  expect(json.checks.find((check) => check.name === 'ignored_auth')).toMatchObject({
    status: 'allowed',
    allowed: [
      {
        probe: 'GET with the Access Token without a scheme',
        entry: { check: 'ignored_auth', reason: 'TICKET-9', until: '2999-01-01', where: '--allow allow.yaml, entry 1' },
      },
      { probe: 'POST with the Access Token without a scheme' },
    ],
  });
  const junit = toJUnitReport(allowed);
  expect(junit).toContain('<testcase classname="view-token-contracts" name="ignored_auth"');
  expect(junit).toMatch(
    /<skipped message="2 violation\(s\) allowed by --allow: allow\.yaml, entry 1: ignored_auth until 2999-01-01: TICKET-9"\/>/,
  );
  expect(junit).toContain('<property name="allowed" value="1"/>');
});

test('a target that could not be used: NOT JUDGED naming the flag; the JSON carries the systemic finding; JUnit one <error> testcase', async () => {
  const report = await run((_req, res) => void res.writeHead(401).end());
  expect([report.outcome, exitCodeOf(report.outcome)]).toEqual(['target-unusable', 3]);
  expect(toVerdict(report)).toBe('Result: NOT JUDGED: the target could not be used (fix --access-token); exit code 3');
  const json = JSON.parse(toJsonReport(report)) as { systemic: object; exitCode: number };
  expect(validate(json) ? [] : validate.errors).toEqual([]);
  expect(json).toMatchObject({
    exitCode: 3,
    systemic: {
      kind: 'unauthorized',
      flag: '--access-token',
      example: { probe: 'issue fileId', response: { status: 401 } },
    },
  });
  const junit = toJUnitReport(report);
  expect(junit).toMatch(/<testsuites name="view-token-contracts" tests="29" failures="0" errors="1" skipped="28"/);
  expect(junit).toContain(
    '<error message="the target could not be used: the 4 first requests were all answered 401 Unauthorized, the View Token requests with the Access Token included">',
  );
  expect(toConsoleReport(report)).toContain(`None of the ${CHECKS.length} checks was judged.`);
});
