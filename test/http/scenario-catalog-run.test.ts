import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { fromCurl, withLiveIds } from '../support/curl-line';
import { aMock, useMockSpec } from '../support/mock-app';
import { ROUTE_TABLE, isServiceOperation } from '../../mock/core/routing/route-table';

beforeAll(useMockSpec);

/** The catalog's curl lines use these credentials; this mock accepts them. */
const CONFIG = { applications: [{ appKey: 'my-app', appSecret: 's3cret', accessTokens: ['demo-access-token'] }] };

interface Outcome {
  prefer: string | null;
  status: number | null;
  curl: string;
}
interface Operation {
  operationId: string;
  documentedStatuses: number[];
  outcomes: Outcome[];
}

async function catalogOf(mock: MockServer, host?: string): Promise<Operation[]> {
  const res = await request(mock.app)
    .get('/__admin/scenarios/catalog')
    .set(host ? { Host: host } : {});
  expect(res).toSatisfyApiSpec();
  return res.body.operations as Operation[];
}

/** The operations the catalog lists: every one the core runs. */
const CATALOGUED = ROUTE_TABLE.filter((route) => isServiceOperation(route.operationId)).map(
  (route) => route.operationId,
);

describe('every outcome in the scenario catalog, run as its curl line says, gives the promised status and satisfies the spec', () => {
  let mock: MockServer;
  let baseUrl: string;
  let operations: Operation[];
  let live: { file: string; integration: string };
  beforeAll(async () => {
    mock = await aMock({ config: CONFIG });
    baseUrl = await mock.listen(0, '127.0.0.1');
    operations = await catalogOf(mock);
    const liveFor = async (query: string) =>
      (await request(baseUrl).get(`/view/token?${query}`).set('Authorization', 'Bearer demo-access-token')).body
        .data as string;
    live = { file: await liveFor('fileId=10001'), integration: await liveFor('integrateId=20001') };
  });
  afterAll(() => mock.close());

  test('the catalog lists every operation the core runs', () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual([...CATALOGUED].sort());
  });

  test.each(CATALOGUED)('%s', async (operationId) => {
    const operation = operations.find((candidate) => candidate.operationId === operationId);
    let ran = 0;
    for (const outcome of operation?.outcomes ?? []) {
      if (outcome.prefer?.startsWith('fault=')) continue; // socket-level: test/e2e/faults-and-drain.test.ts
      const { method, url, headers } = fromCurl(outcome.curl);
      const prefer = outcome.prefer?.startsWith('delay=') ? 'delay=1' : outcome.prefer;
      if (prefer) headers.Prefer = prefer;
      const path = withLiveIds(url, live);
      const res = await request(baseUrl)[method.toLowerCase() as 'get' | 'post'](path).set(headers);
      expect([outcome.prefer, res.status]).toEqual([outcome.prefer, outcome.status]);
      expect(res).toSatisfyApiSpec();
      if (outcome.status !== 422) expect(res.headers['preference-applied']).toBe(prefer ?? undefined);
      ran += 1;
    }
    // The real answer, a 422, the scenarios and a delay at least.
    expect(ran).toBeGreaterThanOrEqual(4);
  });
});

test('catalog curl lines point where the request came in (its Host) under the --base-path', async () => {
  // A name other than loopback reaches /__admin only when --allowed-hosts names it (a proxy's).
  const mock = await aMock({ basePath: '/api', allowedHosts: ['mock.example'] });
  const operations = await catalogOf(mock, 'mock.example:8080');
  const getViewToken = operations.find((operation) => operation.operationId === 'getViewToken');
  expect(getViewToken?.outcomes[0]?.curl).toContain("'http://mock.example:8080/api/view/token?fileId=10001'");
  for (const operation of operations)
    for (const outcome of operation.outcomes) expect(outcome.curl).toContain('http://mock.example:8080/api/');
});

test('the X-Mock-Session header narrows the token list and the journal count to that session', async () => {
  const mock = await aMock();
  const as = (session: string) => ({ 'X-Mock-Session': session, Authorization: 'Bearer t' });
  await request(mock.app).get('/view/token?fileId=1').set(as('a'));
  await request(mock.app).get('/view/token?fileId=1').set(as('b'));
  await request(mock.app).get('/view/token?fileId=1').set(as('b'));
  const tokens = await request(mock.app).get('/__admin/view-tokens').set('X-Mock-Session', 'b');
  expect(tokens).toSatisfyApiSpec();
  expect(tokens.body.viewTokens.map((token: { session: string }) => token.session)).toEqual(['b', 'b']);
  expect((await request(mock.app).get('/__admin/view-tokens')).body.viewTokens).toHaveLength(3);
  const count = (headers: Record<string, string>, body: object) =>
    request(mock.app).post('/__admin/requests/count').set(headers).send(body);
  expect((await count({ 'X-Mock-Session': 'a' }, { path: '/view/token' })).body).toEqual({ count: 1 });
  expect((await count({ 'X-Mock-Session': 'a' }, { path: '/view/token', session: 'b' })).body).toEqual({ count: 2 });
  expect((await count({}, { path: '/view/token' })).body).toEqual({ count: 3 });
});
