// The clocks' store port: where session clocks are kept, and the names every clock module shares.
import type { ClockState } from './clock';

/** The deployment's session: requests without `X-Mock-Session`; its clock is every session's until it has its own. */
export const DEPLOYMENT = '';

/** Sessions that may have a clock of their own at once (the deployment's aside), as many as may hold rules. */
export const MAX_SESSION_CLOCKS = 1_000;

/** A stored write's outcome: done, refused as the clock changed since it was read (read again), or the cap reached. */
export type ClockWrite = 'written' | 'changed' | 'full';

/**
 * Where the clocks are kept: this process's memory (and a state file), or Redis (every process of a
 * deployment). A store keeps states; what they mean is decided by the core.
 */
export interface ClockStore {
  /** The stored clocks of these sessions (one without a clock of its own is absent); all of them if none are named. */
  read(sessions?: readonly string[]): Promise<Map<string, ClockState>>;
  /**
   * In one atomic step: the session's clock becomes `next` (null: forgotten) if it still is `expected`
   * (null: none of its own). A session without a clock gets one only while fewer than `MAX_SESSION_CLOCKS`
   * other sessions have one (else 'full'); the deployment's never counts.
   */
  write(session: string, expected: ClockState | null, next: ClockState | null): Promise<ClockWrite>;
  /** Forgets every clock, the deployment's too. */
  clear(): Promise<void>;
  /** Records activity in the session at real time `atMs`, if it has a clock of its own (else nothing). */
  touch(session: string, atMs: number): Promise<void>;
  /** The last recorded activity (real ms) of the sessions with a clock of their own (one never recorded is absent). */
  lastActive(): Promise<Map<string, number>>;
  /** In one atomic step: forgets the session's clock if its last recorded activity is at or before `cutoffMs`. */
  forgetIdle(session: string, cutoffMs: number): Promise<boolean>;
  /**
   * Only a store in this process's memory: every clock at once, without waiting. The same map until a
   * clock changes (a change makes a new one), so a reader may keep what it built from it.
   */
  snapshot?(): ReadonlyMap<string, ClockState>;
}
