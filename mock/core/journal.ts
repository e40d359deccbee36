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
  session?: string;
  limit?: number;
  before?: number;
  /** Only requests that matched no service route (operationId `""`). */
  unmatched?: boolean;
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
 * (Several mocks on Redis share one list instead: mock/stores/redis-journal.ts.)
 * @example const journal = createJournal(1000);
 */
export function createJournal(capacity = DEFAULT_JOURNAL_SIZE): Journal {
  const flags = new Uint8Array(capacity);
  const atMs = new Float64Array(capacity);
  const statuses = new Uint16Array(capacity);
  // Stryker disable next-line ArrayDeclaration,StringLiteral: preallocation only; a slot is read only once a record has written it
  const strings = (): string[] => new Array<string>(capacity).fill('');
  const methods = strings(), paths = strings(), queries = strings(), sessions = strings(), operationIds = strings();
  // Stryker disable next-line ArrayDeclaration: preallocation only; a slot is read only once a record has written it
  const outcomes = new Array<string | null>(capacity).fill(null);
  // Stryker disable next-line ArrayDeclaration: preallocation only; a slot is read only once a record has written it
  const violations = new Array<readonly string[] | undefined>(capacity).fill(undefined);
  let written = 0;
  const read = (slot: number, id: number): JournalEntry => ({
    id, at: new Date(atMs[slot] as number).toISOString(), method: methods[slot] as string, path: paths[slot] as string,
    query: JSON.parse(queries[slot] as string) as JournalEntry['query'], session: sessions[slot] as string,
    operationId: operationIds[slot] as string, hasAuthorization: ((flags[slot] as number) & HAS_AUTHORIZATION) !== 0,
    status: statuses[slot] as number, outcome: outcomes[slot] ?? null,
    ...(violations[slot] === undefined ? {} : { violations: violations[slot] }),
  });
  const entries = (): JournalEntry[] => {
    const out: JournalEntry[] = [];
    for (let i = written - 1; i >= Math.max(0, written - capacity); i--) {
      if ((flags[i % capacity] as number) & LIVE) out.push(read(i % capacity, i + 1));
    }
    return out;
  };
  return {
    capacity,
    async record(record) {
      const slot = written % capacity;
      flags[slot] = LIVE | (record.hasAuthorization ? HAS_AUTHORIZATION : 0);
      atMs[slot] = record.atMs;
      statuses[slot] = record.status;
      methods[slot] = record.method;
      paths[slot] = record.path;
      queries[slot] = JSON.stringify(record.query);
      sessions[slot] = record.session;
      operationIds[slot] = record.operationId;
      outcomes[slot] = record.outcome;
      violations[slot] = record.violations;
      written += 1;
    },
    async list(filter) { return selectEntries(entries(), filter); },
    async count(match) { return countEntries(entries(), match); },
    async clear(session) {
      for (let slot = 0; slot < capacity; slot += 1) {
        if (session === undefined || sessions[slot] === session) flags[slot] = 0;
      }
    },
  };
}

/** A session's entries (or everyone's), at most `limit` of them, in the order given. */
export function selectEntries(entries: JournalEntry[], { session, limit, before, unmatched }: JournalFilter): JournalEntry[] {
  const selected = session === undefined && before === undefined && !unmatched ? entries
    : entries.filter((entry) => (session === undefined || entry.session === session) && (before === undefined || entry.id < before) && (!unmatched || entry.operationId === ''));
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
  return Object.entries(match.query ?? {}).every(([name, value]) => entry.query[name] === value);
}
