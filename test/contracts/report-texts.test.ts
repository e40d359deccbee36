// Every reporter's whole text for one hand-built run (fixed times, port and bodies), so each line a
// user or a CI system reads is pinned: the console summary, JUnit, JSON, SARIF and GitHub annotations.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProbeResult } from '../../contracts/check-types';
import { groupFindings } from '../../contracts/findings';
import type { Exchange } from '../../contracts/http-exchange';
import type { Probe } from '../../contracts/probe-planner';
import { describeFinding, excerpt, toConsoleReport } from '../../contracts/reporters/console-report';
import { toGitHubAnnotations } from '../../contracts/reporters/github-annotations';
import { toExchangeText } from '../../contracts/reporters/exchange-text';
import { toJsonReport } from '../../contracts/reporters/json-report';
import { toJUnitReport } from '../../contracts/reporters/junit-report';
import { toSarifReport } from '../../contracts/reporters/sarif-report';
import { locateIn } from '../../contracts/reporters/spec-location';
import { toVerdict } from '../../contracts/reporters/verdict';
import type { AllowEntry, CheckResult, Finding, RunReport } from '../../contracts/run-report';

const FINGERPRINT = expect.stringMatching(/^[0-9a-f]{64}$/) as unknown;
const ROOT = path.resolve(__dirname, '../..');
const BASE = 'http://127.0.0.1:8080/api';
const CHILD = '/data/v2/integrations/{integrateId}/files/{fileId}/viewToken';

function result(id: string, where: string, variant: string, exchange: Exchange): ProbeResult {
  const operation = where.startsWith('POST') ? 'getChildFileViewToken' : 'getViewToken';
  const probe: Probe = {
    id,
    operation,
    intent: 'auth',
    where,
    variant,
    request: { method: 'GET', path: '/', headers: {} },
  };
  return { probe, exchange };
}

function answer(target: string, status: number, bodyText: string, headers: Record<string, string>): Exchange {
  const method = target.startsWith('/data') ? 'POST' : 'GET';
  return {
    kind: 'response',
    request: {
      method,
      path: target,
      url: `${BASE}${target}`,
      headers: { Authorization: 'secret-token', Accept: '*/*' },
    },
    timing: { startMs: 0, endMs: 1 },
    status,
    headers,
    bodyText,
  };
}

const JSON_TYPE = { 'content-type': 'application/json' };
const bare = result(
  'GET with the Access Token without a scheme',
  'GET /view/token',
  'the Access Token without a scheme',
  answer('/view/token?fileId=11', 200, '{"code":"success",\n  "data":"vt-1"}', JSON_TYPE),
);
const redirected = result(
  'POST with the Access Token without a scheme',
  `POST ${CHILD}`,
  'the Access Token without a scheme',
  answer('/data/v2/integrations/7/files/11/viewToken', 302, '', { location: '/login\u001b[2J', 'x-note': '50%' }),
);
const reset = result('POST fileId hexadecimal', 'POST fileId (path)', 'hexadecimal: 0xb', {
  kind: 'broken',
  request: {
    method: 'POST',
    path: '/data/v2/integrations/7/files/0xb/viewToken',
    url: `${BASE}/data/v2/integrations/7/files/0xb/viewToken`,
    headers: {},
    body: '{"a":1}\n{"b":2}',
  },
  timing: { startMs: 0, endMs: 2 },
  reason: 'the connection was reset (ECONNRESET)',
});
const cached = result(
  'GET cached',
  'GET /view/token',
  'twice',
  answer('/view/token?fileId=12', 200, `  ${'x'.repeat(310)}  `, { 'cache-control': 'public' }),
);

const entry = (where: number, check: string, until: string, reason: string, probeId?: string): AllowEntry => ({
  check,
  ...(probeId === undefined ? {} : { probe: probeId }),
  reason,
  until,
  where: `--allow allow.yaml, entry ${where}`,
});
const accepted = entry(1, 'cache_private', '2999-01-01', 'TICKET-9: the CDN', 'GET cached');
const expired = entry(2, 'ids_strict', '2020-01-01', 'old: 100%');
const stale = entry(3, 'status_declared', '2999-12-31', 'never matched');

function check(name: string, status: CheckResult['status'], note: string, durationMs: number): CheckResult {
  return {
    name,
    summary: `${name} summary`,
    source: `${name} sentence`,
    since: 1,
    status,
    note,
    durationMs,
    violations: [],
    allowed: [],
  };
}
const results: CheckResult[] = [
  check('status_declared', 'pass', '8 answers judged', 1234),
  {
    ...check('ignored_auth', 'fail', '', 20),
    violations: [bare, redirected].map((probed) => ({
      result: probed,
      expected: 'a 401',
      reason: 'a View Token was issued',
    })),
  },
  {
    ...check('unauthorized_is_401', 'fail', '', 5),
    violations: [
      ...[bare, redirected].map((probed) => ({
        result: probed,
        expected: 'status 401',
        reason: 'a View Token was issued',
      })),
      { result: reset, expected: 'status 401', reason: 'reset after 2 ms', cause: 'no complete answer' },
    ],
  },
  check('view_token_object_scoped', 'skip', 'give a second object id: --integrate-id', 0),
  {
    ...check('cache_private', 'allowed', '', 7),
    allowed: [{ violation: { result: cached, expected: 'private', reason: 'public' }, entry: accepted }],
  },
];
const defects: RunReport = {
  baseUrl: BASE,
  specPath: path.join(ROOT, 'spec/view-token.openapi.yaml'),
  operations: {
    getViewToken: { method: 'GET', path: '/view/token' },
    getChildFileViewToken: { method: 'POST', path: CHILD },
  },
  checksVersion: 2,
  durationMs: 1500,
  requests: 42,
  outcome: 'defects-found',
  results,
  totals: { checks: 5, passed: 1, failed: 2, skipped: 1, allowed: 1 },
  findings: groupFindings(results),
  allowList: { file: 'allow.yaml', used: [accepted], expired: [expired], stale: [stale] },
};
const { allowList: _allowList, ...withoutAllowList } = defects;
const unusable: RunReport = {
  ...withoutAllowList,
  outcome: 'target-unusable',
  results: results.map((each) => ({ ...check(each.name, 'skip', 'not judged: the target could not be used', 0) })),
  totals: { checks: 5, passed: 0, failed: 0, skipped: 5, allowed: 0 },
  findings: [],
  systemic: {
    kind: 'redirect',
    summary: 'the 4 first requests were all answered 302',
    advice: 'the base URL redirects; give the one it redirects to',
    flag: '--base-url',
    example: redirected,
  },
};

test('the console summary: each check with its detail, the totals, each finding with an example exchange, the allow-list, the verdict', () => {
  expect(toConsoleReport(defects).split('\n')).toEqual([
    'Contract checks against http://127.0.0.1:8080/api (42 requests, 1500 ms; checks version 2)',
    '',
    '  PASS   status_declared           8 answers judged',
    '  FAIL   ignored_auth              2 violations',
    '  FAIL   unauthorized_is_401       3 violations',
    '  SKIP   view_token_object_scoped  give a second object id: --integrate-id',
    '  ALLOW  cache_private             1 violation allowed by --allow (until 2999-01-01)',
    '',
    'Checks: 1 passed, 2 failed, 1 skipped, 1 allowed',
    '',
    '2 findings (the failures grouped by root cause):',
    '',
    '1. 2 requests on GET /view/token; POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
    '   fails ignored_auth: a View Token was issued',
    '     expected a 401; from the interface: "ignored_auth sentence"',
    '   fails unauthorized_is_401: a View Token was issued',
    '     expected status 401; from the interface: "unauthorized_is_401 sentence"',
    '   tried: the Access Token without a scheme',
    '   e.g. GET with the Access Token without a scheme: GET http://127.0.0.1:8080/api/view/token?fileId=11',
    '          got 200 application/json: {"code":"success", "data":"vt-1"}',
    '',
    '2. 1 request on POST fileId (path)',
    '   fails unauthorized_is_401: no complete answer (e.g. reset after 2 ms)',
    '     expected status 401; from the interface: "unauthorized_is_401 sentence"',
    '   tried: hexadecimal: 0xb',
    '   POST fileId hexadecimal: POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/0xb/viewToken',
    '     the connection was reset (ECONNRESET)',
    '',
    'Allow-list allow.yaml, past the date (what they name fails again): 1',
    '  allow.yaml, entry 2: ids_strict until 2020-01-01: old: 100%',
    '',
    'Allow-list allow.yaml, stale (they match nothing in this run: delete them): 1',
    '  allow.yaml, entry 3: status_declared until 2999-12-31: never matched',
    '',
    'Result: FAIL: 2 of 5 checks failed (2 findings); 1 skipped, not judged: view_token_object_scoped; 1 allowed by --allow; exit code 1',
  ]);
});

test('the console summary of a target that could not be used: one finding with its cause and example (a redirect with its Location), then NOT JUDGED', () => {
  expect(toConsoleReport(unusable).split('\n')).toEqual([
    'Contract checks against http://127.0.0.1:8080/api (42 requests, 1500 ms; checks version 2)',
    '',
    'The target could not be used: the 4 first requests were all answered 302.',
    '  Likely cause: the base URL redirects; give the one it redirects to.',
    '  e.g. POST with the Access Token without a scheme: POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/11/viewToken',
    '         got 302 (no content type): (empty body)',
    '         Location: /login\\x1b[2J',
    '  None of the 5 checks was judged.',
    '',
    'Result: NOT JUDGED: the target could not be used (fix --base-url); exit code 3',
  ]);
});

test('JUnit: the totals as properties, a testcase per check (failure with its findings and every exchange; skipped; allowed naming the entry)', () => {
  expect(toJUnitReport(defects).split('\n')).toEqual([
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites name="view-token-contracts" tests="5" failures="2" errors="0" skipped="2" time="1.500">',
    '  <testsuite name="http://127.0.0.1:8080/api" tests="5" failures="2" errors="0" skipped="2" time="1.500">',
    '    <properties>',
    '      <property name="outcome" value="defects-found"/>',
    '      <property name="checksVersion" value="2"/>',
    '      <property name="checks" value="5"/>',
    '      <property name="passed" value="1"/>',
    '      <property name="failed" value="2"/>',
    '      <property name="skipped" value="1"/>',
    '      <property name="allowed" value="1"/>',
    '    </properties>',
    '    <testcase classname="view-token-contracts" name="status_declared" time="1.234"></testcase>',
    '    <testcase classname="view-token-contracts" name="ignored_auth" time="0.020">',
    '      <failure message="2 violation(s) in 1 finding(s): ignored_auth summary">1. 2 requests on GET /view/token; POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
    '   fails ignored_auth: a View Token was issued',
    '     expected a 401; from the interface: &quot;ignored_auth sentence&quot;',
    '   tried: the Access Token without a scheme',
    '   e.g. GET with the Access Token without a scheme: GET http://127.0.0.1:8080/api/view/token?fileId=11',
    '          got 200 application/json: {&quot;code&quot;:&quot;success&quot;, &quot;data&quot;:&quot;vt-1&quot;}</failure>',
    '      <system-out>### GET with the Access Token without a scheme',
    '&gt; GET http://127.0.0.1:8080/api/view/token?fileId=11',
    '&gt; Authorization: &lt;redacted&gt;',
    '&gt; Accept: */*',
    '&lt; 200',
    '&lt; content-type: application/json',
    '&lt;',
    '&lt; {&quot;code&quot;:&quot;success&quot;,',
    '&lt;   &quot;data&quot;:&quot;vt-1&quot;}',
    '',
    '### POST with the Access Token without a scheme',
    '&gt; POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/11/viewToken',
    '&gt; Authorization: &lt;redacted&gt;',
    '&gt; Accept: */*',
    '&lt; 302',
    '&lt; location: /login\\x1b[2J',
    '&lt; x-note: 50%',
    '&lt;',
    '&lt; (empty body)</system-out>',
    '    </testcase>',
    '    <testcase classname="view-token-contracts" name="unauthorized_is_401" time="0.005">',
    '      <failure message="3 violation(s) in 2 finding(s): unauthorized_is_401 summary">1. 2 requests on GET /view/token; POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
    '   fails unauthorized_is_401: a View Token was issued',
    '     expected status 401; from the interface: &quot;unauthorized_is_401 sentence&quot;',
    '   tried: the Access Token without a scheme',
    '   e.g. GET with the Access Token without a scheme: GET http://127.0.0.1:8080/api/view/token?fileId=11',
    '          got 200 application/json: {&quot;code&quot;:&quot;success&quot;, &quot;data&quot;:&quot;vt-1&quot;}',
    '2. 1 request on POST fileId (path)',
    '   fails unauthorized_is_401: no complete answer (e.g. reset after 2 ms)',
    '     expected status 401; from the interface: &quot;unauthorized_is_401 sentence&quot;',
    '   tried: hexadecimal: 0xb',
    '   POST fileId hexadecimal: POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/0xb/viewToken',
    '     the connection was reset (ECONNRESET)</failure>',
    '      <system-out>### GET with the Access Token without a scheme',
    '&gt; GET http://127.0.0.1:8080/api/view/token?fileId=11',
    '&gt; Authorization: &lt;redacted&gt;',
    '&gt; Accept: */*',
    '&lt; 200',
    '&lt; content-type: application/json',
    '&lt;',
    '&lt; {&quot;code&quot;:&quot;success&quot;,',
    '&lt;   &quot;data&quot;:&quot;vt-1&quot;}',
    '',
    '### POST with the Access Token without a scheme',
    '&gt; POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/11/viewToken',
    '&gt; Authorization: &lt;redacted&gt;',
    '&gt; Accept: */*',
    '&lt; 302',
    '&lt; location: /login\\x1b[2J',
    '&lt; x-note: 50%',
    '&lt;',
    '&lt; (empty body)',
    '',
    '### POST fileId hexadecimal',
    '&gt; POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/0xb/viewToken',
    '&gt;',
    '&gt; {&quot;a&quot;:1}',
    '&gt; {&quot;b&quot;:2}',
    '! the connection was reset (ECONNRESET)</system-out>',
    '    </testcase>',
    '    <testcase classname="view-token-contracts" name="view_token_object_scoped" time="0.000">',
    '      <skipped message="give a second object id: --integrate-id"/>',
    '    </testcase>',
    '    <testcase classname="view-token-contracts" name="cache_private" time="0.007">',
    '      <skipped message="1 violation(s) allowed by --allow: allow.yaml, entry 1: cache_private (GET cached) until 2999-01-01: TICKET-9: the CDN"/>',
    '    </testcase>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ]);
});

test('JUnit of a target that could not be used: every check skipped and one more testcase, target, in <error> with the example exchange', () => {
  expect(toJUnitReport(unusable).split('\n')).toEqual([
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites name="view-token-contracts" tests="6" failures="0" errors="1" skipped="5" time="1.500">',
    '  <testsuite name="http://127.0.0.1:8080/api" tests="6" failures="0" errors="1" skipped="5" time="1.500">',
    '    <properties>',
    '      <property name="outcome" value="target-unusable"/>',
    '      <property name="checksVersion" value="2"/>',
    '      <property name="checks" value="5"/>',
    '      <property name="passed" value="0"/>',
    '      <property name="failed" value="0"/>',
    '      <property name="skipped" value="5"/>',
    '      <property name="allowed" value="0"/>',
    '    </properties>',
    '    <testcase classname="view-token-contracts" name="status_declared" time="0.000">',
    '      <skipped message="not judged: the target could not be used"/>',
    '    </testcase>',
    '    <testcase classname="view-token-contracts" name="ignored_auth" time="0.000">',
    '      <skipped message="not judged: the target could not be used"/>',
    '    </testcase>',
    '    <testcase classname="view-token-contracts" name="unauthorized_is_401" time="0.000">',
    '      <skipped message="not judged: the target could not be used"/>',
    '    </testcase>',
    '    <testcase classname="view-token-contracts" name="view_token_object_scoped" time="0.000">',
    '      <skipped message="not judged: the target could not be used"/>',
    '    </testcase>',
    '    <testcase classname="view-token-contracts" name="cache_private" time="0.000">',
    '      <skipped message="not judged: the target could not be used"/>',
    '    </testcase>',
    '    <testcase classname="view-token-contracts" name="target" time="0.000">',
    '      <error message="the target could not be used: the 4 first requests were all answered 302">The target could not be used: the 4 first requests were all answered 302.',
    '  Likely cause: the base URL redirects; give the one it redirects to.',
    '  e.g. POST with the Access Token without a scheme: POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/11/viewToken',
    '         got 302 (no content type): (empty body)',
    '         Location: /login\\x1b[2J',
    '  None of the 5 checks was judged.</error>',
    '      <system-out>### POST with the Access Token without a scheme',
    '&gt; POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/11/viewToken',
    '&gt; Authorization: &lt;redacted&gt;',
    '&gt; Accept: */*',
    '&lt; 302',
    '&lt; location: /login\\x1b[2J',
    '&lt; x-note: 50%',
    '&lt;',
    '&lt; (empty body)</system-out>',
    '    </testcase>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ]);
});

test('GitHub annotations: an error per finding at its operation in the contract, a notice per skipped check, a warning per expired or stale entry', () => {
  expect(toGitHubAnnotations(defects, ROOT)).toEqual([
    '::error file=spec/view-token.openapi.yaml,line=49,title=view-token-contracts%3A ignored_auth%2C unauthorized_is_401::Contract finding: 2 requests on GET /view/token; POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken%0A   fails ignored_auth: a View Token was issued%0A     expected a 401; from the interface: "ignored_auth sentence"%0A   fails unauthorized_is_401: a View Token was issued%0A     expected status 401; from the interface: "unauthorized_is_401 sentence"%0A   tried: the Access Token without a scheme%0A   e.g. GET with the Access Token without a scheme: GET http://127.0.0.1:8080/api/view/token?fileId=11%0A          got 200 application/json: {"code":"success", "data":"vt-1"}',
    '::error file=spec/view-token.openapi.yaml,line=27,title=view-token-contracts%3A unauthorized_is_401::Contract finding: 1 request on POST fileId (path)%0A   fails unauthorized_is_401: no complete answer (e.g. reset after 2 ms)%0A     expected status 401; from the interface: "unauthorized_is_401 sentence"%0A   tried: hexadecimal: 0xb%0A   POST fileId hexadecimal: POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/0xb/viewToken%0A     the connection was reset (ECONNRESET)',
    '::notice title=view-token-contracts%3A view_token_object_scoped skipped::give a second object id: --integrate-id',
    '::warning title=view-token-contracts: allow-list entry past its date::allow.yaml, entry 2: ids_strict until 2020-01-01: old: 100%25',
    '::warning title=view-token-contracts: stale allow-list entry::allow.yaml, entry 3: status_declared until 2999-12-31: never matched',
  ]);
  expect(toGitHubAnnotations(unusable, '/elsewhere')).toEqual([
    '::error title=view-token-contracts: the target could not be used::the 4 first requests were all answered 302. the base URL redirects; give the one it redirects to.',
  ]);
});

test('GitHub annotations: a contract outside the working folder gives no file, and no skipped-check notices when nothing was judged', () => {
  const lines = toGitHubAnnotations({ ...unusable, findings: defects.findings }, '/elsewhere');
  expect(lines.map((line) => line.slice(0, line.indexOf('::', 2)))).toEqual([
    '::error title=view-token-contracts: the target could not be used',
    '::error title=view-token-contracts%3A ignored_auth%2C unauthorized_is_401',
    '::error title=view-token-contracts%3A unauthorized_is_401',
  ]);
});

test('JSON: the run, each check with its violations (the request with Authorization redacted, the answer or null) and allowed ones with their entry, the findings, the allow-list', () => {
  const json = JSON.parse(toJsonReport(defects)) as Record<string, unknown>;
  expect(json).toEqual({
    reportVersion: 2,
    baseUrl: 'http://127.0.0.1:8080/api',
    spec: path.join(ROOT, 'spec/view-token.openapi.yaml'),
    checksVersion: 2,
    durationMs: 1500,
    requests: 42,
    outcome: 'defects-found',
    exitCode: 1,
    totals: {
      checks: 5,
      passed: 1,
      failed: 2,
      skipped: 1,
      allowed: 1,
    },
    checks: [
      {
        name: 'status_declared',
        status: 'pass',
        since: 1,
        summary: 'status_declared summary',
        source: 'status_declared sentence',
        note: '8 answers judged',
        durationMs: 1234,
        violations: [],
        allowed: [],
      },
      {
        name: 'ignored_auth',
        status: 'fail',
        since: 1,
        summary: 'ignored_auth summary',
        source: 'ignored_auth sentence',
        note: '',
        durationMs: 20,
        violations: [
          {
            probe: 'GET with the Access Token without a scheme',
            request: {
              method: 'GET',
              url: 'http://127.0.0.1:8080/api/view/token?fileId=11',
              headers: {
                Authorization: '<redacted>',
                Accept: '*/*',
              },
            },
            response: {
              status: 200,
              headers: {
                'content-type': 'application/json',
              },
              body: '{"code":"success",\n  "data":"vt-1"}',
            },
            expected: 'a 401',
            reason: 'a View Token was issued',
          },
          {
            probe: 'POST with the Access Token without a scheme',
            request: {
              method: 'POST',
              url: 'http://127.0.0.1:8080/api/data/v2/integrations/7/files/11/viewToken',
              headers: {
                Authorization: '<redacted>',
                Accept: '*/*',
              },
            },
            response: {
              status: 302,
              headers: {
                location: '/login\u001b[2J',
                'x-note': '50%',
              },
              body: '',
            },
            expected: 'a 401',
            reason: 'a View Token was issued',
          },
        ],
        allowed: [],
      },
      {
        name: 'unauthorized_is_401',
        status: 'fail',
        since: 1,
        summary: 'unauthorized_is_401 summary',
        source: 'unauthorized_is_401 sentence',
        note: '',
        durationMs: 5,
        violations: [
          {
            probe: 'GET with the Access Token without a scheme',
            request: {
              method: 'GET',
              url: 'http://127.0.0.1:8080/api/view/token?fileId=11',
              headers: {
                Authorization: '<redacted>',
                Accept: '*/*',
              },
            },
            response: {
              status: 200,
              headers: {
                'content-type': 'application/json',
              },
              body: '{"code":"success",\n  "data":"vt-1"}',
            },
            expected: 'status 401',
            reason: 'a View Token was issued',
          },
          {
            probe: 'POST with the Access Token without a scheme',
            request: {
              method: 'POST',
              url: 'http://127.0.0.1:8080/api/data/v2/integrations/7/files/11/viewToken',
              headers: {
                Authorization: '<redacted>',
                Accept: '*/*',
              },
            },
            response: {
              status: 302,
              headers: {
                location: '/login\u001b[2J',
                'x-note': '50%',
              },
              body: '',
            },
            expected: 'status 401',
            reason: 'a View Token was issued',
          },
          {
            probe: 'POST fileId hexadecimal',
            request: {
              method: 'POST',
              url: 'http://127.0.0.1:8080/api/data/v2/integrations/7/files/0xb/viewToken',
              headers: {},
              body: '{"a":1}\n{"b":2}',
            },
            response: null,
            expected: 'status 401',
            reason: 'reset after 2 ms',
          },
        ],
        allowed: [],
      },
      {
        name: 'view_token_object_scoped',
        status: 'skip',
        since: 1,
        summary: 'view_token_object_scoped summary',
        source: 'view_token_object_scoped sentence',
        note: 'give a second object id: --integrate-id',
        durationMs: 0,
        violations: [],
        allowed: [],
      },
      {
        name: 'cache_private',
        status: 'allowed',
        since: 1,
        summary: 'cache_private summary',
        source: 'cache_private sentence',
        note: '',
        durationMs: 7,
        violations: [],
        allowed: [
          {
            probe: 'GET cached',
            request: {
              method: 'GET',
              url: 'http://127.0.0.1:8080/api/view/token?fileId=12',
              headers: {
                Authorization: '<redacted>',
                Accept: '*/*',
              },
            },
            response: {
              status: 200,
              headers: {
                'cache-control': 'public',
              },
              body: '  xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  ',
            },
            expected: 'private',
            reason: 'public',
            entry: {
              check: 'cache_private',
              probe: 'GET cached',
              reason: 'TICKET-9: the CDN',
              until: '2999-01-01',
              where: '--allow allow.yaml, entry 1',
            },
          },
        ],
      },
    ],
    findings: [
      {
        breaks: [
          {
            check: 'ignored_auth',
            reason: 'a View Token was issued',
          },
          {
            check: 'unauthorized_is_401',
            reason: 'a View Token was issued',
          },
        ],
        probes: ['GET with the Access Token without a scheme', 'POST with the Access Token without a scheme'],
        where: ['GET /view/token', 'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken'],
        variants: ['the Access Token without a scheme'],
      },
      {
        breaks: [
          {
            check: 'unauthorized_is_401',
            reason: 'no complete answer',
            example: 'reset after 2 ms',
          },
        ],
        probes: ['POST fileId hexadecimal'],
        where: ['POST fileId (path)'],
        variants: ['hexadecimal: 0xb'],
      },
    ],
    allowList: {
      file: 'allow.yaml',
      used: [
        {
          check: 'cache_private',
          probe: 'GET cached',
          reason: 'TICKET-9: the CDN',
          until: '2999-01-01',
          where: '--allow allow.yaml, entry 1',
        },
      ],
      expired: [
        {
          check: 'ids_strict',
          reason: 'old: 100%',
          until: '2020-01-01',
          where: '--allow allow.yaml, entry 2',
        },
      ],
      stale: [
        {
          check: 'status_declared',
          reason: 'never matched',
          until: '2999-12-31',
          where: '--allow allow.yaml, entry 3',
        },
      ],
    },
  });
});

test('JSON of a target that could not be used: the systemic finding with its example exchange, exit code 3', () => {
  const json = JSON.parse(toJsonReport(unusable)) as Record<string, unknown>;
  expect(json['systemic']).toEqual({
    kind: 'redirect',
    summary: 'the 4 first requests were all answered 302',
    advice: 'the base URL redirects; give the one it redirects to',
    flag: '--base-url',
    example: {
      probe: 'POST with the Access Token without a scheme',
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:8080/api/data/v2/integrations/7/files/11/viewToken',
        headers: {
          Authorization: '<redacted>',
          Accept: '*/*',
        },
      },
      response: {
        status: 302,
        headers: {
          location: '/login\u001b[2J',
          'x-note': '50%',
        },
        body: '',
      },
    },
  });
  expect([json['outcome'], json['exitCode'], 'allowList' in json]).toEqual(['target-unusable', 3, false]);
});

test("SARIF: a rule per check (its help the check's detail, else its summary), a result per finding at its line in the contract, allowed ones suppressed with their reason", () => {
  const sarif = JSON.parse(toSarifReport(defects, '9.9.9', ROOT)) as { runs: Record<string, unknown>[] };
  const [run] = sarif.runs;
  expect(run?.['tool']).toEqual({
    driver: {
      name: 'view-token-contracts',
      version: '9.9.9',
      rules: [
        {
          id: 'status_declared',
          name: 'StatusDeclared',
          shortDescription: {
            text: 'status_declared summary',
          },
          fullDescription: {
            text: 'From the interface: "status_declared sentence"',
          },
          help: {
            text: 'status_declared summary',
          },
          defaultConfiguration: {
            level: 'error',
          },
          properties: {
            tags: ['contract', 'view-token'],
            checksVersion: 1,
          },
        },
        {
          id: 'ignored_auth',
          name: 'IgnoredAuth',
          shortDescription: {
            text: 'ignored_auth summary',
          },
          fullDescription: {
            text: 'From the interface: "ignored_auth sentence"',
          },
          help: {
            text: 'no `Authorization`, `Bearer` with no token, an unknown bearer token, the real Access Token with no scheme or under `Basic`/`Token`, and Basic credentials are refused (a 4xx) on both operations',
          },
          defaultConfiguration: {
            level: 'error',
          },
          properties: {
            tags: ['contract', 'view-token'],
            checksVersion: 1,
          },
        },
        {
          id: 'unauthorized_is_401',
          name: 'UnauthorizedIs401',
          shortDescription: {
            text: 'unauthorized_is_401 summary',
          },
          fullDescription: {
            text: 'From the interface: "unauthorized_is_401 sentence"',
          },
          help: {
            text: 'every request of `ignored_auth`, the well-formed near-misses of `credential_exact_match` and a View Token presented as the Access Token are answered 401 Unauthorized (RFC 9110: lacking valid credentials), not 403 or another 4xx; malformed credentials (two headers, spaces, U+00A0) may be 400',
          },
          defaultConfiguration: {
            level: 'error',
          },
          properties: {
            tags: ['contract', 'view-token'],
            checksVersion: 1,
          },
        },
        {
          id: 'view_token_object_scoped',
          name: 'ViewTokenObjectScoped',
          shortDescription: {
            text: 'view_token_object_scoped summary',
          },
          fullDescription: {
            text: 'From the interface: "view_token_object_scoped sentence"',
          },
          help: {
            text: "View Tokens issued for different objects (each id flag given, the child file, and each given id's number under every other query id parameter, e.g. `integrateId=<the --file-id>`) are all different: an implementation that reads the number and not the parameter hands out another object's token",
          },
          defaultConfiguration: {
            level: 'error',
          },
          properties: {
            tags: ['contract', 'view-token'],
            checksVersion: 1,
          },
        },
        {
          id: 'cache_private',
          name: 'CachePrivate',
          shortDescription: {
            text: 'cache_private summary',
          },
          fullDescription: {
            text: 'From the interface: "cache_private sentence"',
          },
          help: {
            text: 'cache_private summary',
          },
          defaultConfiguration: {
            level: 'error',
          },
          properties: {
            tags: ['contract', 'view-token'],
            checksVersion: 1,
          },
        },
      ],
    },
  });
  expect(run?.['invocations']).toEqual([
    {
      executionSuccessful: true,
      exitCode: 1,
    },
  ]);
  expect(run?.['originalUriBaseIds']).toEqual({ '%SRCROOT%': { uri: `file://${ROOT}/` } });
  expect(run?.['results']).toEqual([
    {
      ruleId: 'ignored_auth',
      ruleIndex: 1,
      level: 'error',
      message: {
        text: 'Contract finding: 2 requests on GET /view/token; POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken\n   fails ignored_auth: a View Token was issued\n     expected a 401; from the interface: "ignored_auth sentence"\n   fails unauthorized_is_401: a View Token was issued\n     expected status 401; from the interface: "unauthorized_is_401 sentence"\n   tried: the Access Token without a scheme\n   e.g. GET with the Access Token without a scheme: GET http://127.0.0.1:8080/api/view/token?fileId=11\n          got 200 application/json: {"code":"success", "data":"vt-1"}',
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: {
              uri: 'spec/view-token.openapi.yaml',
              uriBaseId: '%SRCROOT%',
            },
            region: {
              startLine: 49,
            },
          },
          logicalLocations: [
            {
              fullyQualifiedName: 'GET /view/token',
              kind: 'function',
            },
          ],
        },
      ],
      partialFingerprints: {
        'viewTokenContractFinding/v1': FINGERPRINT,
      },
      properties: {
        checks: ['ignored_auth', 'unauthorized_is_401'],
        probes: ['GET with the Access Token without a scheme', 'POST with the Access Token without a scheme'],
        where: ['GET /view/token', 'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken'],
      },
    },
    {
      ruleId: 'unauthorized_is_401',
      ruleIndex: 2,
      level: 'error',
      message: {
        text: 'Contract finding: 1 request on POST fileId (path)\n   fails unauthorized_is_401: no complete answer (e.g. reset after 2 ms)\n     expected status 401; from the interface: "unauthorized_is_401 sentence"\n   tried: hexadecimal: 0xb\n   POST fileId hexadecimal: POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/0xb/viewToken\n     the connection was reset (ECONNRESET)',
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: {
              uri: 'spec/view-token.openapi.yaml',
              uriBaseId: '%SRCROOT%',
            },
            region: {
              startLine: 27,
            },
          },
          logicalLocations: [
            {
              fullyQualifiedName: 'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
              kind: 'function',
            },
          ],
        },
      ],
      partialFingerprints: {
        'viewTokenContractFinding/v1': FINGERPRINT,
      },
      properties: {
        checks: ['unauthorized_is_401'],
        probes: ['POST fileId hexadecimal'],
        where: ['POST fileId (path)'],
      },
    },
    {
      ruleId: 'cache_private',
      ruleIndex: 4,
      level: 'error',
      message: {
        text: 'Contract finding: 1 request on GET /view/token\n   fails cache_private: public\n     expected private; from the interface: "cache_private sentence"\n   tried: twice\n   GET cached: GET http://127.0.0.1:8080/api/view/token?fileId=12\n     got 200 (no content type): xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\u2026',
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: {
              uri: 'spec/view-token.openapi.yaml',
              uriBaseId: '%SRCROOT%',
            },
            region: {
              startLine: 49,
            },
          },
          logicalLocations: [
            {
              fullyQualifiedName: 'GET /view/token',
              kind: 'function',
            },
          ],
        },
      ],
      partialFingerprints: {
        'viewTokenContractFinding/v1': FINGERPRINT,
      },
      properties: {
        checks: ['cache_private'],
        probes: ['GET cached'],
        where: ['GET /view/token'],
      },
      suppressions: [
        {
          kind: 'external',
          status: 'accepted',
          justification: 'TICKET-9: the CDN (until 2999-01-01)',
        },
      ],
    },
  ]);
  expect(run?.['properties']).toEqual({
    outcome: 'defects-found',
    checksVersion: 2,
    totals: {
      checks: 5,
      passed: 1,
      failed: 2,
      skipped: 1,
      allowed: 1,
    },
  });
});

test('SARIF of a target that could not be used: a failed invocation with exit code 3 and one error notification, no results', () => {
  const sarif = JSON.parse(toSarifReport(unusable, '9.9.9', ROOT)) as { runs: Record<string, unknown>[] };
  expect(sarif.runs[0]?.['invocations']).toEqual([
    {
      executionSuccessful: false,
      exitCode: 3,
      toolExecutionNotifications: [
        {
          level: 'error',
          message: {
            text: 'The target could not be used: the 4 first requests were all answered 302.\n  Likely cause: the base URL redirects; give the one it redirects to.\n  e.g. POST with the Access Token without a scheme: POST http://127.0.0.1:8080/api/data/v2/integrations/7/files/11/viewToken\n         got 302 (no content type): (empty body)\n         Location: /login\\x1b[2J\n  None of the 5 checks was judged.',
          },
        },
      ],
    },
  ]);
  expect(sarif.runs[0]?.['results']).toEqual([]);
});

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
