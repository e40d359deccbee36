import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMockCore } from '../../mock/compose/create-mock-core';
import { createMockServer } from '../../mock/server';
import { readSavedState } from '../support/saved-state';
import { killStartedClis, runCli, startCli } from '../support/spawn-cli';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-state-'));
});
afterEach(() => {
  killStartedClis();
  rmSync(dir, { recursive: true, force: true });
});

const HOUR = 3_600_000;
const AUTH = { Authorization: 'Bearer state-test' };
const json = { 'Content-Type': 'application/json' };
const serve = (file: string, ...more: string[]) =>
  startCli(['--port', '0', '--log-level', 'silent', '--state-file', file, ...more]);

test('a restart keeps a View Token valid with its expiry, and keeps the clock, the rules and the sessions', async () => {
  const file = path.join(dir, 'state.json');
  const first = await serve(file);
  const { data: token } = (await (
    await fetch(`${first.baseUrl}/view/token?fileId=42`, { headers: { ...AUTH, 'X-Mock-Session': 'qa-7' } })
  ).json()) as { data: string };
  await fetch(`${first.baseUrl}/__admin/clock/advance`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ by: '11h' }),
  });
  const used = await fetch(`${first.baseUrl}/inside/databag?viewToken=${token}`);
  const expiresAt = used.headers.get('x-view-token-expires-at');
  await fetch(`${first.baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: { ...json, 'X-Mock-Session': 'qa-7' },
    body: JSON.stringify({ when: { param: 'fileId', equals: '9' }, then: { code: '404' }, times: 2, after: 1 }),
  });
  // Its one call to let through, used before the restart.
  const passed = await fetch(`${first.baseUrl}/view/token?fileId=9`, {
    headers: { ...AUTH, 'X-Mock-Session': 'qa-7' },
  });
  expect(passed.status).toBe(200);
  expect(await first.stop('SIGTERM')).toBe(0);

  const second = await serve(file);
  const clock = (await (await fetch(`${second.baseUrl}/__admin/clock`)).json()) as { offsetMs: number };
  expect(clock.offsetMs).toBe(11 * HOUR);
  const listed = (await (await fetch(`${second.baseUrl}/__admin/view-tokens/${token}`)).json()) as {
    session: string;
    expiresAt: string;
    uses: number;
  };
  expect(listed).toMatchObject({ session: 'qa-7', expiresAt, uses: 1 });
  const rules = (await (await fetch(`${second.baseUrl}/__admin/scenarios?session=qa-7`)).json()) as {
    rules: { remaining: number }[];
  };
  expect(rules.rules).toEqual([expect.objectContaining({ remaining: 2, after: 0, session: 'qa-7' })]);
  const forced = await fetch(`${second.baseUrl}/view/token?fileId=9`, {
    headers: { ...AUTH, 'X-Mock-Session': 'qa-7' },
  });
  expect(forced.status).toBe(404);
  await fetch(`${second.baseUrl}/__admin/clock/advance`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ by: '11h' }),
  });
  expect((await fetch(`${second.baseUrl}/inside/databag?viewToken=${token}`)).status).toBe(200);
  await fetch(`${second.baseUrl}/__admin/clock/advance`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ by: '12h' }),
  });
  expect((await fetch(`${second.baseUrl}/inside/databag?viewToken=${token}`)).status).toBe(401);
});

test('the start banner and /__admin/health name the state file, by its absolute path', async () => {
  const file = path.join(dir, 'state.json');
  const cli = await startCli([
    '--port',
    '0',
    '--log-level',
    'silent',
    '--state-file',
    path.relative(process.cwd(), file),
  ]);
  expect(cli.output()).toContain(`\n  store: memory, kept in the state file ${file} and its change logs\n`);
  const health = (await (await fetch(`${cli.baseUrl}/__admin/health`)).json()) as { store: unknown };
  expect(health.store).toEqual({
    kind: 'state-file',
    stateFile: file,
    writes: { status: 'ok', since: expect.any(String) },
  });
});

test('Access Tokens granted before a restart are still accepted after it', async () => {
  const file = path.join(dir, 'state.json');
  const config = path.join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ applications: [{ appKey: 'app', appSecret: 'secret' }] }));
  const basic = { Authorization: `Basic ${Buffer.from('app:secret').toString('base64')}` };
  const first = await serve(file, '--config', config);
  const granted = (await (await fetch(`${first.baseUrl}/oauth2/token`, { method: 'POST', headers: basic })).json()) as {
    data: { token: string };
  };
  expect(await first.stop('SIGINT')).toBe(0);
  const second = await serve(file, '--config', config);
  const issued = await fetch(`${second.baseUrl}/view/token?fileId=1`, {
    headers: { Authorization: `Bearer ${granted.data.token}` },
  });
  expect(issued.status).toBe(200);
  const again = (await (await fetch(`${second.baseUrl}/oauth2/token`, { method: 'POST', headers: basic })).json()) as {
    data: { token: string };
  };
  expect(again.data.token).toBe(granted.data.token);
});

test.each([
  ['not JSON', '{"format":"view-token-mock-state", "vers', /not valid JSON/],
  ['another JSON document', '{"hello":"world"}', /not a view-token-mock state file/],
  [
    'a future version',
    '{"format":"view-token-mock-state","version":3}',
    /state version 3 is not supported \(this mock reads versions 1 and 2\)/,
  ],
  [
    'a broken token record',
    JSON.stringify({
      format: 'view-token-mock-state',
      version: 1,
      clock: { offsetMs: 0, frozenAtMs: null },
      viewTokens: [{ token: 'x', objectType: 'file', objectId: '1.5' }],
      accessTokens: [],
      rules: [],
    }),
    /viewTokens\[0\]: "objectId" must be an int64 string/,
  ],
])(
  'a state file that is %s stops the start with exit 2 and is left byte for byte as it was',
  (_label, text, message) => {
    const file = path.join(dir, 'state.json');
    writeFileSync(file, text);
    const run = runCli(['--port', '0', '--state-file', file]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
    expect(run.stderr).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe(text);
  },
);

test('a state file that cannot be written is a start-up error (exit 2), not a silent loss later', () => {
  const run = runCli(['--port', '0', '--state-file', path.join(dir, 'no-such-directory', 'state.json')]);
  expect(run.status).toBe(2);
  expect(run.stderr).toMatch(/--state-file .*no-such-directory\/state\.json: cannot write it \(ENOENT\)/);
});

test('kill -9 during heavy issuing leaves a loadable file whose tokens are a prefix of the issue sequence, none beyond what was in flight', async () => {
  const file = path.join(dir, 'state.json');
  const SEED = 99;
  const running = await serve(file, '--seed', String(SEED));
  const acknowledged: string[] = [];
  const IN_FLIGHT = 16;
  let stop = false;
  const worker = async (): Promise<void> => {
    while (!stop) {
      const answer = await fetch(`${running.baseUrl}/view/token?fileId=7`, { headers: AUTH }).catch(() => undefined);
      if (answer?.status === 200) acknowledged.push(((await answer.json()) as { data: string }).data);
    }
  };
  const workers = Array.from({ length: IN_FLIGHT }, worker);
  while (acknowledged.length < 3_000) await new Promise((resolve) => setTimeout(resolve, 20));
  running.child.kill('SIGKILL');
  stop = true;
  await Promise.all(workers);

  const saved = await readSavedState(file);
  const core = createMockCore({ seed: SEED });
  const sequence: string[] = [];
  for (let i = 0; i < acknowledged.length + IN_FLIGHT; i += 1) {
    sequence.push(
      (await core.viewTokens.issue({ objectType: 'file', objectId: '7' as never, name: 'x', session: '' }, Date.now()))
        .token,
    );
  }
  const savedTokens = new Set(saved.viewTokens.map((record) => record.token));
  expect(savedTokens.size).toBeGreaterThan(0);
  expect(savedTokens.size).toBeLessThanOrEqual(acknowledged.length + IN_FLIGHT);
  expect(savedTokens).toEqual(new Set(sequence.slice(0, savedTokens.size)));
  expect(new Set(acknowledged)).toEqual(new Set(sequence.slice(0, acknowledged.length)));

  const restarted = await serve(file, '--seed', String(SEED));
  const kept = [...savedTokens].slice(0, 20);
  for (const token of kept)
    expect((await fetch(`${restarted.baseUrl}/inside/databag?viewToken=${token}`)).status).toBe(200);
  const next = (await (await fetch(`${restarted.baseUrl}/view/token?fileId=7`, { headers: AUTH })).json()) as {
    data: string;
  };
  expect(savedTokens.has(next.data)).toBe(false);
}, 60_000);

test('createMockServer refuses a state file on the Redis store before connecting to Redis', async () => {
  await expect(
    createMockServer({ logLevel: 'silent', store: 'redis', redisUrl: 'redis://127.0.0.1:1', stateFile: 'state.json' }),
  ).rejects.toThrow(/--state-file state\.json works with the memory store/);
});
