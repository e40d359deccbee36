import { parseDuration } from './duration';
import type { ClockStore } from './clock-store';
import { DEPLOYMENT } from './clock-store';

/** A session's own clock is forgotten after this long without a request in it or a change of it (24 hours). */
export const DEFAULT_SESSION_IDLE_MS = 24 * 3_600_000;

/** Activity is recorded (and idle clocks swept) at most once a minute: a busy session costs one write a minute. */
const MAX_NOTE_EVERY_MS = 60_000;

/** Sessions remembered as noted lately; past this many the memory starts afresh (a few extra writes, no growth). */
const MAX_NOTED = 10_000;

/** When idle clocks are forgotten: after `idleMs` (null: never), telling `onForgotten` each time. */
export interface IdleClockOptions {
  idleMs?: number | null | undefined;
  /** Told of each clock forgotten: the session and its last recorded activity (real ms). */
  onForgotten?: ((session: string, lastActiveMs: number) => void) | undefined;
}

/** Notes sessions' activity and forgets the clocks of sessions quiet for the idle time. */
export interface IdleClocks {
  /** The idle time (ms), or null when clocks are never forgotten. */
  readonly idleMs: number | null;
  /** How often activity is recorded per session, and how often a sweep should run. */
  readonly everyMs: number;
  /** A request in the session: recorded when the last record is `everyMs` old (a promise then), else nothing to wait for. */
  note(session: string): Promise<void> | undefined;
  /** A change of the session's clock at `atMs`: always recorded. */
  changed(session: string, atMs: number): Promise<void>;
  /** Forgets every own clock quiet for the idle time; the sessions forgotten. */
  sweep(): Promise<string[]>;
  /** When each own clock is forgotten if its session stays quiet (real ms); empty when never. */
  forgetTimes(): Promise<Map<string, number>>;
}

/**
 * Idle clocks over a store. Activity is judged from the store's record of each session's last
 * activity (`touch`), written at most once per `everyMs` per session by this process: a request
 * costs a lookup in a map, and a store write only when the record is that old. So a clock is
 * forgotten `idleMs` after its last recorded activity, which is at most `everyMs` before the last
 * request (never later than the idle time after it).
 * @example const idle = createIdleClocks(store, Date.now, { idleMs: 86_400_000 }); await idle.sweep();
 */
export function createIdleClocks(store: ClockStore, realNow: () => number, options: IdleClockOptions = {}): IdleClocks {
  const idleMs = options.idleMs === undefined ? DEFAULT_SESSION_IDLE_MS : options.idleMs;
  const everyMs =
    idleMs === null ? MAX_NOTE_EVERY_MS : Math.max(1, Math.min(MAX_NOTE_EVERY_MS, Math.floor(idleMs / 10)));
  const noted = new Map<string, number>();
  const remember = (session: string, atMs: number): void => {
    if (noted.size >= MAX_NOTED) noted.clear();
    noted.set(session, atMs);
  };
  const lastActive = async (): Promise<Map<string, number>> => {
    const [owners, touched] = await Promise.all([store.read(), store.lastActive()]);
    const now = realNow();
    const active = new Map<string, number>();
    for (const session of owners.keys()) {
      if (session === DEPLOYMENT) continue;
      const at = touched.get(session);
      if (at !== undefined) active.set(session, at);
      else {
        // Never recorded (restored from a state file, or kept by an older version): its idle time starts now.
        await store.touch(session, now);
        active.set(session, now);
      }
    }
    return active;
  };
  return {
    idleMs,
    everyMs,
    note(session) {
      // Clocks never forgotten, or the deployment's (never forgotten): nothing to record.
      if (idleMs === null || session === DEPLOYMENT) return undefined;
      const now = realNow();
      const last = noted.get(session);
      // Recorded lately: the common case on the hot path, no store call.
      if (last !== undefined && now - last < everyMs) return undefined;
      remember(session, now);
      return store.touch(session, now);
    },
    async changed(session, atMs) {
      // The deployment's clock is never forgotten: nothing to record.
      if (session === DEPLOYMENT) return;
      remember(session, atMs);
      await store.touch(session, atMs);
    },
    async sweep() {
      if (idleMs === null) return [];
      const active = await lastActive();
      const cutoff = realNow() - idleMs;
      const forgotten: string[] = [];
      for (const [session, at] of active) {
        // Active within the idle time: kept.
        if (at > cutoff) continue;
        // The store forgets it only if still quiet (another process may have recorded a request since).
        if (!(await store.forgetIdle(session, cutoff))) continue;
        forgotten.push(session);
        options.onForgotten?.(session, at);
      }
      return forgotten;
    },
    async forgetTimes() {
      if (idleMs === null) return new Map();
      const times = new Map<string, number>();
      for (const [session, at] of await lastActive()) times.set(session, at + idleMs);
      return times;
    },
  };
}

/** What `--session-idle` (and the library's `sessionIdle`) accept, for every refusal to name. */
export const SESSION_IDLE_FORM =
  'a duration longer than 0 (e.g. 24h, 90m, 1d, PT24H, or milliseconds), or 0 or off for never';

/**
 * The idle time a user gave: a duration, or `0`/`off` for never (null); else why not.
 * @example readSessionIdle('off') // { kind: 'ok', ms: null }
 */
export function readSessionIdle(input: string | number): { kind: 'ok'; ms: number | null } | { kind: 'invalid' } {
  // Never forgotten: the one word, or nothing at all of idle time.
  if (input === 'off' || input === 0 || input === '0') return { kind: 'ok', ms: null };
  // Milliseconds are whole.
  if (typeof input === 'number' && !Number.isInteger(input)) return { kind: 'invalid' };
  const parsed = parseDuration(input);
  return parsed.kind === 'ok' && parsed.ms > 0 ? { kind: 'ok', ms: parsed.ms } : { kind: 'invalid' };
}
