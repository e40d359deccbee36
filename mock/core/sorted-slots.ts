/** Slots (or any int32 values) kept in the order of a comparison, read from either end or from any point. */
export interface SortedSlots {
  readonly size: number;
  /** Adds a slot that is not in yet: O(log n + B). */
  add(slot: number): void;
  /** Removes a slot that is in (its key must not have changed since it was added): O(log n + B). */
  remove(slot: number): void;
  /**
   * Up to `limit` slots, highest first, from the top or from below a bound: `below(slot)` is
   * negative for the slots under it. O(log n + limit), whatever the size.
   */
  pageDown(limit: number, below?: (slot: number) => number): number[];
  /** Up to `limit` slots, lowest first, from the bottom or above a bound (`above(slot)` positive for those over it). */
  pageUp(limit: number, above?: (slot: number) => number): number[];
  clear(): void;
}

/** Slots a block holds at most: inserting moves at most this many, finding one reads ~log2 of the rest. */
const BLOCK_SIZE = 256;
const FIRST_BLOCK_SIZE = 4;

/**
 * Creates an ordered set of slots under `compare` (a total order of the slots' keys, read from
 * the record table's columns), kept in sorted blocks of at most BLOCK_SIZE slots (4 bytes a slot):
 * an insert or removal is a binary search over the blocks and one inside a block, then a move of at
 * most one block; a page starts with the same search and reads only its slots. Appending the
 * highest key (the usual new record) lands in the last block.
 * @example
 * const order = createSortedSlots((a, b) => issuedAt[a] - issuedAt[b]);
 * order.add(3); order.pageDown(10) // [3]
 */
export function createSortedSlots(compare: (a: number, b: number) => number): SortedSlots {
  let blocks: Int32Array[] = [];
  let counts: number[] = [];
  let size = 0;
  const lastOf = (block: number): number => (blocks[block] as Int32Array)[(counts[block] as number) - 1] as number;
  /** The first block whose last slot is not below `slot` (or -1: all are). */
  const blockFor = (slot: number, inclusive: boolean): number => {
    let low = 0;
    let high = blocks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = compare(lastOf(middle), slot);
      if (order > 0 || (inclusive && order === 0)) high = middle;
      else low = middle + 1;
    }
    return low < blocks.length ? low : -1;
  };
  /** The first index in the block whose slot is above (or, inclusive, not below) `slot`. */
  const indexIn = (block: number, slot: number, inclusive: boolean): number => {
    const slots = blocks[block] as Int32Array;
    let low = 0;
    let high = counts[block] as number;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = compare(slots[middle] as number, slot);
      if (order > 0 || (inclusive && order === 0)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  const split = (block: number): void => {
    const slots = blocks[block] as Int32Array;
    const half = BLOCK_SIZE >>> 1;
    const upper = new Int32Array(BLOCK_SIZE);
    upper.set(slots.subarray(half, BLOCK_SIZE));
    blocks.splice(block + 1, 0, upper);
    counts.splice(block + 1, 0, BLOCK_SIZE - half);
    counts[block] = half;
  };

  return {
    get size() {
      return size;
    },
    add(slot) {
      if (blocks.length === 0) {
        // A small first block that doubles as it fills: a session of one token costs 16 bytes, not 1 KiB.
        blocks = [new Int32Array(FIRST_BLOCK_SIZE)];
        counts = [0];
      }
      const last = blocks.length - 1;
      const lastCount = counts[last] as number;
      // The usual new record sorts above every slot: appended to the last block without a search.
      if (size > 0 && lastCount < (blocks[last] as Int32Array).length && compare(lastOf(last), slot) < 0) {
        (blocks[last] as Int32Array)[lastCount] = slot;
        counts[last] = lastCount + 1;
        size += 1;
        return;
      }
      let block = blockFor(slot, false);
      if (block < 0 && counts[blocks.length - 1] === BLOCK_SIZE) {
        // Above every slot and the last block full: a new block (appending keeps blocks full, not half).
        blocks.push(new Int32Array(BLOCK_SIZE));
        counts.push(0);
      }
      if (block < 0) block = blocks.length - 1;
      if (counts[block] === BLOCK_SIZE) {
        split(block);
        if (compare(lastOf(block), slot) < 0) block += 1;
      } else if (counts[block] === (blocks[block] as Int32Array).length) {
        const grown = new Int32Array(Math.min(BLOCK_SIZE, (counts[block] as number) * 2));
        grown.set(blocks[block] as Int32Array);
        blocks[block] = grown;
      }
      const slots = blocks[block] as Int32Array;
      const count = counts[block] as number;
      const at = indexIn(block, slot, false);
      slots.copyWithin(at + 1, at, count);
      slots[at] = slot;
      counts[block] = count + 1;
      size += 1;
    },
    remove(slot) {
      const block = blockFor(slot, true);
      if (block < 0) return;
      const slots = blocks[block] as Int32Array;
      const count = counts[block] as number;
      const at = indexIn(block, slot, true);
      if (slots[at] !== slot) return;
      slots.copyWithin(at, at + 1, count);
      counts[block] = count - 1;
      size -= 1;
      if (count === 1) {
        blocks.splice(block, 1);
        counts.splice(block, 1);
      }
    },
    pageDown(limit, below) {
      const out: number[] = [];
      let block = blocks.length - 1;
      let at = block < 0 ? -1 : (counts[block] as number) - 1;
      if (below !== undefined && block >= 0) [block, at] = lastBelow(blocks, counts, below);
      for (; block >= 0 && out.length < limit; block -= 1, at = block < 0 ? -1 : (counts[block] as number) - 1) {
        const slots = blocks[block] as Int32Array;
        for (; at >= 0 && out.length < limit; at -= 1) out.push(slots[at] as number);
      }
      return out;
    },
    pageUp(limit, above) {
      const out: number[] = [];
      let [block, at] = above === undefined ? [0, 0] : lastBelow(blocks, counts, (slot) => (above(slot) > 0 ? 1 : -1));
      if (above !== undefined)
        [block, at] = block < 0 ? [0, 0] : at + 1 < (counts[block] as number) ? [block, at + 1] : [block + 1, 0];
      for (; block < blocks.length && out.length < limit; block += 1, at = 0) {
        const slots = blocks[block] as Int32Array;
        for (; at < (counts[block] as number) && out.length < limit; at += 1) out.push(slots[at] as number);
      }
      return out;
    },
    clear() {
      blocks = [];
      counts = [];
      size = 0;
    },
  };
}

/** The block and index of the highest slot under the bound ([-1, -1] when none is). */
function lastBelow(
  blocks: readonly Int32Array[],
  counts: readonly number[],
  below: (slot: number) => number,
): [number, number] {
  // The last block whose first slot is under the bound, then the last index under it there.
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (below((blocks[middle] as Int32Array)[0] as number) < 0) low = middle + 1;
    else high = middle;
  }
  const block = low - 1;
  if (block < 0) return [-1, -1];
  const slots = blocks[block] as Int32Array;
  let first = 0;
  let last = counts[block] as number;
  while (first < last) {
    const middle = (first + last) >>> 1;
    if (below(slots[middle] as number) < 0) first = middle + 1;
    else last = middle;
  }
  return [block, first - 1];
}
