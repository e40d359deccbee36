import type { ChainKind } from './journal-chains';
import { createJournalChains, toChainKind } from './journal-chains';

/** One request to a service route, as the journal keeps it (never an Authorization value). */
export interface JournalEntry {
  id: number;
  /** Mock-clock time the request was answered (ISO 8601). */
  at: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  session: string;
  operationId: string;
  hasAuthorization: boolean;
  /** 0 when a fault answered instead. */
  status: number;
  /** What was forced ("code=403", "scenario=forbidden (rule r2)", "fault=…"), or null. */
  outcome: string | null;
  /** Contract violations found in the exchange (`--proxy`, `--validate-responses`); absent when none. */
  violations?: readonly string[];
}

/** A match for `POST /__admin/requests/count`: every given field must match. */
export interface JournalMatch {
  method?: string;
  path?: string;
  /** A subset of the query: each given parameter must have this value. */
  query?: Record<string, string>;
  session?: string;
  operationId?: string;
  status?: number;
}

/** What the core records of one request: the journal numbers it, and dates it (`at`) when read. */
export type JournalRecord = Omit<JournalEntry, 'id' | 'at'> & { atMs: number };

/** The bounded request journal (newest first; the oldest entries make room for new ones). */
export interface Journal {
  readonly capacity: number;
  record(record: JournalRecord): Promise<void>;
  /** Newest first. */
  list(filter: JournalFilter): Promise<JournalEntry[]>;
  count(match: JournalMatch): Promise<number>;
  clear(session?: string): Promise<void>;
}

/** `before`: only entries numbered below it (the next page of a newest-first list). */
export interface JournalFilter {
  session?: string | undefined;
  limit?: number | undefined;
  before?: number | undefined;
  /** Only requests that matched no service route (operationId `""`). */
  unmatched?: boolean | undefined;
}

export const DEFAULT_JOURNAL_SIZE = 1_000;

/** A record dated as the journal shows it (the debug log's form; entries add their number). */
export function toDatedRequest({ atMs, ...fields }: JournalRecord): Omit<JournalEntry, 'id'> {
  return { at: new Date(atMs).toISOString(), ...fields };
}

const LIVE = 1;
const HAS_AUTHORIZATION = 2;

/**
 * This process's journal: a ring of preallocated columns, so recording a request keeps one new
 * string alive (its query, as JSON) and an entry object is built only when the admin API reads.
 * At 2,000 req/s a ring of 1,000 holds half a second: entry objects lived long enough to be
 * promoted to V8's old space and be freed only by full GCs, the mock's latency tail.
 * Entries are also linked newest first in chains (all, unmatched, per session, per session
 * unmatched: journal-chains.ts), so a page of any filter reads only its entries, and a cursor
 * resumes from its entry's place: O(page), whatever the journal holds. A count walks the chain of
 * its session (or all), reading columns, not building entries.
 * (Several mocks on Redis share one journal instead: mock/stores/redis-journal.ts.)
 * @example const journal = createJournal(1000);
 */
export function createJournal(capacity = DEFAULT_JOURNAL_SIZE): Journal {
  const flags = new Uint8Array(capacity);
  const ids = new Float64Array(capacity);
  const atMs = new Float64Array(capacity);
  const statuses = new Uint16Array(capacity);
  // Stryker disable next-line ArrayDeclaration,StringLiteral:
  // preallocation only; a slot is read only once a record has written it
  const strings = (): string[] => new Array<string>(capacity).fill('');
  const methods = strings(),
    paths = strings(),
    queries = strings(),
    sessions = strings(),
    operationIds = strings();
  // Stryker disable next-line ArrayDeclaration: preallocation only; a slot is read only once a record has written it
  const outcomes = new Array<string | null>(capacity).fill(null);
  // Stryker disable next-line ArrayDeclaration: preallocation only; a slot is read only once a record has written it
  const violations = new Array<readonly string[] | undefined>(capacity).fill(undefined);
  const chains = createJournalChains(capacity);
  let written = 0;
  const read = (slot: number): JournalEntry => ({
    id: ids[slot] as number,
    at: new Date(atMs[slot] as number).toISOString(),
    method: methods[slot] as string,
    path: paths[slot] as string,
    query: JSON.parse(queries[slot] as string) as JournalEntry['query'],
    session: sessions[slot] as string,
    operationId: operationIds[slot] as string,
    hasAuthorization: ((flags[slot] as number) & HAS_AUTHORIZATION) !== 0,
    status: statuses[slot] as number,
    outcome: outcomes[slot] ?? null,
    ...(violations[slot] === undefined ? {} : { violations: violations[slot] }),
  });
  const live = (slot: number): boolean => ((flags[slot] as number) & LIVE) !== 0;
  const unmatchedAt = (slot: number): boolean => operationIds[slot] === '';
  const inChain = (slot: number, kind: ChainKind, session: string): boolean =>
    (kind % 2 === 0 || unmatchedAt(slot)) && (kind < 2 || sessions[slot] === session);
  const remove = (slot: number): void => {
    chains.unlink(slot, sessions[slot] as string, unmatchedAt(slot));
    flags[slot] = 0;
  };
  /** The live entry older than the slot's in the chain (through entries unlinked since), or -1. */
  const liveOlder = (slot: number, kind: ChainKind): number => {
    let id = ids[slot] as number;
    for (let next = chains.older(slot, kind); next >= 0; next = chains.older(next, kind)) {
      // A slot the ring wrote again holds a newer entry: everything older is gone.
      if ((ids[next] as number) >= id) return -1;
      if (live(next)) return next;
      id = ids[next] as number;
    }
    return -1;
  };
  /** Where a page starts: the chain's newest entry, or the first one below the cursor's id. */
  const startOf = (kind: ChainKind, session: string, before: number | undefined): number => {
    if (before === undefined || before > written) return chains.newest(kind, session);
    const slot = (before - 1) % capacity;
    if (before <= written - capacity || before < 1) return -1;
    if (ids[slot] === before && inChain(slot, kind, session)) return liveOlder(slot, kind);
    // A cursor another list gave: the newest entry of this one below it, by id.
    for (let id = before - 1; id >= 1 && id > written - capacity; id -= 1) {
      const at = (id - 1) % capacity;
      if (live(at) && inChain(at, kind, session)) return at;
    }
    return -1;
  };
  return {
    capacity,
    async record(record) {
      const slot = written % capacity;
      if (live(slot)) remove(slot);
      flags[slot] = LIVE | (record.hasAuthorization ? HAS_AUTHORIZATION : 0);
      ids[slot] = written + 1;
      atMs[slot] = record.atMs;
      statuses[slot] = record.status;
      methods[slot] = record.method;
      paths[slot] = record.path;
      queries[slot] = JSON.stringify(record.query);
      sessions[slot] = record.session;
      operationIds[slot] = record.operationId;
      outcomes[slot] = record.outcome;
      violations[slot] = record.violations;
      chains.link(slot, record.session, record.operationId === '');
      written += 1;
    },
    async list({ session, limit = Infinity, before, unmatched = false }) {
      const kind = toChainKind(session, unmatched);
      const out: JournalEntry[] = [];
      for (
        let slot = startOf(kind, session ?? '', before);
        slot >= 0 && out.length < limit;
        slot = chains.older(slot, kind)
      )
        out.push(read(slot));
      return out;
    },
    async count(match) {
      const kind = toChainKind(match.session, match.operationId === '');
      let count = 0;
      for (let slot = chains.newest(kind, match.session ?? ''); slot >= 0; slot = chains.older(slot, kind)) {
        if (
          matchesColumns(slot, match) &&
          (match.query === undefined ||
            matchesQuery(JSON.parse(queries[slot] as string) as JournalEntry['query'], match.query))
        )
          count += 1;
      }
      return count;
    },
    async clear(session) {
      if (session === undefined) {
        flags.fill(0);
        chains.reset();
        return;
      }
      // Oldest first: each entry unlinked then points past the ones gone before it (one hop for a cursor).
      for (const slot of chains.slotsOf(session)) remove(slot);
    },
  };

  function matchesColumns(slot: number, match: JournalMatch): boolean {
    return (
      (match.method === undefined || match.method.toUpperCase() === methods[slot]) &&
      (match.path === undefined || match.path === paths[slot]) &&
      (match.session === undefined || match.session === sessions[slot]) &&
      (match.operationId === undefined || match.operationId === operationIds[slot]) &&
      (match.status === undefined || match.status === statuses[slot])
    );
  }
}

/** A session's entries (or everyone's), at most `limit` of them, in the order given. */
export function selectEntries(
  entries: JournalEntry[],
  { session, limit, before, unmatched }: JournalFilter,
): JournalEntry[] {
  const selected =
    session === undefined && before === undefined && !unmatched
      ? entries
      : entries.filter(
          (entry) =>
            (session === undefined || entry.session === session) &&
            (before === undefined || entry.id < before) &&
            (!unmatched || entry.operationId === ''),
        );
  return limit === undefined ? selected : selected.slice(0, limit);
}

/** How many entries match every field given. */
export function countEntries(entries: readonly JournalEntry[], match: JournalMatch): number {
  let count = 0;
  for (const entry of entries) if (matches(entry, match)) count += 1;
  return count;
}

function matches(entry: JournalEntry, match: JournalMatch): boolean {
  if (match.method !== undefined && match.method.toUpperCase() !== entry.method) return false;
  if (match.path !== undefined && match.path !== entry.path) return false;
  if (match.session !== undefined && match.session !== entry.session) return false;
  if (match.operationId !== undefined && match.operationId !== entry.operationId) return false;
  if (match.status !== undefined && match.status !== entry.status) return false;
  return matchesQuery(entry.query, match.query ?? {});
}

function matchesQuery(query: JournalEntry['query'], wanted: Record<string, string>): boolean {
  return Object.entries(wanted).every(([name, value]) => query[name] === value);
}
