import { createMockCore } from '../../mock/compose/create-mock-core';
import { createCore } from '../../mock/core/create-core';
import { createSeededRandom } from '../../mock/core/random-source';
import { createMemoryClockStore, createSessionClocks } from '../../mock/core/session-clocks';
import type { TokenStore, ViewTokenRecord } from '../../mock/core/token-store';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';

// The review: a session's reset over 166k tokens held the event loop 378 ms (it listed them all, then
// deleted each, every step a microtask). It now goes in steps of 500, a turn of the loop between.

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const aRecord = (i: number, session: string): ViewTokenRecord => ({
  token: i.toString(16).padStart(32, '0'),
  objectType: 'file',
  objectId: String(i + 1) as ViewTokenRecord['objectId'],
  session,
  name: `model-${i + 1}.rvt`,
  issuedAtMs: T0 + i,
  lastUsedAtMs: null,
  uses: 0,
});

async function aStore(tokens: number, session: string): Promise<TokenStore> {
  const store = createMemoryTokenStore();
  for (let i = 0; i < tokens; i += 1) await store.insert(aRecord(i, session));
  await store.insert(aRecord(tokens, 'other'));
  return store;
}

test("a session's reset deletes 500 tokens a step and waits a turn between steps; other sessions keep theirs", async () => {
  const store = await aStore(1_250, 'big');
  const steps: string[] = [];
  const deleteInSession = store.deleteInSession;
  store.deleteInSession = async (session, limit) => {
    const deleted = await deleteInSession(session, limit);
    steps.push(`${session}: ${deleted} of ${limit}`);
    return deleted;
  };
  const core = createCore({
    clocks: createSessionClocks(createMemoryClockStore(), () => T0),
    random: createSeededRandom(1),
    store,
    yieldTurn: async () => void steps.push('turn'),
  });
  await core.reset('big');
  expect(steps).toEqual([
    'big: 500 of 500',
    'turn',
    'big: 500 of 500',
    'turn',
    'big: 250 of 500',
    'turn',
    'big: 0 of 500',
  ]);
  expect([await store.count('big'), await store.count('other')]).toEqual([0, 1]);
});

test("the mock's core lets a turn of the event loop (I/O, timers, setImmediate) run in the middle of a session's reset", async () => {
  const store = await aStore(5_000, 'big');
  const core = createMockCore({ store, realNow: () => T0 });
  let resetDone = false;
  const reset = core.reset('big').then(() => {
    resetDone = true;
  });
  // A callback of the next turn: it runs before the reset ends only if the reset yields.
  const seenByNextTurn = await new Promise<boolean>((resolve) => setImmediate(() => resolve(resetDone)));
  await reset;
  expect([seenByNextTurn, resetDone, await store.count('big')]).toEqual([false, true, 0]);
});
