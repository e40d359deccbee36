import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { MAX_SESSION_CLOCKS } from '../../mock/core/session-clocks';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

// --session-idle: a session's own clock is forgotten after that long without a request in the session
// or a change of its clock, so the cap of 1,000 clocks frees itself. Real time is the mock's fake
// source (`realNow`), moved by the test: nothing waits.

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
let real = T0;
let mock: MockServer;
const logged: { msg: string; level: number; session?: string; lastActive?: string }[] = [];

beforeAll(async () => {
  useMockSpec();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()) as (typeof logged)[number]);
      done();
    },
  });
  mock = await aMock({ sessionIdle: '1h', realNow: () => real, logger: pino({ level: 'info' }, sink) });
});
afterAll(() => mock.close());

const addClock = (session: string) =>
  request(mock.app).post('/__admin/clock/advance').set('X-Mock-Session', session).send({ by: '1h' });

test('the cap frees itself: an hour after the quietest session last moved, the next clock is stored and the idle one is gone', async () => {
  for (let i = 0; i < MAX_SESSION_CLOCKS; i += 1) await mock.clock.advance('1h', `s-${i}`);
  // Every session but s-0 asks something half an hour in: only s-0 stays quiet.
  real = T0 + HOUR / 2;
  for (let i = 1; i < MAX_SESSION_CLOCKS; i += 1)
    await request(mock.app)
      .get('/view/token?fileId=1')
      .set({ ...BEARER, 'X-Mock-Session': `s-${i}` })
      .expect(200);
  real = T0 + HOUR - 1;
  const refused = await addClock('one-more');
  expect(refused.status).toBe(422);
  expect(refused).toSatisfyApiSpec();
  expect(refused.body.detail).toBe(
    `${MAX_SESSION_CLOCKS} sessions have a clock of their own already, the most the mock keeps; reset one (POST /__admin/clock/reset or POST /__admin/reset with its X-Mock-Session) first. Quiet longest: "s-0" (no request in the journal), "s-1" (last request #1), "s-2" (last request #2); "s-0" is forgotten on its own at ${at(T0 + HOUR)} (1h without a request or clock change, --session-idle); GET /__admin/sessions lists every session.`,
  );
  expect(logged.filter((line) => line.msg.includes('was forgotten'))).toEqual([]);

  real = T0 + HOUR;
  const stored = await addClock('one-more');
  expect(stored.status).toBe(200);
  expect(stored.body).toMatchObject({ session: 'one-more', ownClock: true, offsetMs: HOUR });
  // s-0 follows the deployment's clock again, as a fresh session does.
  const s0 = await request(mock.app).get('/__admin/clock?session=s-0');
  expect(s0.body).toMatchObject({ session: 's-0', ownClock: false, offsetMs: 0, now: at(T0 + HOUR) });
  const listed = await request(mock.app).get('/__admin/sessions');
  expect(listed).toSatisfyApiSpec();
  const names = (listed.body as { sessions: { session: string }[] }).sessions.map((summary) => summary.session);
  expect(names).not.toContain('s-0');
  expect(names).toContain('one-more');
  expect(names).toHaveLength(MAX_SESSION_CLOCKS + 1);
  expect(logged.filter((line) => line.msg.includes('was forgotten'))).toEqual([
    expect.objectContaining({
      level: 30,
      session: 's-0',
      lastActive: at(T0),
      msg: `the clock of session "s-0" was forgotten after 1h without a request or clock change; it follows the deployment's clock again`,
    }),
  ]);
});

test('the sessions listing forgets a clock as soon as it is idle, and says when each other will be', async () => {
  await request(mock.app).post('/__admin/reset').expect(204);
  logged.length = 0;
  real = T0 + 10 * HOUR;
  await addClock('qa-anna').expect(200);
  await addClock('qa-ben').expect(200);
  real = T0 + 10.5 * HOUR;
  await request(mock.app)
    .get('/view/token?fileId=1')
    .set({ ...BEARER, 'X-Mock-Session': 'qa-ben' })
    .expect(200);
  real = T0 + 11 * HOUR - 1;
  const before = await request(mock.app).get('/__admin/sessions');
  expect(before.body.sessions.map((s: { session: string; clock: object }) => [s.session, s.clock])).toEqual([
    ['', { own: false, offsetMs: 0, frozen: false, forgetAt: null }],
    ['qa-anna', { own: true, offsetMs: HOUR, frozen: false, forgetAt: at(T0 + 11 * HOUR) }],
    ['qa-ben', { own: true, offsetMs: HOUR, frozen: false, forgetAt: at(T0 + 11.5 * HOUR) }],
  ]);
  real = T0 + 11 * HOUR;
  const after = await request(mock.app).get('/__admin/sessions');
  expect(after.body.sessions.map((s: { session: string }) => s.session)).toEqual(['', 'qa-ben']);
  expect(logged.map((line) => line.session).filter(Boolean)).toEqual(['qa-anna']);
});
