import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { toContractOptions } from '../../contracts/library-options';
import { toJsonReport } from '../../contracts/reporters/json-report';
import { toJUnitReport } from '../../contracts/reporters/junit-report';
import type { RunReport } from '../../contracts/runner';
import { runContracts } from '../../contracts/runner';
import { FAKE_IDS, FAKE_TOKEN, fakeListener, resetFake } from '../support/fake-implementation';

const REPORT_SCHEMA = path.resolve(__dirname, '../../contracts/report.schema.json');
const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-reports-'));
let report: RunReport;

beforeAll(async () => {
  report = await runContracts(
    toContractOptions({
      target: fakeListener('accepts-bare-token'),
      accessToken: FAKE_TOKEN,
      ids: { fileId: FAKE_IDS.valid, integrateId: FAKE_IDS.integrateId, childFileId: FAKE_IDS.childFileId },
    }),
  );
});
afterAll(() => {
  resetFake();
  rmSync(scratch, { recursive: true, force: true });
});

test('JUnit: each check is a testcase with its own time; a failing one carries every failing exchange in <system-out>, credentials redacted', () => {
  const xml = toJUnitReport(report);
  const cases = [...xml.matchAll(/<testcase classname="view-token-contracts" name="(\w+)" time="(\d+\.\d{3})">/g)];
  expect(cases.map(([, name]) => name)).toEqual(report.results.map((result) => result.name));
  for (const [, name, time] of cases)
    expect(time).toBe(
      ((report.results.find((result) => result.name === name)?.durationMs ?? Number.NaN) / 1000).toFixed(3),
    );
  expect(report.results.filter((result) => result.status === 'pass').every((result) => result.durationMs > 0)).toBe(
    true,
  );
  const failing =
    /<testcase classname="view-token-contracts" name="ignored_auth"[^>]*>([\s\S]*?)<\/testcase>/.exec(xml)?.[1] ?? '';
  const systemOut = /<system-out>([\s\S]*)<\/system-out>/.exec(failing)?.[1] ?? '';
  expect(systemOut).toMatch(
    /^### GET with the Access Token without a scheme\n&gt; GET http:\/\/127\.0\.0\.1:\d+\/view\/token\?fileId=11\n&gt; Authorization: &lt;redacted&gt;\n&lt; 200\n/,
  );
  expect(systemOut).toContain('### POST with the Access Token without a scheme');
  expect(systemOut).toContain('{&quot;code&quot;:&quot;success&quot;');
  expect(systemOut).not.toContain(FAKE_TOKEN);
  expect(xml.match(/<system-out>/g)).toHaveLength(2); // the bare token accepted breaks ignored_auth and unauthorized_is_401
});

test('JSON: the report satisfies its documented schema (contracts/report.schema.json), violations included, Authorization reduced to its scheme', () => {
  const json = JSON.parse(toJsonReport(report)) as {
    checks: { name: string; violations: { request: { headers: Record<string, string> } }[] }[];
  };
  const validate = new Ajv2020({ strict: true }).compile(JSON.parse(readFileSync(REPORT_SCHEMA, 'utf8')) as object);
  const valid = validate(json);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
  const auth = json.checks.find((check) => check.name === 'ignored_auth');
  expect(auth?.violations.map((violation) => violation.request.headers.Authorization)).toEqual([
    '<redacted>',
    '<redacted>',
  ]);
  expect(JSON.stringify(json)).not.toContain(FAKE_TOKEN);
});
