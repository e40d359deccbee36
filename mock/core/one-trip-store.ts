import type { AccessTokenRecord } from './access-token-store';
import type { ClockState } from './clock';
import type { JournalRecord } from './journal';
import type { TouchResult, ViewTokenRecord } from './token-store';

/**
 * The store step a one-trip request makes besides journaling: none, an insert (issued at the mock time
 * of the request's session, which the store reads in the same step), or a use (judged on the clock of
 * the token's session, read in the same step: the token knows its session).
 */
export type TripEffect =
  | { kind: 'none' }
  | { kind: 'insert'; record: Omit<ViewTokenRecord, 'issuedAtMs'> }
  | { kind: 'touch'; token: string; ttlMs: number };

/** Everything one service request changes, for a shared store to do in one atomic step. */
export interface Trip {
  /** Nothing is done ('rules') when this session holds any rule: the request must see them first. */
  session: string;
  /**
   * Instead of `session`: the session of this View Token ('' when the store has no such token), read in
   * the same step. A call carrying a View Token and naming no session belongs to the token's session.
   */
  sessionOfToken?: string;
  /** Nothing is done ('stale') unless the store still holds this granted Access Token, live on the session's clock. */
  accessToken?: AccessTokenRecord;
  effect: TripEffect;
  /** Journaled on the session's clock: its `status`, or `refusedStatus` if a touched token is unknown or expired. */
  journal: Omit<JournalRecord, 'atMs'>;
  refusedStatus: number;
  /** This process's real time: the store reads each clock's state in the step and puts the mock time on it. */
  realNowMs: number;
}

/** The clocks a trip read (by session; a session without its own is absent), for the step-by-step way that follows. */
export interface TripClocks {
  sessions: readonly string[];
  states: ReadonlyMap<string, ClockState>;
}

/**
 * `rules`: the session holds rules (their version); `stale`: the Access Token is gone or expired;
 * `taken`: the drafted token was stored already (nothing done); `done`: `atMs` is the mock time the
 * step ran at in the request's session (the journal entry's, and an inserted token's issue time).
 */
export type TripOutcome =
  | ({ kind: 'rules'; version?: string; clocks: TripClocks } & TookSession)
  | ({ kind: 'stale'; clocks: TripClocks } & TookSession)
  | { kind: 'taken' }
  | ({ kind: 'done'; atMs: number; touched?: TouchResult; ownClock?: boolean } & TookSession);

/** With `sessionOfToken`: the session the store found the token in, which the step ran in. */
interface TookSession {
  session?: string;
}

/**
 * A shared store (Redis) that does a request's rule check, Access Token check, clock reading, token
 * step and journal entry in one round trip. Throws StoreFullError when an insert meets the store's cap.
 */
export interface OneTripStore {
  run(trip: Trip): Promise<TripOutcome>;
}

/** The status a trip journaled. */
export function journaledStatus(trip: Trip, outcome: TripOutcome): number {
  return outcome.kind === 'done' && outcome.touched !== undefined && outcome.touched.kind !== 'used'
    ? trip.refusedStatus
    : trip.journal.status;
}
