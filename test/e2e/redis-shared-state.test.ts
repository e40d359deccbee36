// Two mock processes on one Redis are one mock: rules, granted Access Tokens and the journal too.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RedisServer } from '../support/redis-server';
import { startTestRedis } from '../support/redis-server';
import type { RunningCli } from '../support/spawn-cli';
import { killStartedClis, startCli } from '../support/spawn-cli';

let redis: RedisServer;
let dir: string;
let a: RunningCli;
let b: RunningCli;
const AUTH = { Authorization: 'Bearer qa-pre-issued' };
const JSON_BODY = { 'Content-Type': 'application/json' };

beforeAll(async () => {
  redis = await startTestRedis();
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-shared-state-'));
  const config = path.join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      applications: [{ appKey: 'qa', appSecret: 'qa-secret', accessTokens: ['qa-pre-issued'] }],
      rules: [{ when: { param: 'fileId', equals: '404000' }, then: { scenario: 'not-found' } }],
    }),
  );
  const args = [
    '--port',
    '0',
    '--store',
    'redis',
    '--redis-url',
    redis.url,
    '--config',
    config,
    '--log-level',
    'silent',
  ];
  [a, b] = await Promise.all([startCli(args), startCli(args)]);
}, 60_000);
afterAll(async () => {
  killStartedClis();
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

const issue = (cli: RunningCli, fileId: string, headers: Record<string, string> = {}) =>
  fetch(`${cli.baseUrl}/view/token?fileId=${fileId}`, { headers: { ...AUTH, ...headers } });
const rulesOf = async (cli: RunningCli) =>
  (
    (await (await fetch(`${cli.baseUrl}/__admin/scenarios`)).json()) as {
      rules: { id: string; then: object; remaining: number | null }[];
    }
  ).rules;

test('both processes started with one config: its rule is stored once and applies on both', async () => {
  expect(await rulesOf(a)).toEqual([expect.objectContaining({ id: 'r1', then: { scenario: 'not-found' } })]);
  expect(await rulesOf(b)).toEqual(await rulesOf(a));
  expect((await issue(a, '404000')).status).toBe(404);
  expect((await issue(b, '404000')).status).toBe(404);
});

test('a rule set through B applies on A, and its times are counted across both: 12 requests at once, exactly 3 forced', async () => {
  const created = await fetch(`${b.baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: JSON_BODY,
    body: JSON.stringify({ when: { param: 'fileId', equals: '555' }, then: { code: 403 }, times: 3 }),
  });
  expect(created.status).toBe(201);
  const statuses = await Promise.all(
    Array.from({ length: 12 }, (_, i) => issue(i % 2 === 0 ? a : b, '555').then((res) => res.status)),
  );
  expect(statuses.filter((status) => status === 403)).toHaveLength(3);
  expect(statuses.filter((status) => status === 200)).toHaveLength(9);
  expect((await rulesOf(a)).map((rule) => rule.id)).toEqual(['r1']);
});

test('a rule letting calls through (after) counts them across both processes: 12 requests at once against after 3, times 2 pass 10 and force exactly 2', async () => {
  const created = await fetch(`${a.baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: JSON_BODY,
    body: JSON.stringify({ when: { param: 'fileId', equals: '556' }, then: { code: 401 }, after: 3, times: 2 }),
  });
  expect(created.status).toBe(201);
  const statuses = await Promise.all(
    Array.from({ length: 12 }, (_, i) => issue(i % 2 === 0 ? a : b, '556').then((res) => res.status)),
  );
  expect([
    statuses.filter((status) => status === 401).length,
    statuses.filter((status) => status === 200).length,
  ]).toEqual([2, 10]);
  expect((await rulesOf(b)).map((rule) => rule.id)).toEqual(['r1']);
});

test("a session's rule set through A is seen and removed through B, and never touches another session", async () => {
  const session = { 'X-Mock-Session': 'tester-1' };
  const created = await fetch(`${a.baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: { ...JSON_BODY, ...session },
    body: JSON.stringify({ then: { scenario: 'unavailable' } }),
  });
  const { id } = (await created.json()) as { id: string };
  expect((await issue(b, '1', session)).status).toBe(503);
  expect((await issue(b, '1', { 'X-Mock-Session': 'tester-2' })).status).toBe(200);
  expect((await fetch(`${b.baseUrl}/__admin/scenarios/${id}`, { method: 'DELETE' })).status).toBe(204);
  expect((await issue(a, '1', session)).status).toBe(200);
});

const grant = (cli: RunningCli) =>
  fetch(`${cli.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${btoa('qa:qa-secret')}` },
  }).then(async (res) => ((await res.json()) as { data: { token: string } }).data.token);

test('an Access Token granted through A is the one B grants too, and B accepts it', async () => {
  const fromA = await grant(a);
  expect(await grant(b)).toBe(fromA);
  expect((await issue(b, '1', { Authorization: `Bearer ${fromA}` })).status).toBe(200);
  expect((await issue(a, '1', { Authorization: 'Bearer cn-never-granted' })).status).toBe(401);
});

test('the journal is shared: requests sent to A and to B are listed and counted through either', async () => {
  const session = { 'X-Mock-Session': 'journal-check' };
  await issue(a, '11', session);
  await issue(b, '12', session);
  await issue(a, '13', session);
  const count = await fetch(`${b.baseUrl}/__admin/requests/count`, {
    method: 'POST',
    headers: { ...JSON_BODY, ...session },
    body: JSON.stringify({ operationId: 'getViewToken' }),
  });
  expect(await count.json()).toEqual({ count: 3 });
  const listed = (await (await fetch(`${a.baseUrl}/__admin/requests?session=journal-check`)).json()) as {
    requests: { query: { fileId: string } }[];
  };
  expect(listed.requests.map((entry) => entry.query.fileId)).toEqual(['13', '12', '11']);
});

test('a reset through A clears rules, grants and the journal for B too, and the configured rule comes back once', async () => {
  const granted = await grant(b);
  await fetch(`${b.baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: JSON_BODY,
    body: JSON.stringify({ then: { code: 503 } }),
  });
  expect((await fetch(`${a.baseUrl}/__admin/reset`, { method: 'POST' })).status).toBeLessThan(300);
  expect((await rulesOf(b)).map((rule) => rule.then)).toEqual([{ scenario: 'not-found' }]);
  expect(((await (await fetch(`${b.baseUrl}/__admin/requests`)).json()) as { requests: unknown[] }).requests).toEqual(
    [],
  );
  expect((await issue(b, '1')).status).toBe(200);
  expect((await issue(b, '1', { Authorization: `Bearer ${granted}` })).status).toBe(401);
});

test("GET /__admin/sessions through B lists what A's requests left in Redis: each session's tokens, rules, clock and last request", async () => {
  await fetch(`${a.baseUrl}/__admin/reset`, { method: 'POST' });
  const session = { 'X-Mock-Session': 'qa-s' };
  expect((await issue(a, '1', session)).status).toBe(200);
  const advancing = Date.now();
  await fetch(`${a.baseUrl}/__admin/clock/advance`, {
    method: 'POST',
    headers: { ...JSON_BODY, ...session },
    body: JSON.stringify({ by: '1h' }),
  });
  const advanced = Date.now();
  await fetch(`${a.baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: { ...JSON_BODY, ...session },
    body: JSON.stringify([{ then: { code: 401 }, after: 5 }, { then: { code: 403 } }]),
  });
  const journal = (await (await fetch(`${b.baseUrl}/__admin/requests?session=qa-s`)).json()) as {
    requests: { id: number; at: string }[];
  };
  const [last] = journal.requests;
  const listed = (await (await fetch(`${b.baseUrl}/__admin/sessions`)).json()) as {
    sessions: { clock: { forgetAt: string | null } }[];
  };
  // The session's own clock is forgotten 24 h (--session-idle) after its last change, the advance.
  const forgetAt = Date.parse(listed.sessions[1]?.clock.forgetAt ?? '');
  expect(forgetAt - 86_400_000).toBeGreaterThanOrEqual(advancing);
  expect(forgetAt - 86_400_000).toBeLessThanOrEqual(advanced);
  expect(listed).toEqual({
    sessions: [
      {
        session: '',
        tokens: 0,
        rules: 1,
        clock: { own: false, offsetMs: 0, frozen: false, forgetAt: null },
        lastRequest: null,
      },
      {
        session: 'qa-s',
        tokens: 1,
        rules: 2,
        clock: { own: true, offsetMs: 3_600_000, frozen: false, forgetAt: expect.any(String) },
        lastRequest: { id: last?.id, at: last?.at },
      },
    ],
  });
});
