/** Where the core gets the time from (milliseconds since the epoch). */
export interface Clock {
  now(): number;
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
