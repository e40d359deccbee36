import type { ClockState } from '../../mock/core/clock';
import { REAL_TIME } from '../../mock/core/clock';
import type { ClockStore, ClockWrite } from '../../mock/core/session-clocks';
import {
  DEPLOYMENT,
  MAX_SESSION_CLOCKS,
  createMemoryClockStore,
  createSessionClocks,
  requestClock,
  toClockBook,
} from '../../mock/core/session-clocks';

// Every session's clock over a store (the admin API's POST /__admin/clock/* and what a request is
// dated by): a session follows the deployment's clock until it is moved on its own, a reset forgets
// it, the store holds at most so many, and a writer that keeps losing to others gives up.

const REAL = 1_000_000;
const OUT_OF_RANGE =
  "The mock's clock stays between 1970-01-01 and 9999-12-31; this would move it outside. POST /__admin/clock/reset goes back to real time.";
const FULL =
  '1000 sessions have a clock of their own already, the most the mock keeps; reset one (POST /__admin/clock/reset or POST /__admin/reset with its X-Mock-Session) first.';

const aView = (
  session: string,
  nowMs: number,
  fields: { frozen?: boolean; offsetMs?: number; ownClock?: boolean } = {},
) => ({ session, nowMs, frozen: false, offsetMs: nowMs - REAL, ownClock: false, ...fields });

test("a session nobody moved shows the deployment's clock; moved on its own, it has its own, and the deployment's stays", async () => {
  const clocks = createSessionClocks(createMemoryClockStore(), () => REAL);
  expect(await clocks.view('qa')).toEqual(aView('qa', REAL));
  expect(await clocks.change('', { kind: 'advance', byMs: 60_000 })).toEqual({
    kind: 'changed',
    clock: aView('', REAL + 60_000),
  });
  expect(await clocks.view('qa')).toEqual(aView('qa', REAL + 60_000));
  expect(await clocks.change('qa', { kind: 'set', atMs: 5_000, frozen: true })).toEqual({
    kind: 'changed',
    clock: aView('qa', 5_000, { frozen: true, ownClock: true }),
  });
  expect([await clocks.view('qa'), await clocks.view(''), await clocks.view('other')]).toEqual([
    aView('qa', 5_000, { frozen: true, ownClock: true }),
    aView('', REAL + 60_000),
    aView('other', REAL + 60_000),
  ]);
});

test("a session's reset forgets its clock (it follows the deployment's again); the deployment's reset is real time", async () => {
  const clocks = createSessionClocks(createMemoryClockStore(), () => REAL);
  await clocks.change('', { kind: 'advance', byMs: 7 });
  await clocks.change('qa', { kind: 'advance', byMs: 100 });
  expect(await clocks.view('qa')).toEqual(aView('qa', REAL + 107, { ownClock: true }));
  expect(await clocks.change('qa', { kind: 'reset' })).toEqual({ kind: 'changed', clock: aView('qa', REAL + 7) });
  expect(await clocks.change('', { kind: 'reset' })).toEqual({ kind: 'changed', clock: aView('', REAL) });
  expect((await clocks.readAll()).hasOwnClock('')).toBe(false);
});

test('a move outside 1970..9999 is refused with the reason, and the clock is left as it was', async () => {
  const clocks = createSessionClocks(createMemoryClockStore(), () => REAL);
  expect(await clocks.change('qa', { kind: 'advance', byMs: -REAL - 1 })).toEqual({
    kind: 'refused',
    reason: 'out-of-range',
    detail: OUT_OF_RANGE,
  });
  expect(await clocks.change('qa', { kind: 'advance', byMs: -REAL })).toEqual({
    kind: 'changed',
    clock: aView('qa', 0, { ownClock: true }),
  });
  expect(await clocks.change('qa', { kind: 'advance', byMs: -1 })).toEqual({
    kind: 'refused',
    reason: 'out-of-range',
    detail: OUT_OF_RANGE,
  });
  expect(await clocks.view('qa')).toEqual(aView('qa', 0, { ownClock: true }));
});

test("the store holds exactly its most of sessions' own clocks: the next one is refused with the reason, the deployment's never counts", async () => {
  const store = createMemoryClockStore(2);
  const clocks = createSessionClocks(store, () => REAL);
  await clocks.change('', { kind: 'advance', byMs: 1 });
  expect((await clocks.change('a', { kind: 'advance', byMs: 2 })).kind).toBe('changed');
  expect((await clocks.change('b', { kind: 'advance', byMs: 3 })).kind).toBe('changed');
  // (The detail names the deployment's most, MAX_SESSION_CLOCKS: see the next test.)
  expect(await clocks.change('c', { kind: 'advance', byMs: 4 })).toMatchObject({ kind: 'refused', reason: 'full' });
  expect(await clocks.view('c')).toEqual(aView('c', REAL + 1));
  // Those that have one still move (a: the deployment's +1, its
  // own +2, now +10), the deployment's too; a reset makes room.
  expect(await clocks.change('a', { kind: 'advance', byMs: 10 })).toEqual({
    kind: 'changed',
    clock: aView('a', REAL + 13, { ownClock: true }),
  });
  expect(await clocks.change('', { kind: 'advance', byMs: 10 })).toEqual({
    kind: 'changed',
    clock: aView('', REAL + 11),
  });
  await clocks.change('b', { kind: 'reset' });
  expect(await clocks.change('c', { kind: 'advance', byMs: 4 })).toEqual({
    kind: 'changed',
    clock: aView('c', REAL + 15, { ownClock: true }),
  });
  expect([...(await store.read()).keys()].sort()).toEqual(['', 'a', 'c']);
});

test("without the deployment's clock stored, the most is still that many sessions", async () => {
  const store = createMemoryClockStore(1);
  expect(await store.write('a', null, { offsetMs: 1, frozenAtMs: null })).toBe('written');
  expect(await store.write('b', null, { offsetMs: 1, frozenAtMs: null })).toBe('full');
  expect(await store.write('', null, { offsetMs: 1, frozenAtMs: null })).toBe('written');
  expect(await store.write('b', null, { offsetMs: 1, frozenAtMs: null })).toBe('full');
});

test('the default most is MAX_SESSION_CLOCKS (1000) sessions; the 1001st is refused with the reason a tester reads', async () => {
  const store = createMemoryClockStore();
  for (let i = 0; i < MAX_SESSION_CLOCKS; i += 1)
    expect(await store.write(`s${i}`, null, { offsetMs: i, frozenAtMs: null })).toBe('written');
  const clocks = createSessionClocks(store, () => REAL);
  expect(await clocks.change('one-too-many', { kind: 'advance', byMs: 1 })).toEqual({
    kind: 'refused',
    reason: 'full',
    detail: FULL,
  });
  expect(await clocks.change('s999', { kind: 'advance', byMs: 1 })).toEqual({
    kind: 'changed',
    clock: aView('s999', REAL + 1_000, { ownClock: true }),
  });
  expect(MAX_SESSION_CLOCKS).toBe(1_000);
});

test('a stored write happens only while the clock is still as read: else "changed", and nothing is written', async () => {
  const store = createMemoryClockStore();
  const one: ClockState = { offsetMs: 1, frozenAtMs: null };
  const frozen: ClockState = { offsetMs: 1, frozenAtMs: 50 };
  expect(await store.write('qa', one, frozen)).toBe('changed');
  expect(await store.write('qa', null, one)).toBe('written');
  expect(await store.write('qa', null, frozen)).toBe('changed');
  expect(await store.write('qa', { offsetMs: 2, frozenAtMs: null }, frozen)).toBe('changed');
  expect(await store.write('qa', { offsetMs: 1, frozenAtMs: 50 }, frozen)).toBe('changed');
  expect(await store.read(['qa'])).toEqual(new Map([['qa', one]]));
  expect(await store.write('qa', { offsetMs: 1, frozenAtMs: null }, frozen)).toBe('written');
  expect(await store.write('qa', frozen, null)).toBe('written');
  expect(await store.read()).toEqual(new Map());
});

test('the memory store reads the sessions asked for (those with a clock), all without a list; restore replaces every clock, clear forgets them', async () => {
  const store = createMemoryClockStore();
  store.restore(
    new Map([
      ['', { offsetMs: 5, frozenAtMs: null }],
      ['qa', { offsetMs: 0, frozenAtMs: 9 }],
    ]),
  );
  expect(await store.read(['qa', 'absent'])).toEqual(new Map([['qa', { offsetMs: 0, frozenAtMs: 9 }]]));
  expect(await store.read([])).toEqual(new Map());
  expect(await store.read()).toEqual(
    new Map([
      ['', { offsetMs: 5, frozenAtMs: null }],
      ['qa', { offsetMs: 0, frozenAtMs: 9 }],
    ]),
  );
  store.restore(new Map([['b', { offsetMs: 1, frozenAtMs: null }]]));
  expect(await store.read()).toEqual(new Map([['b', { offsetMs: 1, frozenAtMs: null }]]));
  await store.clear();
  expect(await store.read()).toEqual(new Map());
});

/** A store that loses every write to another writer the first `losses` times. */
function aContestedStore(losses: number) {
  const inner = createMemoryClockStore();
  const writes: string[] = [];
  const store: ClockStore = {
    read: (sessions) => inner.read(sessions),
    write: async (session, expected, next): Promise<ClockWrite> => {
      writes.push(session);
      return writes.length <= losses ? 'changed' : inner.write(session, expected, next);
    },
    clear: () => inner.clear(),
    touch: (...args) => inner.touch(...args),
    lastActive: () => inner.lastActive(),
    forgetIdle: (...args) => inner.forgetIdle(...args),
  };
  return { store, writes };
}

test('a write that lost to another writer is read and tried again', async () => {
  const { store, writes } = aContestedStore(99);
  const clocks = createSessionClocks(store, () => REAL);
  expect(await clocks.change('qa', { kind: 'advance', byMs: 1 })).toEqual({
    kind: 'changed',
    clock: aView('qa', REAL + 1, { ownClock: true }),
  });
  expect(writes).toHaveLength(100);
});

test('a writer that loses 100 times in a row gives up with an error naming the session', async () => {
  const { store, writes } = aContestedStore(Number.POSITIVE_INFINITY);
  const clocks = createSessionClocks(store, () => REAL);
  await expect(clocks.change('qa', { kind: 'advance', byMs: 1 })).rejects.toThrow(
    new Error('the clock of session "qa" kept changing under 100 attempts to move it'),
  );
  expect(writes).toHaveLength(100);
  expect(await clocks.view('qa')).toEqual(aView('qa', REAL));
});

test("a book of read clocks: a session's own, else the deployment's, else real time; earliest is the lowest of them all", () => {
  const qa: ClockState = { offsetMs: -500, frozenAtMs: null };
  const late: ClockState = { offsetMs: 0, frozenAtMs: REAL + 900 };
  const book = toClockBook(
    new Map([
      ['qa', qa],
      ['late', late],
    ]),
    ['qa', 'late', 'x'],
    () => REAL,
  );
  expect([book.covers('qa'), book.covers('x'), book.covers(''), book.covers('other')]).toEqual([
    true,
    true,
    false,
    false,
  ]);
  expect([book.hasOwnClock('qa'), book.hasOwnClock('x')]).toEqual([true, false]);
  expect([book.stateOf('qa'), book.stateOf('x')]).toEqual([qa, REAL_TIME]);
  expect([book.now('qa'), book.now('late'), book.now('x')]).toEqual([REAL - 500, REAL + 900, REAL]);
  expect(book.sessionsWithOwnClock()).toEqual(['qa', 'late']);

  const withDeployment = toClockBook(
    new Map([
      [DEPLOYMENT, { offsetMs: -2_000, frozenAtMs: null }],
      ['late', late],
    ]),
    'all',
    () => REAL,
  );
  expect([
    withDeployment.covers('anything'),
    withDeployment.now('x'),
    withDeployment.now('late'),
    withDeployment.sessionsWithOwnClock(),
  ]).toEqual([true, REAL - 2_000, REAL + 900, ['late']]);
});

test('a book follows real time on every reading, unless the clock is frozen', () => {
  let real = REAL;
  const book = toClockBook(
    new Map([
      ['qa', { offsetMs: 10, frozenAtMs: null }],
      ['still', { offsetMs: 0, frozenAtMs: 3 }],
    ]),
    'all',
    () => real,
  );
  real += 5;
  expect([book.now('qa'), book.now('still'), book.now('other')]).toEqual([REAL + 15, 3, REAL + 5]);
});

/** A memory store that records what each read asked for. */
function aRecordingStore() {
  const inner = createMemoryClockStore();
  const reads: (readonly string[] | undefined)[] = [];
  const store: ClockStore = {
    read: (sessions) => {
      reads.push(sessions);
      return inner.read(sessions);
    },
    write: (...args) => inner.write(...args),
    clear: () => inner.clear(),
    touch: (...args) => inner.touch(...args),
    lastActive: () => inner.lastActive(),
    forgetIdle: (...args) => inner.forgetIdle(...args),
  };
  return { store, reads };
}

test("reading some sessions reads the deployment's with them, once; readAll reads every clock", async () => {
  const { store, reads } = aRecordingStore();
  const clocks = createSessionClocks(store, () => REAL);
  const book = await clocks.read(['qa']);
  expect([book.covers('qa'), book.covers(''), book.covers('other')]).toEqual([true, true, false]);
  await clocks.read(['', 'qa']);
  const all = await clocks.readAll();
  expect(all.covers('other')).toBe(true);
  expect(reads).toEqual([['qa', ''], ['', 'qa'], undefined]);
});

test("a request's clock reads each session at most once, and none that a store step already read", async () => {
  const { store, reads } = aRecordingStore();
  const clocks = createSessionClocks(store, () => REAL);
  await clocks.change('qa', { kind: 'advance', byMs: 3 });
  reads.length = 0;
  const nowOf = requestClock(clocks);
  expect([await nowOf('qa'), await nowOf('qa'), await nowOf(''), await nowOf('b'), await nowOf('b')]).toEqual([
    REAL + 3,
    REAL + 3,
    REAL,
    REAL,
    REAL,
  ]);
  expect(reads).toEqual([
    ['qa', ''],
    ['b', ''],
  ]);

  reads.length = 0;
  const known = toClockBook(new Map([['qa', { offsetMs: 40, frozenAtMs: null }]]), ['qa', ''], () => REAL);
  const afterTrip = requestClock(clocks, known);
  expect([await afterTrip('qa'), await afterTrip(''), await afterTrip('b')]).toEqual([REAL + 40, REAL, REAL]);
  expect(reads).toEqual([['b', '']]);
});

test("clear forgets every clock, the deployment's too", async () => {
  const clocks = createSessionClocks(createMemoryClockStore(), () => REAL);
  await clocks.change('', { kind: 'advance', byMs: 1 });
  await clocks.change('qa', { kind: 'advance', byMs: 1 });
  await clocks.clear();
  expect([await clocks.view(''), await clocks.view('qa')]).toEqual([aView('', REAL), aView('qa', REAL)]);
  expect(clocks.realNow()).toBe(REAL);
});
