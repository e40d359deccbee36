import { parseServeOptions } from '../../mock/cli/serve-options';
import { createMockCore } from '../../mock/compose/create-mock-core';
import { DEFAULT_SESSION_IDLE_MS } from '../../mock/core/idle-clocks';
import { MAX_SESSION_CLOCKS, createMemoryClockStore, createSessionClocks } from '../../mock/core/session-clocks';

// A session's own clock is forgotten once its session has been quiet (no request, no clock change)
// for the idle time; activity is recorded at most once per `everyMs`, so a request costs a store write
// only that often. Real time here is a variable the test moves.

const T0 = 1_000_000;
const IDLE = 10_000;

function aClocks(idleMs: number | null = IDLE, maxSessions = MAX_SESSION_CLOCKS) {
  let real = T0;
  const store = createMemoryClockStore(maxSessions);
  const forgotten: [string, number][] = [];
  const clocks = createSessionClocks(store, () => real, {
    idleMs,
    onForgotten: (session, at) => forgotten.push([session, at]),
  });
  return { clocks, store, forgotten, at: (ms: number) => (real = ms) };
}

const owners = async (clocks: ReturnType<typeof aClocks>['clocks']) => (await clocks.owners()).sort();

test('a clock quiet for the idle time less 1 ms is kept; quiet for the idle time, it is forgotten and the session follows the deployment again', async () => {
  const { clocks, forgotten, at } = aClocks();
  await clocks.change('', { kind: 'advance', byMs: 5 });
  await clocks.change('qa', { kind: 'advance', byMs: 3_600_000 });
  at(T0 + IDLE - 1);
  expect(await clocks.idle.sweep()).toEqual([]);
  expect((await clocks.view('qa')).ownClock).toBe(true);
  at(T0 + IDLE);
  expect(await clocks.idle.sweep()).toEqual(['qa']);
  expect(forgotten).toEqual([['qa', T0]]);
  expect(await clocks.view('qa')).toEqual({
    session: 'qa',
    nowMs: T0 + IDLE + 5,
    frozen: false,
    offsetMs: 5,
    ownClock: false,
  });
  // The deployment's clock is never forgotten.
  expect((await clocks.view('')).offsetMs).toBe(5);
});

test('a request in the session is activity: the idle time counts again from it', async () => {
  const { clocks, at } = aClocks();
  await clocks.change('qa', { kind: 'advance', byMs: 1 });
  at(T0 + 4_000);
  await clocks.idle.note('qa');
  at(T0 + 4_000 + IDLE - 1);
  expect(await clocks.idle.sweep()).toEqual([]);
  at(T0 + 4_000 + IDLE);
  expect(await clocks.idle.sweep()).toEqual(['qa']);
});

test('a change of the clock is activity: the idle time counts again from it', async () => {
  const { clocks, at } = aClocks();
  await clocks.change('qa', { kind: 'advance', byMs: 1 });
  at(T0 + 7_000);
  await clocks.change('qa', { kind: 'set', frozen: true });
  at(T0 + 7_000 + IDLE - 1);
  expect(await clocks.idle.sweep()).toEqual([]);
  at(T0 + 7_000 + IDLE);
  expect(await clocks.idle.sweep()).toEqual(['qa']);
});

test('requests are recorded at most once per everyMs (a tenth of the idle time, at most a minute): between, nothing is written', async () => {
  const { clocks, store, at } = aClocks();
  expect(clocks.idle.everyMs).toBe(IDLE / 10);
  expect(aClocks(DEFAULT_SESSION_IDLE_MS).clocks.idle.everyMs).toBe(60_000);
  await clocks.change('qa', { kind: 'advance', byMs: 1 });
  at(T0 + 1);
  expect(clocks.idle.note('qa')).toBeUndefined();
  at(T0 + 999);
  expect(clocks.idle.note('qa')).toBeUndefined();
  expect(await store.lastActive()).toEqual(new Map([['qa', T0]]));
  at(T0 + 1_000);
  await clocks.idle.note('qa');
  expect(await store.lastActive()).toEqual(new Map([['qa', T0 + 1_000]]));
});

test('a request in a session without a clock of its own, or in the deployment, records nothing', async () => {
  const { clocks, store } = aClocks();
  await clocks.idle.note('no-clock');
  expect(clocks.idle.note('')).toBeUndefined();
  await clocks.change('', { kind: 'advance', byMs: 1 });
  expect(await store.lastActive()).toEqual(new Map());
});

test('the cap frees itself: the clock past the cap is stored once an idle one is forgotten, and refused while none is idle', async () => {
  const { clocks, at } = aClocks(IDLE, 2);
  await clocks.change('a', { kind: 'advance', byMs: 1 });
  at(T0 + 100);
  await clocks.change('b', { kind: 'advance', byMs: 1 });
  at(T0 + IDLE - 1);
  expect(await clocks.change('c', { kind: 'advance', byMs: 1 })).toMatchObject({ kind: 'refused', reason: 'full' });
  at(T0 + IDLE);
  expect(await clocks.change('c', { kind: 'advance', byMs: 1 })).toMatchObject({
    kind: 'changed',
    clock: { session: 'c', ownClock: true },
  });
  expect(await owners(clocks)).toEqual(['b', 'c']);
});

test('forget times are the last activity plus the idle time; off, clocks are never forgotten', async () => {
  const idle = aClocks();
  await idle.clocks.change('qa', { kind: 'advance', byMs: 1 });
  expect(await idle.clocks.idle.forgetTimes()).toEqual(new Map([['qa', T0 + IDLE]]));
  const never = aClocks(null);
  await never.clocks.change('qa', { kind: 'advance', byMs: 1 });
  never.at(T0 + 100 * 365 * 86_400_000);
  expect(never.clocks.idle.note('qa')).toBeUndefined();
  expect(await never.clocks.idle.sweep()).toEqual([]);
  expect(await never.clocks.idle.forgetTimes()).toEqual(new Map());
  expect(await owners(never.clocks)).toEqual(['qa']);
});

test('a clock restored without a record of activity (a state file) starts its idle time when first swept', async () => {
  const { clocks, store, at } = aClocks();
  store.restore(new Map([['qa', { offsetMs: 1, frozenAtMs: null }]]));
  at(T0 + 5_000);
  expect(await clocks.idle.sweep()).toEqual([]);
  at(T0 + 5_000 + IDLE - 1);
  expect(await clocks.idle.sweep()).toEqual([]);
  at(T0 + 5_000 + IDLE);
  expect(await clocks.idle.sweep()).toEqual(['qa']);
});

test('the store forgets a clock only if its last activity is still at or before the cutoff', async () => {
  const store = createMemoryClockStore();
  await store.write('qa', null, { offsetMs: 1, frozenAtMs: null });
  expect(await store.forgetIdle('qa', T0)).toBe(false);
  await store.touch('qa', T0);
  expect(await store.forgetIdle('qa', T0 - 1)).toBe(false);
  expect(await store.forgetIdle('qa', T0)).toBe(true);
  expect(await store.read()).toEqual(new Map());
  expect(await store.lastActive()).toEqual(new Map());
  expect(await store.forgetIdle('qa', T0)).toBe(false);
});

test.each([
  [[], {}, undefined],
  [['--session-idle', '90m'], {}, 5_400_000],
  [['--session-idle', 'PT2H'], {}, 7_200_000],
  [['--session-idle', '250'], {}, 250],
  [['--session-idle', '0'], {}, null],
  [['--session-idle', 'off'], {}, null],
  [[], { VIEW_TOKEN_MOCK_SESSION_IDLE: '2h' }, 7_200_000],
  [['--session-idle', '1h'], { VIEW_TOKEN_MOCK_SESSION_IDLE: '2h' }, 3_600_000],
])('--session-idle from flags %j and environment %j is %p ms', (args, env, expected) => {
  expect(parseServeOptions(args, env).sessionIdleMs).toBe(expected);
});

test.each(['never', '-1h', '0ms ', 'on', ''])('--session-idle %j is refused, naming the allowed form', (value) => {
  expect(() => parseServeOptions(['--session-idle', value], {})).toThrow(
    `--session-idle ${value}: allowed: a duration longer than 0 (e.g. 24h, 90m, 1d, PT24H, or milliseconds), or 0 or off for never`,
  );
});

test.each([
  ['nothing', {}, undefined, DEFAULT_SESSION_IDLE_MS],
  ["the config file's sessionIdle", { sessionIdle: '2h' }, undefined, 7_200_000],
  ["the config file's sessionIdle off", { sessionIdle: 'off' }, undefined, null],
  ["the config file's sessionIdle in ms", { sessionIdle: 90_000 }, undefined, 90_000],
  ['the option (the flag) over the config file', { sessionIdle: '2h' }, '30m', 1_800_000],
  ['the option off over the config file', { sessionIdle: '2h' }, 'off', null],
])('the idle time from %s', (_label, config, sessionIdle, expected) => {
  expect(createMockCore({ config, sessionIdle }).clocks.idle.idleMs).toBe(expected);
});

test.each(['never', -1, '', 1.5])(
  "a config file's sessionIdle %j is refused, naming the allowed form",
  (sessionIdle) => {
    expect(() => createMockCore({ config: { sessionIdle } })).toThrow(
      `config: sessionIdle ${JSON.stringify(sessionIdle)}: allowed: a duration longer than 0 (e.g. 24h, 90m, 1d, PT24H, or milliseconds), or 0 or off for never`,
    );
  },
);
