import { ALL, createJournalChains, toChainKind } from '../../mock/core/journal-chains';
import type { ChainKind, JournalChains } from '../../mock/core/journal-chains';

// The newest-first lists a journal page walks: every entry, the unmatched ones, one session's, one
// session's unmatched; a slot leaves them when the ring overwrites it or its session is cleared.

/** A chain read whole, newest first, by following older() from newest(). */
function walk(chains: JournalChains, kind: ChainKind, session = ''): number[] {
  const slots: number[] = [];
  for (let slot = chains.newest(kind, session); slot !== -1; slot = chains.older(slot, kind)) slots.push(slot);
  return slots;
}

test("a filter reads the narrowest chain: all 0, unmatched 1, a session 2, a session's unmatched 3", () => {
  expect([
    toChainKind(undefined, false),
    toChainKind(undefined, true),
    toChainKind('qa', false),
    toChainKind('qa', true),
    toChainKind('', false),
    ALL,
  ]).toEqual([0, 1, 2, 3, 2, 0]);
});

test('an empty ring has no newest slot in any chain and no session slots', () => {
  const chains = createJournalChains(4);
  expect([
    walk(chains, 0),
    walk(chains, 1),
    walk(chains, 2, 'qa'),
    walk(chains, 3, 'qa'),
    chains.newest(0, ''),
    chains.slotsOf('qa'),
  ]).toEqual([[], [], [], [], -1, []]);
});

test('linked slots are read newest first in every chain they belong to, slot 0 included', () => {
  const chains = createJournalChains(8);
  chains.link(0, 'qa', true);
  chains.link(1, 'dev', false);
  chains.link(2, 'qa', false);
  chains.link(3, 'dev', true);
  expect({
    all: walk(chains, 0),
    unmatched: walk(chains, 1),
    qa: walk(chains, 2, 'qa'),
    qaUnmatched: walk(chains, 3, 'qa'),
    dev: walk(chains, 2, 'dev'),
    devUnmatched: walk(chains, 3, 'dev'),
    other: walk(chains, 2, 'other'),
    qaSlots: chains.slotsOf('qa'),
    devSlots: chains.slotsOf('dev'),
  }).toEqual({
    all: [3, 2, 1, 0],
    unmatched: [3, 0],
    qa: [2, 0],
    qaUnmatched: [0],
    dev: [3, 1],
    devUnmatched: [3],
    other: [],
    qaSlots: [0, 2],
    devSlots: [1, 3],
  });
});

test('unlinking the oldest, a middle and the newest slot mends every chain; an unlinked slot still leads to what was older', () => {
  const chains = createJournalChains(8);
  for (let slot = 0; slot < 6; slot += 1) chains.link(slot, slot % 2 === 0 ? 'qa' : 'dev', slot % 3 === 0);
  // Unmatched: 0 and 3. qa: 0, 2, 4. dev: 1, 3, 5.
  chains.unlink(0, 'qa', true);
  expect([
    walk(chains, 0),
    walk(chains, 1),
    walk(chains, 2, 'qa'),
    walk(chains, 3, 'qa'),
    chains.slotsOf('qa'),
  ]).toEqual([[5, 4, 3, 2, 1], [3], [4, 2], [], [2, 4]]);
  chains.unlink(3, 'dev', true);
  expect([
    walk(chains, 0),
    walk(chains, 1),
    walk(chains, 2, 'dev'),
    walk(chains, 3, 'dev'),
    chains.slotsOf('dev'),
  ]).toEqual([[5, 4, 2, 1], [], [5, 1], [], [1, 5]]);
  // A page cursor on slot 3 goes on to what was older than it when it left.
  expect([chains.older(3, 0), chains.older(3, 2)]).toEqual([2, 1]);
  chains.unlink(5, 'dev', false);
  expect([walk(chains, 0), walk(chains, 2, 'dev'), chains.slotsOf('dev'), chains.newest(0, '')]).toEqual([
    [4, 2, 1],
    [1],
    [1],
    4,
  ]);
  // New links after the mends land as the newest.
  chains.link(0, 'dev', true);
  expect([
    walk(chains, 0),
    walk(chains, 1),
    walk(chains, 2, 'dev'),
    walk(chains, 3, 'dev'),
    chains.slotsOf('dev'),
  ]).toEqual([[0, 4, 2, 1], [0], [0, 1], [0], [1, 0]]);
});

test('a session whose last slot leaves is forgotten, and a later slot of that name starts it afresh', () => {
  const chains = createJournalChains(4);
  chains.link(1, 'qa', true);
  chains.unlink(1, 'qa', true);
  expect([
    walk(chains, 0),
    walk(chains, 1),
    walk(chains, 2, 'qa'),
    walk(chains, 3, 'qa'),
    chains.slotsOf('qa'),
  ]).toEqual([[], [], [], [], []]);
  chains.link(2, 'qa', false);
  expect([walk(chains, 2, 'qa'), walk(chains, 3, 'qa'), chains.slotsOf('qa')]).toEqual([[2], [], [2]]);
});

test('unlinking a slot of a session never linked leaves the other chains whole', () => {
  const chains = createJournalChains(4);
  chains.link(0, 'qa', true);
  chains.link(1, 'qa', true);
  chains.unlink(1, 'ghost', true);
  expect([walk(chains, 2, 'qa'), walk(chains, 3, 'qa'), chains.slotsOf('qa')]).toEqual([
    [1, 0],
    [1, 0],
    [0, 1],
  ]);
});

test('the last slot of the ring (capacity - 1) links and unlinks in every kind without touching another kind', () => {
  const chains = createJournalChains(3);
  chains.link(2, 'qa', true);
  chains.link(0, 'qa', false);
  expect([walk(chains, 0), walk(chains, 1), walk(chains, 2, 'qa'), walk(chains, 3, 'qa')]).toEqual([
    [0, 2],
    [2],
    [0, 2],
    [2],
  ]);
  chains.unlink(2, 'qa', true);
  expect([
    walk(chains, 0),
    walk(chains, 1),
    walk(chains, 2, 'qa'),
    walk(chains, 3, 'qa'),
    chains.slotsOf('qa'),
  ]).toEqual([[0], [], [0], [], [0]]);
});

test('reset forgets every chain and session; links start again from nothing', () => {
  const chains = createJournalChains(4);
  chains.link(0, 'qa', true);
  chains.link(1, 'dev', false);
  chains.reset();
  expect([
    walk(chains, 0),
    walk(chains, 1),
    walk(chains, 2, 'qa'),
    walk(chains, 2, 'dev'),
    chains.slotsOf('qa'),
    chains.older(1, 0),
  ]).toEqual([[], [], [], [], [], -1]);
  chains.link(3, 'qa', false);
  expect([walk(chains, 0), walk(chains, 2, 'qa'), chains.slotsOf('qa')]).toEqual([[3], [3], [3]]);
});
