import type { ClockStore } from '../../mock/core/session-clocks';
import { createMemoryClockStore, createSessionClocks, requestClock } from '../../mock/core/session-clocks';

const HOUR_MS = 3_600_000;
const REAL_NOW_MS = Date.UTC(2026, 10, 28, 9, 0, 0);
const realNow = (): number => REAL_NOW_MS;

/** The same store, counting its asynchronous reads; `local: false` hides its snapshot, as a shared store has none. */
function countingReads(store: ClockStore, { local }: { local: boolean }): ClockStore & { reads: number } {
  const counted = {
    ...store,
    reads: 0,
    read: (sessions?: readonly string[]) => {
      counted.reads += 1;
      return store.read(sessions);
    },
  };
  if (!local) delete counted.snapshot;
  return counted;
}

test("a memory store's clocks are read without waiting, one book kept until a clock changes", async () => {
  const clocks = createSessionClocks(createMemoryClockStore(), realNow);
  const first = clocks.readLocal();
  expect(first).toBeDefined();
  expect(clocks.readLocal()).toBe(first);
  expect(first?.now('anna')).toBe(REAL_NOW_MS);

  await clocks.change('anna', { kind: 'advance', byMs: HOUR_MS });
  const second = clocks.readLocal();
  expect(second).not.toBe(first);
  expect(second?.now('anna')).toBe(REAL_NOW_MS + HOUR_MS);
  expect(second?.hasOwnClock('anna')).toBe(true);
  // The book made before the change still shows the clocks as they were: a change never edits a snapshot in place.
  expect(first?.now('anna')).toBe(REAL_NOW_MS);
  expect(first?.hasOwnClock('anna')).toBe(false);
});

test.each([
  ['a reset', { kind: 'reset' } as const],
  ['a clear', undefined],
])('%s makes a new snapshot too', async (_name, change) => {
  const clocks = createSessionClocks(createMemoryClockStore(), realNow);
  await clocks.change('ben', { kind: 'advance', byMs: 2 * HOUR_MS });
  const before = clocks.readLocal();
  if (change === undefined) await clocks.clear();
  else await clocks.change('ben', change);
  expect(clocks.readLocal()?.now('ben')).toBe(REAL_NOW_MS);
  expect(before?.now('ben')).toBe(REAL_NOW_MS + 2 * HOUR_MS);
});

test('a restored memory store is read as restored', () => {
  const store = createMemoryClockStore();
  const clocks = createSessionClocks(store, realNow);
  const before = clocks.readLocal();
  store.restore(new Map([['', { offsetMs: HOUR_MS, frozenAtMs: null }]]));
  expect(clocks.readLocal()?.now('anyone')).toBe(REAL_NOW_MS + HOUR_MS);
  expect(before?.now('anyone')).toBe(REAL_NOW_MS);
});

test('a request on a memory store has its times at once: numbers, not promises, and no store read', async () => {
  const store = countingReads(createMemoryClockStore(), { local: true });
  const clocks = createSessionClocks(store, realNow);
  await clocks.change('anna', { kind: 'set', atMs: Date.UTC(2030, 0, 1) });
  store.reads = 0;
  const nowOf = requestClock(clocks);
  expect(nowOf('anna')).toBe(Date.UTC(2030, 0, 1));
  expect(nowOf('ben')).toBe(REAL_NOW_MS);
  expect(await clocks.view('anna')).toEqual({
    session: 'anna',
    nowMs: Date.UTC(2030, 0, 1),
    frozen: false,
    offsetMs: Date.UTC(2030, 0, 1) - REAL_NOW_MS,
    ownClock: true,
  });
  expect((await clocks.readAll()).now('anna')).toBe(Date.UTC(2030, 0, 1));
  expect(store.reads).toBe(0);
});

test('a store without a snapshot (a shared one) is read through its promise, once a request', async () => {
  const store = countingReads(createMemoryClockStore(), { local: false });
  const clocks = createSessionClocks(store, realNow);
  expect(clocks.readLocal()).toBeUndefined();
  await clocks.change('anna', { kind: 'advance', byMs: HOUR_MS });
  store.reads = 0;
  const nowOf = requestClock(clocks);
  const first = nowOf('anna');
  expect(first).toBeInstanceOf(Promise);
  expect(await first).toBe(REAL_NOW_MS + HOUR_MS);
  // Read once: the same session's time is at hand for the rest of the request.
  expect(nowOf('anna')).toBe(REAL_NOW_MS + HOUR_MS);
  expect(store.reads).toBe(1);
  // Another session is not in what was read: read once more, with the deployment's.
  expect(await nowOf('ben')).toBe(REAL_NOW_MS);
  expect(store.reads).toBe(2);
});
