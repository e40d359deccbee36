// The JSON and SARIF documents of one hand-built run (test/support/report-fixture.ts), whole.
import path from 'node:path';
import { toJsonReport } from '../../contracts/reporters/json-report';
import { toSarifReport } from '../../contracts/reporters/sarif-report';
import { ROOT, defects, unusable } from '../support/report-fixture';

const FINGERPRINT = expect.stringMatching(/^[0-9a-f]{64}$/) as unknown;

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
    notProbed: [],
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
    notProbed: [],
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
