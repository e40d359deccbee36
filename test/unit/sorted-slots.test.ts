import { createSortedSlots } from '../../mock/core/sorted-slots';

// An ordered set of slots under a comparison of their keys (what a token store or rule store pages
// through): checked whole against a plain sorted list, across the block boundaries (the first block
// of 4 doubling to 256, a full block splitting, an emptied block dropped).

/** Slot i's key is keys[i]; ties ordered by slot, as the stores do. */
function anOrder(keys: number[]) {
  const order = createSortedSlots((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
  const sorted = (slots: number[]): number[] =>
    [...slots].sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
  return { order, sorted };
}

/** A fixed shuffle of 0..n-1 (a linear congruential walk), the same every run. */
function shuffled(n: number): number[] {
  const slots = Array.from({ length: n }, (_unused, i) => i);
  let state = 12345;
  for (let i = n - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [slots[i], slots[j]] = [slots[j] as number, slots[i] as number];
  }
  return slots;
}

test('an empty order has size 0 and pages nothing from either end, with or without a bound', () => {
  const { order } = anOrder([]);
  expect([
    order.size,
    order.pageDown(10),
    order.pageUp(10),
    order.pageDown(10, () => 1),
    order.pageUp(10, () => -1),
  ]).toEqual([0, [], [], [], []]);
  order.remove(3);
  expect(order.size).toBe(0);
});

test.each([1, 4, 5, 8, 9, 255, 256, 257, 512, 513, 1_000])(
  '%i slots added in a shuffled order page out whole, highest first and lowest first',
  (n) => {
    const keys = Array.from({ length: n }, (_unused, i) => (i * 7919) % 1009);
    const { order, sorted } = anOrder(keys);
    for (const slot of shuffled(n)) order.add(slot);
    const ascending = sorted(keys.map((_key, slot) => slot));
    expect(order.size).toBe(n);
    expect(order.pageUp(n + 1)).toEqual(ascending);
    expect(order.pageDown(n + 1)).toEqual([...ascending].reverse());
  },
);

test.each([[256], [257], [700]])('%i slots appended in key order (the usual new record) page out in order', (n) => {
  const keys = Array.from({ length: n }, (_unused, i) => i);
  const { order } = anOrder(keys);
  for (let slot = 0; slot < n; slot += 1) order.add(slot);
  expect(order.pageUp(n)).toEqual(keys);
  expect(order.pageDown(3)).toEqual([n - 1, n - 2, n - 3]);
});

test('a page stops at its limit exactly: 0 gives nothing, 1 the end, the size everything', () => {
  const keys = Array.from({ length: 600 }, (_unused, i) => 600 - i);
  const { order, sorted } = anOrder(keys);
  for (const slot of shuffled(600)) order.add(slot);
  const ascending = sorted(keys.map((_key, slot) => slot));
  expect([order.pageDown(0), order.pageUp(0)]).toEqual([[], []]);
  // Slot 0 has the highest key (600), slot 599 the lowest (1).
  expect([order.pageDown(1), order.pageUp(1)]).toEqual([[0], [599]]);
  expect(order.pageUp(300)).toEqual(ascending.slice(0, 300));
  expect(order.pageDown(300)).toEqual([...ascending].reverse().slice(0, 300));
  expect(order.pageUp(600)).toEqual(ascending);
});

test('a page from a bound starts just past it, from every point of a 600-slot order, and across blocks', () => {
  const n = 600;
  const keys = Array.from({ length: n }, (_unused, i) => (i * 37) % n);
  const { order, sorted } = anOrder(keys);
  for (const slot of shuffled(n)) order.add(slot);
  const ascending = sorted(keys.map((_key, slot) => slot));
  for (let position = 0; position < n; position += 1) {
    const key = keys[ascending[position] as number] as number;
    // Below the key of the slot at `position`: the slots before it, highest first.
    expect(order.pageDown(5, (slot) => (keys[slot] as number) - key)).toEqual(
      ascending.slice(Math.max(0, position - 5), position).reverse(),
    );
    // Above it: the slots after it, lowest first.
    expect(order.pageUp(5, (slot) => (keys[slot] as number) - key)).toEqual(
      ascending.slice(position + 1, position + 6),
    );
  }
  // Bounds outside every key: everything, or nothing.
  expect([order.pageDown(2, () => -1), order.pageDown(2, () => 1)]).toEqual([ascending.slice(-2).reverse(), []]);
  expect([order.pageUp(2, () => 1), order.pageUp(2, () => -1)]).toEqual([ascending.slice(0, 2), []]);
});

test('a bound between keys (no slot at it) pages from the nearest slots on its side', () => {
  const keys = [10, 20, 30, 40, 50, 60];
  const { order } = anOrder(keys);
  for (const slot of [3, 0, 5, 1, 4, 2]) order.add(slot);
  const between =
    (key: number) =>
    (slot: number): number =>
      (keys[slot] as number) - key;
  expect(order.pageDown(2, between(35))).toEqual([2, 1]);
  expect(order.pageUp(2, between(35))).toEqual([3, 4]);
  expect(order.pageDown(9, between(10.5))).toEqual([0]);
  expect(order.pageUp(9, between(59.5))).toEqual([5]);
});

test('removing slots (from the middle, the ends, whole blocks) leaves exactly the rest in order; a slot not in is left alone', () => {
  const n = 700;
  const keys = Array.from({ length: n }, (_unused, i) => (i * 13) % n);
  const { order, sorted } = anOrder(keys);
  for (const slot of shuffled(n)) order.add(slot);
  const ascending = sorted(keys.map((_key, slot) => slot));
  // Every other slot of the first half, then the lowest 100 and the highest 50.
  const removed = new Set([
    ...ascending.filter((_slot, i) => i < 350 && i % 2 === 0),
    ...ascending.slice(0, 100),
    ...ascending.slice(-50),
  ]);
  for (const slot of removed) order.remove(slot);
  const left = ascending.filter((slot) => !removed.has(slot));
  expect(order.size).toBe(left.length);
  expect(order.pageUp(n)).toEqual(left);
  expect(order.pageDown(n)).toEqual([...left].reverse());
  // Removed already, or never added with a key between others: nothing changes.
  order.remove(ascending[0] as number);
  expect(order.size).toBe(left.length);
  for (const slot of left) order.remove(slot);
  expect([order.size, order.pageUp(5), order.pageDown(5)]).toEqual([0, [], []]);
  // Empty again, it takes new slots.
  order.add(7);
  expect([order.size, order.pageUp(5)]).toEqual([1, [7]]);
});

test('removing a slot that was never added, its key equal to one that was, removes nothing', () => {
  const keys = [5, 5, 5, 9];
  const { order } = anOrder(keys);
  order.add(0);
  order.add(2);
  order.add(3);
  order.remove(1);
  expect([order.size, order.pageUp(9)]).toEqual([3, [0, 2, 3]]);
  order.remove(2);
  expect([order.size, order.pageUp(9)]).toEqual([2, [0, 3]]);
});

test('clear empties the order, and it fills again from nothing', () => {
  const keys = Array.from({ length: 300 }, (_unused, i) => i);
  const { order } = anOrder(keys);
  for (let slot = 0; slot < 300; slot += 1) order.add(slot);
  order.clear();
  expect([order.size, order.pageUp(5), order.pageDown(5)]).toEqual([0, [], []]);
  for (const slot of [9, 3, 6]) order.add(slot);
  expect([order.size, order.pageUp(5), order.pageDown(5)]).toEqual([3, [3, 6, 9], [9, 6, 3]]);
});
