// The reporters at their edges: long bodies and many places, verdict wording, allow-list entries,
// SARIF suppressions and fingerprints, and where a finding points in the contract.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { groupFindings } from '../../contracts/findings';
import { describeFinding, excerpt, toConsoleReport } from '../../contracts/reporters/console-report';
import { toExchangeText } from '../../contracts/reporters/exchange-text';
import { toJsonReport } from '../../contracts/reporters/json-report';
import { toJUnitReport } from '../../contracts/reporters/junit-report';
import { toSarifReport } from '../../contracts/reporters/sarif-report';
import { locateIn } from '../../contracts/reporters/spec-location';
import { toVerdict } from '../../contracts/reporters/verdict';
import type { CheckResult, Finding, RunReport } from '../../contracts/run-report';
import {
  BASE,
  CHILD,
  ROOT,
  accepted,
  answer,
  bare,
  cached,
  check,
  defects,
  expired,
  reset,
  result,
  results,
  stale,
  withoutAllowList,
} from '../support/report-fixture';

test('a finding over many requests lists the first 12 places and variants and counts the rest; a long body is cut at 300 characters, whitespace runs as one space', () => {
  const many = Array.from({ length: 14 }, (_, index) =>
    result(
      `probe ${index}`,
      `GET id${index}`,
      `variant ${index}`,
      answer('/view/token', 400, `\t${'abc  '.repeat(100)}`, {}),
    ),
  );
  const [finding] = groupFindings([
    {
      ...check('ids_strict', 'fail', '', 1),
      violations: many.map((probed) => ({ result: probed, expected: 'a 4xx', reason: 'r' })),
    },
  ]);
  const lines = describeFinding(finding as NonNullable<typeof finding>, '1.');
  const first12 = (word: string, sep: string): string =>
    Array.from({ length: 12 }, (_, index) => `${word}${sep}${index}`).join('; ');
  expect(lines).toEqual([
    `1. 14 requests on ${first12('GET id', '')}; and 2 more`,
    '   fails ids_strict: r',
    '     expected a 4xx; from the interface: "ids_strict sentence"',
    `   tried: ${first12('variant', ' ')}; and 2 more`,
    `   e.g. probe 0: GET ${BASE}/view/token`,
    `          got 400 (no content type): ${'abc '.repeat(100).slice(0, 300)}…`,
  ]);
});

test('a check allowed by entries of several dates names each date once, in order', () => {
  const later = { ...accepted, until: '2999-06-01', where: '--allow allow.yaml, entry 4' };
  const allowedTwice: CheckResult = {
    ...check('cache_private', 'allowed', '', 7),
    allowed: [later, accepted, later].map((each) => ({
      violation: { result: cached, expected: 'private', reason: 'public' },
      entry: each,
    })),
  };
  const text = toConsoleReport({ ...withoutAllowList, results: [allowedTwice], findings: [] });
  expect(text.split('\n')[2]).toBe(
    '  ALLOW  cache_private  3 violations allowed by --allow (until 2999-01-01, 2999-06-01)',
  );
});

test.each([
  ['', '(empty body)'],
  [' \t\r\n ', '(empty body)'],
  ['x'.repeat(300), 'x'.repeat(300)],
  ['x'.repeat(301), `${'x'.repeat(300)}…`],
  [' a \r\n\t b ', 'a b'],
  ['a\u001bb\u202ec', 'a\\x1bb\\u202ec'],
])('a body on one line: %j is %j', (body, shown) => {
  expect(excerpt(body)).toBe(shown);
});

test.each([
  [2000, ''],
  [2001, '…'],
])('an exchange in full shows a body of %i characters up to 2,000, then %j', (length, mark) => {
  const long = result('long', 'GET /view/token', 'long', answer('/view/token', 200, 'y'.repeat(length), {}));
  const text = toExchangeText(long).split('\n');
  expect(text.slice(-2)).toEqual(['<', `< ${'y'.repeat(2000)}${mark}`]);
  const json = JSON.parse(
    toJsonReport({
      ...defects,
      results: [{ ...check('x', 'fail', '', 1), violations: [{ result: long, expected: 'e', reason: 'r' }] }],
    }),
  ) as {
    checks: { violations: { response: { body: string } }[] }[];
  };
  expect(json.checks[0]?.violations[0]?.response.body).toBe('y'.repeat(2000));
});

test('a passing run with an allowed check: PASS, how many of the checks passed, how many allowed; exit code 0', () => {
  const report: RunReport = {
    ...withoutAllowList,
    outcome: 'conformant',
    results: [results[0], results[4]].filter((each) => each !== undefined),
    totals: { checks: 2, passed: 1, failed: 0, skipped: 0, allowed: 1 },
    findings: [],
  };
  expect(toVerdict(report)).toBe('Result: PASS: 1 of 2 checks passed; 1 allowed by --allow; exit code 0');
  expect(toVerdict({ ...report, totals: { ...report.totals, passed: 2, allowed: 0 } })).toBe(
    'Result: PASS: all 2 checks passed; exit code 0',
  );
});

test('SARIF: each allowed finding is suppressed with the reasons of its own entries only', () => {
  const other = {
    ...accepted,
    reason: 'TICKET-10: the proxy',
    until: '2999-02-02',
    where: '--allow allow.yaml, entry 5',
  };
  const twoCauses: CheckResult = {
    ...check('cache_private', 'allowed', '', 7),
    allowed: [
      { violation: { result: cached, expected: 'private', reason: 'public' }, entry: accepted },
      { violation: { result: bare, expected: 'private', reason: 's-maxage' }, entry: other },
    ],
  };
  const sarif = JSON.parse(toSarifReport({ ...defects, results: [twoCauses], findings: [] }, '1', ROOT)) as {
    runs: { results: { properties: { probes: string[] }; suppressions: { justification: string }[] }[] }[];
  };
  expect(sarif.runs[0]?.results.map((each) => [each.properties.probes, each.suppressions[0]?.justification])).toEqual([
    [['GET cached'], 'TICKET-9: the CDN (until 2999-01-01)'],
    [['GET with the Access Token without a scheme'], 'TICKET-10: the proxy (until 2999-02-02)'],
  ]);
});

describe('where a finding points in the contract', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-locate-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const [getFinding, postFinding] = defects.findings;

  test.each([
    ['a quoted key', 'openapi: 3.1.0\npaths:\n  "/view/token":\n    get: {}\n', 3],
    ['a key in single quotes after others', "paths:\n  /a: {}\n  '/view/token' :\n", 3],
    ['a key only mentioned in a description', 'info:\n  description: see /view/token: it issues\n', 1],
    ['a path that only starts like it', 'paths:\n  /view/tokens:\n', 1],
  ])('%s: line %i', (_label, text, line) => {
    const specPath = path.join(scratch, 'spec.yaml');
    writeFileSync(specPath, text);
    expect(locateIn({ ...defects, specPath }, scratch)(getFinding as NonNullable<typeof getFinding>)).toEqual({
      file: 'spec.yaml',
      inside: true,
      line,
      operation: 'GET /view/token',
    });
  });

  test('a template with braces is found as written; a contract outside the folder keeps its absolute path; one that moved points at line 1', () => {
    const specPath = path.join(scratch, 'nested', '..', 'child.yaml');
    writeFileSync(specPath, `paths:\n  /view/token: {}\n  ${CHILD}:\n`);
    const finding = postFinding as NonNullable<typeof postFinding>;
    expect(locateIn({ ...defects, specPath }, scratch)(finding)).toEqual({
      file: 'child.yaml',
      inside: true,
      line: 3,
      operation: `POST ${CHILD}`,
    });
    expect(locateIn({ ...defects, specPath }, path.join(scratch, 'sub'))(finding)).toMatchObject({
      file: specPath,
      inside: false,
      line: 3,
    });
    expect(locateIn({ ...defects, specPath: path.join(scratch, 'gone.yaml') }, scratch)(finding)).toMatchObject({
      file: 'gone.yaml',
      line: 1,
    });
  });
});

test('a clean console summary: no allowed count, no findings heading; an allow-list with only stale entries lists only those', () => {
  const report: RunReport = {
    ...defects,
    outcome: 'conformant',
    results: [check('status_declared', 'pass', '8 answers judged', 1)],
    totals: { checks: 1, passed: 1, failed: 0, skipped: 0, allowed: 0 },
    findings: [],
    allowList: { file: 'allow.yaml', used: [], expired: [], stale: [stale] },
  };
  expect(toConsoleReport(report).split('\n').slice(2)).toEqual([
    '  PASS   status_declared  8 answers judged',
    '',
    'Checks: 1 passed, 0 failed, 0 skipped',
    '',
    'Allow-list allow.yaml, stale (they match nothing in this run: delete them): 1',
    '  allow.yaml, entry 3: status_declared until 2999-12-31: never matched',
    '',
    'Result: PASS: all 1 checks passed; exit code 0',
  ]);
  const expiredOnly = toConsoleReport({
    ...report,
    allowList: { file: 'allow.yaml', used: [], expired: [expired], stale: [] },
  });
  expect(expiredOnly.split('\n').slice(6, 8)).toEqual([
    'Allow-list allow.yaml, past the date (what they name fails again): 1',
    '  allow.yaml, entry 2: ids_strict until 2020-01-01: old: 100%',
  ]);
  expect(expiredOnly.split('\n')).toHaveLength(10);
});

test('a finding over exactly 12 places lists them all, with no count of more', () => {
  const twelve = Array.from({ length: 12 }, (_, index) =>
    result(`probe ${index}`, `GET id${index}`, 'v', answer('/view/token', 400, '', {})),
  );
  const [finding] = groupFindings([
    {
      ...check('ids_strict', 'fail', '', 1),
      violations: twelve.map((probed) => ({ result: probed, expected: 'e', reason: 'r' })),
    },
  ]);
  expect(describeFinding(finding as NonNullable<typeof finding>, '1.')[0]).toBe(
    `1. 12 requests on ${Array.from({ length: 12 }, (_, index) => `GET id${index}`).join('; ')}`,
  );
});

test('several entries accepting one finding: JUnit and SARIF name each entry, separated by "; "', () => {
  const second = { ...accepted, reason: 'TICKET-10', where: '--allow allow.yaml, entry 5' };
  const both: CheckResult = {
    ...check('cache_private', 'allowed', '', 7),
    allowed: [
      { violation: { result: cached, expected: 'private', reason: 'public' }, entry: accepted },
      { violation: { result: bare, expected: 'private', reason: 'public' }, entry: second },
    ],
  };
  const report = { ...defects, results: [both], findings: [] };
  expect(toJUnitReport(report)).toContain(
    '<skipped message="2 violation(s) allowed by --allow: allow.yaml, entry 1: cache_private (GET cached) until 2999-01-01: TICKET-9: the CDN; allow.yaml, entry 5: cache_private (GET cached) until 2999-01-01: TICKET-10"/>',
  );
  const sarif = JSON.parse(toSarifReport(report, '1', ROOT)) as {
    runs: { columnKind: string; results: { suppressions: { justification: string }[] }[] }[];
  };
  expect(sarif.runs[0]?.results.map((each) => each.suppressions[0]?.justification)).toEqual([
    'TICKET-9: the CDN (until 2999-01-01); TICKET-10 (until 2999-01-01)',
  ]);
  expect(sarif.runs[0]?.columnKind).toBe('utf16CodeUnits');
});

test("SARIF fingerprints: one per finding, the same on a rerun at another address, another for another finding's checks, reasons or places", () => {
  const fingerprints = (report: RunReport): string[] =>
    (
      JSON.parse(toSarifReport(report, '1', ROOT)) as {
        runs: { results: { partialFingerprints: Record<string, string> }[] }[];
      }
    ).runs[0]?.results.map((each) => each.partialFingerprints['viewTokenContractFinding/v1'] ?? '') ?? [];
  const [first, second] = defects.findings as [Finding, Finding];
  const elsewhere = { ...first, results: [reset] };
  const seen = fingerprints({ ...defects, baseUrl: 'http://127.0.0.1:9/', findings: [first, second, elsewhere] });
  expect([seen[0], seen[2]]).toEqual([fingerprints(defects)[0], fingerprints(defects)[0]]);
  const otherReason = { ...first, breaks: first.breaks.map((each) => ({ ...each, reason: `${each.reason}!` })) };
  const otherCheck = { ...first, breaks: first.breaks.slice(0, 1) };
  const otherPlace = { ...first, where: ['GET elsewhere'] };
  const all = fingerprints({ ...defects, findings: [first, second, otherReason, otherCheck, otherPlace] });
  expect([all.length, new Set(all).size]).toEqual([6, 6]); // the five findings and the allowed one
});

test('one request breaking checks: one break per check and reason (a cause standing for its reasons, the first reason its example)', () => {
  const probed = result('probe', 'GET id', 'v', answer('/view/token', 400, '', {}));
  const violation = (reason: string, cause?: string) => ({
    result: probed,
    expected: 'e',
    reason,
    ...(cause === undefined ? {} : { cause }),
  });
  const [finding, ...others] = groupFindings([
    {
      ...check('a', 'fail', '', 1),
      violations: [violation('x'), violation('x'), violation('x-detail', 'x'), violation('z')],
    },
    { ...check('b', 'fail', '', 1), violations: [violation('x')] },
    {
      ...check('c', 'fail', '', 1),
      violations: [violation('first detail', 'cause'), violation('second detail', 'cause')],
    },
  ]);
  expect(others).toEqual([]);
  expect(finding?.breaks).toEqual([
    { check: 'a', source: 'a sentence', expected: 'e', reason: 'x' },
    { check: 'a', source: 'a sentence', expected: 'e', reason: 'z' },
    { check: 'b', source: 'b sentence', expected: 'e', reason: 'x' },
    { check: 'c', source: 'c sentence', expected: 'e', reason: 'cause', example: 'first detail' },
  ]);
});
