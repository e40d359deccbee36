// The library guide's example (docs/guides/library.md), run: the mock inside another project's tests.
import { ScenarioRuleError, createMockServer } from '../../mock/index';

test('a project\'s test starts the mock, expires a token, forces a 403 once, and resets it all', async () => {
  const mock = await createMockServer({ seed: 1, logLevel: 'silent' });
  const baseUrl = await mock.listen(0);
  try {
    const auth = { Authorization: 'Bearer my-app' };
    const { data: token } = (await (await fetch(`${baseUrl}/view/token?fileId=1`, { headers: auth })).json()) as { data: string };
    mock.clock.advance(12 * 3600_000);
    expect((await fetch(`${baseUrl}/inside/databag?viewToken=${token}`)).status).toBe(401);
    await mock.scenarios.add({ when: { operation: 'getViewToken' }, then: { scenario: 'forbidden' }, times: 1 }, '');
    expect((await fetch(`${baseUrl}/view/token?fileId=1`, { headers: auth })).status).toBe(403);
    expect((await fetch(`${baseUrl}/view/token?fileId=1`, { headers: auth })).status).toBe(200);
    await mock.reset();
    expect(await mock.scenarios.list()).toEqual([]);
    expect(await mock.core.journal.list({})).toEqual([]);
    expect(mock.clock.state().offsetMs).toBe(0);
  } finally {
    await mock.close();
  }
});

test.each([
  [{ when: { param: 'fileid' }, then: { scenario: 'forbidden' } }, 'invalid scenario rule: "when.param" fileid: no service operation has it (did you mean fileId?); use clashDetectiveId, compareId, fileId, integrateId, moduleDataId, sceneId, submodelId, viewToken'],
  [{ then: { scenario: 'teapot' } }, 'invalid scenario rule: scenario=teapot is not one this operation can answer (operation any service operation)'],
  [{ then: {} }, 'invalid scenario rule: "then" needs one of scenario, code, delay, fault'],
])('mock.scenarios.add throws a ScenarioRuleError on an invalid rule: %j', async (rule, message) => {
  const mock = await createMockServer({ seed: 1, logLevel: 'silent' });
  const added = mock.scenarios.add(rule);
  await expect(added).rejects.toThrow(ScenarioRuleError);
  await expect(added).rejects.toThrow(message);
  expect(await mock.scenarios.list()).toEqual([]);
});

test('mock.scenarios.add returns the rule with its id, in the global session by default', async () => {
  const mock = await createMockServer({ seed: 1, logLevel: 'silent' });
  expect(await mock.scenarios.add({ then: { code: 503 }, times: 2 })).toEqual({ id: expect.any(String), session: '', when: {}, then: { code: 503 }, remaining: 2 });
});
