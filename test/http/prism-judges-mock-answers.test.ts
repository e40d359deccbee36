import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { MOCK_SPEC_PATH } from '../../mock/compose/package-info';
import { createAnswerCheck } from '../../mock/proxy/check-answers';
import type { ServiceRequest } from '../../mock/core/service-request';
import { handleServiceRequest } from '../../mock/core/handle-service-request';
import { fromCurl, withLiveIds } from '../support/curl-line';
import { aMock, useMockSpec } from '../support/mock-app';

beforeAll(useMockSpec);

/** The catalog's curl lines use these credentials; this mock accepts them. */
const CONFIG = {
  applications: [{ appKey: 'my-app', appSecret: 's3cret', accessTokens: ['demo-access-token'] }],
  missing: { fileId: ['404'] },
  forbidden: { fileId: ['403'] },
};
const BEARER = { Authorization: 'Bearer demo-access-token' };

interface Outcome {
  prefer: string | null;
  status: number | null;
  curl: string;
}

async function violationsIn(
  mock: MockServer,
): Promise<{ operationId: string; status: number; violations: string[] }[]> {
  const journal = await request(mock.app).get('/__admin/requests?limit=1000');
  return (journal.body.requests as { operationId: string; status: number; violations?: string[] }[])
    .filter((entry) => entry.violations !== undefined)
    .map(({ operationId, status, violations = [] }) => ({ operationId, status, violations }));
}

test('every answer the mock gives on a service route, real or forced from the scenario catalog, passes prism-http response validation against spec/mock.openapi.yaml', async () => {
  const mock = await aMock({ config: CONFIG, validateResponses: true });
  const catalog = await request(mock.app).get('/__admin/scenarios/catalog');
  const liveFor = async (query: string) =>
    (await request(mock.app).get(`/view/token?${query}`).set(BEARER)).body.data as string;
  const live = { file: await liveFor('fileId=10001'), integration: await liveFor('integrateId=20001') };
  const seen = new Set<string>();
  for (const operation of catalog.body.operations as { operationId: string; outcomes: Outcome[] }[]) {
    for (const outcome of operation.outcomes) {
      if (outcome.prefer?.startsWith('fault=')) continue; // no answer to judge: the connection breaks
      const { method, url, headers } = fromCurl(outcome.curl);
      const prefer = outcome.prefer?.startsWith('delay=') ? 'delay=1' : outcome.prefer;
      if (prefer) headers.Prefer = prefer;
      const send = request(mock.app)[method.toLowerCase() as 'get' | 'post'];
      const target = withLiveIds(url, live);
      const res = await send(target).set(headers);
      if (res.status !== 422) seen.add(`${operation.operationId} ${res.status}`);
    }
  }
  // Real outcomes, no switch: each status the core itself produces.
  const real: [string, Record<string, string>][] = [
    ['/view/token?fileId=1', BEARER],
    ['/view/token?fileId=abc', BEARER],
    ['/view/token?fileId=403', BEARER],
    ['/view/token?fileId=404', BEARER],
    ['/view/token?fileId=1', {}],
    ['/view/token?fileId=1', { Authorization: 'Bearer nope' }],
    [`/inside/databag?viewToken=${live.file}`, {}],
    ['/inside/databag?viewToken=0123456789abcdef0123456789abcdef', {}],
    ['/data/v2/integrations/0/files/1/viewToken', BEARER],
  ];
  for (const [path, headers] of real) seen.add(`real ${(await request(mock.app).get(path).set(headers)).status}`);
  const granted = await request(mock.app).post('/oauth2/token').auth('my-app', 's3cret');
  const refused = await request(mock.app).post('/oauth2/token').auth('my-app', 'wrong');
  seen.add(`real ${granted.status}`).add(`real ${refused.status}`);
  expect(await violationsIn(mock)).toEqual([]);
  // What was judged: every documented status of every service operation, and the real ones.
  const documented = (catalog.body.operations as { operationId: string; documentedStatuses: number[] }[]).flatMap(
    ({ operationId, documentedStatuses }) =>
      documentedStatuses.filter((status) => status !== 422).map((status) => `${operationId} ${status}`),
  );
  expect([...seen].sort()).toEqual([...documented, 'real 200', 'real 400', 'real 401', 'real 403', 'real 404'].sort());
  // 31 statuses of the service's and the viewer's operations, 68 of the model's (a file's and an integration's data
  // routes, geometry, drawings), 5 real ones.
  expect(seen.size).toBe(104);
  await mock.close();
});

const BEARER_LOWER = { authorization: 'Bearer demo-access-token' };
const A_REQUEST: ServiceRequest = {
  operationId: 'getViewToken',
  method: 'GET',
  path: '/view/token',
  query: { fileId: '1' },
  pathParams: {},
  headers: {},
};

test.each([
  [
    'a success whose data is not a string',
    { status: 200, headers: {}, body: { code: 'success', data: 42, message: '' } },
    ['response body.data: Response body property data must be string'],
  ],
  [
    'a success without its envelope code',
    { status: 200, headers: {}, body: { data: 'x', message: '' } },
    [
      "response body: Response body must have required property 'code'",
      'response body.data: Response body property data must match pattern "^[0-9a-f]{32}$"',
    ],
  ],
  [
    'a status the operation does not document',
    { status: 418, headers: {}, body: { code: 'system.error', data: null, message: 'teapot' } },
    [
      'response: Unable to match the returned status code with those defined in the document: 200,400,401,403,404,422,500,503',
    ],
  ],
])('--validate-responses reports %s', async (_name, answer, expected) => {
  const check = await createAnswerCheck(MOCK_SPEC_PATH);
  expect(check(A_REQUEST, answer)).toEqual(expected);
});

test('violations a check finds go into the journal entry, and only there', async () => {
  const mock = await aMock();
  const result = await handleServiceRequest(mock.core, { ...A_REQUEST, headers: BEARER_LOWER }, undefined, {
    check: () => ['response body: broken'],
  });
  await handleServiceRequest(mock.core, { ...A_REQUEST, headers: BEARER_LOWER }, undefined, { check: () => [] });
  expect(result.kind === 'answer' && result.answer.status).toBe(200);
  const journal = await request(mock.app).get('/__admin/requests');
  expect(journal).toSatisfyApiSpec();
  expect(journal.body.requests.map((entry: { violations?: string[] }) => entry.violations)).toEqual([
    undefined,
    ['response body: broken'],
  ]);
  await mock.close();
});
