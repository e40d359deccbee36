import type { Int64 } from './int64';
import type { ObjectType } from './object-types';

/** One issued View Token, as stores keep it. Times are mock-clock milliseconds. */
export interface ViewTokenRecord {
  token: string;
  objectType: ObjectType;
  /** The object's id; for a child file, the file's id. */
  objectId: Int64;
  /** For a child file: the integration it was asked through. */
  integrateId?: Int64;
  /** The X-Mock-Session it was issued in ('' for the global session). */
  session: string;
  /** File extension of the object, where it is a file (drives the viewer's render type). */
  extension?: string;
  name: string;
  issuedAtMs: number;
  lastUsedAtMs: number | null;
  uses: number;
  /** The last use a rule or a switch answered (an "expired", a 401) instead of the token's real state; absent when none. */
  lastForced?: ForcedUse;
}

/** A use answered by force: what was forced, by which rule (null: the request's own Prefer or `__` switch), when (mock time). */
export interface ForcedUse {
  /** As `Preference-Applied` says it, e.g. `scenario=expired` or `code=401`. */
  outcome: string;
  rule: string | null;
  atMs: number;
}

/**
 * What a touch did: recorded the use (the record after it), refused a token not active since the
 * cutoff (the record as it stays), or found no such token.
 */
export type TouchResult =
  { kind: 'used'; record: ViewTokenRecord } | { kind: 'inactive'; record: ViewTokenRecord } | { kind: 'unknown' };

/**
 * The port every token store implements (memory, file snapshot, Redis). Stores keep records;
 * validity is decided by the core from the mock's clock, never by a store: the core hands a store
 * the cutoffs it computed (touch, reclaim) and the store only compares.
 */
export interface TokenStore {
  /** Stores a new record; false (and nothing changed) when the token is already stored. */
  insert(record: ViewTokenRecord): Promise<boolean>;
  find(token: string): Promise<ViewTokenRecord | undefined>;
  /**
   * Records a use if the token was last active after `activeAfterMs` (else leaves it as it is), in
   * one atomic step: lastUsedAtMs becomes the later of the two, uses grows by one.
   * @example await store.touch(token, now, now - ttlMs) // { kind: 'used', record } while now < lastActive + ttl
   */
  touch(token: string, usedAtMs: number, activeAfterMs: number): Promise<TouchResult>;
  delete(token: string): Promise<boolean>;
  /**
   * Records that a use of the token was answered by force (the rare path: an unforced use writes nothing
   * of it); the record after, or undefined when no such token is stored.
   */
  markForced(token: string, forced: ForcedUse): Promise<ViewTokenRecord | undefined>;
  /** Every record (of one session), newest issue first: a whole dump (state file), not for pages. */
  list(filter: { session?: string | undefined }): Promise<ViewTokenRecord[]>;
  /**
   * One page, newest issue first: at most `limit` records after `cursor` (a `nextCursor` this store
   * gave, its record possibly deleted since), costing the page, not the store (O(log n + limit)).
   * Undefined when the cursor is not one this store gives.
   * @example const first = await store.page({ limit: 2 }); await store.page({ limit: 2, cursor: first?.nextCursor })
   */
  page(query: TokenPageQuery): Promise<TokenPage | undefined>;
  /** Records held: of one session, or of all. */
  count(session?: string): Promise<number>;
  /**
   * Forgets records last active before their session's cutoff: `sessionCutoffs`' for the sessions it
   * names, `lastActiveBeforeMs` for any other. Works in bounded steps, never all at once; a record a
   * cutoff keeps never holds up the others.
   * @example await store.reclaim(now - day, new Map([['frozen-in-2020', Date.UTC(2019, 11, 31)]]))
   */
  reclaim(lastActiveBeforeMs: number, sessionCutoffs?: ReadonlyMap<string, number>): Promise<number>;
  clear(): Promise<void>;
  /**
   * Deletes up to `limit` records of one session (the newest first); returns how many (0: none was
   * left). A session's reset calls it step after step, yielding to requests in between.
   */
  deleteInSession(session: string, limit: number): Promise<number>;
}

/** Which page of View Tokens: one session's (or all) and where the previous page ended. */
interface TokenPageQuery {
  session?: string;
  limit: number;
  cursor?: string;
}

/** A page of records and, when more remain, the cursor of the next. */
export interface TokenPage {
  items: ViewTokenRecord[];
  nextCursor?: string;
}

/** When the token was last active: its last use, or its issue. */
export function lastActiveMs(record: ViewTokenRecord): number {
  return record.lastUsedAtMs ?? record.issuedAtMs;
}

/** View Tokens a store holds at most by default (memory: ~120 bytes each, about 240 MB). */
export const DEFAULT_MAX_VIEW_TOKENS = 2_000_000;
