import { unlink } from 'node:fs/promises';
import { ConfigError } from '../config/config-error';
import type { AccessTokenStore } from '../core/access-token-store';
import { createMemoryAccessTokenStore } from '../core/access-token-store';
import type { ControllableClock } from '../core/clock';
import { isMockTimeInRange } from '../core/clock';
import type { RuleStore } from '../core/scenarios/rule-store';
import { createMemoryRuleStore } from '../core/scenarios/rule-store';
import type { TokenStore } from '../core/token-store';
import type { MemoryTokenStore } from './memory-token-store';
import { loadState } from './state-load';
import { watchAccessTokenStore, watchClock, watchRuleStore, watchTokenStore } from './state-watch';
import type { WriterEvents } from './state-writer';
import { createStateWriter } from './state-writer';

/** The stores and clock to build the core on, each change of which goes to `--state-file`. */
export interface PersistedState {
  store: TokenStore;
  clock: ControllableClock;
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
}

/** What the mock reports about the state file: write failures once per reason, the recovery, and notices worth a log line. */
export interface StateFileEvents extends WriterEvents {
  notice(message: string): void;
}

/**
 * Loads `--state-file` into the (empty) memory store and the clock (a missing file starts empty; a
 * corrupt one, or one holding what the admin API would refuse, is a ConfigError and stays untouched)
 * and wraps them, and rule and Access Token stores of its own, so every change is logged.
 * @example const state = await openPersistedState(file, createMemoryTokenStore(), clock, events);
 */
export async function openPersistedState(file: string, store: MemoryTokenStore, clock: ControllableClock, events: StateFileEvents): Promise<PersistedState> {
  const loaded = await loadState(file, store);
  if (loaded.clock !== undefined) {
    clock.restore(loaded.clock);
    // The offset is relative to real time: only now does it tell whether the mock's time is in range.
    if (!isMockTimeInRange(clock.now())) {
      throw new ConfigError(`--state-file ${file}: its clock (offset ${loaded.clock.offsetMs} ms) puts the mock's time outside 1970 to 9999; the file was left as it is: fix or move it`);
    }
  }
  const rules = createMemoryRuleStore();
  const accessTokens = createMemoryAccessTokenStore();
  const lastLog = loaded.logs.at(-1);
  const writer = createStateWriter({
    file,
    generation: lastLog === undefined ? loaded.generation : lastLog.generation + 1,
    olderLogs: loaded.logs,
    snapshotBytes: loaded.snapshotBytes,
    events,
    capture() {
      // Every read starts in this same tick, and the memory stores answer synchronously inside
      // their promises: one consistent moment (the tokens are walked afterwards, see writeSnapshot).
      const [listed, granted, clockState] = [rules.list(), accessTokens.records(), clock.state()];
      return Promise.all([listed, granted]).then(([ruleList, accessTokenList]) => ({ clock: clockState, rules: ruleList, accessTokens: accessTokenList, tokens: store }));
    },
  });
  const record = writer.record;
  return {
    store: watchTokenStore(store, record),
    clock: watchClock(clock, record),
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
        throw new ConfigError(`--state-file ${file}: cannot write it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
      for (const notice of loaded.notices) events.notice(notice);
      for (const leftover of loaded.leftovers) {
        await unlink(leftover).then(() => events.notice(`removed ${leftover}: ${leftover.endsWith('.tmp') ? 'a temp file a killed write left behind' : 'a change log the snapshot already holds'}`), () => undefined);
      }
    },
    flush: () => writer.flush(),
    failure: () => writer.failure(),
  };
}
