import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ConfigError } from '../../mock/config/config-error';
import { createMockServer } from '../../mock/server';
import { aChangeLog, aSnapshot, aTokenRecord, readSavedState } from '../support/saved-state';

// What a state file holds passes the admin API's and the config's checks and caps as it loads:
// before, `code: 999`, `delay: 1e12`, 5,000 rules in a session and non-hex tokens loaded silently
// and failed later (or forever). Each is refused at start, naming the record and what is allowed,
// and no file is touched.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-records-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const CLOCK = { k: 'clock', offsetMs: 0, frozenAtMs: null };
const aRule = (id: number, fields: object = {}): object => ({
  k: 'rule',
  id: `r${id}`,
  session: '',
  when: {},
  then: { code: 503 },
  remaining: null,
  ...fields,
});
const manyRules = (count: number, session: string): object[] =>
  Array.from({ length: count }, (_, index) => aRule(index + 1, { session }));
const CODES = 'code 200, 400, 401, 403, 404, 500, 503, 201';

/** Writes the files, tries to start on them, and returns the error's message; every file must be left byte for byte. */
async function refusal(files: Record<string, string>, options: { maxViewTokens?: number } = {}): Promise<string> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const before = Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
  const started = createMockServer({ stateFile: path.join(dir, 'state.json'), logLevel: 'silent', ...options });
  const error = await started.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConfigError);
  expect(
    Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')])),
  ).toEqual(before);
  return (error as Error).message.replace(`${dir}${path.sep}`, '');
}

const LEFT = '; the file was left as it is: fix or move it';

test.each([
  [
    'a rule forcing code 999',
    [CLOCK, aRule(3, { then: { code: 999 } })],
    `line 3 (rule r3 (session "")): code=999 is not a status this operation documents (operation any service operation); did you mean code=503?; allowed: ${CODES}`,
  ],
  [
    'a rule delaying 1e12 ms',
    [CLOCK, aRule(1, { then: { delay: 1e12 } })],
    'line 3 (rule r1 (session "")): delay=1000000000000 must be milliseconds from 0 to 60000 (operation any service operation); did you mean delay=60000?; allowed: delay 0..60000',
  ],
  [
    'a rule with a misspelt scenario on one operation',
    [CLOCK, aRule(1, { when: { operation: 'getViewerData' }, then: { scenario: 'forbiden' } })],
    'line 3 (rule r1 (session "")): scenario=forbiden is not one this operation can answer (operation getViewerData); allowed: scenario access-token-missing, access-token-invalid, access-token-expired, invalid-parameter, server-error, unavailable',
  ],
  [
    'a rule naming a parameter no operation has',
    [CLOCK, aRule(1, { when: { param: 'fileid', equals: '1' } })],
    'line 3 (rule r1 (session "")): "when.param" fileid: no service operation has it (did you mean fileId?); use clashDetectiveId, compareId, databagId, elementId, fileId, includeArea, includeDrawingSheet, includeOverrides, includeRoom, integrateId, moduleDataId, objectId, sceneId, sheetId, submodelId, treeType, v, viewToken, view_token',
  ],
  [
    'a rule id the mock never gives',
    [CLOCK, aRule(1, { id: 'rule-1' })],
    'line 3 (rule rule-1 (session "")): "id" must be r and a positive integer (r1, r2, …), as the mock names rules',
  ],
  [
    'a rule letting -1 calls through',
    [CLOCK, aRule(1, { after: -1 })],
    'line 3 (rule r1 (session "")): "after" -1 must be an integer from 0 (did you mean 0?)',
  ],
  [
    'a rule with 0 uses left',
    [CLOCK, aRule(1, { remaining: 0 })],
    'line 3 (rule r1 (session "")): "remaining" must be a positive integer or null',
  ],
  [
    'a View Token that is not 32 lowercase hex',
    [CLOCK, aTokenRecord(1, { token: 'ABCDEF0123456789ABCDEF0123456789' })],
    'line 3 (token ABCDEF01…): "token" must be 32 lowercase hex characters, as the mock issues them',
  ],
  [
    'a View Token of a session of 129 characters',
    [CLOCK, aTokenRecord(1, { session: 's'.repeat(129) })],
    'line 3 (token 00000000…): X-Mock-Session is 129 characters long; the mock accepts at most 128.',
  ],
  [
    'a record with a field the mock never writes',
    [CLOCK, aTokenRecord(1, { owner: 'app' })],
    'line 3 (token 00000000…): "owner" is not a field of a token record (use token, objectType, objectId, integrateId, session, extension, name, issuedAtMs, lastUsedAtMs, uses, lastForced)',
  ],
  [
    'a record of a kind the mock does not know',
    [CLOCK, { k: 'session-clock', session: 'a' }],
    'line 3 (session-clock record): "k" must be one of token, token-deleted, tokens-cleared, tokens-reclaimed, clock, clock-forgotten, clocks-cleared, rule, rule-deleted, rules-cleared, access-token, access-tokens-cleared',
  ],
  [
    'a reclaim whose session cut-offs are not [session, ms] pairs',
    [CLOCK, { k: 'tokens-reclaimed', beforeMs: 1, sessions: [['qa', '1']] }],
    'line 3 (tokens-reclaimed record): "sessions" must be a list of [session, beforeMs] pairs (a session name and an integer in ms)',
  ],
  [
    'an Access Token with an empty appKey',
    [CLOCK, { k: 'access-token', token: 'cn-1', appKey: '', expiresAtMs: 1 }],
    'line 3 (access-token of appKey ""): "token" and "appKey" must be non-empty strings',
  ],
])(
  'a snapshot holding %s is refused at start, naming the line, the record and what is allowed',
  async (_label, records, message) => {
    expect(await refusal({ 'state.json': aSnapshot(records) })).toBe(`--state-file state.json: ${message}${LEFT}`);
  },
);

test('a session holding 1,001 rules is refused (1,000 is the cap), and 1,000 load', async () => {
  expect(await refusal({ 'state.json': aSnapshot([CLOCK, ...manyRules(1_001, 'qa')]) })).toBe(
    `--state-file state.json: session "qa" holds 1001 rules; a session holds at most 1000 (as POST /__admin/scenarios allows): delete some${LEFT}`,
  );
  rmSync(path.join(dir, 'state.json'));
  writeFileSync(path.join(dir, 'state.json'), aSnapshot([CLOCK, ...manyRules(1_000, 'qa')]));
  const mock = await createMockServer({ stateFile: path.join(dir, 'state.json'), logLevel: 'silent' });
  expect((await request(mock.app).get('/__admin/scenarios').set('X-Mock-Session', 'qa')).body.rules).toHaveLength(
    1_000,
  );
  await mock.close();
});

test('1,001 sessions holding rules are refused (1,000 is the cap)', async () => {
  const rules = Array.from({ length: 1_001 }, (_, index) => aRule(index + 1, { session: `s${index}` }));
  expect(await refusal({ 'state.json': aSnapshot([CLOCK, ...rules]) })).toBe(
    `--state-file state.json: 1001 sessions hold rules; at most 1000 may (as POST /__admin/scenarios allows): delete some sessions' rules${LEFT}`,
  );
});

test("1,001 sessions with a clock of their own are refused (1,000 is the cap, the deployment's clock aside), and 1,000 load", async () => {
  const clocks = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      k: 'clock',
      session: `s${index}`,
      offsetMs: 3_600_000,
      frozenAtMs: null,
    }));
  expect(await refusal({ 'state.json': aSnapshot([CLOCK, ...clocks(1_001)]) })).toBe(
    `--state-file state.json: 1001 sessions have a clock of their own; at most 1000 may (as the clock endpoints allow): forget some (clock-forgotten records)${LEFT}`,
  );
  rmSync(path.join(dir, 'state.json'));
  writeFileSync(path.join(dir, 'state.json'), aSnapshot([CLOCK, ...clocks(1_000)]));
  const mock = await createMockServer({ stateFile: path.join(dir, 'state.json'), logLevel: 'silent' });
  expect((await request(mock.app).get('/__admin/clock?session=s999')).body).toMatchObject({
    offsetMs: 3_600_000,
    ownClock: true,
  });
  await mock.close();
});

test("a session's clock outside 1970..9999 is refused at start, naming the session", async () => {
  expect(
    await refusal({
      'state.json': aSnapshot([CLOCK, { k: 'clock', session: 'qa', offsetMs: 1e16, frozenAtMs: null }]),
    }),
  ).toBe(
    `--state-file state.json: the clock of session "qa" (offset 10000000000000000 ms) puts the mock's time outside 1970 to 9999${LEFT}`,
  );
});

test('more View Tokens than --max-view-tokens are refused, naming the flag and the figure that would do', async () => {
  expect(
    await refusal(
      { 'state.json': aSnapshot([CLOCK, aTokenRecord(1), aTokenRecord(2), aTokenRecord(3)]) },
      { maxViewTokens: 2 },
    ),
  ).toBe(
    `--state-file state.json: holds 3 View Tokens, more than --max-view-tokens 2: give --max-view-tokens 3 or more${LEFT}`,
  );
});

test('a bad record in a change log is refused just the same, naming the log and its line', async () => {
  const message = await refusal({
    'state.json': aSnapshot([CLOCK]),
    'state.json.1.log': aChangeLog([aRule(1), aRule(2, { then: { code: 999 } })]),
  });
  expect(message).toBe(
    `--state-file state.json: ${path.join(dir, 'state.json.1.log')} line 3 (rule r2 (session "")): code=999 is not a status this operation documents (operation any service operation); did you mean code=503?; allowed: ${CODES}${LEFT}`,
  );
});

test('a version-1 file (0.2.0) with a rule forcing code 999 and a non-hex token is refused, naming the list item', async () => {
  const v1 = (rules: object[], viewTokens: object[]): string =>
    JSON.stringify({
      format: 'view-token-mock-state',
      version: 1,
      savedAt: '2026-01-01T00:00:00.000Z',
      clock: { offsetMs: 0, frozenAtMs: null },
      accessTokens: [],
      rules,
      viewTokens,
    });
  const token = (fields: object): object => {
    const { k: _k, ...record } = aTokenRecord(1, fields) as { k: string };
    return record;
  };
  const rule = (fields: object): object => {
    const { k: _k, ...record } = aRule(1, fields) as { k: string };
    return record;
  };
  expect(await refusal({ 'state.json': v1([rule({ then: { code: 999 } })], []) })).toBe(
    `--state-file state.json: rules[0]: code=999 is not a status this operation documents (operation any service operation); did you mean code=503?; allowed: ${CODES}${LEFT}`,
  );
  expect(await refusal({ 'state.json': v1([], [token({}), token({ token: 'x-not-hex' })]) })).toBe(
    `--state-file state.json: viewTokens[1]: "token" must be 32 lowercase hex characters, as the mock issues them${LEFT}`,
  );
});

test("a reclaim in the change log is replayed on each token's own session's cut-off", async () => {
  const file = path.join(dir, 'state.json');
  const old = { issuedAtMs: Date.parse('2020-01-01T00:00:00Z') };
  writeFileSync(
    file,
    aSnapshot([
      CLOCK,
      aTokenRecord(1, { ...old, session: 'frozen-in-2020' }),
      aTokenRecord(2, { ...old, session: 'qa' }),
      aTokenRecord(3, { ...old, session: '' }),
    ]),
  );
  writeFileSync(
    `${file}.1.log`,
    aChangeLog([
      { k: 'tokens-reclaimed', beforeMs: Date.parse('2026-01-01T00:00:00Z'), sessions: [['frozen-in-2020', 0]] },
    ]),
  );
  expect((await readSavedState(file)).viewTokens.map((record) => record.session)).toEqual(['frozen-in-2020']);
});

test("a session's reset is kept as one record a step, and a restart finds only the other sessions' tokens", async () => {
  const file = path.join(dir, 'state.json');
  const mock = await createMockServer({ stateFile: file, logLevel: 'silent' });
  const issue = (session: string) =>
    request(mock.app).get('/view/token?fileId=1').set({ Authorization: 'Bearer x', 'X-Mock-Session': session });
  for (let i = 0; i < 501; i += 1) await issue('qa');
  await issue('kept');
  expect((await request(mock.app).post('/__admin/reset').set('X-Mock-Session', 'qa')).status).toBe(204);
  await mock.close();
  const log = readFileSync(`${file}.1.log`, 'utf8').trim().split('\n').slice(-3);
  expect(log.map((line) => JSON.parse(line) as object)).toEqual([
    { k: 'tokens-cleared', session: 'qa' },
    { k: 'tokens-cleared', session: 'qa' },
    { k: 'clock-forgotten', session: 'qa' },
  ]);
  expect((await readSavedState(file)).viewTokens.map((record) => record.session)).toEqual(['kept']);
});

test('a clock forgotten as idle is kept forgotten in the state file; one restored starts its idle time afresh', async () => {
  const file = path.join(dir, 'state.json');
  let real = Date.parse('2026-01-01T00:00:00.000Z');
  const mock = await createMockServer({ stateFile: file, logLevel: 'silent', sessionIdle: '1h', realNow: () => real });
  await mock.clock.advance('2h', 'idle');
  await mock.clock.advance('3h', 'busy');
  real += 30 * 60_000;
  await mock.clock.advance('1m', 'busy');
  real += 30 * 60_000;
  const listed = await request(mock.app).get('/__admin/sessions');
  expect(listed.body.sessions.map((summary: { session: string }) => summary.session)).toEqual(['', 'busy']);
  await mock.close();
  expect([...(await readSavedState(file)).clocks.keys()]).toEqual(['busy']);
  // A restart an hour later: busy's clock is restored, and its idle hour starts now (the file keeps no activity).
  real += 60 * 60_000;
  const restarted = await createMockServer({
    stateFile: file,
    logLevel: 'silent',
    sessionIdle: '1h',
    realNow: () => real,
  });
  const after = await request(restarted.app).get('/__admin/sessions');
  expect(after.body.sessions.map((summary: { session: string }) => summary.session)).toEqual(['', 'busy']);
  await restarted.close();
});

test("a token's last forced use is kept in the state file, and the listing shows it after a restart", async () => {
  const file = path.join(dir, 'state.json');
  const realNow = () => Date.parse('2026-01-01T00:00:00.000Z');
  const mock = await createMockServer({ stateFile: file, logLevel: 'silent', realNow });
  const token = (await request(mock.app).get('/view/token?fileId=1').set({ Authorization: 'Bearer x' })).body
    .data as string;
  await request(mock.app).get(`/inside/databag?viewToken=${token}`).set('Prefer', 'code=401').expect(401);
  await mock.close();
  const forced = { outcome: 'code=401', rule: null, atMs: realNow() };
  expect((await readSavedState(file)).viewTokens.map((record) => record.lastForced)).toEqual([forced]);
  const restarted = await createMockServer({ stateFile: file, logLevel: 'silent', realNow });
  const listed = await request(restarted.app).get('/__admin/view-tokens');
  expect(listed.body.viewTokens[0]).toMatchObject({
    token,
    state: 'valid',
    lastForced: { outcome: 'code=401', rule: null, at: '2026-01-01T00:00:00.000Z' },
  });
  await restarted.close();
});

test('a token record whose lastForced is not one the mock writes is refused at start, naming what is allowed', async () => {
  expect(
    await refusal({ 'state.json': aSnapshot([CLOCK, aTokenRecord(1, { lastForced: { outcome: 'code=401' } })]) }),
  ).toBe(
    `--state-file state.json: line 3 (token 00000000…): "lastForced" must be {"outcome": a non-empty string, "rule": r<n> or null, "atMs": a time in ms}${LEFT}`,
  );
});
