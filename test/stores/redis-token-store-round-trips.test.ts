import { Redis } from 'ioredis';
import { createSeededRandom } from '../../mock/core/random-source';
import type { ViewTokens } from '../../mock/core/view-tokens';
import { VIEW_TOKEN_TTL_MS, createViewTokens } from '../../mock/core/view-tokens';
import { connectRedis } from '../../mock/stores/redis-connection';
import { createRedisTokenStore } from '../../mock/stores/redis-token-store';
import type { JournalEntry } from '../../mock/core/journal';
import { createRedisJournal } from '../../mock/stores/redis-journal';
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
  return {
    now: () => now,
    nowOf: async (_session: string) => now,
    advance: (byMs: number) => {
      now += byMs;
    },
    set: (atMs: number) => {
      now = atMs;
    },
  };
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
  if (address === '')
    throw new Error(`CLIENT INFO names no addr (the count could not tell the store's commands): ${info}`);
});
afterAll(async () => {
  connection.disconnect();
  monitor.disconnect();
  await server.stop();
});

/** The commands (name and arguments) the store's connection sent Redis during `action` (and, with `scripts`, those its scripts ran). */
async function commandsSentDuring(action: () => Promise<unknown>, scripts = false): Promise<string[][]> {
  const sent: string[][] = [];
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const onCommand = (_time: string, args: string[], source: string): void => {
    if (source !== address && !(scripts && source === 'lua')) return;
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
])(
  'a step-by-step use of a stored View Token (%s) sends Redis two commands: GET of its record (its session names the clock), EVALSHA of the touch script',
  async (kind, elapsedMs) => {
    const { clock, tokens } = aLifecycle(`count-${kind}:`);
    const { token } = await tokens.issue(FIELDS, clock.now());
    // Redis compiles a script the first time it is sent (NOSCRIPT, then EVAL); count the uses after.
    await tokens.use((await tokens.issue(FIELDS, clock.now())).token, clock.nowOf);
    clock.advance(elapsedMs);
    let answer: string | undefined;
    const sent = await commandsSentDuring(async () => {
      answer = (await tokens.use(token, clock.nowOf)).kind;
    });
    expect(answer).toBe(kind);
    expect(sent.map(([name]) => name?.toLowerCase())).toEqual(['get', 'evalsha']);
    expect(sent[1]).toContain(token);
  },
);

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
  expect((await commandsSentDuring(() => store.list({}))).map(([name]) => name?.toLowerCase())).toEqual([
    'zrange',
    'mget',
  ]);
  await store.page({ limit: 1 }); // Redis compiles the page script on first use
  expect((await commandsSentDuring(() => store.page({ limit: 1 }), true)).map(([name]) => name?.toLowerCase())).toEqual(
    ['evalsha', 'zrevrange', 'mget'],
  );
});

test("listing one session reads that session's index and records only, not every token", async () => {
  const { clock, tokens } = aLifecycle('count-session:');
  for (let i = 0; i < 30; i += 1)
    await tokens.issue({ ...FIELDS, session: ['a', 'b', 'c'][i % 3] as string }, clock.now());
  const store = createRedisTokenStore({ redis: connection, prefix: 'count-session:', keepMs: 3 * 86_400_000 });
  let listed = 0;
  const sent = await commandsSentDuring(async () => {
    listed = (await store.list({ session: 'b' })).length;
  });
  expect(listed).toBe(10);
  expect(sent.map(([name]) => name?.toLowerCase())).toEqual(['zrange', 'mget']);
  expect(sent[1]).toHaveLength(1 + 10);
});

test('a page costs the page, not the store: at 3,000 tokens a page of 2 (first, after a cursor, after a deleted cursor, of a session) reads 3 records', async () => {
  const { tokens, clock } = aLifecycle('count-pages:');
  for (let i = 0; i < 3_000; i += 1) {
    // Every 100 at one instant (a frozen clock), so a deleted cursor is found among its ties.
    if (i % 100 === 0) clock.advance(1_000);
    await tokens.issue({ ...FIELDS, session: i % 2 === 0 ? 'even' : 'odd' }, clock.now());
  }
  const store = createRedisTokenStore({ redis: connection, prefix: 'count-pages:', keepMs: 3 * 86_400_000 });
  const first = await store.page({ limit: 2 });
  const cursor = first?.nextCursor as string;
  await store.delete(first?.items[1]?.token as string);
  for (const query of [
    { limit: 2 },
    { limit: 2, cursor },
    { limit: 2, cursor, session: 'odd' },
    { limit: 2, session: 'even' },
  ]) {
    let page: Awaited<ReturnType<typeof store.page>>;
    const sent = await commandsSentDuring(async () => {
      page = await store.page(query);
    }, true);
    expect(page?.items).toHaveLength(2);
    // The records read: one MGET of the page and one more (whether a next page exists).
    expect(sent.filter(([name]) => name?.toLowerCase() === 'mget').map((args) => args.length - 1)).toEqual([3]);
    // Each command a script ran touches the page or one position: nothing reads the whole index.
    const ranged = sent
      .filter(([name]) => /^z(rev)?range/i.test(name ?? ''))
      .map((args) => Number(args[3]) - Number(args[2]) + 1);
    expect([ranged.every((width) => width <= 3), sent.length <= 2 + 2 * Math.ceil(Math.log2(3_000)) + 6]).toEqual([
      true,
      true,
    ]);
  }
}, 60_000);

test("a journal page costs the page: at 3,000 entries, 5 of one session's unmatched ones (first and after a cursor) read 5 entries by number", async () => {
  const journal = createRedisJournal({ redis: connection, prefix: 'count-journal:', capacity: 3_000 });
  const record = {
    atMs: T0,
    method: 'GET',
    path: '/view/token',
    query: { fileId: '1' },
    hasAuthorization: true,
    status: 200,
    outcome: null,
  };
  for (let i = 1; i <= 3_000; i += 1)
    await journal.record({
      ...record,
      session: i % 100 === 0 ? 'rare' : 'qa',
      operationId: i % 100 === 0 ? '' : 'getViewToken',
    });
  const first = await journal.list({ session: 'rare', unmatched: true, limit: 5 });
  for (const filter of [
    { session: 'rare', unmatched: true, limit: 5 },
    { session: 'rare', unmatched: true, limit: 5, before: first.at(-1)?.id as number },
    { unmatched: true, limit: 5, before: 1_000 },
    { limit: 5, before: 2_000 },
  ]) {
    let listed: JournalEntry[] = [];
    const sent = await commandsSentDuring(async () => {
      listed = await journal.list(filter);
    }, true);
    expect(listed).toHaveLength(5);
    const names = sent.map(([name]) => name?.toLowerCase());
    // One script; inside it one ranged read with LIMIT 0 5, then one lookup by number per entry (or none, for all).
    expect(names.filter((name) => name !== 'evalsha')).toEqual(
      filter.session === undefined && !filter.unmatched
        ? ['zrevrangebyscore']
        : [expect.stringMatching(/^zrevrangeby(lex|score)$/), ...Array(5).fill('zrangebyscore')],
    );
    expect(sent.filter(([name]) => /^zrevrangeby/i.test(name ?? '')).map((args) => args.slice(-3))).toEqual([
      ['LIMIT', '0', '5'],
    ]);
  }
}, 60_000);
