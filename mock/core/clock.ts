/** Where the core gets the time from (milliseconds since the epoch). */
export interface Clock {
  now(): number;
}

/**
 * The latest mock time the admin API accepts (end of year 9999): far enough for any test, and far
 * enough from the end of JavaScript's Date range (year 275760) that expiries and ISO strings stay valid.
 */
export const MOCK_TIME_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Whether a mock time is one the clock may be set or advanced to (1970 to 9999). */
export function isMockTimeInRange(atMs: number): boolean {
  return Number.isFinite(atMs) && atMs >= 0 && atMs <= MOCK_TIME_MAX_MS;
}

/** A snapshot of a controllable clock, as the admin API shows and the stores persist it. */
export interface ClockState {
  /** Mock time minus real time, while running. */
  offsetMs: number;
  /** The mock time the clock stands still at, or null while it runs. */
  frozenAtMs: number | null;
}

/** A clock QA can move: set, freeze, advance, and back to real time. */
export interface ControllableClock extends Clock {
  state(): ClockState;
  restore(state: ClockState): void;
  set(atMs: number, frozen: boolean): void;
  advance(byMs: number): void;
  reset(): void;
}

/**
 * Creates a controllable clock over a real time source.
 * @example
 * const clock = createControllableClock(() => Date.now());
 * clock.advance(12 * 3600_000);
 */
export function createControllableClock(realNow: () => number): ControllableClock {
  let state: ClockState = { offsetMs: 0, frozenAtMs: null };
  return {
    now: () => state.frozenAtMs ?? realNow() + state.offsetMs,
    state: () => ({ ...state }),
    restore: (next) => { state = { ...next }; },
    set(atMs, frozen) {
      state = frozen ? { offsetMs: atMs - realNow(), frozenAtMs: atMs } : { offsetMs: atMs - realNow(), frozenAtMs: null };
    },
    advance(byMs) {
      state = state.frozenAtMs === null
        ? { ...state, offsetMs: state.offsetMs + byMs }
        : { offsetMs: state.offsetMs + byMs, frozenAtMs: state.frozenAtMs + byMs };
    },
    reset() { state = { offsetMs: 0, frozenAtMs: null }; },
  };
}
