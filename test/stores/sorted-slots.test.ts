import fc from 'fast-check';
import { createSortedSlots } from '../../mock/core/sorted-slots';

// The memory store's order of records (newest issue first, for every page), checked against a plain
// sorted array, and what a page or an insert costs counted in comparisons (never timed).

/** Keys of slots (a slot's key is keys[slot]) and a comparison that counts its calls. */
function keyed(keys: number[]): { compare: (a: number, b: number) => number; calls: () => number } {
  let calls = 0;
  return {
    compare: (a, b) => {
      calls += 1;
      return (keys[a] as number) - (keys[b] as number) || a - b;
    },
    calls: () => calls,
  };
}

test('added and removed in any order, the slots read from either end or from any bound, as a sorted array says', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ key: fc.integer({ min: 0, max: 50 }), remove: fc.boolean() }), { maxLength: 900 }),
      fc.integer({ min: 0, max: 60 }),
      fc.integer({ min: 1, max: 1_200 }),
      (steps, boundKey, limit) => {
        const keys = steps.map((step) => step.key);
        const { compare } = keyed(keys);
        const slots = createSortedSlots(compare);
        const model = new Set<number>();
        steps.forEach((step, slot) => {
          slots.add(slot);
          model.add(slot);
          // Remove an earlier one now and then (blocks empty, split and shrink on the way).
          if (step.remove && slot > 0) {
            const victim = slot - 1 - (step.key % Math.min(slot, 7));
            if (model.delete(victim)) slots.remove(victim);
          }
        });
        const expected = [...model].sort((a, b) => compare(b, a));
        const below = (slot: number): number => (keys[slot] as number) - boundKey;
        expect([slots.size, slots.pageDown(limit)]).toEqual([model.size, expected.slice(0, limit)]);
        expect(slots.pageDown(limit, below)).toEqual(expected.filter((slot) => below(slot) < 0).slice(0, limit));
        const ascending = [...expected].reverse();
        expect([slots.pageUp(limit), slots.pageUp(limit, below)]).toEqual([
          ascending.slice(0, limit),
          ascending.filter((slot) => below(slot) > 0).slice(0, limit),
        ]);
      },
    ),
    { numRuns: 200 },
  );
});

test('at 200,000 slots a page of 1 from under a bound costs ~2·log2(n) comparisons, an insert or removal about as many', () => {
  const n = 200_000;
  const keys = Array.from({ length: n + 1 }, (_unused, slot) => (slot * 7_919) % n);
  const counted = keyed(keys);
  const slots = createSortedSlots(counted.compare);
  for (let slot = 0; slot < n; slot += 1) slots.add(slot);
  const log2 = Math.ceil(Math.log2(n));
  const cost = (action: () => unknown): number => {
    const before = counted.calls();
    action();
    return counted.calls() - before;
  };
  const bound = n / 2;
  const pageCalls = cost(() =>
    expect(slots.pageDown(1, (slot) => (keys[slot] as number) - bound)).toEqual([keys.indexOf(bound - 1)]),
  );
  // The page's own comparisons: the bound's (`below`) calls are not the comparison's.
  expect([pageCalls, cost(() => slots.pageDown(1000))]).toEqual([0, 0]);
  let belowCalls = 0;
  slots.pageDown(1, (slot) => {
    belowCalls += 1;
    return (keys[slot] as number) - bound;
  });
  expect(belowCalls).toBeLessThanOrEqual(2 * log2);
  expect(cost(() => slots.add(n))).toBeLessThanOrEqual(2 * log2 + 2);
  expect(cost(() => slots.remove(12_345))).toBeLessThanOrEqual(2 * log2 + 2);
  expect(slots.size).toBe(n);
});
