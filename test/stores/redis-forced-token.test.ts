import request from 'supertest';
import { T0, useTwoMocksOnRedis } from '../support/mock-app';

// On Redis, a token's last forced use is kept in its record: forced through one process, every
// process's listing shows it beside the token's real state.

const mocks = useTwoMocksOnRedis({ redisPrefix: 'forced:', realNow: () => T0 });

test("a rule's forced expired through one process is shown by the other's listing, the token still valid and unused", async () => {
  const issued = await request(mocks.one().app)
    .get('/view/token?fileId=1')
    .set({ Authorization: 'Bearer forced', 'X-Mock-Session': 'qa' })
    .expect(200);
  const token = issued.body.data as string;
  const rule = await request(mocks.one().app)
    .post('/__admin/scenarios')
    .set('X-Mock-Session', 'qa')
    .send({ when: { operation: 'getViewerData' }, then: { scenario: 'access-token-expired' }, times: 1 })
    .expect(201);
  await request(mocks.two().app).get(`/inside/databag?viewToken=${token}`).expect(401);
  const listed = await request(mocks.one().app).get('/__admin/view-tokens?session=qa');
  expect(listed.body.viewTokens).toEqual([
    expect.objectContaining({
      token,
      state: 'valid',
      uses: 0,
      lastUsedAt: null,
      lastForced: {
        outcome: 'scenario=access-token-expired',
        rule: rule.body.id as string,
        at: new Date(T0).toISOString(),
      },
    }),
  ]);
  // The rule is used up: the next use is a real one, and the forced one stays on the record.
  await request(mocks.one().app).get(`/inside/databag?viewToken=${token}`).expect(200);
  const after = await request(mocks.two().app).get(`/__admin/view-tokens/${token}`);
  expect(after.body).toMatchObject({ uses: 1, lastForced: { rule: rule.body.id as string } });
});
