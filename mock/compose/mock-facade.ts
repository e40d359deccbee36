import type { Core } from '../core/create-core';
import type { JournalEntry, JournalMatch } from '../core/journal';
import { toJournalMatch } from '../core/journal-match';
import type { ViewTokenInfo } from '../core/view-token-info';
import { toViewTokenInfo } from '../core/view-token-info';
import type { MockClock } from './mock-clock';
import { toMockClock } from './mock-clock';
import type { MockScenarios } from './mock-scenarios';
import { toMockScenarios } from './mock-scenarios';

/** A journal query the mock cannot answer (an unknown field, a wrong type); the message names what is allowed. */
export class JournalQueryError extends Error {
  override name = 'JournalQueryError';
}

/** The request journal, as a test reads it (`GET /__admin/requests`, `POST /__admin/requests/count`). */
export interface MockJournal {
  /** Newest first: one session's requests (or everyone's), at most `limit`; `unmatched`: those no route matched. */
  list(filter?: { session?: string; limit?: number; unmatched?: boolean }): Promise<JournalEntry[]>;
  /**
   * How many requests match every field given (our fields, or WireMock's `urlPath` and `queryParameters`).
   * @throws {JournalQueryError} on an unknown field or a wrong type, as the admin API answers 400
   * @example await mock.journal.count({ operationId: 'getViewerData', status: 401 })
   */
  count(match?: JournalMatch | Record<string, unknown>): Promise<number>;
  clear(session?: string): Promise<void>;
}

/** The View Tokens the mock issued, as a test reads them (`/__admin/view-tokens`); reading is not a use. */
export interface MockTokens {
  /** Newest first; each token's state is judged on the clock of the session it was issued in. */
  list(session?: string): Promise<ViewTokenInfo[]>;
  get(token: string): Promise<ViewTokenInfo | undefined>;
  /** True when there was such a token. */
  revoke(token: string): Promise<boolean>;
}

/**
 * What a project's tests drive, the same from `createMockServer()` and `createHandlers()` (MSW): the
 * clocks, the scenario rules, the journal, the tokens and reset, each taking a session where sessions
 * matter. Invalid input throws a named error, never a silent no-op.
 */
export interface MockFacade {
  clock: MockClock;
  scenarios: MockScenarios;
  journal: MockJournal;
  tokens: MockTokens;
  /**
   * Without a session: tokens, Access Tokens, rules (the configured ones come back), journal and every
   * clock. With one: that session's tokens, rules, journal entries and clock only.
   */
  reset(session?: string): Promise<void>;
}

/**
 * The facade over a core: what both library entry points hand out instead of the core itself.
 * @example const { clock, scenarios, journal, tokens, reset } = createMockFacade(core);
 */
export function createMockFacade(core: Core): MockFacade {
  return {
    clock: toMockClock(core.clocks),
    scenarios: toMockScenarios(core.rules),
    journal: {
      list: ({ session, limit, unmatched } = {}) => core.journal.list({ session, limit, unmatched }),
      async count(match = {}) {
        const checked = toJournalMatch(match);
        if (checked.kind === 'invalid') throw new JournalQueryError(checked.detail);
        return core.journal.count(checked.match);
      },
      clear: (session) => core.journal.clear(session),
    },
    tokens: {
      async list(session) {
        const [records, clocks] = await Promise.all([core.store.list({ session }), core.clocks.readAll()]);
        return records.map((record) => toViewTokenInfo(record, core.viewTokens, clocks));
      },
      async get(token) {
        const record = await core.viewTokens.peek(token);
        return record === undefined
          ? undefined
          : toViewTokenInfo(record, core.viewTokens, await core.clocks.read([record.session]));
      },
      revoke: (token) => core.store.delete(token),
    },
    reset: (session) => core.reset(session),
  };
}
