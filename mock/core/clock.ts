/**
 * The latest mock time the admin API accepts (end of year 9999): far enough for any test, and far
 * enough from the end of JavaScript's Date range (year 275760) that expiries and ISO strings stay valid.
 */
export const MOCK_TIME_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Whether a mock time is one the clock may be set or advanced to (1970 to 9999). */
export function isMockTimeInRange(atMs: number): boolean {
  return Number.isFinite(atMs) && atMs >= 0 && atMs <= MOCK_TIME_MAX_MS;
}

/** A controllable clock's state, as the admin API shows it and the stores keep it (whole milliseconds). */
export interface ClockState {
  /** Mock time minus real time, while running. */
  offsetMs: number;
  /** The mock time the clock stands still at, or null while it runs. */
  frozenAtMs: number | null;
}

/** Real time, running: a clock nobody moved. */
export const REAL_TIME: ClockState = Object.freeze({ offsetMs: 0, frozenAtMs: null });

/**
 * The mock time a clock in `state` shows when real time is `realNowMs`.
 * @example mockTimeOf({ offsetMs: 3_600_000, frozenAtMs: null }, 0) // 3600000
 */
export function mockTimeOf(state: ClockState, realNowMs: number): number {
  return state.frozenAtMs ?? realNowMs + state.offsetMs;
}

/** A move of one clock: set (to a time, and/or frozen or running), advance, or back to real time. */
export type ClockChange =
  { kind: 'set'; atMs?: number; frozen?: boolean } | { kind: 'advance'; byMs: number } | { kind: 'reset' };

/**
 * The state after a change (`reset` gives real time), or undefined when it would put the mock's time
 * outside 1970 to 9999. `set` without a time keeps the clock's time, without `frozen` its mode.
 * @example
 * applyClockChange(REAL_TIME, { kind: 'set', atMs: 5_000, frozen: true }, 1_000)
 * // { offsetMs: 4000, frozenAtMs: 5000 }
 */
export function applyClockChange(state: ClockState, change: ClockChange, realNowMs: number): ClockState | undefined {
  const now = mockTimeOf(state, realNowMs);
  let next: ClockState;
  switch (change.kind) {
    case 'reset':
      return REAL_TIME;
    case 'set': {
      const atMs = Math.round(change.atMs ?? now);
      const frozen = change.frozen ?? state.frozenAtMs !== null;
      next = { offsetMs: atMs - realNowMs, frozenAtMs: frozen ? atMs : null };
      break;
    }
    case 'advance': {
      const byMs = Math.round(change.byMs);
      next =
        state.frozenAtMs === null
          ? { offsetMs: state.offsetMs + byMs, frozenAtMs: null }
          : { offsetMs: state.offsetMs + byMs, frozenAtMs: state.frozenAtMs + byMs };
      break;
    }
  }
  return isMockTimeInRange(mockTimeOf(next, realNowMs)) ? next : undefined;
}
