import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseContractArgs } from '../../contracts/options';
import { toConsoleReport } from '../../contracts/reporters/console-report';
import { runContracts } from '../../contracts/runner';
import { FAKE_IDS, FAKE_TOKEN, fakeListener } from '../support/fake-implementation';

type Fault = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Faults on every request: the first requests all fail the same way, so the run stops with one systemic finding. */
const SYSTEMIC: [string, Fault, string, string][] = [
  [
    'resets every connection',
    (req) => req.socket.resetAndDestroy(),
    'broken',
    'no complete answer to any of the 4 first requests (the connection was reset before a complete answer)',
  ],
  [
    'closes in the middle of the body',
    (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      res.write('{"code":"succ');
      setTimeout(() => res.socket?.destroy(), 20);
    },
    'broken',
    'no complete answer to any of the 4 first requests (the connection closed in the middle of the response body)',
  ],
  [
    'hangs past --timeout',
    () => undefined,
    'timeout',
    'no answer within 300 ms to any of the 4 first requests: the target is silent',
  ],
];

async function withServer(fault: Fault, run: (baseUrl: string) => Promise<void>): Promise<void> {
  const server = http.createServer(fault);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const options = (baseUrl: string, extra: string[] = []) => {
  const command = parseContractArgs([
    '--base-url',
    baseUrl,
    '--access-token',
    FAKE_TOKEN,
    '--file-id',
    FAKE_IDS.valid,
    '--timeout',
    '300',
    ...extra,
  ]);
  if (command.kind !== 'run') throw new Error('fixture');
  return command.options;
};

test.each(SYSTEMIC)(
  'a target that %s is one systemic finding after the first requests (exit 3), never a hang, a crash or one finding per probe',
  async (_label, fault, kind, summary) => {
    await withServer(fault, async (baseUrl) => {
      const report = await runContracts(options(baseUrl));
      expect(report.outcome).toBe('target-unusable');
      expect(report.requests).toBe(4);
      expect(report.systemic).toMatchObject({ kind, summary, flag: '--base-url' });
      expect(report.findings).toEqual([]);
      expect(report.totals).toEqual({
        checks: report.results.length,
        passed: 0,
        failed: 0,
        skipped: report.results.length,
        allowed: 0,
      });
    });
  },
);

test('a target that answers invalid JSON is judged (an answer, not a systemic failure): success_envelope fails saying so', async () => {
  const invalidJson: Fault = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":"success",');
  };
  await withServer(invalidJson, async (baseUrl) => {
    const report = await runContracts(options(baseUrl, ['--checks', 'success_envelope,not_a_server_error']));
    const envelope = report.results.find((result) => result.name === 'success_envelope');
    expect(envelope?.status).toBe('fail');
    expect(envelope?.violations.map((violation) => violation.reason)).toContain('the body is not a JSON object');
    expect(report.outcome).toBe('defects-found');
  });
});

test('a request that never answers fails, within --timeout, every check that judges it: a target silent on refused credentials fails ignored_auth and the checks of every answer', async () => {
  const conformant = fakeListener('none');
  const silentOnRefusals: Fault = (req, res) => {
    if (req.headers.authorization === `Bearer ${FAKE_TOKEN}`) conformant(req, res);
  };
  await withServer(silentOnRefusals, async (baseUrl) => {
    const report = await runContracts(options(baseUrl));
    const auth = report.results.find((result) => result.name === 'ignored_auth');
    expect(auth?.status).toBe('fail');
    expect(new Set(auth?.violations.map((violation) => violation.reason))).toEqual(
      new Set(['no complete answer within 300 ms (--timeout)']),
    );
    expect(auth?.violations).toHaveLength(7);
    expect(report.results.filter((result) => result.status === 'fail').map((result) => result.name)).toEqual([
      'response_schema_conformance',
      'content_type_conformance',
      'response_headers_conformance',
      'ignored_auth',
      'credential_exact_match',
      'credential_in_header_only',
      'view_token_not_access_token',
      'auth_on_aliased_routes',
      'unauthorized_is_401',
      'refusal_claims_no_success',
      'not_a_server_error',
      'status_code_conformance',
      'other_methods_issue_nothing',
      'unique_json_members',
    ]);
  });
});

test('a server that drops a kept-alive connection when another request comes on it (as one closing idle connections may) is judged on real answers: the request is sent again on a connection of its own, every check passes', async () => {
  const conformant = fakeListener('none');
  const served = new WeakSet<object>();
  let dropped = 0;
  const dropsReused: Fault = (req, res) => {
    if (served.has(req.socket)) {
      dropped += 1;
      req.socket.destroy();
      return;
    }
    served.add(req.socket);
    conformant(req, res);
  };
  await withServer(dropsReused, async (baseUrl) => {
    const command = parseContractArgs([
      '--base-url',
      baseUrl,
      '--access-token',
      FAKE_TOKEN,
      '--file-id',
      FAKE_IDS.valid,
      '--timeout',
      '2000',
    ]);
    if (command.kind !== 'run') throw new Error('fixture');
    const report = await runContracts(command.options);
    expect(
      report.results
        .filter((result) => result.status === 'fail')
        .map((result) => [result.name, result.violations[0]?.reason]),
    ).toEqual([]);
    expect(dropped).toBeGreaterThan(10);
  });
});

const ANSWERED: [string, Fault, string, string, string][] = [
  [
    'redirects every request to https',
    (req, res) => {
      res.writeHead(301, { Location: `https://implementation.test${req.url ?? ''}` }).end();
    },
    'redirect',
    'the 4 first requests were all redirected (301 to https://implementation.test/view/token?fileId=11)',
    '--base-url',
  ],
  [
    'answers 404 to everything (a wrong base path)',
    (_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Cannot GET');
    },
    'not-found',
    'the 4 first requests were all answered 404 Not Found, the View Token requests with the Access Token included',
    '--base-url',
  ],
  [
    'answers 401 to everything (an Access Token it does not take)',
    (_req, res) => {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer error="invalid_token"' }).end();
    },
    'unauthorized',
    'the 4 first requests were all answered 401 Unauthorized, the View Token requests with the Access Token included',
    '--access-token',
  ],
];

test.each(ANSWERED)(
  'a target that %s is one systemic finding naming the flag to fix, with one example exchange',
  async (_label, fault, kind, summary, flag) => {
    await withServer(fault, async (baseUrl) => {
      const report = await runContracts(options(baseUrl));
      expect([report.outcome, report.requests, report.findings]).toEqual(['target-unusable', 4, []]);
      expect(report.systemic).toMatchObject({ kind, summary, flag });
      expect(report.systemic?.example.probe.id).toBe('issue fileId');
      const text = toConsoleReport(report);
      expect(text.split('\n').length).toBeLessThan(12);
      expect(text.split('\n').at(-1)).toBe(
        `Result: NOT JUDGED: the target could not be used (fix ${flag}); exit code 3`,
      );
      if (kind === 'redirect') expect(text).toContain('  Location: https://implementation.test/view/token?fileId=11');
    });
  },
);

test('a wrong id is no systemic failure (the request without Authorization is answered 401): success_envelope fails on the 404, and the refusal checks are not judged (they show nothing without a success beside them)', async () => {
  await withServer(fakeListener('none'), async (baseUrl) => {
    const command = parseContractArgs([
      '--base-url',
      baseUrl,
      '--access-token',
      FAKE_TOKEN,
      '--file-id',
      FAKE_IDS.missing,
    ]);
    if (command.kind !== 'run') throw new Error('fixture');
    const report = await runContracts(command.options);
    expect(report.outcome).toBe('defects-found');
    expect(report.results.find((result) => result.name === 'success_envelope')?.violations[0]?.reason).toBe(
      'status 404, not a success',
    );
    expect(report.results.find((result) => result.name === 'ignored_auth')).toMatchObject({
      status: 'skip',
      note: 'not judged: the GET gave the Access Token no View Token (issue fileId: status 404; see success_envelope): a refusal there shows nothing until the same request with the Access Token succeeds',
    });
  });
});

test('nothing listening at --base-url is one systemic finding, in-process too: the library reports it (outcome target-unusable), it does not throw', async () => {
  const command = parseContractArgs([
    '--base-url',
    'http://127.0.0.1:1',
    '--access-token',
    FAKE_TOKEN,
    '--file-id',
    FAKE_IDS.valid,
  ]);
  if (command.kind !== 'run') throw new Error('fixture');
  const report = await runContracts(command.options);
  expect(report.outcome).toBe('target-unusable');
  expect(report.systemic).toMatchObject({
    kind: 'unreachable',
    flag: '--base-url',
    summary: 'cannot reach http://127.0.0.1:1 (ECONNREFUSED): nothing answers there',
    advice: 'is the implementation running at http://127.0.0.1:1? Fix --base-url, or start it first',
  });
});

test('a target whose first requests fail in different ways (some 404, some 401) is judged, not stopped', async () => {
  const mixed: Fault = (req, res) => {
    res.writeHead(req.headers.authorization ? 404 : 401).end();
  };
  await withServer(mixed, async (baseUrl) => {
    const report = await runContracts(options(baseUrl));
    expect([report.outcome, report.systemic]).toEqual(['defects-found', undefined]);
  });
});
