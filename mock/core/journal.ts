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

/** The bounded request journal (newest first; the oldest entries make room for new ones). */
export interface Journal {
  readonly capacity: number;
  record(entry: Omit<JournalEntry, 'id'>): Promise<void>;
  /** Newest first. */
  list(filter: JournalFilter): Promise<JournalEntry[]>;
  count(match: JournalMatch): Promise<number>;
  clear(session?: string): Promise<void>;
}

export interface JournalFilter { session?: string; limit?: number }

export const DEFAULT_JOURNAL_SIZE = 1_000;

/**
 * This process's journal, a preallocated ring buffer: recording is one array write, no copying or
 * trimming. (Several mocks on Redis share one list instead: mock/stores/redis-journal.ts.)
 * @example const journal = createJournal(1000);
 */
export function createJournal(capacity = DEFAULT_JOURNAL_SIZE): Journal {
  let ring: (JournalEntry | undefined)[] = new Array<JournalEntry | undefined>(capacity);
  let written = 0;
  const entries = (): JournalEntry[] => {
    const out: JournalEntry[] = [];
    for (let i = written - 1; i >= Math.max(0, written - capacity); i--) {
      const entry = ring[i % capacity];
      if (entry) out.push(entry);
    }
    return out;
  };
  return {
    capacity,
    async record(entry) {
      ring[written % capacity] = { id: written + 1, ...entry };
      written += 1;
    },
    async list(filter) { return selectEntries(entries(), filter); },
    async count(match) { return countEntries(entries(), match); },
    async clear(session) {
      if (session === undefined) {
        ring = new Array<JournalEntry | undefined>(capacity);
        return;
      }
      ring = ring.map((entry) => (entry?.session === session ? undefined : entry));
    },
  };
}

/** A session's entries (or everyone's), at most `limit` of them, in the order given. */
export function selectEntries(entries: JournalEntry[], { session, limit }: JournalFilter): JournalEntry[] {
  const selected = session === undefined ? entries : entries.filter((entry) => entry.session === session);
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
