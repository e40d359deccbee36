import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { killStartedClis, runCli, startCli } from '../support/spawn-cli';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-record-'));
});
afterEach(() => {
  killStartedClis();
  rmSync(dir, { recursive: true, force: true });
});

const ACCESS_TOKEN = 'staging-access-token-do-not-leak';
const AUTH = { Authorization: `Bearer ${ACCESS_TOKEN}` };
/**
 * What "staging" knows: a forbidden file, a missing file, a missing integration, and three files by
 * name (a model, a drawing, a drawing whose name has no extension).
 */
const STAGING = {
  forbidden: { fileId: ['403'] },
  missing: { fileId: ['404'], integrateId: ['40400'] },
  objects: {
    fileId: {
      10001: { name: 'Tower.rvt', extension: 'rvt' },
      20002: { name: 'Plan.DWG', extension: 'dwg' },
      30003: { name: 'Site plan', extension: 'dwg' },
    },
  },
};
/** The files whose viewer data a viewer opens through the proxy. */
const VIEWED = ['10001', '20002', '30003'];

interface Viewed {
  fileId: string;
  status: number;
  violations: string | null;
  name: string;
  renderType: string;
  token: string;
}

/** Each file's viewer data, one after the other (a viewer opens a View Token, then the databag). */
async function viewAll(baseUrl: string): Promise<Viewed[]> {
  const viewed: Viewed[] = [];
  for (const fileId of VIEWED) viewed.push(await viewerData(baseUrl, fileId));
  return viewed;
}

const withoutToken = (viewed: readonly Viewed[]): Omit<Viewed, 'token'>[] =>
  viewed.map(({ token: _token, ...rest }) => rest);

async function viewerData(baseUrl: string, fileId: string): Promise<Viewed> {
  const { data: token } = (await (await fetch(`${baseUrl}/view/token?fileId=${fileId}`, { headers: AUTH })).json()) as {
    data: string;
  };
  const response = await fetch(`${baseUrl}/inside/databag?viewToken=${token}`);
  const { data } = (await response.json()) as { data: { name: string; renderType: string } };
  return {
    fileId,
    status: response.status,
    violations: response.headers.get('x-contract-violations'),
    name: data.name,
    renderType: data.renderType,
    token,
  };
}

async function statuses(baseUrl: string): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const path of [
    '/view/token?fileId=10001',
    '/view/token?fileId=403',
    '/view/token?fileId=404',
    '/view/token?sceneId=7',
  ]) {
    seen[path] = (await fetch(`${baseUrl}${path}`, { headers: AUTH })).status;
  }
  seen['POST child of 40400'] = (
    await fetch(`${baseUrl}/data/v2/integrations/40400/files/5/viewToken`, { method: 'POST', headers: AUTH })
  ).status;
  return seen;
}

test("record against an upstream through the CLI, then replay offline with --config: the same statuses, the mock's own sliding expiry, no secret in the file", async () => {
  const stagingConfig = path.join(dir, 'staging.json');
  writeFileSync(stagingConfig, JSON.stringify(STAGING));
  const staging = await startCli(['--port', '0', '--log-level', 'silent', '--config', stagingConfig]);
  const recording = path.join(dir, 'recorded.json');
  const proxy = await startCli([
    '--port',
    '0',
    '--log-level',
    'silent',
    '--proxy',
    staging.baseUrl,
    '--record',
    recording,
  ]);
  expect(proxy.output()).toContain(
    `proxying service routes to ${staging.baseUrl}, judged against spec/view-token.openapi.yaml; recording to ${recording}`,
  );
  const live = await statuses(proxy.baseUrl);
  // The viewer's call is forwarded too (the token is the upstream's, and so is its expiry); the
  // contract does not have it, so it is not judged and carries no X-Contract-Violations.
  const viewed = await viewAll(proxy.baseUrl);
  expect(withoutToken(viewed)).toEqual([
    { fileId: '10001', status: 200, violations: null, name: 'Tower.rvt', renderType: 'bimView' },
    { fileId: '20002', status: 200, violations: null, name: 'Plan.DWG', renderType: 'drawingView' },
    { fileId: '30003', status: 200, violations: null, name: 'Site plan', renderType: 'drawingView' },
  ]);
  expect(await proxy.stop('SIGTERM')).toBe(0);
  expect(await staging.stop('SIGTERM')).toBe(0);

  const text = readFileSync(recording, 'utf8');
  expect(JSON.parse(text)).toEqual({
    description: `Recorded by view-token-mock --proxy ${staging.baseUrl}: objects seen to exist (named as the viewer data named them), forbidden, missing; every other id exists as in the open world. Serve with: view-token-mock --config <this file>.`,
    missing: { fileId: ['404'], integrateId: ['40400'] },
    forbidden: { fileId: ['403'] },
    objects: {
      fileId: {
        10001: { name: 'Tower.rvt', extension: 'rvt' },
        20002: { name: 'Plan.DWG', extension: 'dwg' },
        30003: { name: 'Site plan', extension: 'dwg' },
      },
      sceneId: { 7: {} },
    },
  });
  const tokens = viewed.map((entry) => entry.token);
  expect([
    text.includes(ACCESS_TOKEN),
    tokens.some((token) => text.includes(token)),
    statSync(recording).mode & 0o777,
  ]).toEqual([false, false, 0o600]);

  const offline = await startCli(['--port', '0', '--log-level', 'silent', '--config', recording]);
  expect(await statuses(offline.baseUrl)).toEqual(live);
  expect(live).toEqual({
    '/view/token?fileId=10001': 200,
    '/view/token?fileId=403': 403,
    '/view/token?fileId=404': 404,
    '/view/token?sceneId=7': 200,
    'POST child of 40400': 404,
  });
  // The viewer sees the recorded names offline, and the render type their extensions give.
  expect(withoutToken(await viewAll(offline.baseUrl))).toEqual(withoutToken(viewed));
  const { data: offlineToken } = (await (
    await fetch(`${offline.baseUrl}/view/token?fileId=10001`, { headers: AUTH })
  ).json()) as { data: string };
  await fetch(`${offline.baseUrl}/__admin/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ by: '11h' }),
  });
  expect((await fetch(`${offline.baseUrl}/inside/databag?viewToken=${offlineToken}`)).status).toBe(200);
  await fetch(`${offline.baseUrl}/__admin/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ by: '11h' }),
  });
  // 22 h after issue, 11 h after its use: still valid only because the use slid its expiry.
  expect((await fetch(`${offline.baseUrl}/inside/databag?viewToken=${offlineToken}`)).status).toBe(200);
  expect(await offline.stop('SIGTERM')).toBe(0);
});

test.each([
  [['--record', 'x.json'], 'view-token-mock: --record x.json needs --proxy URL (it records what the upstream answers)'],
  [['--proxy-errors'], 'view-token-mock: --proxy-errors needs --proxy URL (it answers violating upstream exchanges)'],
  [
    ['--proxy', 'ftp://staging'],
    'view-token-mock: --proxy ftp://staging: use an http:// or https:// URL, e.g. https://staging.example.com/api',
  ],
  [
    ['--proxy', 'http://qa:s3cret@staging.example/api'],
    'view-token-mock: --proxy http://qa:***@staging.example/api: a user name or password in the URL is not supported (the upstream gets each client\'s own Authorization, its Bearer Access Token); give the URL without "user:password@"',
  ],
  [
    ['--proxy', 'http://staging', '--proxy-timeout', '0'],
    'view-token-mock: --proxy-timeout 0: use a duration from 1 ms to 10m',
  ],
  [
    ['--proxy', 'http://staging', '--proxy-timeout', 'soon'],
    'view-token-mock: --proxy-timeout soon: "soon" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)',
  ],
])('%j is refused with one line and exit 2', (args, message) => {
  const result = runCli(['--port', '0', ...args]);
  expect([result.status, result.stderr.trim(), result.stdout]).toEqual([2, message, '']);
});
