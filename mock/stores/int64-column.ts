import type { Int64 } from '../core/int64';
import { withCapacity } from './slot-column';

/** An optional Int64 field of every record, kept exactly. */
export interface Int64Column {
  set(slot: number, value: Int64 | undefined): void;
  get(slot: number): Int64 | undefined;
  /** Forgets the slot's value (a string kept aside for an unusual one). */
  clear(slot: number): void;
  grow(capacity: number): void;
  /** Forgets every value; room for `capacity` slots. */
  reset(capacity: number): void;
}

/** Canonical decimals of at most 19 digits: the ones that survive a round trip through a bigint. */
const CANONICAL = /^(?:0|-?[1-9]\d{0,18})$/;
/** Up to 15 characters a canonical decimal is below 2^53: exact as a double, and quicker to read. */
const SMALL_LENGTH = 15;

const ABSENT = 0;
const SMALL = 1;
const BIG = 2;
const ASIDE = 3;

/**
 * Creates a column keeping each id in 8 bytes (no string per record): as a double when it is
 * small enough to be exact, else as a bigint, in two views of one buffer. A value that would not
 * come back identical (not canonical, out of range: a hand-edited state file) is kept aside as its
 * string, so every value reads back exactly as it was stored.
 * @example
 * const ids = createInt64Column(1024);
 * ids.set(0, '-9223372036854775808' as Int64); // ids.get(0) === '-9223372036854775808'
 */
export function createInt64Column(initialCapacity: number): Int64Column {
  let kinds = new Uint8Array(initialCapacity);
  let big = new BigInt64Array(initialCapacity);
  let small = new Float64Array(big.buffer);
  const aside = new Map<number, Int64>();
  const use = (nextKinds: typeof kinds, nextBig: typeof big): void => {
    kinds = nextKinds;
    big = nextBig;
    small = new Float64Array(big.buffer);
  };
  return {
    set(slot, value) {
      if (value === undefined) {
        kinds[slot] = ABSENT;
        return;
      }
      if (CANONICAL.test(value)) {
        if (value.length <= SMALL_LENGTH) {
          small[slot] = Number(value);
          kinds[slot] = SMALL;
          return;
        }
        const exact = BigInt(value);
        big[slot] = exact;
        // A BigInt64Array wraps silently: reading back tells whether it fitted.
        if (big[slot] === exact) {
          kinds[slot] = BIG;
          return;
        }
      }
      kinds[slot] = ASIDE;
      aside.set(slot, value);
    },
    get(slot) {
      const kind = kinds[slot];
      if (kind === SMALL) return String(small[slot]) as Int64;
      if (kind === BIG) return String(big[slot]) as Int64;
      return kind === ASIDE ? aside.get(slot) : undefined;
    },
    clear(slot) {
      if (kinds[slot] === ASIDE) aside.delete(slot);
      kinds[slot] = ABSENT;
    },
    grow: (capacity) => use(withCapacity(kinds, capacity), withCapacity(big, capacity)),
    reset(capacity) {
      aside.clear();
      use(new Uint8Array(capacity), new BigInt64Array(capacity));
    },
  };
}
