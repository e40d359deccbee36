// One hand-built run for the reporters' tests (fixed times, port and bodies): two findings (one a
// broken exchange), a skipped check, an allowed one, an allow-list with an expired and a stale entry;
// and the same target found unusable (a redirect). Check names that are not the harness's own show
// where a reporter falls back to the result's own text.
import path from 'node:path';
import type { ProbeResult } from '../../contracts/check-types';
import { groupFindings } from '../../contracts/findings';
import type { Exchange } from '../../contracts/http-exchange';
import type { Probe } from '../../contracts/probe-planner';
import type { AllowEntry, CheckResult, RunReport } from '../../contracts/run-report';

export const ROOT = path.resolve(__dirname, '../..');
export const BASE = 'http://127.0.0.1:8080/api';
export const CHILD = '/data/v2/integrations/{integrateId}/files/{fileId}/viewToken';

export function result(id: string, where: string, variant: string, exchange: Exchange): ProbeResult {
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

export function answer(target: string, status: number, bodyText: string, headers: Record<string, string>): Exchange {
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
export const bare = result(
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
export const reset = result('POST fileId hexadecimal', 'POST fileId (path)', 'hexadecimal: 0xb', {
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
export const cached = result(
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
export const accepted = entry(1, 'cache_private', '2999-01-01', 'TICKET-9: the CDN', 'GET cached');
export const expired = entry(2, 'ids_strict', '2020-01-01', 'old: 100%');
export const stale = entry(3, 'status_declared', '2999-12-31', 'never matched');

export function check(name: string, status: CheckResult['status'], note: string, durationMs: number): CheckResult {
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
export const results: CheckResult[] = [
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
export const defects: RunReport = {
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
  notProbed: [],
  allowList: { file: 'allow.yaml', used: [accepted], expired: [expired], stale: [stale] },
};
/** The same run without an allow-list. */
export const withoutAllowList: Omit<RunReport, 'allowList'> = (({ allowList: _allowList, ...rest }) => rest)(defects);
export const unusable: RunReport = {
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
