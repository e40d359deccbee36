import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { ConfigError } from '../../mock/config/config-error';
import { createMockServer } from '../../mock/server';
import { readSavedState } from '../support/saved-state';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-safety-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AUTH = { Authorization: 'Bearer safety' };
const HOUR = 3_600_000;

function aStateFile(
  clock: { offsetMs: number; frozenAtMs: number | null },
  issuedAtMs = Date.parse('2026-01-01T00:00:00Z'),
): string {
  const file = path.join(dir, 'state.json');
  writeFileSync(
    file,
    JSON.stringify({
      format: 'view-token-mock-state',
      version: 1,
      savedAt: '2026-01-01T00:00:00.000Z',
      clock,
      accessTokens: [],
      rules: [],
      viewTokens: [
        {
          token: 'a'.repeat(32),
          objectType: 'file',
          objectId: '1',
          session: '',
          name: 'x',
          issuedAtMs,
          lastUsedAtMs: null,
          uses: 0,
        },
      ],
    }),
  );
  return file;
}

test('a symlink planted where the old temp file name was is never written through; the state file is 0600', async () => {
  const file = path.join(dir, 'state.json');
  const victim = path.join(dir, 'victim.txt');
  writeFileSync(victim, 'untouched\n');
  // The old name was predictable (<file>.<pid>.tmp): plant it for this process.
  symlinkSync(victim, `${file}.${process.pid}.tmp`);
  const mock = await createMockServer({ stateFile: file, logLevel: 'silent' });
  await request(mock.app).get('/view/token?fileId=1').set(AUTH);
  await mock.close();
  expect(readFileSync(victim, 'utf8')).toBe('untouched\n');
  expect((await readSavedState(file)).viewTokens).toHaveLength(1);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(statSync(`${file}.1.log`).mode & 0o777).toBe(0o600);
  // No temp file is left behind (the planted link is the only other entry beside the file and its change log).
  expect(readdirSync(dir).sort()).toEqual(
    ['state.json', 'state.json.1.log', `state.json.${process.pid}.tmp`, 'victim.txt'].sort(),
  );
});

test.each([
  [
    'a frozen clock beyond 9999',
    { offsetMs: 0, frozenAtMs: 1e20 },
    undefined,
    /"clock" must be \{session\?, offsetMs, frozenAtMs\}, with offsetMs an integer and frozenAtMs null or a time from 1970 to 9999 in ms/,
  ],
  [
    'an offset beyond 9999',
    { offsetMs: 1e16, frozenAtMs: null },
    undefined,
    /its clock \(offset 10000000000000000 ms\) puts the mock's time outside 1970 to 9999/,
  ],
  [
    'an offset before 1970',
    { offsetMs: -1e13, frozenAtMs: null },
    undefined,
    /puts the mock's time outside 1970 to 9999/,
  ],
  [
    'a token issued before 1970',
    { offsetMs: 0, frozenAtMs: null },
    -5,
    /viewTokens\[0\]: "issuedAtMs"\/"lastUsedAtMs" must be times from 1970 to 9999 in ms/,
  ],
])(
  'a state file with %s is a start-up error (ConfigError, exit 2), not a mock answering 500',
  async (_label, clock, issuedAtMs, message) => {
    const file = aStateFile(clock, issuedAtMs);
    const started = createMockServer({ stateFile: file, logLevel: 'silent' });
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(message);
  },
);

test('a frozen clock at the last valid instant still starts', async () => {
  const file = aStateFile({ offsetMs: 0, frozenAtMs: Date.parse('9999-12-31T00:00:00Z') });
  const mock = await createMockServer({ stateFile: file, logLevel: 'silent' });
  expect((await request(mock.app).get('/__admin/clock')).body.now).toBe('9999-12-31T00:00:00.000Z');
  await mock.close();
});

test('when writes keep failing, health says degraded with the reason and the log says it once; recovery is logged once', async () => {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const stateDir = path.join(dir, 'state');
  mkdirSync(stateDir);
  const file = path.join(stateDir, 'state.json');
  const mock = await createMockServer({ stateFile: file, logger: pino({ level: 'info' }, sink) });
  expect((await request(mock.app).get('/__admin/health')).body.status).toBe('ok');
  rmSync(stateDir, { recursive: true });
  // Keep changing state for about 2 s: the writer retries every 200 ms and fails each time.
  let health = await request(mock.app).get('/__admin/health');
  for (let i = 0; i < 20; i += 1) {
    await request(mock.app)
      .get(`/view/token?fileId=${i + 1}`)
      .set(AUTH);
    await new Promise((resolve) => setTimeout(resolve, 100));
    health = await request(mock.app).get('/__admin/health');
  }
  expect(health.status).toBe(200);
  expect(health.body).toMatchObject({
    status: 'degraded',
    detail: `--state-file ${file} cannot be written (ENOENT); changes are kept in memory and retried`,
    viewTokens: 20,
  });
  const failures = () => lines.filter((line) => line.msg.startsWith('writing the state file failed'));
  expect(failures()).toHaveLength(1);
  mkdirSync(stateDir);
  // The writer's next retry lands the file and then logs the recovery: the file can exist a moment
  // before the writer has marked itself healthy, so wait for the log line, not the file. Retries back off
  // (0.5 s doubling), so the next one can be several seconds away.
  const recovered = () => lines.filter((line) => line.msg === 'writing the state file works again');
  for (let i = 0; i < 150 && recovered().length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(existsSync(file)).toBe(true);
  expect((await request(mock.app).get('/__admin/health')).body.status).toBe('ok');
  expect(recovered()).toHaveLength(1);
  expect(failures()).toHaveLength(1);
  await mock.close();
  expect((await readSavedState(file)).viewTokens).toHaveLength(20);
}, 30_000);

test('a state file with a 2 h offset restores it', async () => {
  const file = aStateFile({ offsetMs: 2 * HOUR, frozenAtMs: null });
  const mock = await createMockServer({ stateFile: file, logLevel: 'silent' });
  expect((await request(mock.app).get('/__admin/clock')).body.offsetMs).toBe(2 * HOUR);
  await mock.close();
});
