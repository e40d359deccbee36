import { ConfigError } from '../config/config-error';
import { notifyingCalls } from '../core/change-notice';
import type { ControllableClock } from '../core/clock';
import { isMockTimeInRange } from '../core/clock';
import type { Core } from '../core/create-core';
import type { TokenStore, TouchResult } from '../core/token-store';
import type { StateFileWriter } from './state-file';
import { createStateFileWriter, loadStateFile } from './state-file';
import { STATE_FORMAT, STATE_VERSION } from './state-snapshot';

/** Changes gather this long before a write: at most a few writes per second while busy. */
export const STATE_WRITE_DEBOUNCE_MS = 200;

/** The store and clock to build the core on, and the hooks that keep `--state-file` current. */
export interface PersistedState {
  store: TokenStore;
  clock: ControllableClock;
  /** For the core's rules and Access Tokens. */
  onChange: () => void;
  /** Restores the saved rules and Access Tokens into the core, then writes the file once (a write error is a ConfigError). */
  attach(core: Core): Promise<void>;
  /** Writes what changed since the last write (on shutdown). */
  flush(): Promise<void>;
  /** Why the file cannot be written right now, or undefined while writes succeed. */
  failure(): string | undefined;
}

/** What the mock reports about state-file writes: a failure once when it starts or changes, and the recovery. */
export interface StateFileEvents {
  failed(error: unknown): void;
  recovered(): void;
}

const STORE_CHANGES = ['insert', 'touch', 'delete', 'clear', 'reclaim'] as const;
const CLOCK_CHANGES = ['restore', 'set', 'advance', 'reset'] as const;

/**
 * Loads `--state-file` into a fresh store and clock (a missing file starts empty; a corrupt one
 * is a ConfigError and stays untouched) and wraps them so every change schedules a write.
 * @example const state = await openPersistedState(file, createMemoryTokenStore(), clock, log);
 */
export async function openPersistedState(file: string, store: TokenStore, clock: ControllableClock, events: StateFileEvents): Promise<PersistedState> {
  const saved = loadStateFile(file);
  if (saved) {
    for (const record of saved.viewTokens) await store.insert(record);
    clock.restore(saved.clock);
    // The offset is relative to real time: only now does it tell whether the mock's time is in range.
    if (!isMockTimeInRange(clock.now())) {
      throw new ConfigError(`--state-file ${file}: its clock (offset ${saved.clock.offsetMs} ms) puts the mock's time outside 1970 to 9999; the file was left as it is: fix or move it`);
    }
  }
  let writer: StateFileWriter | undefined;
  let failure: string | undefined;
  const onError = (error: unknown): void => {
    const reason = `--state-file ${file} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); changes are kept in memory and retried`;
    // Retries run every debounce period: the log hears of a failure once per change of state.
    if (reason !== failure) events.failed(error);
    failure = reason;
  };
  const onWritten = (): void => {
    if (failure !== undefined) events.recovered();
    failure = undefined;
  };
  const onChange = (): void => writer?.markDirty();
  const storeChanged = (method: string, result: unknown): boolean =>
    method === 'insert' ? result === true : method === 'reclaim' ? (result as number) > 0 : method === 'touch' ? (result as TouchResult).kind === 'used' : true;
  const watchedStore = notifyingCalls(store, STORE_CHANGES, onChange, storeChanged);
  const watchedClock = notifyingCalls(clock, CLOCK_CHANGES, onChange);
  return {
    store: watchedStore,
    clock: watchedClock,
    onChange,
    async attach(core) {
      if (saved) {
        await core.rules.restore(saved.rules);
        await core.accessTokens.restore(saved.accessTokens);
      }
      const live = createStateFileWriter({
        file,
        debounceMs: STATE_WRITE_DEBOUNCE_MS,
        onError,
        onWritten,
        capture: async () => {
          // Every read starts in this same tick, and the memory stores answer synchronously inside
          // their promises: one consistent moment.
          const [viewTokens, accessTokens, rules] = [store.list({}), core.accessTokens.records(), core.rules.list()];
          const clockState = clock.state();
          return { format: STATE_FORMAT, version: STATE_VERSION, savedAt: new Date().toISOString(), clock: clockState, accessTokens: await accessTokens, rules: await rules, viewTokens: await viewTokens };
        },
      });
      live.markDirty();
      try {
        await live.flush();
      } catch (error) {
        throw new ConfigError(`--state-file ${file}: cannot write it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
      writer = live;
    },
    flush: () => writer?.flush() ?? Promise.resolve(),
    failure: () => failure,
  };
}
