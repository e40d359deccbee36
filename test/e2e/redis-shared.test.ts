import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRoundRobinProxy } from '../support/round-robin-proxy';
import type { RedisServer } from '../support/redis-server';
import { redisTopology, startTestRedis } from '../support/redis-server';
import type { RunningCli } from '../support/spawn-cli';
import { killStartedClis, startCli } from '../support/spawn-cli';

let redis: RedisServer;
let a: RunningCli;
let b: RunningCli;
const AUTH = { Authorization: 'Bearer shared-test' };

beforeAll(async () => {
  redis = await startTestRedis();
  const args = ['--port', '0', '--store', 'redis', '--redis-url', redis.url, '--log-level', 'silent'];
  [a, b] = await Promise.all([startCli(args), startCli(args)]);
}, 60_000);
afterAll(async () => {
  killStartedClis();
  await redis.stop();
});

const issue = async (cli: RunningCli, query: string, headers: Record<string, string> = {}) =>
  (await fetch(`${cli.baseUrl}/view/token?${query}`, { headers: { ...AUTH, ...headers } })).json() as Promise<{
    code: string;
    data: string;
  }>;
const use = (cli: RunningCli, token: string) => fetch(`${cli.baseUrl}/inside/databag?viewToken=${token}`);
const advance = (cli: RunningCli, by: string, session?: string) =>
  fetch(`${cli.baseUrl}/__admin/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(session === undefined ? {} : { 'X-Mock-Session': session }) },
    body: JSON.stringify({ by }),
  });

// A clock change is answered once stored, and the very next request through any process sees it: no sleep.
test('a View Token issued on one process is used on another, and expires for both when the clock moves on one', async () => {
  const { data: token } = await issue(a, 'fileId=31');
  expect((await use(b, token)).status).toBe(200);
  expect((await advance(a, '11h')).status).toBe(200);
  expect((await use(b, token)).status).toBe(200);
  expect((await advance(b, '12h')).status).toBe(200);
  const expired = await use(a, token);
  expect(expired.status).toBe(401);
  expect(((await expired.json()) as { message: string }).message).toBe('View token has expired.');
  expect((await fetch(`${a.baseUrl}/__admin/clock/reset`, { method: 'POST' })).status).toBe(200);
  expect((await use(b, token)).status).toBe(200);
});

test("two testers on two processes: tester A's advance through process 1 expires A's token at the very next request through process 2, and not tester B's", async () => {
  const { data: annas } = await issue(a, 'fileId=41', { 'X-Mock-Session': 'qa-anna' });
  const { data: bens } = await issue(b, 'fileId=42', { 'X-Mock-Session': 'qa-ben' });
  const moved = await advance(a, '12h', 'qa-anna');
  expect(moved.status).toBe(200);
  expect(await moved.json()).toMatchObject({ session: 'qa-anna', ownClock: true, frozen: false });
  // The viewer's request names no session: each token is judged on the clock of the session it was issued in.
  expect((await use(b, annas)).status).toBe(401);
  expect((await use(b, bens)).status).toBe(200);
  expect((await use(a, bens)).status).toBe(200);
  const anna = (await (await fetch(`${b.baseUrl}/__admin/clock?session=qa-anna`)).json()) as {
    session: string;
    offsetMs: number;
    ownClock: boolean;
  };
  const deployment = (await (await fetch(`${b.baseUrl}/__admin/clock`)).json()) as {
    session: string;
    offsetMs: number;
    ownClock: boolean;
  };
  expect(anna).toMatchObject({ session: 'qa-anna', offsetMs: 12 * 3_600_000, ownClock: true });
  expect(deployment).toMatchObject({ session: '', offsetMs: 0, ownClock: false });
  // Reset through process 2 puts Anna back on the deployment's clock, seen at once through process 1.
  expect((await fetch(`${b.baseUrl}/__admin/clock/reset?session=qa-anna`, { method: 'POST' })).status).toBe(200);
  expect((await use(a, annas)).status).toBe(200);
});

test('an Access Token granted through process 1 expires after 7 days of the clock moved through process 2, at the very next request', async () => {
  const basic = `Basic ${Buffer.from('qa-app:qa-secret').toString('base64')}`;
  const granted = (await (
    await fetch(`${a.baseUrl}/oauth2/token`, { method: 'POST', headers: { Authorization: basic } })
  ).json()) as { data: { token: string } };
  const issueWith = (cli: RunningCli) =>
    fetch(`${cli.baseUrl}/view/token?fileId=1`, {
      headers: { Authorization: `Bearer ${granted.data.token}`, 'X-Mock-Session': 'qa-carla' },
    });
  expect((await issueWith(a)).status).toBe(200);
  expect((await advance(b, '7d', 'qa-carla')).status).toBe(200);
  const expired = await issueWith(a);
  expect(expired.status).toBe(401);
  expect(await expired.json()).toEqual({ code: 'authentication.failed', data: null, message: 'Token has expired.' });
  expect((await fetch(`${a.baseUrl}/__admin/reset?session=qa-carla`, { method: 'POST' })).status).toBe(204);
  expect((await issueWith(b)).status).toBe(200);
});

test('the start banner and /__admin/health name the store: Redis, single or cluster as it is, and the prefix', async () => {
  const kind = redisTopology() === 'single' ? 'redis-single' : 'redis-cluster';
  expect(a.output()).toContain(
    kind === 'redis-single'
      ? '\n  store: Redis, single (prefix "view-token-mock:": keys {view-token-mock:}…)\n'
      : '\n  store: Redis Cluster (prefix "view-token-mock:": keys {view-token-mock:}…, one slot)\n',
  );
  const health = (await (await fetch(`${b.baseUrl}/__admin/health`)).json()) as { store: unknown };
  expect(health.store).toEqual({ kind, redisPrefix: 'view-token-mock:' });
});

test('sessions stay separate across processes', async () => {
  const { data: mine } = await issue(a, 'sceneId=4', { 'X-Mock-Session': 'worker-a' });
  await issue(b, 'sceneId=5', { 'X-Mock-Session': 'worker-b' });
  const listed = (await (await fetch(`${b.baseUrl}/__admin/view-tokens?session=worker-a`)).json()) as {
    viewTokens: { token: string }[];
  };
  expect(listed.viewTokens.map((record) => record.token)).toEqual([mine]);
});

// Losing Redis is tested on a single Redis (a cluster losing a
// master is another story: its slots are down until failover).
const onSingleRedis = redisTopology() === 'single' ? test : test.skip;

onSingleRedis(
  'Redis lost mid-traffic: 503 system.error and an unavailable health, then recovery without losing acknowledged tokens',
  async () => {
    const { data: before } = await issue(a, 'fileId=77');
    await redis.kill();
    const during = await fetch(`${b.baseUrl}/view/token?fileId=1`, { headers: AUTH });
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ code: 'system.error', data: null, message: expect.any(String) });
    const rules = await fetch(`${b.baseUrl}/__admin/scenarios`);
    expect(rules.status).toBe(503);
    expect(rules.headers.get('content-type')).toContain('application/problem+json');
    const health = await fetch(`${a.baseUrl}/__admin/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { status: string }).status).toBe('unavailable');
    await redis.restart();
    let recovered = 0;
    for (let attempt = 0; attempt < 40 && recovered !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      recovered = (await use(b, before)).status;
    }
    expect(recovered).toBe(200);
    expect((await fetch(`${a.baseUrl}/__admin/health`)).status).toBe(200);
  },
);

test('--workers 2 shares one port and one store: tokens issued by either worker are counted once', async () => {
  const cluster = await startCli([
    '--port',
    '0',
    '--workers',
    '2',
    '--store',
    'redis',
    '--redis-url',
    redis.url,
    '--redis-prefix',
    'workers:',
    '--log-level',
    'silent',
  ]);
  expect(cluster.output()).toContain('2 workers');
  const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => issue(cluster, `fileId=${i + 1}`)));
  expect(new Set(tokens.map((body) => body.data)).size).toBe(20);
  for (const { data } of tokens.slice(0, 5)) expect((await use(cluster, data)).status).toBe(200);
  const health = (await (await fetch(`${cluster.baseUrl}/__admin/health`)).json()) as { viewTokens: number };
  expect(health.viewTokens).toBe(20);
  expect(await cluster.stop('SIGTERM')).toBe(0);
});

test('the contract suite passes against a two-process deployment behind a round-robin balancer', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtm-two-process-'));
  const config = path.join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      missing: Object.fromEntries(
        ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'].map(
          (name) => [name, ['404404']],
        ),
      ),
      forbidden: { fileId: ['403403'] },
      applications: [{ appKey: 'ci', appSecret: 'ci-secret', accessTokens: ['ci-pre-issued-token'] }],
    }),
  );
  const args = [
    '--port',
    '0',
    '--store',
    'redis',
    '--redis-url',
    redis.url,
    '--redis-prefix',
    'contracts:',
    '--config',
    config,
    '--log-level',
    'silent',
  ];
  const [first, second] = await Promise.all([startCli(args), startCli(args)]);
  const proxy = await startRoundRobinProxy([new URL(first.baseUrl), new URL(second.baseUrl)]);
  try {
    const cli = path.resolve(__dirname, '../../dist/contracts/cli.js');
    const run = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          cli,
          '--base-url',
          proxy.url,
          '--access-token',
          'ci-pre-issued-token',
          '--file-id',
          '1',
          '--integrate-id',
          '2',
          '--child-file-id',
          '3',
          '--scene-id',
          '4',
          '--missing-id',
          '404404',
          '--forbidden-file-id',
          '403403',
        ],
        { encoding: 'utf8' },
        (error, stdout) => resolve({ code: error ? Number(error.code) : 0, stdout }),
      );
    });
    expect(run.stdout).toMatch(/Checks: 28 passed, 0 failed, 0 skipped/);
    expect(run.code).toBe(0);
  } finally {
    await proxy.close();
    await Promise.all([first.stop(), second.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
});
