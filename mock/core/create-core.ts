import type { AccessTokenStore } from './access-token-store';
import type { AccessTokens, Application } from './access-tokens';
import { createAccessTokens } from './access-tokens';
import { notifyingCalls } from './change-notice';
import type { ObjectDirectory } from './object-directory';
import type { OneTripStore } from './one-trip-store';
import { journaledStatus } from './one-trip-store';
import { createOpenDirectory } from './object-directory';
import type { PlatformTimeFormat } from './platform-time';
import { createPlatformTimeFormat } from './platform-time';
import type { RandomSource } from './random-source';
import type { SessionClocks } from './session-clocks';
import { DEPLOYMENT } from './session-clocks';
import type { TokenStore } from './token-store';
import type { Journal, JournalEntry } from './journal';
import { createJournal, toDatedRequest } from './journal';
import type { RuleStore } from './scenarios/rule-store';
import type { Rules } from './scenarios/rules';
import type { RuleInput } from './scenarios/rule';
import { createRules } from './scenarios/rules';
import type { ServiceStatuses } from './service-statuses';
import { SERVICE_STATUSES } from './service-statuses';
import type { ViewTokens } from './view-tokens';
import { VIEW_TOKEN_TTL_MS, createViewTokens } from './view-tokens';
import { explainFullStore } from './full-store';

/** How long an expired View Token stays listed (for the dashboard) before it is reclaimed. */
export const EXPIRED_RETENTION_MS = 24 * 3_600_000;

export interface CoreOptions {
  /** Every session's clock (the deployment's is session ''). */
  clocks: SessionClocks;
  random: RandomSource;
  store: TokenStore;
  ttlMs?: number | undefined;
  directory?: ObjectDirectory | undefined;
  applications?: readonly Application[] | undefined;
  /** How many requests the journal keeps (default 1000). */
  journalSize?: number | undefined;
  /** IANA zone `expireTime` is written in (default: the runtime's own zone, as Intl resolves it). */
  timeZone?: string | undefined;
  /** Rules of the global session at start (and again after a reset), already checked. */
  rules?: readonly RuleInput[] | undefined;
  /** The statuses the spec documents per service route (the spec engine's); default the built-in table. */
  statuses?: ServiceStatuses | undefined;
  /** Where rules live (default: this process's memory; Redis shares them between processes). */
  ruleStore?: RuleStore | undefined;
  /** Where granted Access Tokens live (default: this process's memory). */
  accessTokenStore?: AccessTokenStore | undefined;
  /** The request journal (default: a ring of `journalSize` in this process's memory). */
  journal?: Journal | undefined;
  /** A shared store's way to run a whole View Token request in one round trip (Redis); none in memory. */
  oneTrip?: OneTripStore | undefined;
  /** Called after rules or Access Tokens change: a persister's cue (its owner wraps the token and clock stores). */
  onChange?: (() => void) | undefined;
  /** Called with each service request as the journal keeps it (secrets shortened): the debug log. */
  onRequest?: ((entry: Omit<JournalEntry, 'id'>) => void) | undefined;
  /**
   * Waits a turn of the event loop, so requests that came meanwhile go first: a session's reset
   * yields between its steps (default: a resolved promise, which yields to nothing).
   */
  yieldTurn?: (() => Promise<void>) | undefined;
}

/** View Tokens a session's reset deletes between two turns of the event loop (well under 1 ms in memory, warm). */
const RESET_STEP = 500;

/** The framework-free mock: everything the HTTP layer and the MSW handlers drive. */
export interface Core {
  /** Every session's clock: a View Token is judged on the clock of the session it was issued in. */
  clocks: SessionClocks;
  store: TokenStore;
  viewTokens: ViewTokens;
  accessTokens: AccessTokens;
  /** Which objects exist and whose they are. */
  directory: ObjectDirectory;
  rules: Rules;
  journal: Journal;
  /** Set on a shared store: a request without switches or rules costs one round trip. */
  oneTrip?: OneTripStore;
  /** What each service route documents: a switch may force only these statuses. */
  statuses: ServiceStatuses;
  /** Writes an instant as the platform's `yyyy-MM-dd HH:mm:ss` in the configured zone. */
  platformTime: PlatformTimeFormat;
  /** Settles when the configured rules are in place (at once in memory; one round trip on Redis). */
  ready: Promise<void>;
  /** Reclaims one bounded step of long-expired tokens; returns how many went. */
  reclaimExpired(): Promise<number>;
  /**
   * Without a session: forgets tokens, Access Tokens, rules (the configured ones come back), the journal
   * and every clock (real time again). With one: only that session's tokens, rules, journal entries and
   * clock (it follows the deployment's again); '' is the global session, whose clock is the deployment's.
   */
  reset(session?: string): Promise<void>;
}

/**
 * Wires the core's parts.
 * @example
 * const clocks = createSessionClocks(createMemoryClockStore(), () => Date.now());
 * const core = createCore({ clocks, random, store: createMemoryTokenStore() });
 */
export function createCore(options: CoreOptions): Core {
  const { clocks, random, store } = options;
  // A full store's 503 says what holds the space (a frozen session's tokens, or tokens not yet reclaimable).
  const explainFull = explainFullStore(clocks, store);
  const viewTokens = createViewTokens({
    store,
    random,
    ttlMs: options.ttlMs ?? VIEW_TOKEN_TTL_MS,
    onInsertError: explainFull,
  });
  const onChange = options.onChange;
  const plainAccessTokens = createAccessTokens({
    applications: options.applications ?? [],
    random,
    store: options.accessTokenStore,
  });
  const accessTokens = onChange
    ? notifyingCalls(
        plainAccessTokens,
        ['grant', 'restore', 'clear'],
        onChange,
        (method, result) => method !== 'grant' || (result as { kind: string }).kind === 'issued',
      )
    : plainAccessTokens;
  const directory = options.directory ?? createOpenDirectory({ missing: {}, forbidden: {} });
  const statuses = options.statuses ?? SERVICE_STATUSES;
  const plainRules = createRules(statuses, options.ruleStore);
  const rules = onChange
    ? notifyingCalls(
        plainRules,
        ['add', 'remove', 'clear', 'take', 'seed', 'restore'],
        onChange,
        (method, result) => method !== 'take' || result !== undefined,
      )
    : plainRules;
  const seedConfiguredRules = (): Promise<void> => rules.seed(options.rules ?? []);
  const ready = seedConfiguredRules();
  const plainJournal = options.journal ?? createJournal(options.journalSize);
  const onRequest = options.onRequest;
  const journal: Journal = onRequest
    ? {
        ...plainJournal,
        record(record) {
          onRequest(toDatedRequest(record));
          return plainJournal.record(record);
        },
      }
    : plainJournal;
  const trips = options.oneTrip;
  const plainOneTrip: OneTripStore | undefined =
    trips === undefined ? undefined : { run: (trip) => trips.run(trip).catch(explainFull) };
  const oneTrip: OneTripStore | undefined =
    plainOneTrip && onRequest
      ? {
          async run(trip) {
            const outcome = await plainOneTrip.run(trip);
            if (outcome.kind === 'done')
              onRequest(
                toDatedRequest({ ...trip.journal, atMs: outcome.atMs, status: journaledStatus(trip, outcome) }),
              );
            return outcome;
          },
        }
      : plainOneTrip;
  const yieldTurn = options.yieldTurn ?? (() => Promise.resolve());
  const resetSession = async (session: string): Promise<void> => {
    // In steps, requests in between: a session of 200,000 tokens never holds the event loop long.
    while ((await store.deleteInSession(session, RESET_STEP)) > 0) await yieldTurn();
    await Promise.all([rules.clear(session), journal.clear(session), clocks.change(session, { kind: 'reset' })]);
    // The global session starts with the configured rules, as after a reset of everything.
    if (session === DEPLOYMENT) for (const rule of options.rules ?? []) await rules.add(rule, DEPLOYMENT);
  };
  return {
    clocks,
    store,
    viewTokens,
    accessTokens,
    directory,
    rules,
    journal,
    ...(oneTrip ? { oneTrip } : {}),
    statuses,
    platformTime: createPlatformTimeFormat(options.timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone),
    ready,
    async reclaimExpired() {
      // Each token is judged on its own session's clock: a session whose clock is behind keeps only its own.
      const all = await clocks.readAll();
      const cutoffOf = (session: string): number => all.now(session) - viewTokens.ttlMs - EXPIRED_RETENTION_MS;
      const sessions = new Map(all.sessionsWithOwnClock().map((session) => [session, cutoffOf(session)]));
      return store.reclaim(cutoffOf(DEPLOYMENT), sessions);
    },
    async reset(session) {
      if (session !== undefined) return resetSession(session);
      await Promise.all([store.clear(), accessTokens.clear(), rules.clear(), journal.clear(), clocks.clear()]);
      await seedConfiguredRules();
    },
  };
}
