// Issue 40 point 4: SARIF 2.1.0 for code-scanning UIs and GitHub workflow commands, from real runs in-process.
import path from 'node:path';
import { applyAllowList, parseAllowList } from '../../contracts/allow-list';
import { CHECKS } from '../../contracts/checks';
import { toContractOptions } from '../../contracts/library-options';
import { toGitHubAnnotations } from '../../contracts/reporters/github-annotations';
import { toSarifReport } from '../../contracts/reporters/sarif-report';
import type { RunReport } from '../../contracts/runner';
import { runContracts } from '../../contracts/runner';
import type { FakeAnswer } from '../support/fake-implementation';
import { FAKE_IDS, FAKE_TOKEN, fakeListener } from '../support/fake-implementation';

const ROOT = path.resolve(__dirname, '../..');
const IDS = { fileId: FAKE_IDS.valid, integrateId: FAKE_IDS.integrateId, childFileId: FAKE_IDS.childFileId };

interface Sarif {
  $schema: string;
  version: string;
  runs: {
    tool: {
      driver: {
        name: string;
        version: string;
        rules: { id: string; shortDescription: { text: string }; fullDescription: { text: string } }[];
      };
    };
    invocations: {
      executionSuccessful: boolean;
      exitCode: number;
      toolExecutionNotifications?: { level: string; message: { text: string } }[];
    }[];
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: {
        physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number } };
        logicalLocations: { fullyQualifiedName: string }[];
      }[];
      partialFingerprints: Record<string, string>;
      suppressions?: { kind: string; status: string; justification: string }[];
    }[];
    properties: { outcome: string; totals: object };
  }[];
}

let defect: RunReport;
beforeAll(async () => {
  defect = await runContracts(
    toContractOptions({ target: fakeListener('accepts-bare-token'), accessToken: FAKE_TOKEN, ids: IDS }),
  );
});

const sarifOf = (report: RunReport): Sarif => JSON.parse(toSarifReport(report, '9.9.9', ROOT)) as Sarif;

test('SARIF 2.1.0: one rule per check with its summary and sentence, one result per finding at its operation in the contract, with a stable fingerprint', () => {
  const sarif = sarifOf(defect);
  const [run] = sarif.runs;
  expect([sarif.version, sarif.$schema, run?.tool.driver.name, run?.tool.driver.version]).toEqual([
    '2.1.0',
    'https://json.schemastore.org/sarif-2.1.0.json',
    'view-token-contracts',
    '9.9.9',
  ]);
  expect(run?.tool.driver.rules.map((rule) => rule.id)).toEqual(CHECKS.map((check) => check.name));
  expect(run?.tool.driver.rules[7]).toMatchObject({
    id: 'ignored_auth',
    shortDescription: { text: CHECKS[7]?.summary },
    fullDescription: { text: `From the interface: "${CHECKS[7]?.source ?? ''}"` },
  });
  expect(run?.results).toHaveLength(defect.findings.length);
  const [result] = run?.results ?? [];
  expect(result).toMatchObject({
    ruleId: 'ignored_auth',
    ruleIndex: 7,
    level: 'error',
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: 'spec/view-token.openapi.yaml', uriBaseId: '%SRCROOT%' } },
        logicalLocations: [{ fullyQualifiedName: 'GET /view/token' }],
      },
    ],
  });
  expect(result?.message.text).toMatch(/^Contract finding: 2 requests on GET \/view\/token; POST /);
  expect(result?.partialFingerprints['viewTokenContractFinding/v1']).toMatch(/^[0-9a-f]{64}$/);
  expect(run?.invocations).toEqual([{ executionSuccessful: true, exitCode: 1 }]);
  expect(run?.properties).toEqual({
    outcome: 'defects-found',
    checksVersion: 2,
    totals: defect.totals,
    notProbed: [],
  });
});

test('the same finding in another run (another port, other tokens) has the same fingerprint: code scanning tracks it', async () => {
  const again = await runContracts(
    toContractOptions({ target: fakeListener('accepts-bare-token'), accessToken: FAKE_TOKEN, ids: IDS }),
  );
  const print = (report: RunReport) => sarifOf(report).runs[0]?.results.map((result) => result.partialFingerprints);
  expect(print(again)).toEqual(print(defect));
  expect(again.baseUrl).not.toBe(defect.baseUrl);
});

test('a finding an --allow entry accepts is a result with an accepted suppression giving its reason and date', () => {
  const allow = parseAllowList(
    '- {check: ignored_auth, reason: TICKET-7, until: 2999-01-01}',
    'allow.yaml',
    CHECKS.map((check) => check.name),
  );
  const { results } = applyAllowList(defect.results, allow, '2026-01-01');
  const report = { ...defect, results, findings: [] };
  const suppressed = sarifOf(report).runs[0]?.results ?? [];
  expect(suppressed.map((result) => [result.ruleId, result.suppressions])).toEqual([
    ['ignored_auth', [{ kind: 'external', status: 'accepted', justification: 'TICKET-7 (until 2999-01-01)' }]],
  ]);
});

test('a target that could not be used is an unsuccessful invocation with one error notification, and no result', async () => {
  const silent = await runContracts(
    toContractOptions({ target: (_req, res) => void res.writeHead(404).end(), accessToken: FAKE_TOKEN, ids: IDS }),
  );
  const [run] = sarifOf(silent).runs;
  expect(run?.results).toEqual([]);
  expect(run?.invocations[0]).toMatchObject({ executionSuccessful: false, exitCode: 3 });
  expect(run?.invocations[0]?.toolExecutionNotifications?.[0]?.message.text).toMatch(
    /^The target could not be used: the 4 first requests were all answered 404 Not Found/,
  );
});

test('GitHub annotations: an ::error per finding at its line, a ::notice per skipped check, a ::warning per stale or expired entry; a hostile body cannot start a command', async () => {
  const hostile = (answer: FakeAnswer): FakeAnswer =>
    answer.status === 403 ? { ...answer, body: `${answer.body}\n::error::forged\r\n::warning::too` } : answer;
  const report = await runContracts(
    toContractOptions({
      target: fakeListener('refuses-auth-with-403', hostile),
      accessToken: FAKE_TOKEN,
      ids: IDS,
    }),
  );
  const allow = parseAllowList(
    '- {check: credential_exact_match, reason: gone, until: 2999-01-01}\n- {check: unauthorized_is_401, reason: old, until: 2000-01-01}',
    'allow.yaml',
    CHECKS.map((check) => check.name),
  );
  const applied = applyAllowList(report.results, allow, '2026-01-01');
  const lines = toGitHubAnnotations({ ...report, results: applied.results, allowList: applied.report }, ROOT);
  expect(lines.every((line) => /^::(error|notice|warning) [^\n\r]*$/.test(line))).toBe(true);
  const [error] = lines.filter((line) => line.startsWith('::error'));
  expect(error).toMatch(
    /^::error file=spec\/view-token\.openapi\.yaml,line=\d+,title=view-token-contracts%3A unauthorized_is_401::Contract finding: /,
  );
  // The body's own line breaks are folded into the one line the command is: its `::` never starts a line.
  expect(error).toContain('{"code":"denied","data":null,"message":"no"} ::error::forged ::warning::too');
  expect(lines.filter((line) => line.startsWith('::notice'))).toEqual(
    report.results
      .filter((result) => result.status === 'skip')
      .map(
        (result) =>
          `::notice title=view-token-contracts%3A ${result.name} skipped::${result.note.replace(/%/g, '%25')}`,
      ),
  );
  expect(lines.filter((line) => line.startsWith('::warning'))).toEqual([
    '::warning title=view-token-contracts: allow-list entry past its date::allow.yaml, entry 2: unauthorized_is_401 until 2000-01-01: old',
    '::warning title=view-token-contracts: stale allow-list entry::allow.yaml, entry 1: credential_exact_match until 2999-01-01: gone',
  ]);
});
