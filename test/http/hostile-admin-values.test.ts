import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { aMock, useMockSpec } from '../support/mock-app';

// Findings of the property tests (test/property), kept as plain examples.
let mock: MockServer;
beforeAll(async () => {
  useMockSpec();
  mock = await aMock();
});
afterAll(() => mock.close());
afterEach(() => mock.reset());

const deep = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

test.each([
  ['advance past year 9999', 'post', '/__admin/clock/advance', '{"by":9007199254740992}'],
  ['advance by a 400-digit number', 'post', '/__admin/clock/advance', `{"by":"${'9'.repeat(400)}"}`],
  ['set to the end of the Date range', 'put', '/__admin/clock', '{"now":"+275760-09-12T23:00:00.000Z"}'],
  ['a rule whose outcome is an object', 'post', '/__admin/scenarios', '{"then":{"code":{"toString":1}}}'],
  ['a rule whose outcome is nested 20,000 deep', 'post', '/__admin/scenarios', `{"then":{"code":${deep(20_000)}}}`],
  ['"frozen" nested 20,000 deep', 'put', '/__admin/clock', `{"frozen":${deep(20_000)}}`],
] as const)('%s is a 400 problem, and the mock keeps answering', async (_label, method, path, body) => {
  const res = await request(mock.app)[method](path).set('Content-Type', 'application/json').send(body);
  expect(res.status).toBe(400);
  expect(res.type).toBe('application/problem+json');
  expect(res).toSatisfyApiSpec();
  expect((await request(mock.app).get('/__admin/health')).status).toBe(200);
  expect((await request(mock.app).get('/view/token?fileId=1').set('Authorization', 'Bearer x')).status).toBe(200);
});

test('malformed JSON on an operation that takes no body is ignored, not an undocumented 400', async () => {
  const res = await request(mock.app).post('/__admin/reset').set('Content-Type', 'application/json').send('{');
  expect(res.status).toBe(204);
});

test('malformed JSON where a body is needed is a 400 problem', async () => {
  const res = await request(mock.app).post('/__admin/scenarios').set('Content-Type', 'application/json').send('{');
  expect(res.status).toBe(400);
  expect(res).toSatisfyApiSpec();
});

test.each([
  ['an admin item', '/__admin/view-tokens/%ZZ', 404, 'application/problem+json', 'Problem'],
  ['a service id', '/data/v2/integrations/%ZZ/files/1/viewToken', 400, 'application/json', 'ErrorEnvelope'],
])(
  'a path with invalid percent-encoding in %s answers %s with a message that says so',
  async (_label, path, status, type, schema) => {
    const res = await request(mock.app).get(path).set('Authorization', 'Bearer x');
    expect(res.status).toBe(status);
    expect(res.type).toBe(type);
    expect(JSON.stringify(res.body)).toContain('percent-encoding');
    // jest-openapi cannot match such a path to an operation (it decodes it); the body is held to the schema.
    expect(res.body).toSatisfySchemaInApiSpec(schema);
  },
);

test("a plain OPTIONS names the route's methods in Allow (204), the same as its 405s", async () => {
  const res = await request(mock.app).options('/view/token');
  expect(res.status).toBe(204);
  expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
});
