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

/** The bounded request journal (a ring: the oldest entries make room for new ones). */
export interface Journal {
  readonly capacity: number;
  record(entry: Omit<JournalEntry, 'id'>): void;
  /** Newest first. */
  list(filter: { session?: string; limit?: number }): JournalEntry[];
  count(match: JournalMatch): number;
  clear(session?: string): void;
}

export const DEFAULT_JOURNAL_SIZE = 1_000;

/**
 * A preallocated ring buffer: recording is one array write, no copying or trimming.
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
    record(entry) {
      ring[written % capacity] = { id: written + 1, ...entry };
      written += 1;
    },
    list({ session, limit }) {
      const selected = entries().filter((entry) => session === undefined || entry.session === session);
      return limit === undefined ? selected : selected.slice(0, limit);
    },
    count: (match) => entries().filter((entry) => matches(entry, match)).length,
    clear(session) {
      if (session === undefined) {
        ring = new Array<JournalEntry | undefined>(capacity);
        return;
      }
      ring = ring.map((entry) => (entry?.session === session ? undefined : entry));
    },
  };
}

function matches(entry: JournalEntry, match: JournalMatch): boolean {
  if (match.method !== undefined && match.method.toUpperCase() !== entry.method) return false;
  if (match.path !== undefined && match.path !== entry.path) return false;
  if (match.session !== undefined && match.session !== entry.session) return false;
  if (match.operationId !== undefined && match.operationId !== entry.operationId) return false;
  if (match.status !== undefined && match.status !== entry.status) return false;
  return Object.entries(match.query ?? {}).every(([name, value]) => entry.query[name] === value);
}
