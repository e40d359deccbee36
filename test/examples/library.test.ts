// The README's library example, run: the mock inside another project's tests.
import { createMockServer } from '../../mock/index';

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
