import type { ClockChange, ClockState } from './clock';
import { REAL_TIME, applyClockChange, mockTimeOf } from './clock';
import type { IdleClockOptions, IdleClocks } from './idle-clocks';
import { createIdleClocks } from './idle-clocks';

// The store port and the deployment's name live below this file and idle-clocks.ts, which both use them.
export { DEPLOYMENT, MAX_SESSION_CLOCKS } from './clock-store';
export type { ClockStore, ClockWrite } from './clock-store';
import type { ClockStore } from './clock-store';
import { DEPLOYMENT, MAX_SESSION_CLOCKS } from './clock-store';

/**
 * The clocks as read at one moment, each still running with real time: a session without a clock of
 * its own shows the deployment's. `covers` says which sessions the reading holds (others must be read).
 */
export interface ClockBook {
  covers(session: string): boolean;
  /** Whether the session has a clock of its own (else it follows the deployment's). */
  hasOwnClock(session: string): boolean;
  stateOf(session: string): ClockState;
  /** The session's mock time now (ms). */
  now(session: string): number;
  /** The sessions read that have a clock of their own (the deployment's aside). */
  sessionsWithOwnClock(): string[];
}

/**
 * A book over read states; `sessions` the ones the read asked for ('all' when it read every clock).
 * @example toClockBook(new Map([['qa', { offsetMs: 1, frozenAtMs: null }]]), 'all', () => 0).now('qa') // 1
 */
export function toClockBook(
  states: ReadonlyMap<string, ClockState>,
  sessions: 'all' | readonly string[],
  realNow: () => number,
): ClockBook {
  return new StatesBook(states, sessions, realNow);
}

/** A class, not a literal of closures: a book is made for every request, and one object is all it costs. */
class StatesBook implements ClockBook {
  constructor(
    private readonly states: ReadonlyMap<string, ClockState>,
    private readonly sessions: 'all' | readonly string[],
    private readonly realNow: () => number,
  ) {}

  covers(session: string): boolean {
    return this.sessions === 'all' || this.sessions.includes(session);
  }

  hasOwnClock(session: string): boolean {
    return this.states.has(session);
  }

  stateOf(session: string): ClockState {
    return this.states.get(session) ?? this.states.get(DEPLOYMENT) ?? REAL_TIME;
  }

  now(session: string): number {
    return mockTimeOf(this.stateOf(session), this.realNow());
  }

  sessionsWithOwnClock(): string[] {
    return [...this.states.keys()].filter((session) => session !== DEPLOYMENT);
  }
}

/** One session's clock as the admin API and the library show it. */
export interface ClockView {
  session: string;
  nowMs: number;
  frozen: boolean;
  offsetMs: number;
  /** False: the session follows the deployment's clock. */
  ownClock: boolean;
}

type ClockChangeOutcome =
  { kind: 'changed'; clock: ClockView } | { kind: 'refused'; reason: 'out-of-range' | 'full'; detail: string };

/** Every session's clock, over a store: read as books, changed one session at a time. */
export interface SessionClocks {
  readonly realNow: () => number;
  /** These sessions' clocks (and the deployment's) as stored now: one read on a shared store. */
  read(sessions: readonly string[]): Promise<ClockBook>;
  /** Every clock (to judge tokens of many sessions at once). */
  readAll(): Promise<ClockBook>;
  /** Every clock at once, without waiting, when the store is in this process's memory; undefined on a shared store. */
  readLocal(): ClockBook | undefined;
  /** One session's clock. */
  view(session: string): Promise<ClockView>;
  /** The sessions with a clock of their own (not the deployment), in no order. */
  owners(): Promise<string[]>;
  /**
   * Sets, advances or resets one session's clock ('' the deployment's), answered once stored. A session's
   * reset forgets its clock: it follows the deployment's again (the deployment's reset is real time).
   */
  change(session: string, change: ClockChange): Promise<ClockChangeOutcome>;
  clear(): Promise<void>;
  /** Activity, and the forgetting of clocks idle for the idle time (`--session-idle`). */
  readonly idle: IdleClocks;
}

/** A writer that keeps losing to other writers: give up rather than spin. */
const MAX_WRITE_ATTEMPTS = 100;

/**
 * The session clocks over a store.
 * @example
 * const clocks = createSessionClocks(createMemoryClockStore(), Date.now);
 * await clocks.change('qa', { kind: 'advance', byMs: 3_600_000 });
 */
export function createSessionClocks(
  store: ClockStore,
  realNow: () => number,
  idleOptions: IdleClockOptions = {},
): SessionClocks {
  const idle = createIdleClocks(store, realNow, idleOptions);
  // A store in memory: one book over its snapshot, kept until a clock changes (the hot path reads it every request).
  let local: { states: ReadonlyMap<string, ClockState>; book: ClockBook } | undefined;
  const readLocal =
    store.snapshot === undefined
      ? () => undefined
      : (): ClockBook => {
          const states = (store.snapshot as () => ReadonlyMap<string, ClockState>)();
          if (local?.states !== states) local = { states, book: toClockBook(states, 'all', realNow) };
          return local.book;
        };
  const read = (sessions: readonly string[]): Promise<ClockBook> => {
    const book = readLocal();
    if (book !== undefined) return Promise.resolve(book);
    const asked = sessions.includes(DEPLOYMENT) ? sessions : [...sessions, DEPLOYMENT];
    return store.read(asked).then((states) => toClockBook(states, asked, realNow));
  };
  const toView = (book: ClockBook, session: string): ClockView => {
    const state = book.stateOf(session);
    return {
      session,
      nowMs: book.now(session),
      frozen: state.frozenAtMs !== null,
      offsetMs: state.offsetMs,
      ownClock: session !== DEPLOYMENT && book.hasOwnClock(session),
    };
  };
  return {
    realNow,
    read,
    readAll: async () => readLocal() ?? toClockBook(await store.read(), 'all', realNow),
    readLocal,
    view: async (session) => toView(await read([session]), session),
    owners: async () => [...(await store.read()).keys()].filter((session) => session !== DEPLOYMENT),
    async change(session, change) {
      // The cap is reached only while no clock is idle: idle ones are forgotten once before refusing.
      let swept = false;
      for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
        const book = await read([session]);
        const own = book.hasOwnClock(session) ? book.stateOf(session) : null;
        const moved = applyClockChange(book.stateOf(session), change, realNow());
        if (moved === undefined) return { kind: 'refused', reason: 'out-of-range', detail: OUT_OF_RANGE };
        // A reset forgets the session's clock: the deployment's is real time, a session's follows the deployment's.
        const next = change.kind === 'reset' ? null : moved;
        const written = await store.write(session, own, next);
        if (written === 'full' && !swept && (await idle.sweep()).length > 0) swept = true;
        else if (written === 'full') return { kind: 'refused', reason: 'full', detail: FULL };
        if (written === 'written' && next !== null) await idle.changed(session, realNow());
        if (written === 'written') return { kind: 'changed', clock: toView(await read([session]), session) };
      }
      throw new Error(
        `the clock of session ${JSON.stringify(session)} kept changing under ${MAX_WRITE_ATTEMPTS} attempts to move it`,
      );
    },
    clear: () => store.clear(),
    idle,
  };
}

const OUT_OF_RANGE =
  "The mock's clock stays between 1970-01-01 and 9999-12-31; this would move it outside. " +
  'POST /__admin/clock/reset goes back to real time.';
const FULL =
  `${MAX_SESSION_CLOCKS} sessions have a clock of their own already, the most the mock keeps; ` +
  'reset one (POST /__admin/clock/reset or POST /__admin/reset with its X-Mock-Session) first.';

/** Clocks in this process's memory; `restore` puts a state file's clocks in place at start. */
export type MemoryClockStore = ClockStore & { restore(states: ReadonlyMap<string, ClockState>): void };

/**
 * Clocks in this process's memory.
 * @example const clocks = createSessionClocks(createMemoryClockStore(), Date.now);
 */
export function createMemoryClockStore(maxSessions = MAX_SESSION_CLOCKS): MemoryClockStore {
  // Never changed in place: a change makes a new map, so a snapshot handed out stays as it was.
  let clocks = new Map<string, ClockState>();
  // Not part of a snapshot: recording activity must not make the hot path's book anew.
  const touched = new Map<string, number>();
  const same = (a: ClockState | undefined, b: ClockState | null): boolean =>
    a === undefined ? b === null : b !== null && a.offsetMs === b.offsetMs && a.frozenAtMs === b.frozenAtMs;
  return {
    async read(sessions) {
      if (sessions === undefined) return new Map(clocks);
      const found = new Map<string, ClockState>();
      for (const session of sessions) {
        const state = clocks.get(session);
        if (state !== undefined) found.set(session, state);
      }
      return found;
    },
    async write(session, expected, next) {
      const current = clocks.get(session);
      if (!same(current, expected)) return 'changed';
      if (next === null) {
        clocks = new Map(clocks);
        clocks.delete(session);
        touched.delete(session);
        return 'written';
      }
      const others = clocks.size - (clocks.has(DEPLOYMENT) ? 1 : 0);
      if (current === undefined && session !== DEPLOYMENT && others >= maxSessions) return 'full';
      clocks = new Map(clocks).set(session, { offsetMs: next.offsetMs, frozenAtMs: next.frozenAtMs });
      return 'written';
    },
    async clear() {
      clocks = new Map();
      touched.clear();
    },
    async touch(session, atMs) {
      if (clocks.has(session)) touched.set(session, atMs);
    },
    async lastActive() {
      return new Map(touched);
    },
    async forgetIdle(session, cutoffMs) {
      const at = touched.get(session);
      // Gone already, never recorded, or active since: kept.
      if (!clocks.has(session) || at === undefined || at > cutoffMs) return false;
      clocks = new Map(clocks);
      clocks.delete(session);
      touched.delete(session);
      return true;
    },
    restore(states) {
      clocks = new Map();
      touched.clear();
      for (const [session, state] of states) clocks.set(session, { ...state });
    },
    snapshot: () => clocks,
  };
}

/**
 * What one request needs of the clocks: a session's time, each session read at most once. The time
 * itself when it is at hand (the clocks in memory, or a session already read), else a promise of it.
 */
export type RequestClock = ((session: string) => number | Promise<number>) & {
  /** Whether the session has a clock of its own, as read for this request (false when not read yet). */
  owns?(session: string): boolean;
};

/**
 * A request's clock: the sessions a store step already read (one-trip.ts) come from that reading,
 * any other is read once (with the deployment's) and kept for the rest of the request.
 * @example const nowOf = requestClock(core.clocks); await nowOf('qa-anna')
 */
export function requestClock(clocks: SessionClocks, known?: ClockBook): RequestClock {
  // A plain function answering a number where it can: it runs twice
  // a request on the hot path, and a promise there costs a turn.
  const books: ClockBook[] = known === undefined ? [] : [known];
  const owns = (session: string): boolean => books.some((book) => book.covers(session) && book.hasOwnClock(session));
  const clock = (session: string): number | Promise<number> => {
    for (const book of books) if (book.covers(session)) return book.now(session);
    const local = clocks.readLocal();
    if (local !== undefined) {
      books.push(local);
      return local.now(session);
    }
    return clocks.read([session]).then((book) => {
      books.push(book);
      return book.now(session);
    });
  };
  return Object.assign(clock, { owns });
}
