// Issue 40: the contract guide's CI recipes (GitHub Actions, GitLab CI) run as written against a mock that
// holds their ids. Each `run:`/`script:` line goes through bash with the variables the CI would give it; the
// install and `npx -p` steps reach this build through shims, as a registry cannot be reached in a test
// (test/e2e/packed-tarball.test.ts runs the same lines against the real tarball in a fresh folder); the actions' inputs are checked to exist.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import type { MockServer } from '../../mock/server';
import { aMock } from '../support/mock-app';

const ROOT = path.resolve(__dirname, '../..');
const GUIDE = path.join(ROOT, 'docs/guides/contract-testing.md');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const TARBALL = `./view-token-mock-${VERSION}.tgz`;
const ID_KINDS = ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'];

let mock: MockServer;
let baseUrl: string;
const work = mkdtempSync(path.join(tmpdir(), 'vtm-ci-recipes-'));

beforeAll(async () => {
  mock = await aMock({
    realNow: Date.now,
    config: {
      missing: Object.fromEntries(ID_KINDS.map((name) => [name, ['999999999']])),
      forbidden: { fileId: ['3001'] },
      applications: [{ appKey: 'ci', appSecret: 'ci-secret', accessTokens: ['ci-access-token'] }],
    },
  });
  baseUrl = await mock.listen(0);
  writeShims(path.join(work, 'bin'));
});
afterAll(async () => {
  await mock.close();
  rmSync(work, { recursive: true, force: true });
});

/** `npm` and `npx` that accept exactly the recipes' install and run forms (anything else: 127, so a changed recipe fails here). */
function writeShims(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const cli = path.join(ROOT, 'dist/contracts/cli.js');
  const shims = {
    npm: `[ "$*" = "install --no-save ${TARBALL}" ] && exit 0\necho "not a recipe's npm: $*" >&2; exit 127`,
    npx: `[ "$1 $2 $3 $4" = "--yes -p ${TARBALL} view-token-contracts" ] && shift 4 && exec "${process.execPath}" "${cli}" "$@"\necho "not a recipe's npx: $*" >&2; exit 127`,
  };
  for (const [name, body] of Object.entries(shims)) {
    writeFileSync(path.join(dir, name), `#!/bin/bash\n${body}\n`);
    chmodSync(path.join(dir, name), 0o755);
  }
}

/** The fenced YAML block of the guide whose first line is this comment (the file it goes in). */
function recipe(firstLine: string): unknown {
  const guide = readFileSync(GUIDE, 'utf8');
  const start = guide.indexOf(`\`\`\`yaml\n${firstLine}\n`);
  expect(start).toBeGreaterThan(0);
  const body = guide.slice(start + '```yaml\n'.length, guide.indexOf('\n```', start));
  return parse(body.split('<version>').join(VERSION)) as unknown;
}

/** One shell line of a recipe, run in the job's folder as the CI runs it (asynchronously: the mock answers in this process). */
function shell(
  line: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-e', '-c', line],
      {
        cwd,
        encoding: 'utf8',
        env: { PATH: `${path.join(work, 'bin')}:${process.env.PATH ?? ''}`, HOME: cwd, ...env },
      },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          output: `${stdout}${stderr}`,
        });
      },
    );
  });
}

interface Step {
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string>;
}

test('the GitHub Actions recipe runs as written: it installs, checks every id kind (exit 0), and hands its actions the SARIF and the JUnit they name', async () => {
  const workflow = recipe('# .github/workflows/contracts.yml') as {
    jobs: { contracts: { env: Record<string, string>; steps: Step[] } };
  };
  const job = workflow.jobs.contracts;
  const secrets: Record<string, string> = {
    '${{ vars.STAGING_URL }}': baseUrl,
    '${{ secrets.ACCESS_TOKEN }}': 'ci-access-token',
  };
  const env = Object.fromEntries(Object.entries(job.env).map(([name, value]) => [name, secrets[value] ?? value]));
  const cwd = path.join(work, 'github');
  mkdirSync(cwd);
  const ran: { code: number | null; output: string }[] = [];
  for (const step of job.steps) {
    if (step.run !== undefined) ran.push(await shell(step.run, cwd, { ...env, GITHUB_ACTIONS: 'true' }));
    if (step.uses?.startsWith('github/codeql-action/upload-sarif@')) {
      const sarif = JSON.parse(readFileSync(path.join(cwd, step.with?.sarif_file ?? ''), 'utf8')) as {
        version: string;
        runs: { tool: { driver: { rules: unknown[] } }; results: unknown[] }[];
      };
      expect([sarif.version, sarif.runs[0]?.tool.driver.rules.length, sarif.runs[0]?.results]).toEqual([
        '2.1.0',
        28,
        [],
      ]);
      expect(step.if).toBe('always()');
    }
    if (step.uses?.startsWith('mikepenz/action-junit-report@'))
      expect(readFileSync(path.join(cwd, step.with?.report_paths ?? ''), 'utf8')).toContain('<testsuites');
  }
  expect(ran.map((step) => step.code)).toEqual([0, 0]);
  expect(ran[1]?.output.trimEnd().split('\n').at(-1)).toBe('Result: PASS: all 28 checks passed; exit code 0');
  expect(env.CONTRACT_IDS?.split(' --').length).toBe(10); // every id kind the harness takes
});

test('the GitLab CI recipe runs as written: its script checks every id kind (exit 0), and its artifacts are there', async () => {
  const pipeline = recipe('# .gitlab-ci.yml') as {
    contracts: {
      variables: Record<string, string>;
      script: string[];
      artifacts: { when: string; paths: string[]; reports: { junit: string } };
    };
  };
  const job = pipeline.contracts;
  const cwd = path.join(work, 'gitlab');
  mkdirSync(cwd);
  const env = { ...job.variables, STAGING_URL: baseUrl, ACCESS_TOKEN: 'ci-access-token', GITLAB_CI: 'true' };
  const ran = [];
  for (const line of job.script) ran.push(await shell(line, cwd, env));
  expect(ran.map((step) => step.code)).toEqual([0, 0]);
  expect(ran[1]?.output.trimEnd().split('\n').at(-1)).toBe('Result: PASS: all 28 checks passed; exit code 0');
  expect(job.artifacts.when).toBe('always');
  expect(job.artifacts.paths.every((artifact) => existsSync(path.join(cwd, artifact)))).toBe(true);
  expect(readFileSync(path.join(cwd, job.artifacts.reports.junit), 'utf8')).toContain(
    '<property name="passed" value="28"/>',
  );
  expect(JSON.parse(readFileSync(path.join(cwd, 'reports/contracts.json'), 'utf8'))).toMatchObject({
    outcome: 'conformant',
    totals: { checks: 28, passed: 28, failed: 0, skipped: 0, allowed: 0 },
  });
});
