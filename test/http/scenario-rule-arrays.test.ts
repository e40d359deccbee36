import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { MAX_RULES_PER_SESSION } from '../../mock/core/scenarios/rules';
import { BEARER, aMock, useMockSpec } from '../support/mock-app';

let mock: MockServer;
beforeAll(useMockSpec);
beforeEach(async () => {
  mock = await aMock();
});

const SESSION = { 'X-Mock-Session': 'qa-7' };
const postRules = (body: unknown, headers: Record<string, string> = SESSION) =>
  request(mock.app)
    .post('/__admin/scenarios')
    .set(headers)
    .send(body as object);
const rulesOf = async (session: string) =>
  (await request(mock.app).get(`/__admin/scenarios?session=${session}`)).body as { rules: unknown[] };

test("an array of rules is added as one, in its order, to the request's session: 201 with every rule", async () => {
  const res = await postRules([
    { when: { operation: 'getViewToken' }, then: { code: 401 }, after: 3, times: 1 },
    { when: { param: 'fileId', equals: '9' }, then: { scenario: 'forbidden' } },
  ]);
  expect(res.status).toBe(201);
  expect(res).toSatisfyApiSpec();
  expect(res.headers.location).toBeUndefined();
  const rules = [
    { id: 'r1', session: 'qa-7', when: { operation: 'getViewToken' }, then: { code: 401 }, remaining: 1, after: 3 },
    {
      id: 'r2',
      session: 'qa-7',
      when: { param: 'fileId', equals: '9' },
      then: { scenario: 'forbidden' },
      remaining: null,
    },
  ];
  expect(res.body).toEqual({ rules });
  expect(await rulesOf('qa-7')).toEqual({ rules });
  // The session's rules apply in the array's order: the fileId rule answers, the after rule lets it be.
  const forced = await request(mock.app)
    .get('/view/token?fileId=9')
    .set({ ...BEARER, ...SESSION });
  expect([forced.status, forced.body.code]).toEqual([403, 'permission.denied']);
});

test.each<[string, unknown[], number, unknown]>([
  [
    'a misspelt scenario in the third rule',
    [{ then: { code: 401 } }, { then: { delay: 10 } }, { then: { scenario: 'forbiden' } }],
    422,
    {
      type: 'urn:view-token-mock:problem:preference-rejected',
      title: 'A scenario switch cannot be applied',
      status: 422,
      detail:
        'rule [2]: scenario=forbiden is not one this operation can answer (operation any service operation); did you mean scenario=forbidden?; no rule of the array was added',
      index: 2,
      allowed: {
        code: [200, 400, 401, 403, 404, 500, 503, 201],
        delay: ['0..60000'],
        fault: ['connection-reset', 'empty-response', 'malformed-json', 'random-data-then-close'],
        scenario: [
          'access-token-missing',
          'access-token-invalid',
          'access-token-expired',
          'forbidden',
          'not-found',
          'invalid-parameter',
          'server-error',
          'unavailable',
        ],
      },
      nearest: { scenario: 'forbidden' },
    },
  ],
  [
    'a negative after in the second rule',
    [{ then: { code: 401 } }, { then: { code: 401 }, after: -1 }],
    422,
    {
      type: 'urn:view-token-mock:problem:preference-rejected',
      title: 'A scenario switch cannot be applied',
      status: 422,
      detail: 'rule [1]: "after" -1 must be an integer from 0 (did you mean 0?); no rule of the array was added',
      index: 1,
      allowed: { after: ['0..'] },
      nearest: { after: 0 },
    },
  ],
  [
    'a string where the first rule belongs',
    ['forbidden', { then: { code: 401 } }],
    400,
    {
      type: 'urn:view-token-mock:problem:bad-request',
      title: 'The request is not what this operation takes',
      status: 400,
      detail: 'rule [0]: a rule is a JSON object {when?, then, times?, after?}; no rule of the array was added',
      index: 0,
    },
  ],
  [
    'an empty array',
    [],
    400,
    {
      type: 'urn:view-token-mock:problem:bad-request',
      title: 'The request is not what this operation takes',
      status: 400,
      detail: 'an array of rules needs at least one rule',
    },
  ],
])('an array with %s is refused whole, naming the rule by its index', async (_label, body, status, problem) => {
  const res = await postRules(body);
  expect(res.status).toBe(status);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual(problem);
  expect(await rulesOf('qa-7')).toEqual({ rules: [] });
});

test(`an array that would take the session past ${MAX_RULES_PER_SESSION} rules adds none: 422 too-many-rules saying how many it holds`, async () => {
  const first = await postRules(Array.from({ length: MAX_RULES_PER_SESSION - 1 }, () => ({ then: { delay: 1 } })));
  expect(first.status).toBe(201);
  const res = await postRules([{ then: { code: 401 } }, { then: { code: 403 } }]);
  expect(res.status).toBe(422);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({
    type: 'urn:view-token-mock:problem:too-many-rules',
    title: expect.any(String),
    status: 422,
    detail: `This session has ${MAX_RULES_PER_SESSION - 1} rules: 2 more would pass the ${MAX_RULES_PER_SESSION} it may hold, so none was added; delete some (DELETE /__admin/scenarios) first.`,
  });
  expect((await rulesOf('qa-7')).rules).toHaveLength(MAX_RULES_PER_SESSION - 1);
  // One more still fits.
  expect((await postRules({ then: { code: 401 } })).status).toBe(201);
});

test('the library adds an array all or none too: ScenarioRuleError names the index', async () => {
  const error = await mock.scenarios
    .addAll([{ then: { code: 401 } }, { then: { code: 401 }, times: 0 }], 'lib')
    .catch((caught: unknown) => caught);
  expect(error).toMatchObject({
    name: 'ScenarioRuleError',
    message:
      'invalid scenario rules: rule [1]: "times" 0 must be a positive integer (did you mean 1?); no rule of the array was added',
    index: 1,
    allowed: { times: ['1..'] },
    nearest: { times: 1 },
  });
  expect(await mock.scenarios.list('lib')).toEqual([]);
  expect(await mock.scenarios.addAll([{ then: { code: 401 }, after: 1 }], 'lib')).toEqual([
    { id: 'r1', session: 'lib', when: {}, then: { code: 401 }, remaining: null, after: 1 },
  ]);
});
