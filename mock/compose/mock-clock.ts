import type { ClockChange } from '../core/clock';
import { parseDuration } from '../core/duration';
import type { ClockView, SessionClocks } from '../core/session-clocks';
import { DEPLOYMENT } from '../core/session-clocks';
import { checkSessionLength } from '../core/session-limit';

/** A clock move the mock cannot make; the message says why (as the admin API's 400 or 422 does). */
export class MockClockError extends Error {
  override name = 'MockClockError';
}

/** One session's clock, as the library shows it (`GET /__admin/clock` in numbers and a Date). */
export interface ClockReading {
  /** The session ('' for the deployment's clock). */
  session: string;
  now: Date;
  nowMs: number;
  frozen: boolean;
  /** Mock time minus real time. */
  offsetMs: number;
  /** False: the session follows the deployment's clock (it has not been moved on its own). */
  ownClock: boolean;
}

/**
 * The mock's clocks, as a test drives them: every method takes a session (`X-Mock-Session`; omitted or
 * '' is the deployment's clock, which every session follows until moved on its own), and settles once
 * the change is stored (on Redis: in Redis, for every process).
 */
export interface MockClock {
  /** The session's mock time (ms since the epoch). */
  now(session?: string): Promise<number>;
  get(session?: string): Promise<ClockReading>;
  /**
   * Sets the session's time; `frozen: true` stops it there, `false` lets it run (default: as it was).
   * @example await mock.clock.set('2026-03-01T08:00:00Z', { frozen: true });
   */
  set(at: Date | string | number, options?: { frozen?: boolean; session?: string }): Promise<ClockReading>;
  /** Stops the session's time where it stands (`advance` still moves it). */
  freeze(session?: string): Promise<ClockReading>;
  unfreeze(session?: string): Promise<ClockReading>;
  /**
   * Moves the session's time on by a duration: `'12h'`, `'90m'`, `'PT12H'` or milliseconds.
   * @example await mock.clock.advance(12 * 3_600_000 - 1); // the last valid millisecond of a fresh View Token
   */
  advance(by: string | number, session?: string): Promise<ClockReading>;
  /** Back to real time (the deployment's), or a session back to following the deployment's clock. */
  reset(session?: string): Promise<ClockReading>;
}

/**
 * The library's clock over the core's session clocks: bad input throws a MockClockError.
 * @example const clock = toMockClock(core.clocks); await clock.freeze();
 */
export function toMockClock(clocks: SessionClocks): MockClock {
  const sessionOf = (session: string | undefined): string => {
    const given = session ?? DEPLOYMENT;
    const tooLong = checkSessionLength(given);
    if (tooLong !== undefined) throw new MockClockError(tooLong);
    return given;
  };
  const change = async (session: string | undefined, move: ClockChange): Promise<ClockReading> => {
    const changed = await clocks.change(sessionOf(session), move);
    if (changed.kind === 'refused') throw new MockClockError(changed.detail);
    return toReading(changed.clock);
  };
  return {
    now: async (session) => (await clocks.view(sessionOf(session))).nowMs,
    get: async (session) => toReading(await clocks.view(sessionOf(session))),
    set(at, options = {}) {
      const atMs = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
      if (!Number.isFinite(atMs))
        return Promise.reject(
          new MockClockError(
            `clock.set: ${JSON.stringify(String(at))} is not a time; ` +
              'give a Date, an ISO 8601 string or milliseconds since the epoch',
          ),
        );
      return change(options.session, {
        kind: 'set',
        atMs,
        ...(options.frozen === undefined ? {} : { frozen: options.frozen }),
      });
    },
    freeze: (session) => change(session, { kind: 'set', frozen: true }),
    unfreeze: (session) => change(session, { kind: 'set', frozen: false }),
    advance(by, session) {
      const duration = parseDuration(by);
      if (duration.kind === 'invalid') return Promise.reject(new MockClockError(`clock.advance: ${duration.reason}`));
      return change(session, { kind: 'advance', byMs: duration.ms });
    },
    reset: (session) => change(session, { kind: 'reset' }),
  };
}

function toReading(view: ClockView): ClockReading {
  return {
    session: view.session,
    now: new Date(view.nowMs),
    nowMs: view.nowMs,
    frozen: view.frozen,
    offsetMs: view.offsetMs,
    ownClock: view.ownClock,
  };
}
