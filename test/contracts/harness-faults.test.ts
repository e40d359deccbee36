import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** The base command line; a flag in `extra` replaces the base's (a flag given twice is refused). */
const options = (baseUrl: string, extra: string[] = []) => {
  const base = [
    ['--base-url', baseUrl],
    ['--access-token', FAKE_TOKEN],
    ['--file-id', FAKE_IDS.valid],
    ['--timeout', '300'],
  ];
  const command = parseContractArgs([...base.filter(([flag]) => !extra.includes(flag as string)).flat(), ...extra]);
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

test('a target silent on every request without the Access Token (a gateway that drops them) is one systemic finding after 3 of them, not a timeout per probe and a failure per check', async () => {
  const conformant = fakeListener('none');
  let silent = 0;
  const silentOnRefusals: Fault = (req, res) => {
    if (req.headers.authorization === `Bearer ${FAKE_TOKEN}`) conformant(req, res);
    else silent += 1;
  };
  await withServer(silentOnRefusals, async (baseUrl) => {
    const report = await runContracts(options(baseUrl));
    expect([report.outcome, report.findings, report.totals.skipped]).toEqual([
      'target-unusable',
      [],
      report.results.length,
    ]);
    expect(report.systemic?.kind).toBe('silent-without-credentials');
    expect(report.systemic?.summary).toMatch(
      /^requests without (an Authorization header|the Access Token) get no answer \(no complete answer within 300 ms \(--timeout\); 3 such requests, none answered\), while those with the Access Token are answered$/,
    );
    // The 2 of the first wave, then at most one per request in flight.
    expect(silent).toBeGreaterThanOrEqual(3);
    expect(silent).toBeLessThanOrEqual(3 + 4);
  });
});

test('a request that never answers on one route is a defect of that route, judged: the run goes on, the checks of that request fail on the timeout', async () => {
  const conformant = fakeListener('none');
  const silentOnMissing: Fault = (req, res) => {
    if (!req.url?.includes(FAKE_IDS.missing)) conformant(req, res);
  };
  await withServer(silentOnMissing, async (baseUrl) => {
    const report = await runContracts(options(baseUrl, ['--missing-id', FAKE_IDS.missing]));
    expect([report.outcome, report.systemic]).toEqual(['defects-found', undefined]);
    const missing = report.results.find((result) => result.name === 'missing_object_not_found');
    expect(missing?.status).toBe('fail');
    expect(new Set(missing?.violations.map((violation) => violation.reason))).toEqual(
      new Set(['no complete answer within 300 ms (--timeout)']),
    );
  });
});

/** A conformant target that answers `count` requests, then does what `after` does to each one. */
function answersThen(count: number, after: Fault): Fault & { received: () => number } {
  const conformant = fakeListener('none');
  let received = 0;
  const fault: Fault = (req, res) => {
    received += 1;
    if (received <= count) conformant(req, res);
    else after(req, res);
  };
  return Object.assign(fault, { received: () => received });
}

test('a target that answers 8 requests, then none, is one systemic finding "stopped" after one --timeout: 4 more requests, not one timeout per probe', async () => {
  const fault = answersThen(8, () => undefined);
  await withServer(fault, async (baseUrl) => {
    const report = await runContracts(options(baseUrl));
    expect([report.outcome, report.findings, report.totals.failed]).toEqual(['target-unusable', [], 0]);
    expect(report.systemic).toMatchObject({
      kind: 'stopped-answering',
      summary:
        'the target answered 8 requests, then stopped: the 4 next got no answer (no complete answer within 300 ms (--timeout)), nor did one it had answered',
      flag: 'the target',
    });
    // The requests of the report, and one answered before sent again to confirm (not reported).
    expect(fault.received()).toBe(report.requests + 1);
    expect(report.requests).toBeGreaterThanOrEqual(8 + 4);
    expect(report.requests).toBeLessThanOrEqual(8 + 2 * 4);
  });
});

test('a target that resets every connection after 8 answers is the same finding, without a timeout', async () => {
  const fault = answersThen(8, (req) => req.socket.resetAndDestroy());
  await withServer(fault, async (baseUrl) => {
    const report = await runContracts(options(baseUrl, ['--timeout', '60000']));
    expect(report.outcome).toBe('target-unusable');
    expect(report.systemic?.kind).toBe('stopped-answering');
    expect(report.systemic?.summary).toMatch(
      /^the target answered 8 requests, then stopped: the 4 next got no answer \(/,
    );
    expect(report.requests).toBeLessThanOrEqual(8 + 2 * 4);
  });
});

test('a target that answers 12 requests, then 429 to all, is one systemic finding "limits the rate" after 4 of them; no 429 is judged a refusal', async () => {
  const fault = answersThen(12, (_req, res) => {
    res.writeHead(429, { 'Retry-After': '60', 'Content-Type': 'text/plain' }).end('Too Many Requests');
  });
  await withServer(fault, async (baseUrl) => {
    const report = await runContracts(options(baseUrl));
    expect([report.outcome, report.findings, report.totals.passed, report.totals.failed]).toEqual([
      'target-unusable',
      [],
      0,
      0,
    ]);
    expect(report.systemic).toMatchObject({
      kind: 'rate-limited',
      summary:
        'the target limits the rate: after 12 answers, the 4 next requests were answered 429 Too Many Requests (Retry-After: 60)',
      flag: 'the rate limit',
    });
    expect(report.requests).toBeGreaterThanOrEqual(12 + 4);
    expect(report.requests).toBeLessThanOrEqual(12 + 2 * 4);
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
  [
    'answers 403 to everything (a gateway that refuses the Access Token)',
    (_req, res) => {
      res.writeHead(403, { 'Content-Type': 'application/json' }).end('{"message":"Forbidden"}');
    },
    'forbidden',
    'the 4 first requests were all answered 403 Forbidden, the View Token requests with the Access Token included',
    '--access-token',
  ],
  [
    'answers 500 to everything',
    (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"code":"error","data":null,"message":"boom"}');
    },
    'server-error',
    'the 4 first requests were all answered 500, the View Token requests with the Access Token included: the target fails on every request',
    'the target',
  ],
  [
    'answers a 200 HTML sign-in page to everything',
    (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body><form>Sign in</form></body></html>');
    },
    'web-page',
    "the 4 first requests were all answered 200 with an HTML page, not the service's JSON",
    '--base-url',
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

test('an https target whose certificate this machine does not trust (self-signed) is one systemic finding advising NODE_EXTRA_CA_CERTS, not the scheme of --base-url', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtm-untrusted-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key];
  const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
  execFileSync('openssl', ['req', '-x509', ...newKey, ...subject, '-days', '1', '-out', cert], { stdio: 'ignore' });
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, fakeListener('none'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const report = await runContracts(options(baseUrl));
    expect([report.outcome, report.requests]).toEqual(['target-unusable', 4]);
    // Node 24 adds advice to the message ("; if the root CA is installed locally, try …").
    expect(report.systemic?.summary).toMatch(
      new RegExp(
        `^the TLS certificate of ${baseUrl} is not trusted \\(DEPTH_ZERO_SELF_SIGNED_CERT: self[- ]signed certificate(; .+)?\\)$`,
      ),
    );
    expect(report.systemic).toMatchObject({
      kind: 'untrusted-certificate',
      advice:
        'a self-signed certificate, or one signed by a CA this machine does not trust (a company CA?): trust that CA with NODE_EXTRA_CA_CERTS=path/to/ca.pem (Node 20 and later; Node 24 can also use the system store with --use-system-ca)',
      flag: 'NODE_EXTRA_CA_CERTS',
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
});
