import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

// A use of a View Token answered by force (a rule's "expired", a Prefer switch's 401) leaves the token's
// real state as it was; the listing shows the forced outcome beside it, so a tester is not misled.

let mock: MockServer;
beforeAll(async () => {
  useMockSpec();
  mock = await aMock();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const at = (ms: number) => new Date(ms).toISOString();
const issue = async (session: string): Promise<string> =>
  (
    await request(mock.app)
      .get('/view/token?fileId=1')
      .set({ ...BEARER, 'X-Mock-Session': session })
      .expect(200)
  ).body.data as string;
const listed = async (session: string) => {
  const res = await request(mock.app).get(`/__admin/view-tokens?session=${session}`);
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  return res.body.viewTokens as Record<string, unknown>[];
};

test('a databag call answered "expired" by a rule: the listing shows the rule, the outcome and when, beside the real state (valid, unused)', async () => {
  const token = await issue('qa-anna');
  const rule = await request(mock.app)
    .post('/__admin/scenarios')
    .set('X-Mock-Session', 'qa-anna')
    .send({ when: { operation: 'getViewerData' }, then: { scenario: 'access-token-expired' } })
    .expect(201);
  await mock.clock.advance('5m', 'qa-anna');
  const databag = await request(mock.app).get(`/inside/databag?viewToken=${token}`);
  expect(databag.status).toBe(401);
  expect(databag.headers['preference-applied']).toBe('scenario=access-token-expired');
  const [shown] = await listed('qa-anna');
  expect(shown).toMatchObject({
    token,
    state: 'valid',
    uses: 0,
    lastUsedAt: null,
    lastForced: { outcome: 'scenario=access-token-expired', rule: rule.body.id as string, at: at(T0 + 5 * 60_000) },
  });
  const record = await request(mock.app).get(`/__admin/view-tokens/${token}`);
  expect(record).toSatisfyApiSpec();
  expect(record.body.lastForced).toEqual(shown?.lastForced);
});

test("a request's own Prefer switch forcing a 401 is shown with no rule; a later unforced use keeps the last forced one", async () => {
  const token = await issue('qa-ben');
  const forced = await request(mock.app).get(`/inside/databag?viewToken=${token}`).set('Prefer', 'code=401');
  expect(forced.status).toBe(401);
  await mock.clock.advance('1m', 'qa-ben');
  await request(mock.app).get(`/inside/databag?viewToken=${token}`).expect(200);
  const [shown] = await listed('qa-ben');
  expect(shown).toMatchObject({ state: 'valid', uses: 1, lastUsedAt: at(T0 + 60_000) });
  expect(shown?.lastForced).toEqual({ outcome: 'code=401', rule: null, at: at(T0) });
});

test('a token never forced, or only delayed, shows no lastForced', async () => {
  const token = await issue('qa-cy');
  await request(mock.app).get(`/inside/databag?viewToken=${token}`).expect(200);
  await request(mock.app).get(`/inside/databag?viewToken=${token}`).set('Prefer', 'delay=1').expect(200);
  const [shown] = await listed('qa-cy');
  expect(shown).toMatchObject({ token, uses: 2 });
  expect(shown).not.toHaveProperty('lastForced');
});
