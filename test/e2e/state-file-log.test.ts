import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aChangeLog, aSnapshot, aTokenRecord, readSavedState } from '../support/saved-state';
import { killStartedClis, runCli, startCli } from '../support/spawn-cli';

// The state file as a process sees it: kill -9 at any moment, torn and corrupt files, leftovers.
// No timing is asserted: the tests wait for what they need to see in the files, with generous limits.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-statelog-'));
});
afterEach(() => {
  killStartedClis();
  rmSync(dir, { recursive: true, force: true });
});

const AUTH = { Authorization: 'Bearer state-log-test' };
const json = { 'Content-Type': 'application/json' };
const serve = (file: string, ...more: string[]) => startCli(['--port', '0', '--state-file', file, ...more]);

async function until(condition: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The text of every change log of the file. */
const logsOf = (file: string): string =>
  readdirSync(dir)
    .filter((name) => name.startsWith(`${path.basename(file)}.`) && name.endsWith('.log'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .join('');

async function issueMany(baseUrl: string, count: number, inFlight = 8): Promise<string[]> {
  const tokens: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        next += 1;
        const answer = await fetch(`${baseUrl}/view/token?fileId=${next}`, { headers: AUTH });
        tokens.push(((await answer.json()) as { data: string }).data);
      }
    }),
  );
  return tokens;
}

test('kill -9 loses no change that had reached the change log: tokens issued and used, a rule, the clock', async () => {
  const file = path.join(dir, 'state.json');
  const first = await serve(file);
  const tokens = await issueMany(first.baseUrl, 300);
  const used = tokens.slice(0, 50);
  for (const token of used)
    expect((await fetch(`${first.baseUrl}/inside/databag?viewToken=${token}`)).status).toBe(200);
  await fetch(`${first.baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ when: { param: 'fileId', equals: '7' }, then: { code: 404 }, times: 3 }),
  });
  await fetch(`${first.baseUrl}/__admin/clock/advance`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ by: '1h' }),
  });
  // Every change acknowledged above reaches the log within the flush interval: wait for the last ones, then kill.
  await until(() => {
    const logs = logsOf(file);
    return tokens.every((token) => logs.includes(token)) && logs.includes('"k":"clock"');
  }, 'the changes in the change log');
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));

  const second = await serve(file, '--log-level', 'silent');
  const listed = await Promise.all(
    tokens.map(
      async (token) =>
        (await (await fetch(`${second.baseUrl}/__admin/view-tokens/${token}`)).json()) as { uses: number },
    ),
  );
  expect(listed.map((record) => record.uses)).toEqual(tokens.map((token) => (used.includes(token) ? 1 : 0)));
  expect(((await (await fetch(`${second.baseUrl}/__admin/clock`)).json()) as { offsetMs: number }).offsetMs).toBe(
    3_600_000,
  );
  expect(((await (await fetch(`${second.baseUrl}/__admin/scenarios`)).json()) as { rules: object[] }).rules).toEqual([
    expect.objectContaining({ remaining: 3, then: { code: 404 } }),
  ]);
}, 90_000);

test('a 0.2.0 state file of 50,000 tokens loads, is rewritten as version 2 while the mock serves, and kill -9 meanwhile loses nothing logged', async () => {
  const file = path.join(dir, 'state.json');
  const records = Array.from({ length: 50_000 }, (_, index) => {
    const { k: _k, ...record } = aTokenRecord(index + 1, { issuedAtMs: Date.now() });
    return record;
  });
  writeFileSync(
    file,
    JSON.stringify({
      format: 'view-token-mock-state',
      version: 1,
      savedAt: '2026-01-01T00:00:00.000Z',
      clock: { offsetMs: 0, frozenAtMs: null },
      accessTokens: [],
      rules: [],
      viewTokens: records,
    }),
  );
  const first = await serve(file, '--log-level', 'silent');
  const tokens = await issueMany(first.baseUrl, 200);
  // Killed while the new snapshot is being written if the test sees its temp file, else right after it.
  await until(() => {
    const logs = logsOf(file);
    return tokens.every((token) => logs.includes(token));
  }, 'the new tokens in the change log');
  await until(
    () =>
      readdirSync(dir).some((name) => name.endsWith('.tmp')) ||
      readFileSync(file, 'utf8').startsWith('{"format":"view-token-mock-state","version":2'),
    'the rewrite to begin',
    60_000,
  );
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));

  const saved = await readSavedState(file);
  expect(saved.viewTokens).toHaveLength(50_200);
  const second = await serve(file, '--log-level', 'silent');
  for (const token of [...tokens.slice(0, 20), aTokenRecord(1).token, aTokenRecord(50_000).token]) {
    expect((await fetch(`${second.baseUrl}/inside/databag?viewToken=${token}`)).status).toBe(200);
  }
  await until(
    () => readFileSync(file, 'utf8').startsWith('{"format":"view-token-mock-state","version":2'),
    'the rewrite as version 2',
    60_000,
  );
  expect(await second.stop('SIGTERM')).toBe(0);
  expect((await readSavedState(file)).viewTokens).toHaveLength(50_200);
}, 180_000);

test('a change log whose last line a kill cut short loads without it, saying so, and the mock goes on with a new log', async () => {
  const file = path.join(dir, 'state.json');
  writeFileSync(file, aSnapshot([{ k: 'clock', offsetMs: 0, frozenAtMs: null }]));
  const torn = `${JSON.stringify(aTokenRecord(3))}`.slice(0, 40);
  writeFileSync(`${file}.1.log`, aChangeLog([aTokenRecord(1), aTokenRecord(2)]) + torn);
  const mock = await serve(file);
  await until(() => mock.output().includes('left out its torn'), "the torn line's log line");
  expect(mock.output()).toContain(
    `"msg":"state file: ${file}.1.log: left out its torn last line (40 bytes, line 4): a write cut short by a kill or crash"`,
  );
  expect((await fetch(`${mock.baseUrl}/__admin/view-tokens`)).ok).toBe(true);
  const listed = (await (await fetch(`${mock.baseUrl}/__admin/view-tokens`)).json()) as {
    viewTokens: { token: string }[];
  };
  expect(listed.viewTokens.map((record) => record.token).sort()).toEqual(
    [aTokenRecord(1).token, aTokenRecord(2).token].sort(),
  );
  // The torn log is kept as it is (the new changes go to log 2), until a snapshot replaces both.
  expect(existsSync(`${file}.2.log`)).toBe(true);
  expect(readFileSync(`${file}.1.log`, 'utf8').endsWith(torn)).toBe(true);
}, 30_000);

test.each([
  [
    'a change log with a broken line before its last',
    { 'state.json.1.log': `${aChangeLog([aTokenRecord(1)])}{"k":"tok\n${JSON.stringify(aTokenRecord(2))}\n` },
    /state\.json\.1\.log line 3: not valid JSON/,
  ],
  [
    'a snapshot without its end line',
    {
      'state.json':
        aSnapshot([aTokenRecord(1)])
          .split('\n')
          .slice(0, 2)
          .join('\n') + '\n',
    },
    /state\.json: ends without its end record: a snapshot cut short/,
  ],
  [
    'a snapshot whose end line counts other records',
    { 'state.json': aSnapshot([aTokenRecord(1)]).replace('"records":1', '"records":2') },
    /line 3 \(end record\): says 2 records, but 1 came before it/,
  ],
  [
    'a missing change log between two others',
    { 'state.json.1.log': aChangeLog([], 1), 'state.json.3.log': aChangeLog([], 3) },
    /its change log .*state\.json\.2\.log is missing before .*state\.json\.3\.log/,
  ],
  [
    'a change log without its snapshot',
    { 'state.json': undefined, 'state.json.1.log': aChangeLog([aTokenRecord(1)]) },
    /missing, but its change log .*state\.json\.1\.log is there/,
  ],
  [
    'a change log of another generation than its name',
    { 'state.json.1.log': aChangeLog([], 4) },
    /state\.json\.1\.log: its header says generation 4, its name 1/,
  ],
])('%s stops the start with exit 2, one line, every file left byte for byte', (_label, files, message) => {
  const written: Record<string, string | undefined> = {
    'state.json': aSnapshot([{ k: 'clock', offsetMs: 0, frozenAtMs: null }]),
    ...files,
  };
  for (const [name, text] of Object.entries(written)) if (text !== undefined) writeFileSync(path.join(dir, name), text);
  const before = Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
  const run = runCli(['--port', '0', '--state-file', path.join(dir, 'state.json')]);
  expect(run.status).toBe(2);
  expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
  expect(
    Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')])),
  ).toEqual(before);
});

test('a temp file a killed write left is removed at start (a symlink named like one is removed, never followed), and so is a log the snapshot replaced', async () => {
  const file = path.join(dir, 'state.json');
  writeFileSync(file, aSnapshot([{ k: 'clock', offsetMs: 0, frozenAtMs: null }, aTokenRecord(1)], 2));
  writeFileSync(`${file}.0123456789abcdef.tmp`, '{"format":"view-token-mock-state","version":2,"gene');
  writeFileSync(path.join(dir, 'victim.txt'), 'untouched\n');
  symlinkSync(path.join(dir, 'victim.txt'), `${file}.fedcba9876543210.tmp`);
  writeFileSync(`${file}.1.log`, aChangeLog([aTokenRecord(9)], 1));
  writeFileSync(`${file}.notmine.tmp`, "someone else's\n");
  const mock = await serve(file);
  expect(readdirSync(dir).sort()).toEqual(['state.json', 'state.json.2.log', 'state.json.notmine.tmp', 'victim.txt']);
  expect(readFileSync(path.join(dir, 'victim.txt'), 'utf8')).toBe('untouched\n');
  const removals = [
    `${file}.0123456789abcdef.tmp: a temp file a killed write left behind`,
    `${file}.fedcba9876543210.tmp: a temp file a killed write left behind`,
    `${file}.1.log: a change log the snapshot already holds`,
  ];
  await until(
    () => removals.every((line) => mock.output().includes(`"msg":"state file: removed ${line}"`)),
    'a log line for each file removed',
  );
  // The replaced log's token was not replayed: the snapshot (generation 2) begins after it.
  expect((await fetch(`${mock.baseUrl}/__admin/view-tokens/${aTokenRecord(9).token}`)).status).toBe(404);
}, 30_000);
