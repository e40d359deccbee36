import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config/config-error';
import type { AccessTokenStore } from '../core/access-token-store';
import { createMemoryAccessTokenStore } from '../core/access-token-store';
import { isMockTimeInRange, mockTimeOf } from '../core/clock';
import type { ClockStore, MemoryClockStore } from '../core/session-clocks';
import type { RuleStore } from '../core/scenarios/rule-store';
import { createMemoryRuleStore } from '../core/scenarios/rule-store';
import type { TokenStore } from '../core/token-store';
import type { MemoryTokenStore } from './memory-token-store';
import { collectGarbage } from './collect-garbage';
import type { StoreDescription } from './store-description';
import { loadState } from './state-load';
import { watchAccessTokenStore, watchClockStore, watchRuleStore, watchTokenStore } from './state-watch';
import type { WriterEvents } from './state-writer';
import { createStateWriter } from './state-writer';

/** The stores and clocks to build the core on, each change of which goes to `--state-file`. */
export interface PersistedState {
  store: TokenStore;
  clockStore: ClockStore;
  ruleStore: RuleStore;
  accessTokenStore: AccessTokenStore;
  /**
   * Once the core is built (its config rules seeded): restores the saved rules and Access Tokens,
   * opens the change log (or writes the first snapshot), removes what killed writes left. A file
   * that cannot be written is a ConfigError.
   */
  attach(): Promise<void>;
  /** Writes what is pending and closes the log (on shutdown). */
  flush(): Promise<void>;
  /** Why the file cannot be written right now, or undefined while writes succeed. */
  failure(): string | undefined;
  /** The store as health names it, with whether changes reach the file (read when health is asked). */
  readonly description: StoreDescription;
}

type Writes = NonNullable<StoreDescription['writes']>;

/** What the mock reports about the state file: write failures once per reason, the recovery, and notices worth a log line. */
export interface StateFileEvents extends WriterEvents {
  notice(message: string): void;
}

/**
 * Loads `--state-file` into the (empty) memory stores of tokens and clocks (a missing file starts
 * empty; a corrupt one, or one holding what the admin API would refuse, is a ConfigError and stays
 * untouched) and wraps them, and rule and Access Token stores of its own, so every change is logged.
 * @example const state = await openPersistedState(file, createMemoryTokenStore(), createMemoryClockStore(), Date.now, events);
 */
export async function openPersistedState(
  file: string,
  store: MemoryTokenStore,
  clocks: MemoryClockStore,
  realNow: () => number,
  events: StateFileEvents,
): Promise<PersistedState> {
  const loaded = await loadState(file, store);
  // A 0.2 file is one JSON document, parsed whole: its garbage goes now, not in a pause under the first requests.
  if (loaded.version === 1) collectGarbage();
  for (const [session, state] of loaded.clocks) {
    // An offset is relative to real time: only now does it tell whether the mock's time is in range.
    if (!isMockTimeInRange(mockTimeOf(state, realNow()))) {
      const whose = session === '' ? 'its clock' : `the clock of session ${JSON.stringify(session)}`;
      throw new ConfigError(
        `--state-file ${file}: ${whose} (offset ${state.offsetMs} ms) puts the mock's time outside 1970 to 9999; the file was left as it is: fix or move it`,
      );
    }
  }
  clocks.restore(loaded.clocks);
  const rules = createMemoryRuleStore();
  const accessTokens = createMemoryAccessTokenStore();
  const lastLog = loaded.logs.at(-1);
  const since = (): string => new Date(realNow()).toISOString();
  let writes: Writes = { status: 'ok', since: since() };
  const writer = createStateWriter({
    file,
    generation: lastLog === undefined ? loaded.generation : lastLog.generation + 1,
    olderLogs: loaded.logs,
    snapshotBytes: loaded.snapshotBytes,
    events: {
      failed(error, reason) {
        // A second reason while failing keeps the moment writing stopped.
        writes = {
          status: 'failing',
          since: writes.status === 'failing' ? writes.since : since(),
          lastFailure: reason,
        };
        events.failed(error, reason);
      },
      recovered() {
        writes = { status: 'resumed', since: since(), lastFailure: writes.lastFailure ?? '' };
        events.recovered();
      },
    },
    capture() {
      // Every read starts in this same tick, and the memory stores answer synchronously inside
      // their promises: one consistent moment (the tokens are walked afterwards, see writeSnapshot).
      const [listed, granted, clockStates] = [rules.list(), accessTokens.records(), clocks.read()];
      return Promise.all([listed, granted, clockStates]).then(([ruleList, accessTokenList, clockMap]) => ({
        clocks: clockMap,
        rules: ruleList,
        accessTokens: accessTokenList,
        tokens: store,
      }));
    },
  });
  const record = writer.record;
  return {
    store: watchTokenStore(store, record),
    clockStore: watchClockStore(clocks, record),
    ruleStore: watchRuleStore(rules, record),
    accessTokenStore: watchAccessTokenStore(accessTokens, record),
    async attach() {
      // Saved rules replace the config's (seeded as the core was built), as they always have.
      if (loaded.version !== undefined) {
        await rules.restore(loaded.rules);
        await accessTokens.restore(loaded.accessTokens);
      }
      try {
        // A version-1 file is rewritten in the new format at once, in the background.
        await writer.start(loaded.version === undefined ? 'fresh' : 'continue', loaded.version === 1);
      } catch (error) {
        throw new ConfigError(
          `--state-file ${file}: cannot write it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        );
      }
      for (const notice of loaded.notices) events.notice(notice);
      for (const leftover of loaded.leftovers) {
        await unlink(leftover).then(
          () =>
            events.notice(
              `removed ${leftover}: ${leftover.endsWith('.tmp') ? 'a temp file a killed write left behind' : 'a change log the snapshot already holds'}`,
            ),
          () => undefined,
        );
      }
    },
    flush: () => writer.flush(),
    failure: () => writer.failure(),
    description: {
      kind: 'state-file',
      stateFile: path.resolve(file),
      get writes() {
        return writes;
      },
    },
  };
}
