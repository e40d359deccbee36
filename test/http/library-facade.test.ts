import { setupServer } from 'msw/node';
import type { MockFacade } from '../../mock/index';
import { JournalQueryError, MockClockError, ScenarioRuleError, createMockServer } from '../../mock/index';
import { createHandlers } from '../../mock/msw';

// Issue 30.8: createHandlers() (MSW) and createMockServer() give one facade, not the raw core.
const T0 = Date.parse('2026-01-01T00:00:00Z');
const HOUR = 3_600_000;
const BASE = 'https://facade.example.test';

/** Every member of the facade, and of its parts, by name. */
function shapeOf(facade: MockFacade): Record<string, string[]> {
  const names = (part: object) => Object.keys(part).sort();
  return {
    top: ['clock', 'journal', 'reset', 'scenarios', 'tokens'].filter((name) => name in facade),
    clock: names(facade.clock),
    scenarios: names(facade.scenarios),
    journal: names(facade.journal),
    tokens: names(facade.tokens),
  };
}

test('createHandlers() and createMockServer() hand out the same facade: clock, scenarios, journal, tokens, reset', async () => {
  const mock = await createMockServer({ logLevel: 'silent', realNow: () => T0 });
  try {
    const handlers = createHandlers({ realNow: () => T0 });
    expect(shapeOf(handlers)).toEqual(shapeOf(mock));
    expect(shapeOf(mock)).toEqual({
      top: ['clock', 'journal', 'reset', 'scenarios', 'tokens'],
      clock: ['advance', 'freeze', 'get', 'now', 'reset', 'set', 'unfreeze'],
      scenarios: expect.arrayContaining(['add', 'clear', 'list']),
      journal: ['clear', 'count', 'list'],
      tokens: ['get', 'list', 'revoke'],
    });
  } finally {
    await mock.close();
  }
});

describe('through MSW', () => {
  const { handlers, clock, scenarios, journal, tokens, reset } = createHandlers({
    baseUrl: BASE,
    seed: 3,
    realNow: () => T0,
  });
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    await reset();
  });
  afterAll(() => server.close());
  const issue = async (session: string) =>
    (
      (await (
        await fetch(`${BASE}/view/token?fileId=1`, {
          headers: { Authorization: 'Bearer t', 'X-Mock-Session': session },
        })
      ).json()) as { data: string }
    ).data;

  test("the clock is per session: moving one session's expires its tokens only, and the tokens say so", async () => {
    const annas = await issue('qa-anna');
    const bens = await issue('qa-ben');
    expect(await clock.advance('12h', 'qa-anna')).toEqual({
      session: 'qa-anna',
      now: new Date(T0 + 12 * HOUR),
      nowMs: T0 + 12 * HOUR,
      frozen: false,
      offsetMs: 12 * HOUR,
      ownClock: true,
    });
    expect(await clock.now()).toBe(T0);
    expect((await tokens.get(annas))?.state).toBe('expired');
    expect((await tokens.get(bens))?.state).toBe('valid');
    expect((await tokens.list('qa-ben')).map((info) => info.token)).toEqual([bens]);
    expect((await fetch(`${BASE}/inside/databag?viewToken=${annas}`)).status).toBe(401);
    expect((await fetch(`${BASE}/inside/databag?viewToken=${bens}`)).status).toBe(200);
    await reset('qa-anna');
    expect(await clock.get('qa-anna')).toMatchObject({ ownClock: false, offsetMs: 0 });
    expect(await tokens.get(annas)).toBeUndefined();
    expect(await tokens.get(bens)).toBeDefined();
  });

  test('invalid input throws a named error saying what is allowed: a misspelt scenario, a bad duration, a journal field', async () => {
    const added = scenarios.add({ when: { operation: 'getViewToken' }, then: { scenario: 'forbiden' as never } });
    await expect(added).rejects.toThrow(ScenarioRuleError);
    await expect(added).rejects.toMatchObject({ nearest: expect.objectContaining({ scenario: 'forbidden' }) });
    await expect(clock.advance('soon')).rejects.toThrow(MockClockError);
    await expect(clock.set('not a time')).rejects.toThrow(MockClockError);
    await expect(journal.count({ stauts: 401 })).rejects.toThrow(JournalQueryError);
    expect(await scenarios.list()).toEqual([]);
  });

  test("the journal counts and lists what MSW answered, dated by the session's clock", async () => {
    await clock.advance('1h', 'qa-anna');
    await issue('qa-anna');
    expect(await journal.count({ operationId: 'getViewToken', status: 200 })).toBe(1);
    expect((await journal.list({ session: 'qa-anna' })).map((entry) => entry.at)).toEqual([
      new Date(T0 + HOUR).toISOString(),
    ]);
  });
});

test('a mock listens once: a second listen() is refused naming where it listens (close() would leave a second listener open)', async () => {
  const mock = await createMockServer({ logLevel: 'silent' });
  const baseUrl = await mock.listen(0);
  await expect(mock.listen(0)).rejects.toThrow(
    `This mock listens on ${baseUrl} already; create another mock to listen on a second port.`,
  );
  expect((await fetch(`${baseUrl}/__admin/health`)).status).toBe(200);
  await mock.close();
});
