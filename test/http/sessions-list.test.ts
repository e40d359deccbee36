import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { MAX_SESSION_CLOCKS } from '../../mock/core/session-clocks';
import type { SessionSummary } from '../../mock/core/session-list';
import { longestIdleClocks } from '../../mock/core/session-list';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

let mock: MockServer;
beforeAll(useMockSpec);
beforeEach(async () => {
  mock = await aMock();
});
afterEach(async () => {
  await mock.close();
});

const HOUR = 3_600_000;
const as = (session: string) => ({ ...BEARER, 'X-Mock-Session': session });
const issue = (session: string) => request(mock.app).get('/view/token?fileId=1').set(as(session)).expect(200);
const at = (ms: number) => new Date(ms).toISOString();

test('GET /__admin/sessions says who holds what: tokens, rules, clock and last request of every session', async () => {
  await issue('');
  await issue('qa-anna');
  await mock.clock.advance('2h', 'qa-anna');
  await issue('qa-anna');
  await mock.scenarios.add({ then: { code: 401 } }, 'qa-anna');
  await mock.scenarios.addAll([{ then: { code: 401 } }, { then: { code: 403 } }], 'qa-ben');
  await mock.clock.set(T0 + 5 * HOUR, { frozen: true, session: 'qa-cy' });
  const res = await request(mock.app).get('/__admin/sessions');
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({
    sessions: [
      {
        session: '',
        tokens: 1,
        rules: 0,
        clock: { own: false, offsetMs: 0, frozen: false, forgetAt: null },
        lastRequest: { id: 1, at: at(T0) },
      },
      {
        session: 'qa-anna',
        tokens: 2,
        rules: 1,
        clock: { own: true, offsetMs: 2 * HOUR, frozen: false, forgetAt: at(T0 + 24 * HOUR) },
        lastRequest: { id: 3, at: at(T0 + 2 * HOUR) },
      },
      {
        session: 'qa-ben',
        tokens: 0,
        rules: 2,
        clock: { own: false, offsetMs: 0, frozen: false, forgetAt: null },
        lastRequest: null,
      },
      {
        session: 'qa-cy',
        tokens: 0,
        rules: 0,
        clock: { own: true, offsetMs: 5 * HOUR, frozen: true, forgetAt: at(T0 + 24 * HOUR) },
        lastRequest: null,
      },
    ],
  });
});

test(`the ${MAX_SESSION_CLOCKS + 1}st clock is a 422 naming the three sessions quiet longest and where to see them all`, async () => {
  for (let i = 0; i < MAX_SESSION_CLOCKS; i += 1) await mock.clock.advance('1h', `s-${i}`);
  // s-1 asked last, s-10 before it; every other session never asked anything.
  await issue('s-10');
  await issue('s-1');
  const refused = await request(mock.app)
    .post('/__admin/clock/advance')
    .set('X-Mock-Session', 'one-more')
    .send({ by: '1h' });
  expect(refused.status).toBe(422);
  expect(refused).toSatisfyApiSpec();
  expect(refused.body).toEqual({
    type: 'urn:view-token-mock:problem:too-many-clocks',
    title: 'As many sessions have a clock of their own as the mock keeps',
    status: 422,
    detail: `${MAX_SESSION_CLOCKS} sessions have a clock of their own already, the most the mock keeps; reset one (POST /__admin/clock/reset or POST /__admin/reset with its X-Mock-Session) first. Quiet longest: "s-0" (no request in the journal), "s-100" (no request in the journal), "s-101" (no request in the journal); "s-0" is forgotten on its own at ${at(T0 + 24 * HOUR)} (24h without a request or clock change, --session-idle); GET /__admin/sessions lists every session.`,
  });
});

const aSummary = (session: string, own: boolean, lastId: number | null): SessionSummary => ({
  session,
  tokens: 0,
  rules: 0,
  clock: { own, offsetMs: 0, frozen: false, forgetAt: own ? at(T0) : null },
  lastRequest: lastId === null ? null : { id: lastId, at: at(T0) },
});

test.each<[string, SessionSummary[], string[]]>([
  [
    'no request first (by name), then the oldest last request',
    [aSummary('a', true, 9), aSummary('b', true, null), aSummary('c', true, 2), aSummary('d', true, null)],
    ['b', 'd', 'c'],
  ],
  [
    'only sessions with a clock of their own, never the deployment',
    [aSummary('', true, null), aSummary('a', false, null), aSummary('b', true, 5)],
    ['b'],
  ],
])('the sessions quiet longest: %s', (_label, sessions, expected) => {
  expect(longestIdleClocks(sessions, 3).map((summary) => summary.session)).toEqual(expected);
});
