import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { killStartedClis, runCli, startCli } from '../support/spawn-cli';

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'vtm-record-')); });
afterEach(() => {
  killStartedClis();
  rmSync(dir, { recursive: true, force: true });
});

const ACCESS_TOKEN = 'staging-access-token-do-not-leak';
const AUTH = { Authorization: `Bearer ${ACCESS_TOKEN}` };
/** What "staging" knows: a forbidden file, a missing file, a missing integration. */
const STAGING = { forbidden: { fileId: ['403'] }, missing: { fileId: ['404'], integrateId: ['40400'] } };

async function statuses(baseUrl: string): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const path of ['/view/token?fileId=10001', '/view/token?fileId=403', '/view/token?fileId=404', '/view/token?sceneId=7']) {
    seen[path] = (await fetch(`${baseUrl}${path}`, { headers: AUTH })).status;
  }
  seen['POST child of 40400'] = (await fetch(`${baseUrl}/data/v2/integrations/40400/files/5/viewToken`, { method: 'POST', headers: AUTH })).status;
  return seen;
}

test('record against an upstream through the CLI, then replay offline with --config: the same statuses, the mock\'s own sliding expiry, no secret in the file', async () => {
  const stagingConfig = path.join(dir, 'staging.json');
  writeFileSync(stagingConfig, JSON.stringify(STAGING));
  const staging = await startCli(['--port', '0', '--log-level', 'silent', '--config', stagingConfig]);
  const recording = path.join(dir, 'recorded.json');
  const proxy = await startCli(['--port', '0', '--log-level', 'silent', '--proxy', staging.baseUrl, '--record', recording]);
  expect(proxy.output()).toContain(`proxying service routes to ${staging.baseUrl}, judged against spec/view-token.openapi.yaml; recording to ${recording}`);
  const live = await statuses(proxy.baseUrl);
  // The viewer's call is forwarded too (the token is the upstream's, and so is its expiry); the
  // contract does not have it, so it is not judged and carries no X-Contract-Violations.
  const { data: token } = (await (await fetch(`${proxy.baseUrl}/view/token?fileId=10001`, { headers: AUTH })).json()) as { data: string };
  const used = await fetch(`${proxy.baseUrl}/inside/databag?viewToken=${token}`);
  expect([used.status, used.headers.get('x-contract-violations')]).toEqual([200, null]);
  expect(await proxy.stop('SIGTERM')).toBe(0);
  expect(await staging.stop('SIGTERM')).toBe(0);

  const text = readFileSync(recording, 'utf8');
  expect(JSON.parse(text)).toEqual({
    description: `Recorded by view-token-mock --proxy ${staging.baseUrl}. Seen to exist (served as the open world serves every id): fileId=10001, sceneId=7. Serve with: view-token-mock --config <this file>.`,
    missing: { fileId: ['404'], integrateId: ['40400'] },
    forbidden: { fileId: ['403'] },
  });
  expect([text.includes(ACCESS_TOKEN), text.includes(token), statSync(recording).mode & 0o777]).toEqual([false, false, 0o600]);

  const offline = await startCli(['--port', '0', '--log-level', 'silent', '--config', recording]);
  expect(await statuses(offline.baseUrl)).toEqual(live);
  expect(live).toEqual({ '/view/token?fileId=10001': 200, '/view/token?fileId=403': 403, '/view/token?fileId=404': 404, '/view/token?sceneId=7': 200, 'POST child of 40400': 404 });
  const { data: offlineToken } = (await (await fetch(`${offline.baseUrl}/view/token?fileId=10001`, { headers: AUTH })).json()) as { data: string };
  await fetch(`${offline.baseUrl}/__admin/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ by: '11h' }) });
  expect((await fetch(`${offline.baseUrl}/inside/databag?viewToken=${offlineToken}`)).status).toBe(200);
  await fetch(`${offline.baseUrl}/__admin/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ by: '11h' }) });
  // 22 h after issue, 11 h after its use: still valid only because the use slid its expiry.
  expect((await fetch(`${offline.baseUrl}/inside/databag?viewToken=${offlineToken}`)).status).toBe(200);
  expect(await offline.stop('SIGTERM')).toBe(0);
});

test.each([
  [['--record', 'x.json'], 'view-token-mock: --record x.json needs --proxy URL (it records what the upstream answers)'],
  [['--proxy-errors'], 'view-token-mock: --proxy-errors needs --proxy URL (it answers violating upstream exchanges)'],
  [['--proxy', 'ftp://staging'], 'view-token-mock: --proxy ftp://staging: use an http:// or https:// URL, e.g. https://staging.example.com/api'],
  [['--proxy', 'http://staging', '--proxy-timeout', '0'], 'view-token-mock: --proxy-timeout 0: use a duration from 1 ms to 10m'],
  [['--proxy', 'http://staging', '--proxy-timeout', 'soon'], 'view-token-mock: --proxy-timeout soon: "soon" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
])('%j is refused with one line and exit 2', (args, message) => {
  const result = runCli(['--port', '0', ...args]);
  expect([result.status, result.stderr.trim(), result.stdout]).toEqual([2, message, '']);
});
