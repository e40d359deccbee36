import { createInternTable } from './intern-table';
import { withCapacity } from './slot-column';
import type { SortedSlots } from '../core/sorted-slots';
import { createSortedSlots } from '../core/sorted-slots';

/**
 * The records of each session and of all, each in the table's order (newest issue first), so a
 * page or count of one session costs that page, not the session's or the store's records.
 */
export interface SessionLists {
  add(slot: number, session: string): void;
  /** Forgets a slot (before its key columns change). */
  remove(slot: number): void;
  sessionAt(slot: number): string;
  /** The slot's session as a small number (the same for every slot of one session while it holds any). */
  sessionIdAt(slot: number): number;
  /** The number sessionIdAt gives a session's slots; undefined while the session holds none. */
  idOfSession(session: string): number | undefined;
  /**
   * Up to `limit` slots of one session (or of all), highest key first, from the top or from
   * under a bound (see SortedSlots.pageDown).
   */
  pageDown(session: string | undefined, limit: number, below?: (slot: number) => number): number[];
  /** How many slots the session (or all) holds. */
  countOf(session: string | undefined): number;
  grow(capacity: number): void;
  /** Forgets every session; room for `capacity` slots. */
  reset(capacity: number): void;
}

/**
 * Creates the session lists over the table's key order `compare` (which must not change while a
 * slot is held): one sorted set of all slots and one per session, and the session names interned
 * (one copy per session, not per record). A session of one slot keeps that slot alone, no sorted set
 * (a sorted set is ~1.5 KB of objects: with a session per token, tokens cost 12 times as much).
 * @example
 * const sessions = createSessionLists(1024, (a, b) => issuedAt[a] - issuedAt[b]);
 * sessions.add(3, 'qa'); // sessions.pageDown('qa', 10) → [3]
 */
export function createSessionLists(initialCapacity: number, compare: (a: number, b: number) => number): SessionLists {
  const names = createInternTable();
  let sessionOf = new Uint32Array(initialCapacity);
  const all = createSortedSlots(compare);
  /** Each held session id's own order, by id: its one slot, or a sorted set once it holds two. */
  const orders: (SortedSlots | number | undefined)[] = [];
  const orderOf = (session: string | undefined): SortedSlots | number | undefined => {
    if (session === undefined) return all;
    const id = names.idOf(session);
    return id === undefined ? undefined : orders[id];
  };
  return {
    add(slot, session) {
      const id = names.hold(session);
      sessionOf[slot] = id;
      const order = orders[id];
      if (order === undefined) orders[id] = slot;
      else if (typeof order !== 'number') order.add(slot);
      else {
        const sorted = createSortedSlots(compare);
        sorted.add(order);
        sorted.add(slot);
        orders[id] = sorted;
      }
      all.add(slot);
    },
    remove(slot) {
      const id = sessionOf[slot] as number;
      const order = orders[id];
      if (typeof order === 'number') orders[id] = undefined;
      else {
        order?.remove(slot);
        if (order?.size === 0) orders[id] = undefined;
      }
      all.remove(slot);
      names.release(id);
    },
    sessionAt: (slot) => names.valueOf(sessionOf[slot] as number),
    sessionIdAt: (slot) => sessionOf[slot] as number,
    idOfSession: (session) => names.idOf(session),
    pageDown(session, limit, below) {
      const order = orderOf(session);
      if (typeof order !== 'number') return order?.pageDown(limit, below) ?? [];
      // One slot: on the page when the page has room and the slot is under its bound.
      return limit > 0 && (below === undefined || below(order) < 0) ? [order] : [];
    },
    countOf(session) {
      const order = orderOf(session);
      return typeof order === 'number' ? 1 : (order?.size ?? 0);
    },
    grow(capacity) {
      sessionOf = withCapacity(sessionOf, capacity);
    },
    reset(capacity) {
      names.clear();
      orders.length = 0;
      all.clear();
      sessionOf = new Uint32Array(capacity);
    },
  };
}
