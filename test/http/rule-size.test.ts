import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { aMock, useMockSpec } from '../support/mock-app';

let mock: MockServer;
beforeAll(async () => {
  useMockSpec();
  mock = await aMock();
});
afterAll(() => mock.close());
afterEach(() => mock.reset());

test('a rule of 99 KB, as the review sent 300 of, is a 422 problem naming the limit, and nothing is kept', async () => {
  const rule = { when: { param: 'fileId', equals: 'x'.repeat(99_000) }, then: { code: 503 } };
  const res = await request(mock.app).post('/__admin/scenarios').send(rule);
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({
    status: 422,
    detail: `a rule is at most 4096 bytes as JSON; this one is ${JSON.stringify(rule).length} bytes`,
    allowed: { bytes: ['..4096'] },
  });
  expect(res).toSatisfyApiSpec();
  expect((await request(mock.app).get('/__admin/scenarios')).body.rules).toEqual([]);
});
