// The library guide's example (docs/guides/library.md), run: the mock inside another project's tests.
import type { RuleInput } from '../../mock/index';
import { ScenarioRuleError, createMockServer } from '../../mock/index';

test("a project's test starts the mock, expires a token, forces a 403 once, and resets it all", async () => {
  const mock = await createMockServer({ seed: 1, logLevel: 'silent' });
  const baseUrl = await mock.listen(0);
  try {
    const auth = { Authorization: 'Bearer my-app' };
    const { data: token } = (await (await fetch(`${baseUrl}/view/token?fileId=1`, { headers: auth })).json()) as {
      data: string;
    };
    await mock.clock.advance(12 * 3600_000);
    expect((await fetch(`${baseUrl}/inside/databag?viewToken=${token}`)).status).toBe(401);
    await mock.scenarios.add({ when: { operation: 'getViewToken' }, then: { scenario: 'forbidden' }, times: 1 }, '');
    expect((await fetch(`${baseUrl}/view/token?fileId=1`, { headers: auth })).status).toBe(403);
    expect((await fetch(`${baseUrl}/view/token?fileId=1`, { headers: auth })).status).toBe(200);
    await mock.reset();
    expect(await mock.scenarios.list()).toEqual([]);
    expect(await mock.journal.list()).toEqual([]);
    expect((await mock.clock.get()).offsetMs).toBe(0);
  } finally {
    await mock.close();
  }
});

const PARAMS = [
  'clashDetectiveId',
  'compareId',
  'databagId',
  'elementId',
  'fileId',
  'includeArea',
  'includeDrawingSheet',
  'includeOverrides',
  'includeRoom',
  'integrateId',
  'moduleDataId',
  'objectId',
  'sceneId',
  'sheetId',
  'submodelId',
  'treeType',
  'v',
  'viewToken',
  'view_token',
];
const SCENARIOS = [
  'access-token-missing',
  'access-token-invalid',
  'access-token-expired',
  'forbidden',
  'not-found',
  'invalid-parameter',
  'server-error',
  'unavailable',
];

test.each([
  [
    { when: { param: 'fileid' }, then: { scenario: 'forbidden' } },
    `"when.param" fileid: no service operation has it (did you mean fileId?); use ${PARAMS.join(', ')}`,
    { param: PARAMS },
    { param: 'fileId' },
  ],
  [
    { then: { scenario: 'forbiden' } },
    'scenario=forbiden is not one this operation can answer (operation any service operation); did you mean scenario=forbidden?',
    { scenario: SCENARIOS },
    { scenario: 'forbidden' },
  ],
  [
    { when: { operation: 'getViewTokn' }, then: { code: 403 } },
    '"when.operation" getViewTokn is not a service operation (did you mean getViewToken?); use getChildFileViewTokenByGet, getChildFileViewToken, getViewToken, issueAccessToken, getViewerData, getFileElement, getFileFloors, getFileTree, getIntegrationFiles, getIntegrationFloors, getIntegrationTree, getIntegrationFileElement, getIntegrationElement, getDrawingIndex, getDrawingSheet, getModelGeometry',
    { operation: expect.arrayContaining(['getViewToken']) },
    { operation: 'getViewToken' },
  ],
  [
    { then: { fault: 'conection-reset' } },
    'fault=conection-reset is not a fault',
    { fault: ['connection-reset', 'empty-response', 'malformed-json', 'random-data-then-close'] },
    { fault: 'connection-reset' },
  ],
  [
    { then: { code: 402 } },
    'code=402 is not a status this operation documents (operation any service operation); did you mean code=401?',
    { code: [200, 400, 401, 403, 404, 500, 503, 201] },
    { code: 401 },
  ],
  [
    { then: { delay: 90_000 } },
    'delay=90000 must be milliseconds from 0 to 60000 (operation any service operation); did you mean delay=60000?',
    { delay: ['0..60000'] },
    { delay: 60_000 },
  ],
  [
    { then: { senario: 'forbidden' } },
    '"then.senario" is not an outcome (did you mean scenario?); use code, scenario, delay, fault',
    { then: ['code', 'scenario', 'delay', 'fault'] },
    { then: 'scenario' },
  ],
  [
    { then: { code: 503 }, time: 2 },
    '"time" is not part of a rule (did you mean times?); use when, then, times, after',
    { rule: ['when', 'then', 'times', 'after'] },
    { rule: 'times' },
  ],
  [
    { then: { code: 503 }, times: 0 },
    '"times" 0 must be a positive integer (did you mean 1?)',
    { times: ['1..'] },
    { times: 1 },
  ],
  [{ then: {} }, '"then" needs one of scenario, code, delay, fault', undefined, undefined],
])(
  'mock.scenarios.add throws a ScenarioRuleError naming what is allowed and the nearest: %j',
  async (rule, message, allowed, nearest) => {
    const mock = await createMockServer({ seed: 1, logLevel: 'silent' });
    // As a JavaScript caller (no types) would pass it.
    const added = mock.scenarios.add(rule as RuleInput);
    await expect(added).rejects.toThrow(ScenarioRuleError);
    await expect(added).rejects.toThrow(`invalid scenario rule: ${message}`);
    await expect(added).rejects.toMatchObject({ allowed, nearest });
    expect(await mock.scenarios.list()).toEqual([]);
  },
);

test('mock.scenarios.add returns the rule with its id, in the global session by default', async () => {
  const mock = await createMockServer({ seed: 1, logLevel: 'silent' });
  expect(await mock.scenarios.add({ then: { code: 503 }, times: 2 })).toEqual({
    id: expect.any(String),
    session: '',
    when: {},
    then: { code: 503 },
    remaining: 2,
  });
});
