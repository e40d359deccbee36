import type { ObjectType } from '../core/object-types';
import type { ViewTokenRecord } from '../core/token-store';
import { createInt64Column } from './int64-column';
import { createInternTable } from './intern-table';
import { fromNameKey, toNameKey } from './name-keys';
import { createRecordColumns, growRecordColumns } from './record-columns';
import { createSessionLists } from './session-lists';
import { createTokenIndex } from './token-index';

/** View Token records kept column by column, one slot per record. */
export interface RecordTable {
  /** Live records. */
  readonly count: number;
  /** Slots below this are, or were, in use. */
  readonly slotsUsed: number;
  readonly capacity: number;
  /** Forgets every record and goes back to the first capacity, giving the columns' memory back. */
  clear(): void;
  /** The token's slot, or -1. */
  slotOf(token: string): number;
  /** Stores the record in a free slot; false when its token is already stored. */
  insert(record: ViewTokenRecord): boolean;
  /** A fresh record object from the slot (callers may keep or change it). */
  read(slot: number): ViewTokenRecord;
  /** Records a use if the slot was last active after `activeAfterMs`; false (nothing changed) if not. */
  touch(slot: number, usedAtMs: number, activeAfterMs: number): boolean;
  remove(slot: number): void;
  /**
   * The first live slot in [from, to) last active before its cut-off, or -1: its session's in
   * `bySession` (see sessionCutoffs), else `lastActiveBeforeMs`.
   */
  findStale(from: number, to: number, lastActiveBeforeMs: number, bySession?: SessionCutoffs): number;
  /** Cut-offs by session name as findStale reads them (sessions holding no record are left out). */
  sessionCutoffs(byName: ReadonlyMap<string, number>): SessionCutoffs;
  /**
   * Up to `limit` slots of one session (or of all), newest issue first (the latest inserted first
   * among equal issue times), from the newest or after `after` (a key keyOf gave, its record
   * possibly gone since). O(log n + limit).
   */
  pageDown(session: string | undefined, limit: number, after?: RecordKey): number[];
  /** Where the slot's record stands in that order. */
  keyOf(slot: number): RecordKey;
  /** Live records of one session (or all): O(1). */
  countOf(session: string | undefined): number;
  /** Whether the slot holds a record. */
  isLive(slot: number): boolean;
}

/** Cut-offs by session id, and the highest of them (a slot last active at or after it is kept whatever its session). */
interface SessionCutoffs {
  readonly byId: ReadonlyMap<number, number>;
  readonly highest: number;
}

/** A record's place in the table's order: its issue time, then when it was inserted. */
export interface RecordKey {
  issuedAtMs: number;
  seq: number;
}

const LIVE = 1;
/** lastUsedAtMs is not null (it is then the slot's last activity). */
const USED = 2;
const NAME_WITH_ID = 4;
const HAS_EXTENSION = 8;

/**
 * Creates an empty table: numbers in typed arrays (RecordColumns), shared strings interned, ids
 * packed (Int64Column), tokens packed (TokenIndex), freed slots reused, columns doubled when full.
 * About 100 bytes a record and no heap object per record, so a million records cost the GC next to
 * nothing to trace. A factory of closures like the rest of the code; its parts are in their own files.
 * @example
 * const table = createRecordTable(1024);
 * table.insert(record); // table.read(table.slotOf(record.token)) deep-equals record
 */
export function createRecordTable(initialCapacity: number): RecordTable {
  let capacity = initialCapacity;
  let count = 0;
  let slotsUsed = 0;
  let freeCount = 0;
  let nextSeq = 0;
  let columns = createRecordColumns(capacity);
  const types = createInternTable();
  const names = createInternTable();
  const extensions = createInternTable();
  const objectIds = createInt64Column(capacity);
  const integrateIds = createInt64Column(capacity);
  // Reads the columns at each call: growing replaces them.
  const byKey = (a: number, b: number): number =>
    (columns.issuedAt[a] as number) - (columns.issuedAt[b] as number) ||
    (columns.seq[a] as number) - (columns.seq[b] as number);
  const sessions = createSessionLists(capacity, byKey);
  const tokens = createTokenIndex(capacity);
  const parts = [objectIds, integrateIds, sessions, tokens];

  const takeSlot = (): number => {
    if (freeCount > 0) return columns.freeSlots[--freeCount] as number;
    if (slotsUsed === capacity) {
      capacity *= 2;
      columns = growRecordColumns(columns, capacity);
      for (const part of parts) part.grow(capacity);
    }
    return slotsUsed++;
  };

  return {
    get count() {
      return count;
    },
    get slotsUsed() {
      return slotsUsed;
    },
    get capacity() {
      return capacity;
    },
    clear() {
      capacity = initialCapacity;
      count = slotsUsed = freeCount = nextSeq = 0;
      columns = createRecordColumns(capacity);
      for (const table of [types, names, extensions]) table.clear();
      for (const part of parts) part.reset(capacity);
    },
    slotOf: (token) => tokens.slotOf(token),
    insert(record) {
      if (tokens.slotOf(record.token) >= 0) return false;
      const slot = takeSlot();
      const name = toNameKey(record.name, record.objectId);
      const { flags, issuedAt, lastActive, uses, typeOf, nameOf, extensionOf } = columns;
      tokens.add(record.token, slot);
      objectIds.set(slot, record.objectId);
      integrateIds.set(slot, record.integrateId);
      typeOf[slot] = types.hold(record.objectType);
      nameOf[slot] = names.hold(name.key);
      if (record.extension !== undefined) extensionOf[slot] = extensions.hold(record.extension);
      issuedAt[slot] = record.issuedAtMs;
      lastActive[slot] = record.lastUsedAtMs ?? record.issuedAtMs;
      uses[slot] = record.uses;
      flags[slot] =
        LIVE |
        (record.lastUsedAtMs === null ? 0 : USED) |
        (name.withId ? NAME_WITH_ID : 0) |
        (record.extension === undefined ? 0 : HAS_EXTENSION);
      columns.seq[slot] = nextSeq++;
      // Last: the order reads the key columns just written.
      sessions.add(slot, record.session);
      count += 1;
      return true;
    },
    read(slot) {
      const flag = columns.flags[slot] as number;
      const token = tokens.tokenAt(slot);
      const objectType = types.valueOf(columns.typeOf[slot] as number) as ObjectType;
      const objectId = objectIds.get(slot) as ViewTokenRecord['objectId'];
      const session = sessions.sessionAt(slot);
      const nameKey = names.valueOf(columns.nameOf[slot] as number);
      const name = flag & NAME_WITH_ID ? fromNameKey(nameKey, objectId) : nameKey;
      const issuedAtMs = columns.issuedAt[slot] as number;
      const lastUsedAtMs = flag & USED ? (columns.lastActive[slot] as number) : null;
      const uses = columns.uses[slot] as number;
      // Literals of their final shape: a property added later costs V8 a second allocation.
      const record: ViewTokenRecord =
        flag & HAS_EXTENSION
          ? {
              token,
              objectType,
              objectId,
              session,
              extension: extensions.valueOf(columns.extensionOf[slot] as number),
              name,
              issuedAtMs,
              lastUsedAtMs,
              uses,
            }
          : { token, objectType, objectId, session, name, issuedAtMs, lastUsedAtMs, uses };
      const integrateId = integrateIds.get(slot);
      if (integrateId !== undefined) record.integrateId = integrateId;
      return record;
    },
    touch(slot, usedAtMs, activeAfterMs) {
      const { flags, lastActive, uses } = columns;
      const last = lastActive[slot] as number;
      if (last <= activeAfterMs) return false;
      lastActive[slot] = Math.max(last, usedAtMs);
      uses[slot] = (uses[slot] as number) + 1;
      flags[slot] = (flags[slot] as number) | USED;
      return true;
    },
    remove(slot) {
      const flag = columns.flags[slot] as number;
      tokens.remove(slot);
      objectIds.clear(slot);
      integrateIds.clear(slot);
      sessions.remove(slot);
      types.release(columns.typeOf[slot] as number);
      names.release(columns.nameOf[slot] as number);
      if (flag & HAS_EXTENSION) extensions.release(columns.extensionOf[slot] as number);
      columns.flags[slot] = 0;
      columns.freeSlots[freeCount++] = slot;
      count -= 1;
    },
    findStale(from, to, lastActiveBeforeMs, bySession) {
      const { flags, lastActive } = columns;
      if (bySession === undefined || bySession.byId.size === 0) {
        for (let slot = from; slot < to; slot += 1) {
          if ((lastActive[slot] as number) < lastActiveBeforeMs && ((flags[slot] as number) & LIVE) !== 0) return slot;
        }
        return -1;
      }
      const highest = Math.max(lastActiveBeforeMs, bySession.highest);
      for (let slot = from; slot < to; slot += 1) {
        const last = lastActive[slot] as number;
        if (last >= highest || ((flags[slot] as number) & LIVE) === 0) continue;
        if (last < (bySession.byId.get(sessions.sessionIdAt(slot)) ?? lastActiveBeforeMs)) return slot;
      }
      return -1;
    },
    sessionCutoffs(byName) {
      const byId = new Map<number, number>();
      for (const [session, cutoff] of byName) {
        const id = sessions.idOfSession(session);
        if (id !== undefined) byId.set(id, cutoff);
      }
      return { byId, highest: Math.max(-Infinity, ...byId.values()) };
    },
    pageDown(session, limit, after) {
      if (after === undefined) return sessions.pageDown(session, limit);
      const { issuedAt, seq } = columns;
      return sessions.pageDown(
        session,
        limit,
        (slot) => (issuedAt[slot] as number) - after.issuedAtMs || (seq[slot] as number) - after.seq,
      );
    },
    keyOf: (slot) => ({ issuedAtMs: columns.issuedAt[slot] as number, seq: columns.seq[slot] as number }),
    countOf: (session) => sessions.countOf(session),
    isLive: (slot) => slot < slotsUsed && ((columns.flags[slot] as number) & LIVE) !== 0,
  };
}
