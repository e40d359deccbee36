import type { AccessTokenRecord } from './access-token-store';
import type { JournalRecord } from './journal';
import type { TouchResult, ViewTokenRecord } from './token-store';

/** The store step a one-trip request makes besides journaling: none, an insert, or a use (touch). */
export type TripEffect =
  | { kind: 'none' }
  | { kind: 'insert'; record: ViewTokenRecord }
  | { kind: 'touch'; token: string; usedAtMs: number; activeAfterMs: number };

/** Everything one service request changes, for a shared store to do in one atomic step. */
export interface Trip {
  /** Nothing is done ('rules') when this session holds any rule: the request must see them first. */
  session: string;
  /** Nothing is done ('stale') unless the store still holds exactly this granted Access Token. */
  accessToken?: AccessTokenRecord;
  effect: TripEffect;
  /** Journaled with its `status`, or with `refusedStatus` when a touched token is unknown or inactive. */
  journal: JournalRecord;
  refusedStatus: number;
}

/** `rules`: the session holds rules (their version); `taken`: the drafted token was stored already (nothing done). */
export type TripOutcome =
  | { kind: 'rules'; version?: string }
  | { kind: 'stale' }
  | { kind: 'taken' }
  | { kind: 'done'; touched?: TouchResult };

/**
 * A shared store (Redis) that does a request's rule check, Access Token check, token step and journal
 * entry in one round trip. Throws StoreFullError when an insert meets the store's cap.
 */
export interface OneTripStore {
  run(trip: Trip): Promise<TripOutcome>;
}

/** The status a trip journaled. */
export function journaledStatus(trip: Trip, outcome: TripOutcome): number {
  return outcome.kind === 'done' && outcome.touched !== undefined && outcome.touched.kind !== 'used' ? trip.refusedStatus : trip.journal.status;
}
