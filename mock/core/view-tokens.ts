import type { RandomSource } from './random-source';
import type { RequestClock } from './session-clocks';
import { randomHex } from './random-source';
import type { TokenStore, TouchResult, ViewTokenRecord } from './token-store';
import { lastActiveMs } from './token-store';

/** The interface document's validity: 12 hours, reset by each use. */
export const VIEW_TOKEN_TTL_MS = 12 * 3_600_000;

/** What the core issues (the real service's format): 32 lowercase hex characters. */
export const VIEW_TOKEN_FORMAT = /^[0-9a-f]{32}$/;

/** Draws before giving up on finding an unused token (a CSPRNG never needs a second). */
const MAX_ISSUE_ATTEMPTS = 1_000_000;

type ViewTokenState = 'valid' | 'expired';

/** What the caller of `issue` says about the token; the rest is drawn, or the time of issue. */
export type NewRecordFields = Omit<ViewTokenRecord, 'token' | 'issuedAtMs' | 'lastUsedAtMs' | 'uses'>;

export type TokenUse =
  | { kind: 'valid'; record: ViewTokenRecord; expiresAtMs: number }
  | { kind: 'expired'; record: ViewTokenRecord; expiredAtMs: number }
  | { kind: 'unknown' };

/** The sliding-expiry lifecycle of View Tokens. */
export interface ViewTokens {
  readonly ttlMs: number;
  /** Issues a token at `nowMs` (the mock time of the session it is issued in). */
  issue(fields: NewRecordFields, nowMs: number): Promise<ViewTokenRecord>;
  /** A new record with a fresh token, not stored: for a store step that inserts it along with more (one-trip.ts). */
  draft(fields: NewRecordFields, nowMs: number): ViewTokenRecord;
  /** A drafted record that was never stored: its token is the next one drawn, so a seeded sequence stays as it was. */
  giveBack(record: ViewTokenRecord): void;
  /**
   * A use (the viewer's data request): slides the expiry when the token is still valid, judged on the
   * clock of the session the token was issued in (the viewer's request names none: the token knows it).
   */
  use(token: string, nowOf: RequestClock): Promise<TokenUse>;
  /** What a store's touch means for the token's validity. */
  toUse(touched: TouchResult): TokenUse;
  /** Reads without using (admin). */
  peek(token: string): Promise<ViewTokenRecord | undefined>;
  expiresAtMs(record: ViewTokenRecord): number;
  /** Valid or expired at `nowMs` (its session's mock time). */
  stateOf(record: ViewTokenRecord, nowMs: number): ViewTokenState;
}

/**
 * Creates the View Token lifecycle over a store. A token is valid while
 * `now < lastActive + ttl`, expired exactly at `lastActive + ttl`.
 * @example
 * const tokens = createViewTokens({ store, random, ttlMs: VIEW_TOKEN_TTL_MS });
 */
export function createViewTokens(deps: {
  store: TokenStore;
  random: RandomSource;
  ttlMs: number;
  /** Turns a store's error on insert into the one to throw (a full store's, saying what holds the space). */
  onInsertError?: ((error: unknown) => Promise<never>) | undefined;
}): ViewTokens {
  const { store, random, ttlMs, onInsertError = (error) => Promise.reject(error) } = deps;
  const expiresAtMs = (record: ViewTokenRecord): number => lastActiveMs(record) + ttlMs;
  const givenBack: string[] = [];
  const toUse = (touched: TouchResult): TokenUse => {
    switch (touched.kind) {
      case 'unknown':
        return touched;
      case 'inactive':
        return { kind: 'expired', record: touched.record, expiredAtMs: expiresAtMs(touched.record) };
      case 'used':
        return { kind: 'valid', record: touched.record, expiresAtMs: expiresAtMs(touched.record) };
    }
  };
  const draft = (fields: NewRecordFields, nowMs: number): ViewTokenRecord =>
    newRecord(fields, givenBack.pop() ?? randomHex(random, 16), nowMs);
  return {
    ttlMs,
    async issue(fields, nowMs) {
      // A stored token is never overwritten: a seeded sequence restarted over a state file, or two
      // seeded mocks on one Redis, draw again instead of handing out someone else's token.
      for (let attempt = 0; attempt < MAX_ISSUE_ATTEMPTS; attempt += 1) {
        const record = draft(fields, nowMs);
        let inserted: boolean;
        try {
          inserted = await store.insert(record);
        } catch (error) {
          return onInsertError(error);
        }
        if (inserted) return record;
      }
      throw new Error(`no unused View Token after ${MAX_ISSUE_ATTEMPTS} draws: is the random source stuck?`);
    },
    draft,
    giveBack(record) {
      givenBack.push(record.token);
    },
    async use(token, nowOf) {
      const record = await store.find(token);
      if (record === undefined) return { kind: 'unknown' };
      const now = await nowOf(record.session);
      // Valid while now < lastActive + ttl, i.e. while lastActive > now - ttl (times are whole
      // milliseconds, so the two are exact): the store compares and touches in one step.
      return toUse(await store.touch(token, now, now - ttlMs));
    },
    toUse,
    peek: (token) => store.find(token),
    expiresAtMs,
    stateOf: (record, nowMs) => (nowMs >= expiresAtMs(record) ? 'expired' : 'valid'),
  };
}

/**
 * A new record, written field by field. Built with an object spread (`{ ...fields, token, … }`) the
 * records ended up in V8's old space, ~0.9 KB per issued token, freed only by full GCs: at 2,000
 * issues/s that was most of what the mock promoted, and its full GCs were the open loop's tail.
 */
function newRecord(fields: NewRecordFields, token: string, issuedAtMs: number): ViewTokenRecord {
  const record: ViewTokenRecord = {
    token,
    objectType: fields.objectType,
    objectId: fields.objectId,
    session: fields.session,
    name: fields.name,
    issuedAtMs,
    lastUsedAtMs: null,
    uses: 0,
  };
  if (fields.integrateId !== undefined) record.integrateId = fields.integrateId;
  if (fields.extension !== undefined) record.extension = fields.extension;
  return record;
}
