import { Redis } from 'ioredis';
import { createSeededRandom } from '../../mock/core/random-source';
import type { ViewTokens } from '../../mock/core/view-tokens';
import { VIEW_TOKEN_TTL_MS, createViewTokens } from '../../mock/core/view-tokens';
import { connectRedis } from '../../mock/stores/redis-connection';
import { createRedisTokenStore } from '../../mock/stores/redis-token-store';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

// What a View Token use costs on Redis, counted by Redis itself: MONITOR reports every command it
// runs with the client that sent it ("127.0.0.1:<port>"), and the commands a script runs as "lua".
// The store has a connection of its own (made as the mock makes it), so what it sent is told apart
// from the test's own commands; markers it sends before and after the use bound the count.

const HOUR = 3_600_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');

/** A mock time the test moves by hand; `nowOf` is how a use reads its token's session's clock. */
function aClock() {
  let now = T0;
  return { now: () => now, nowOf: async (_session: string) => now, advance: (byMs: number) => { now += byMs; }, set: (atMs: number) => { now = atMs; } };
}
const FIELDS = { objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: 'qa' } as const;

let server: RedisServer;
let connection: Redis;
let monitor: Redis;
let address: string;

beforeAll(async () => {
  server = await startRedisServer();
  connection = (await connectRedis(server.url)) as Redis;
  // monitor() opens a connection of its own in MONITOR mode; this client itself never connects.
  monitor = await new Redis(server.url, { lazyConnect: true }).monitor();
  const info = String(await connection.client('INFO'));
  address = /\baddr=(\S+)/.exec(info)?.[1] ?? '';
  if (address === '') throw new Error(`CLIENT INFO names no addr (the count could not tell the store's commands): ${info}`);
});
afterAll(async () => {
  connection.disconnect();
  monitor.disconnect();
  await server.stop();
});

/** The commands (name and arguments) the store's connection sent Redis during `action`. */
async function commandsSentDuring(action: () => Promise<unknown>): Promise<string[][]> {
  const sent: string[][] = [];
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => { ended = resolve; });
  const onCommand = (_time: string, args: string[], source: string): void => {
    if (source !== address) return;
    sent.push(args);
    if (args[0]?.toLowerCase() === 'echo' && args[1] === 'count:end') ended();
  };
  monitor.on('monitor', onCommand);
  try {
    await connection.echo('count:start');
    await action();
    await connection.echo('count:end');
    await end;
  } finally {
    monitor.off('monitor', onCommand);
  }
  const start = sent.findIndex((args) => args[1] === 'count:start');
  return sent.slice(start + 1, -1);
}

function aLifecycle(prefix: string): { tokens: ViewTokens; clock: ReturnType<typeof aClock> } {
  const clock = aClock();
  const store = createRedisTokenStore({ redis: connection, prefix, keepMs: 3 * 86_400_000 });
  return { clock, tokens: createViewTokens({ store, random: createSeededRandom(1), ttlMs: VIEW_TOKEN_TTL_MS }) };
}

test.each([
  ['valid', 11 * HOUR],
  ['expired', 12 * HOUR],
])('a step-by-step use of a stored View Token (%s) sends Redis two commands: GET of its record (its session names the clock), EVALSHA of the touch script', async (kind, elapsedMs) => {
  const { clock, tokens } = aLifecycle(`count-${kind}:`);
  const { token } = await tokens.issue(FIELDS, clock.now());
  // Redis compiles a script the first time it is sent (NOSCRIPT, then EVAL); count the uses after.
  await tokens.use((await tokens.issue(FIELDS, clock.now())).token, clock.nowOf);
  clock.advance(elapsedMs);
  let answer: string | undefined;
  const sent = await commandsSentDuring(async () => { answer = (await tokens.use(token, clock.nowOf)).kind; });
  expect(answer).toBe(kind);
  expect(sent.map(([name]) => name?.toLowerCase())).toEqual(['get', 'evalsha']);
  expect(sent[1]).toContain(token);
});

test('an unknown View Token costs one command: the GET that finds no record', async () => {
  const { clock, tokens } = aLifecycle('count-unknown:');
  await tokens.use((await tokens.issue(FIELDS, clock.now())).token, clock.nowOf);
  const sent = await commandsSentDuring(() => tokens.use('f'.repeat(32), clock.nowOf));
  expect(sent.map(([name]) => name?.toLowerCase())).toEqual(['get']);
});

test('the count sees every command the store sends: a find is one GET, a list of all two', async () => {
  const { clock, tokens } = aLifecycle('count-check:');
  const store = createRedisTokenStore({ redis: connection, prefix: 'count-check:', keepMs: 3 * 86_400_000 });
  const { token } = await tokens.issue(FIELDS, clock.now());
  expect((await commandsSentDuring(() => store.find(token))).map(([name]) => name?.toLowerCase())).toEqual(['get']);
  expect((await commandsSentDuring(() => store.list({}))).map(([name]) => name?.toLowerCase())).toEqual(['zrange', 'mget']);
});

test('listing one session reads that session\'s index and records only, not every token', async () => {
  const { clock, tokens } = aLifecycle('count-session:');
  for (let i = 0; i < 30; i += 1) await tokens.issue({ ...FIELDS, session: ['a', 'b', 'c'][i % 3] as string }, clock.now());
  const store = createRedisTokenStore({ redis: connection, prefix: 'count-session:', keepMs: 3 * 86_400_000 });
  let listed = 0;
  const sent = await commandsSentDuring(async () => { listed = (await store.list({ session: 'b' })).length; });
  expect(listed).toBe(10);
  expect(sent.map(([name]) => name?.toLowerCase())).toEqual(['zrange', 'mget']);
  expect(sent[1]).toHaveLength(1 + 10);
});
