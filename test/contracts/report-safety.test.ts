// Issue 28, point 5: reports group failures by root cause and print every byte a server sent escaped.
import { toContractOptions } from '../../contracts/library-options';
import { toConsoleReport } from '../../contracts/reporters/console-report';
import { toJsonReport } from '../../contracts/reporters/json-report';
import { toJUnitReport } from '../../contracts/reporters/junit-report';
import { toSafeJson, toSafeLine, toSafeLines } from '../../contracts/reporters/safe-text';
import { runContracts } from '../../contracts/runner';
import type { Deviation, FakeAnswer } from '../support/fake-implementation';
import { FAKE_IDS, FAKE_TOKEN, fakeListener } from '../support/fake-implementation';

const IDS = { fileId: FAKE_IDS.valid, integrateId: FAKE_IDS.integrateId, childFileId: FAKE_IDS.childFileId };
/** What a hostile server answers: clear the screen, home the cursor, a CR, a forged PASS line, a C1 CSI, a right-to-left override. */
const HOSTILE_BODY =
  '\u001b[2J\u001b[H\r\n  PASS  ignored_auth                   14 answers judged\n\u009b31mred\u202eSSAP\u2028done';
/** Characters that must never reach a console or CI log raw (a newline is the reports' own). */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

function run(deviation: Deviation, edit?: (answer: FakeAnswer) => FakeAnswer) {
  return runContracts(toContractOptions({ target: fakeListener(deviation, edit), accessToken: FAKE_TOKEN, ids: IDS }));
}

const hostile = (answer: FakeAnswer): FakeAnswer => ({
  status: answer.status,
  headers: { 'Content-Type': 'text/plain', 'X-Note': '\u009b2J' },
  body: HOSTILE_BODY,
});

test("a body with terminal control sequences and a fake PASS line cannot forge the console report: every byte escaped, the only status lines are the checks'", async () => {
  const report = await run('accepts-bare-token', hostile);
  const text = toConsoleReport(report);
  expect(text).not.toMatch(UNSAFE);
  expect(text.split('\n').filter((line) => /^\s*(PASS|FAIL|SKIP)\b/.test(line))).toHaveLength(report.results.length);
  expect(text).toContain(
    'got 200 text/plain: \\x1b[2J\\x1b[H PASS ignored_auth 14 answers judged \\x9b31mred\\u202eSSAP\\u2028done',
  );
});

test('JUnit XML carries the hostile body escaped, each of its lines behind "< ", and no raw control character', async () => {
  const xml = toJUnitReport(await run('accepts-bare-token', hostile));
  expect(xml).not.toMatch(UNSAFE);
  expect(xml).toContain('&lt; x-note: \\x9b2J');
  expect(xml).toContain(
    '&lt; \\x1b[2J\\x1b[H\\r\n&lt;   PASS  ignored_auth                   14 answers judged\n&lt; \\x9b31mred\\u202eSSAP\\u2028done',
  );
  expect(xml.split('\n').filter((line) => /^\s*PASS\b/.test(line))).toEqual([]);
});

test("the JSON report keeps the body's value exactly, its C1 and bidi characters written as \\u escapes so printing the file is safe", async () => {
  const json = toJsonReport(await run('accepts-bare-token', hostile));
  expect(json).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2028]/);
  const parsed = JSON.parse(json) as {
    checks: { name: string; violations: { response: { body: string; headers: Record<string, string> } }[] }[];
  };
  const violation = parsed.checks.find((check) => check.name === 'ignored_auth')?.violations[0];
  expect(violation?.response.body).toBe(HOSTILE_BODY);
  expect(violation?.response.headers['x-note']).toBe('\u009b2J');
});

test.each([
  ['\u001b]0;pwned\u0007', '\\x1b]0;pwned\\x07'],
  ['a\rb\tc\nd', 'a\\rb\\tc\\nd'],
  ['\u202eevil\u2066x\u2069', '\\u202eevil\\u2066x\\u2069'],
  ['\u0085\u009b\u007f', '\\x85\\x9b\\x7f'],
  // a code point of three hex digits is padded to four, one of one digit to two
  ['\u061cx\u0001', '\\u061cx\\x01'],
  ['plain ü 中文 ✓', 'plain ü 中文 ✓'],
])('toSafeLine(%j) is %j: controls, C1, DEL, bidi escaped, every other character kept', (given, shown) => {
  expect(toSafeLine(given)).toBe(shown);
});

test('toSafeLines keeps newlines and escapes the rest; toSafeJson changes no value', () => {
  expect(toSafeLines('a\u001b\nb\r')).toBe('a\\x1b\nb\\r');
  const value = { body: '\u009b\u202e\u2028x' };
  const json = toSafeJson(JSON.stringify(value));
  expect(json).toBe('{"body":"\\u009b\\u202e\\u2028x"}');
  expect(JSON.parse(json)).toEqual(value);
});

test('one broken behaviour across every id parameter is one finding listing them, with one example, not one bullet per request', async () => {
  const report = await run('parses-ids-with-Number');
  const text = toConsoleReport(report);
  const findings = text.slice(text.indexOf('\n1 finding'));
  expect(findings.split('\n').slice(0, 6)).toEqual([
    '',
    '1 finding (the failures grouped by root cause):',
    '',
    '1. 24 requests on GET fileId; GET integrateId; POST integrateId (path); POST fileId (path)',
    "   fails lenient_id_rejection: status 200: an id a lenient parser reads as an object's id was accepted",
    '     expected not a success: the value is not an int64 as written (a 400 or 404 is fine); from the interface: "All identifiers are integers (int64). Path parameter integrateId: required, integer (int64); Path parameter fileId: required, integer (int64)"',
  ]);
  expect(findings).toContain(
    '   tried: an exponent (Ne0); hexadecimal (0x...); a decimal point (N.0); a leading space (%20N); a trailing space (N%20); a trailing newline (N%0A)\n',
  );
  expect(findings.match(/^ {3}e\.g\. /gm)).toHaveLength(1);
  expect(
    report.findings.map((finding) => [finding.results.length, finding.breaks.map((entry) => entry.check)]),
  ).toEqual([[24, ['lenient_id_rejection']]]);
});

test('requests that break several checks for one cause are one finding naming each check and its reason', async () => {
  const report = await run('compares-token-prefix');
  expect(
    report.findings.map((finding) => ({
      where: finding.where,
      variants: finding.variants,
      breaks: finding.breaks.map(({ check, reason }) => [check, reason]),
    })),
  ).toEqual([
    {
      where: ['GET /view/token', 'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken'],
      variants: ['the Access Token without its last character'],
      breaks: [
        ['credential_exact_match', 'status 200: a credential that is not the exact Access Token was accepted'],
        ['unauthorized_is_401', 'status 200, not 401: the request was accepted'],
      ],
    },
  ]);
});

test('the Access Token the harness put in a query or a cookie, and one a server echoes, never reach a report', async () => {
  const echo = (answer: FakeAnswer): FakeAnswer => ({
    ...answer,
    headers: { ...answer.headers, 'X-Echo': `seen ${FAKE_TOKEN}` },
  });
  const report = await run('accepts-token-in-query', echo);
  const texts = [toConsoleReport(report), toJUnitReport(report), toJsonReport(report)];
  for (const text of texts) expect(text).not.toContain(FAKE_TOKEN);
  expect(texts[1]).toContain(
    'view/token?fileId=11&amp;access_token=&lt;access token&gt;&amp;accessToken=&lt;access token&gt;&amp;token=&lt;access token&gt;',
  );
  expect(texts[1]).toContain('&lt; x-echo: seen &lt;access token&gt;');
});
