import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { useTwoMocksOnRedis } from '../support/mock-app';

// --session-idle on Redis, two processes on one store: a request through either keeps a session's
// clock, whichever way it goes (the one round trip, the viewer's call by its token, step by step for
// a session holding rules); once quiet for the idle time it is forgotten for both. Real time is a
// variable both mocks read.

const AUTH = { Authorization: 'Bearer idle' };
const HOUR = 3_600_000;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
let real = T0;
const mocks = useTwoMocksOnRedis({ redisPrefix: 'idle:', sessionIdle: '1h', realNow: () => real });

/** The sessions the listing shows with a clock of their own. */
const clockOwners = async (mock: MockServer) =>
  (
    (await request(mock.app).get('/__admin/sessions')).body as {
      sessions: { session: string; clock: { own: boolean } }[];
    }
  ).sessions
    .filter((summary) => summary.clock.own)
    .map((summary) => summary.session);
const ownClock = async (mock: MockServer, session: string) =>
  (await request(mock.app).get(`/__admin/clock?session=${session}`)).body.ownClock as boolean;

test.each([
  ['an issue through the other process (one round trip)', 'issue', 'qa-issue'],
  ["the viewer's call with a View Token of the session (no header: by the token, one round trip)", 'use', 'qa-use'],
  ['an issue in a session holding rules (step by step)', 'ruled', 'qa-ruled'],
])(
  '%s keeps the clock; quiet for the idle time after it, the clock is forgotten for both processes',
  async (_label, kind, session) => {
    await request(mocks.one().app).post('/__admin/reset').expect(204);
    real = T0;
    const issued = await request(mocks.one().app)
      .get('/view/token?fileId=1')
      .set({ ...AUTH, 'X-Mock-Session': session })
      .expect(200);
    await request(mocks.one().app)
      .post('/__admin/clock/advance')
      .set('X-Mock-Session', session)
      .send({ by: '1h' })
      .expect(200);
    if (kind === 'ruled')
      await request(mocks.one().app)
        .post('/__admin/scenarios')
        .set('X-Mock-Session', session)
        .send({ when: { operation: 'getFileFloors' }, then: { code: 503 } })
        .expect(201);
    real = T0 + HOUR / 2;
    if (kind === 'use')
      await request(mocks.two().app)
        .get(`/inside/databag?viewToken=${issued.body.data as string}`)
        .expect(200);
    else
      await request(mocks.two().app)
        .get('/view/token?fileId=2')
        .set({ ...AUTH, 'X-Mock-Session': session })
        .expect(200);
    real = T0 + HOUR;
    expect(await clockOwners(mocks.one())).toEqual([session]);
    expect(await ownClock(mocks.two(), session)).toBe(true);
    real = T0 + 1.5 * HOUR - 1;
    expect(await clockOwners(mocks.two())).toEqual([session]);
    real = T0 + 1.5 * HOUR;
    expect(await clockOwners(mocks.two())).toEqual([]);
    expect(await ownClock(mocks.one(), session)).toBe(false);
  },
);
