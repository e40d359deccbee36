import { createInternTable } from './intern-table';
import { withCapacity } from './slot-column';

/** The slots of each session, so listing one session costs that session's records, not all. */
export interface SessionLists {
  add(slot: number, session: string): void;
  remove(slot: number): void;
  sessionAt(slot: number): string;
  /** The session's slots, the latest added first. */
  slotsOf(session: string): number[];
  /** Every slot, session after session, each session's latest added first. */
  allSlots(): number[];
  grow(capacity: number): void;
  /** Forgets every session; room for `capacity` slots. */
  reset(capacity: number): void;
}

/**
 * Creates per-session doubly linked lists threaded through two slot columns (O(1) add and remove,
 * 8 bytes a record), with the session names interned: one copy per session, not per record.
 * @example
 * const sessions = createSessionLists(1024);
 * sessions.add(3, 'qa'); // sessions.slotsOf('qa') → [3]
 */
export function createSessionLists(initialCapacity: number): SessionLists {
  const names = createInternTable();
  let sessionOf = new Uint32Array(initialCapacity);
  // Links hold slot + 1; 0 ends a list (so new columns need no fill).
  let next = new Int32Array(initialCapacity);
  let previous = new Int32Array(initialCapacity);
  /** The first slot + 1 of each session id's list; 0 for none. */
  const heads: number[] = [];

  const collect = (head: number, into: number[]): void => {
    for (let link = head; link !== 0; link = next[link - 1] as number) into.push(link - 1);
  };
  return {
    add(slot, session) {
      const id = names.hold(session);
      const head = heads[id] ?? 0;
      sessionOf[slot] = id;
      next[slot] = head;
      previous[slot] = 0;
      if (head !== 0) previous[head - 1] = slot + 1;
      heads[id] = slot + 1;
    },
    remove(slot) {
      const id = sessionOf[slot] as number;
      const after = next[slot] as number;
      const before = previous[slot] as number;
      if (before === 0) heads[id] = after;
      else next[before - 1] = after;
      if (after !== 0) previous[after - 1] = before;
      names.release(id);
    },
    sessionAt: (slot) => names.valueOf(sessionOf[slot] as number),
    slotsOf(session) {
      const id = names.idOf(session);
      const slots: number[] = [];
      if (id !== undefined) collect(heads[id] ?? 0, slots);
      return slots;
    },
    allSlots() {
      const slots: number[] = [];
      for (const head of heads) collect(head, slots);
      return slots;
    },
    grow(capacity) {
      sessionOf = withCapacity(sessionOf, capacity);
      next = withCapacity(next, capacity);
      previous = withCapacity(previous, capacity);
    },
    reset(capacity) {
      names.clear();
      heads.length = 0;
      sessionOf = new Uint32Array(capacity);
      next = new Int32Array(capacity);
      previous = new Int32Array(capacity);
    },
  };
}
