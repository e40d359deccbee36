import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';
import type { RunningCli } from '../support/spawn-cli';
import { killStartedClis, startCli } from '../support/spawn-cli';

// The QA guide's shared deployment: two mock processes on one Redis, two testers in their sessions.
// Through a Redis restart with its AOF every tester's world (View Tokens, rules, clock, journal) is
// whole and apart, read through the other process; without persistence both processes say the data
// is gone, in their logs and their health.
jest.setTimeout(90_000);

let redis: RedisServer | undefined;
afterEach(async () => {
  killStartedClis();
  await redis?.stop();
});

const AUTH = { Authorization: 'Bearer shared-qa' };
const LOST = "came back without this mock's data";

async function twoProcessesOn(appendonly: boolean): Promise<[RunningCli, RunningCli]> {
  redis = await startRedisServer({ appendonly });
  const args = ['--port', '0', '--redis-url', redis.url, '--log-level', 'info'];
  return Promise.all([startCli(args), startCli(args)]);
}

const call = async (cli: RunningCli, path: string, session?: string, init: RequestInit = {}) => {
  const headers = { ...AUTH, ...(session === undefined ? {} : { 'X-Mock-Session': session }) };
  return fetch(`${cli.baseUrl}${path}`, { ...init, headers: { 'Content-Type': 'application/json', ...headers } });
};
const json = async (response: Promise<Response>) => (await response).json() as Promise<Record<string, unknown>>;

/** A tester's world as another process reads it: her tokens, rules, clock and journal. */
async function worldOf(cli: RunningCli, session: string) {
  const query = `session=${session}`;
  const tokens = (await json(fetch(`${cli.baseUrl}/__admin/view-tokens?${query}`))).viewTokens as {
    token: string;
    objectId: string;
  }[];
  const rules = (await json(fetch(`${cli.baseUrl}/__admin/scenarios?${query}`))).rules as { id: string }[];
  const clock = await json(fetch(`${cli.baseUrl}/__admin/clock?${query}`));
  const requests = (await json(fetch(`${cli.baseUrl}/__admin/requests?${query}`))).requests as {
    operationId: string;
    status: number;
  }[];
  return {
    tokens: tokens.map(({ token, objectId }) => [token, objectId]),
    rules: rules.map(({ id }) => id),
    clock: [clock.offsetMs, clock.ownClock],
    journal: requests.map(({ operationId, status }) => `${operationId} ${status}`),
  };
}

/** Waits until a process's health answers 200 with this status (as long as the reconnect takes; bounded). */
async function untilHealth(cli: RunningCli, status: 'ok' | 'degraded'): Promise<Record<string, unknown>> {
  for (let turn = 0; turn < 200; turn += 1) {
    const response = await fetch(`${cli.baseUrl}/__admin/health`);
    const health = (await response.json()) as Record<string, unknown>;
    if (response.status === 200 && health.status === status) return health;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${cli.baseUrl} did not answer its health with 200 ${status} after the restart`);
}

/** Waits until a process has logged a line (bounded). */
async function untilLogged(cli: RunningCli, text: string): Promise<void> {
  for (let turn = 0; turn < 200 && !cli.output().includes(text); turn += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Anna works through process one, Ben through process two. */
async function twoTesters(one: RunningCli, two: RunningCli) {
  const anna = (await json(call(one, '/view/token?fileId=10001', 'qa-anna'))).data as string;
  const ben = (await json(call(two, '/view/token?fileId=20002', 'qa-ben'))).data as string;
  const floorsRule = { when: { operation: 'getFileFloors' }, then: { code: 503 } };
  expect(
    (await call(one, '/__admin/scenarios', 'qa-anna', { method: 'POST', body: JSON.stringify(floorsRule) })).status,
  ).toBe(201);
  const expiredRule = { when: { operation: 'getViewerData' }, then: { scenario: 'access-token-expired' } };
  expect(
    (await call(two, '/__admin/scenarios', 'qa-ben', { method: 'POST', body: JSON.stringify(expiredRule) })).status,
  ).toBe(201);
  const advance = { method: 'POST', body: JSON.stringify({ by: '2h' }) };
  expect((await call(one, '/__admin/clock/advance', 'qa-anna', advance)).status).toBe(200);
  // The viewer's own call, no session header: it lands in Anna's session, on her clock.
  expect((await fetch(`${two.baseUrl}/inside/databag?viewToken=${anna}`)).status).toBe(200);
  return { anna, ben };
}

test("with AOF a Redis restart keeps each tester's tokens, rules, clock and journal, apart, through either process", async () => {
  const [one, two] = await twoProcessesOn(true);
  const { anna, ben } = await twoTesters(one, two);
  const before = { anna: await worldOf(two, 'qa-anna'), ben: await worldOf(one, 'qa-ben') };
  expect(before.anna).toEqual({
    tokens: [[anna, '10001']],
    rules: [expect.any(String)],
    clock: [2 * 3_600_000, true],
    journal: ['getViewerData 200', 'getViewToken 200'],
  });
  expect(before.ben).toEqual({
    tokens: [[ben, '20002']],
    rules: [expect.not.stringMatching(`^${before.anna.rules[0] ?? ''}$`)],
    clock: [0, false],
    journal: ['getViewToken 200'],
  });

  await redis?.kill();
  await redis?.restart();
  await Promise.all([untilHealth(one, 'ok'), untilHealth(two, 'ok')]);
  expect({ anna: await worldOf(one, 'qa-anna'), ben: await worldOf(two, 'qa-ben') }).toEqual(before);
  // Each tester's rule still fires for her or his calls only, whichever process answers.
  const annasFloors = await fetch(`${two.baseUrl}/data/v2/files/10001/floors?view_token=${anna}`);
  expect(annasFloors.status).toBe(503);
  const bensDatabag = await fetch(`${one.baseUrl}/inside/databag?viewToken=${ben}`);
  expect([bensDatabag.status, bensDatabag.headers.get('x-mock-rule')]).toEqual([401, before.ben.rules[0]]);
  expect((await fetch(`${one.baseUrl}/inside/databag?viewToken=${anna}`)).status).toBe(200);
  for (const cli of [one, two]) {
    await untilLogged(cli, 'Redis answers again: reconnected');
    expect(cli.output().split('Redis answers again: reconnected')).toHaveLength(2);
    expect(cli.output()).not.toContain(LOST);
  }
});

test('without persistence both processes say the data is gone: each logs it once and its health says degraded', async () => {
  const [one, two] = await twoProcessesOn(false);
  const { anna } = await twoTesters(one, two);
  await redis?.kill();
  await redis?.restart();
  const healths = await Promise.all([untilHealth(one, 'degraded'), untilHealth(two, 'degraded')]);
  for (const health of healths) expect(health.detail).toEqual(expect.stringContaining(LOST));
  for (const cli of [one, two]) {
    await untilLogged(cli, LOST);
    expect(cli.output().split(LOST)).toHaveLength(2);
  }
  expect(await worldOf(two, 'qa-anna')).toEqual({ tokens: [], rules: [], clock: [0, false], journal: [] });
  expect((await fetch(`${two.baseUrl}/inside/databag?viewToken=${anna}`)).status).toBe(401);
});
