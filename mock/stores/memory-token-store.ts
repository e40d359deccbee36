import type { ForcedUse, TokenStore, ViewTokenRecord } from '../core/token-store';
import { DEFAULT_MAX_VIEW_TOKENS } from '../core/token-store';
import { StoreFullError } from '../core/store-errors';
import type { RecordKey } from './record-table';
import { createRecordTable } from './record-table';

/** Records one reclaim step removes at most, so a sweep never stalls the event loop. */
const RECLAIM_STEP = 5_000;
/** ...and hands back after about this long (cold code, a busy machine or cache misses make 5,000 slow). */
const RECLAIM_STEP_MS = 2;
const TIME_CHECK_EVERY = 16;
/** Slots of a new or emptied store; the columns double from here as records come. */
const INITIAL_CAPACITY = 1_024;

/** The memory store, with what `--state-file` needs beyond the port. */
export interface MemoryTokenStore extends TokenStore {
  /** Its cap (`--max-view-tokens`). */
  readonly maxRecords: number;
  /**
   * Stores the record, replacing one stored under its token, even beyond the cap: for loading a
   * state file, whose loader checks the cap once everything is in.
   */
  put(record: ViewTokenRecord): void;
  /**
   * Up to `limit` records from slot `from` on, and the slot to go on from (undefined at the end): a
   * walk in small steps, with changes allowed between steps (a record stays in its slot for its life;
   * one added or removed meanwhile may be seen or not, which the state file's change log makes good).
   */
  scan(from: number, limit: number): { records: ViewTokenRecord[]; next: number | undefined };
}

/**
 * The embedded in-memory store: records in a column table (see createRecordTable), so a million
 * live tokens take ~120 bytes of RSS each and give the GC almost nothing to trace or free when
 * they expire. Reads hand out a fresh record object each time. Reclaiming sweeps the slots
 * round-robin from where the last step stopped: a step removes at most RECLAIM_STEP records (and
 * stops after ~RECLAIM_STEP_MS) and returns 0 only after a whole pass found nothing, so there is no
 * expiry index to keep up on every use. A page of one session or of all reads only its records
 * (see RecordTable.pageDown), whatever the store holds.
 * @example const store = createMemoryTokenStore();
 */
export function createMemoryTokenStore(maxRecords = DEFAULT_MAX_VIEW_TOKENS): MemoryTokenStore {
  // One table for the store's life, cleared in place: a new one would bring new closures, which
  // lose V8's optimised code, and the next sweep of a million records would run cold.
  const table = createRecordTable(INITIAL_CAPACITY);
  // The last forced use of a token, by its slot (a record keeps its slot for life): rare, so outside the columns.
  const forced = new Map<number, ForcedUse>();
  const read = (slot: number): ViewTokenRecord => {
    const record = table.read(slot);
    // Nothing ever forced (the usual case): the record as the columns hold it.
    if (forced.size === 0) return record;
    const lastForced = forced.get(slot);
    return lastForced === undefined ? record : { ...record, lastForced };
  };
  let cursor = 0;
  const remove = (slot: number): void => {
    if (forced.size > 0) forced.delete(slot);
    table.remove(slot);
    // An emptied store gives its columns back (a million expired tokens leave ~100 MB behind otherwise).
    if (table.count === 0 && table.capacity > INITIAL_CAPACITY) {
      table.clear();
      cursor = 0;
    }
  };
  return {
    async insert(record) {
      if (table.count >= maxRecords) throw new StoreFullError(maxRecords);
      return table.insert(record);
    },
    async find(token) {
      const slot = table.slotOf(token);
      return slot < 0 ? undefined : read(slot);
    },
    async touch(token, usedAtMs, activeAfterMs) {
      const slot = table.slotOf(token);
      if (slot < 0) return { kind: 'unknown' };
      const used = table.touch(slot, usedAtMs, activeAfterMs);
      return { kind: used ? 'used' : 'inactive', record: read(slot) };
    },
    async delete(token) {
      const slot = table.slotOf(token);
      if (slot < 0) return false;
      remove(slot);
      return true;
    },
    async markForced(token, use) {
      const slot = table.slotOf(token);
      if (slot < 0) return undefined;
      forced.set(slot, { ...use });
      return read(slot);
    },
    async list({ session }) {
      // Built synchronously (persisted-state relies on it): one consistent moment.
      return table.pageDown(session, Infinity).map(read);
    },
    async page({ session, limit, cursor }) {
      const after = cursor === undefined ? undefined : fromCursor(cursor);
      if (after === null) return undefined;
      // One more than asked says whether a next page exists.
      const slots = table.pageDown(session, limit + 1, after);
      const items = slots.slice(0, limit).map(read);
      const last = items.length > 0 && slots.length > limit ? slots[limit - 1] : undefined;
      return { items, ...(last === undefined ? {} : { nextCursor: toCursor(table.keyOf(last)) }) };
    },
    async count(session) {
      return session === undefined ? table.count : table.countOf(session);
    },
    async reclaim(lastActiveBeforeMs, sessionCutoffs) {
      const startedMs = performance.now();
      const bySession = sessionCutoffs === undefined ? undefined : table.sessionCutoffs(sessionCutoffs);
      let removed = 0;
      for (let unread = table.slotsUsed; unread > 0 && removed < RECLAIM_STEP;) {
        if (cursor >= table.slotsUsed) cursor = 0;
        const to = Math.min(table.slotsUsed, cursor + unread);
        const stale = table.findStale(cursor, to, lastActiveBeforeMs, bySession);
        const next = stale < 0 ? to : stale + 1;
        unread -= next - cursor;
        cursor = next;
        if (stale < 0) continue;
        remove(stale);
        removed += 1;
        if (table.count === 0 || (removed % TIME_CHECK_EVERY === 0 && performance.now() - startedMs > RECLAIM_STEP_MS))
          break;
      }
      return removed;
    },
    async clear() {
      table.clear();
      forced.clear();
      cursor = 0;
    },
    async deleteInSession(session, limit) {
      const slots = table.pageDown(session, limit);
      for (const slot of slots) remove(slot);
      return slots.length;
    },
    maxRecords,
    put(record) {
      const slot = table.slotOf(record.token);
      if (slot >= 0) forced.delete(slot);
      if (slot >= 0) table.remove(slot);
      const { lastForced, ...columns } = record;
      table.insert(columns);
      if (lastForced !== undefined) forced.set(table.slotOf(record.token), { ...lastForced });
    },
    scan(from, limit) {
      const records: ViewTokenRecord[] = [];
      let slot = from;
      for (; slot < table.slotsUsed && records.length < limit; slot += 1)
        if (table.isLive(slot)) records.push(read(slot));
      return { records, next: slot < table.slotsUsed ? slot : undefined };
    },
  };
}

/** A page cursor: where the page's last record stood (issue time, insertion order). */
function toCursor({ issuedAtMs, seq }: RecordKey): string {
  return `${issuedAtMs}.${seq}`;
}

/** The key a cursor names; null when it is not one toCursor made. */
function fromCursor(cursor: string): RecordKey | null {
  const match = /^(-?\d{1,16})\.(\d{1,16})$/.exec(cursor);
  return match ? { issuedAtMs: Number(match[1]), seq: Number(match[2]) } : null;
}
