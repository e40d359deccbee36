import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { MAX_SESSION_CLOCKS } from '../../mock/core/session-clocks';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

// Issue 30, points 1 and 2 on the memory store: a clock per session, reset per session.
const HOUR = 3_600_000;
let mock: MockServer;

beforeAll(useMockSpec);
beforeEach(async () => {
  mock = await aMock();
});
afterEach(async () => {
  await mock.close();
});

const as = (session: string) => ({ ...BEARER, 'X-Mock-Session': session });
const issue = async (session: string, query = 'fileId=1'): Promise<string> =>
  (await request(mock.app).get(`/view/token?${query}`).set(as(session)).expect(200)).body.data as string;
const use = (token: string) => request(mock.app).get(`/inside/databag?viewToken=${token}`);
const advance = (session: string, by: string) =>
  request(mock.app).post('/__admin/clock/advance').set('X-Mock-Session', session).send({ by });

test("a session's advance moves that session's clock only: its token expires, another session's and the deployment's stay valid", async () => {
  const annas = await issue('qa-anna');
  const bens = await issue('qa-ben');
  const plain = await request(mock.app).get('/view/token?fileId=2').set(BEARER).expect(200);
  const moved = await advance('qa-anna', '12h');
  expect(moved.status).toBe(200);
  expect(moved).toSatisfyApiSpec();
  expect(moved.body).toEqual({
    session: 'qa-anna',
    now: new Date(T0 + 12 * HOUR).toISOString(),
    frozen: false,
    offsetMs: 12 * HOUR,
    ownClock: true,
  });
  // The viewer's request names no session: the token is judged on the clock of the session it was issued in.
  const expired = await use(annas);
  expect(expired.status).toBe(401);
  expect(expired.body.message).toBe('View token has expired.');
  expect((await use(bens)).status).toBe(200);
  expect((await use(plain.body.data as string)).status).toBe(200);
  expect((await request(mock.app).get('/__admin/clock')).body).toEqual({
    session: '',
    now: new Date(T0).toISOString(),
    frozen: false,
    offsetMs: 0,
    ownClock: false,
  });
  expect((await request(mock.app).get('/__admin/clock').set('X-Mock-Session', 'qa-ben')).body).toEqual({
    session: 'qa-ben',
    now: new Date(T0).toISOString(),
    frozen: false,
    offsetMs: 0,
    ownClock: false,
  });
});

test('?session= names the session too, before the header; the answer says which session it describes', async () => {
  const res = await request(mock.app)
    .put('/__admin/clock?session=qa-anna')
    .set('X-Mock-Session', 'qa-ben')
    .send({ now: '2030-05-01T10:00:00Z', frozen: true });
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({
    session: 'qa-anna',
    now: '2030-05-01T10:00:00.000Z',
    frozen: true,
    offsetMs: Date.parse('2030-05-01T10:00:00Z') - T0,
    ownClock: true,
  });
  expect((await request(mock.app).get('/__admin/clock?session=qa-anna')).body.now).toBe('2030-05-01T10:00:00.000Z');
  expect((await request(mock.app).get('/__admin/clock?session=qa-ben')).body.ownClock).toBe(false);
});

test("a session follows the deployment's clock until moved on its own, and again after its clock reset", async () => {
  await request(mock.app).post('/__admin/clock/advance').send({ by: '1h' }).expect(200);
  expect((await request(mock.app).get('/__admin/clock?session=qa-anna')).body).toMatchObject({
    now: new Date(T0 + HOUR).toISOString(),
    ownClock: false,
  });
  await advance('qa-anna', '2h').expect(200);
  expect((await request(mock.app).get('/__admin/clock?session=qa-anna')).body).toMatchObject({
    now: new Date(T0 + 3 * HOUR).toISOString(),
    ownClock: true,
  });
  const reset = await request(mock.app).post('/__admin/clock/reset?session=qa-anna');
  expect(reset.body).toEqual({
    session: 'qa-anna',
    now: new Date(T0 + HOUR).toISOString(),
    frozen: false,
    offsetMs: HOUR,
    ownClock: false,
  });
});

test("an issue's expiry, a use's expiry header, the admin record and the journal entry are on the session's clock", async () => {
  await advance('qa-anna', '5h').expect(200);
  const issued = await request(mock.app).get('/view/token?fileId=1').set(as('qa-anna')).expect(200);
  const token = issued.body.data as string;
  const used = await use(token).expect(200);
  expect(used.headers['x-view-token-expires-at']).toBe(new Date(T0 + 17 * HOUR).toISOString());
  const record = await request(mock.app).get(`/__admin/view-tokens/${token}`).expect(200);
  expect(record.body).toMatchObject({
    issuedAt: new Date(T0 + 5 * HOUR).toISOString(),
    expiresAt: new Date(T0 + 17 * HOUR).toISOString(),
    expiresInMs: 12 * HOUR,
    state: 'valid',
  });
  // Listed with every session, the token is still judged on its
  // own session's clock (the list's `now` is the deployment's).
  const listed = await request(mock.app).get('/__admin/view-tokens').expect(200);
  expect(listed.body.now).toBe(new Date(T0).toISOString());
  expect(listed.body.viewTokens).toEqual([expect.objectContaining({ token, expiresInMs: 12 * HOUR, state: 'valid' })]);
  const journal = await request(mock.app).get('/__admin/requests?session=qa-anna').expect(200);
  expect(journal.body.requests.map((entry: { at: string; path: string }) => [entry.path, entry.at])).toEqual([
    ['/view/token', new Date(T0 + 5 * HOUR).toISOString()],
  ]);
});

test("POST /__admin/reset with a session forgets that session's tokens, rules, journal entries and clock only", async () => {
  const annas = await issue('qa-anna');
  const bens = await issue('qa-ben');
  for (const session of ['qa-anna', 'qa-ben']) {
    await request(mock.app)
      .post('/__admin/scenarios')
      .set('X-Mock-Session', session)
      .send({ then: { code: 503 } })
      .expect(201);
    await advance(session, '1h').expect(200);
  }
  const reset = await request(mock.app).post('/__admin/reset?session=qa-anna');
  expect(reset.status).toBe(204);
  expect(reset).toSatisfyApiSpec();
  expect((await use(annas)).status).toBe(401);
  expect((await use(bens)).status).toBe(200);
  expect((await request(mock.app).get('/__admin/scenarios?session=qa-anna')).body.rules).toEqual([]);
  expect((await request(mock.app).get('/__admin/scenarios?session=qa-ben')).body.rules).toHaveLength(1);
  expect((await request(mock.app).get('/__admin/requests?session=qa-anna')).body.requests).toEqual([]);
  expect((await request(mock.app).get('/__admin/requests?session=qa-ben')).body.requests.length).toBeGreaterThan(0);
  expect((await request(mock.app).get('/__admin/clock?session=qa-anna')).body).toMatchObject({
    offsetMs: 0,
    ownClock: false,
  });
  expect((await request(mock.app).get('/__admin/clock?session=qa-ben')).body).toMatchObject({
    offsetMs: HOUR,
    ownClock: true,
  });
});

test(`${MAX_SESSION_CLOCKS} sessions may have a clock of their own; one more is a 422 naming the cap, and a reset frees a place`, async () => {
  for (let i = 0; i < MAX_SESSION_CLOCKS; i += 1) await mock.clock.advance('1h', `s-${i}`);
  const refused = await advance('one-more', '1h');
  expect(refused.status).toBe(422);
  expect(refused).toSatisfyApiSpec();
  expect(refused.body).toMatchObject({
    type: 'urn:view-token-mock:problem:too-many-clocks',
    detail: expect.stringContaining(`${MAX_SESSION_CLOCKS} sessions have a clock of their own already`),
  });
  // A session already holding a clock may still move it, and the deployment's never counts.
  await advance('s-0', '1h').expect(200);
  await request(mock.app).post('/__admin/clock/advance').send({ by: '1h' }).expect(200);
  await request(mock.app).post('/__admin/reset?session=s-1').expect(204);
  await advance('one-more', '1h').expect(200);
});

test("a state file keeps each session's clock across a restart, and forgets one that was reset", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtm-session-clocks-'));
  const stateFile = path.join(dir, 'state.json');
  try {
    const first = await aMock({ stateFile });
    await first.clock.advance('2h', 'qa-anna');
    await first.clock.set(T0 + 5 * HOUR, { frozen: true, session: 'qa-ben' });
    await first.close();
    const second = await aMock({ stateFile });
    expect(await second.clock.get('qa-anna')).toMatchObject({ offsetMs: 2 * HOUR, ownClock: true });
    expect(await second.clock.get('qa-ben')).toMatchObject({ nowMs: T0 + 5 * HOUR, frozen: true, ownClock: true });
    await second.reset('qa-anna');
    await second.close();
    const third = await aMock({ stateFile });
    expect(await third.clock.get('qa-anna')).toMatchObject({ offsetMs: 0, ownClock: false });
    expect(await third.clock.get('qa-ben')).toMatchObject({ frozen: true, ownClock: true });
    await third.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
