/** How often one repeated warning is logged at most. */
export const REPEATED_WARNING_INTERVAL_MS = 10_000;

/** Distinct warnings remembered; past it the memory starts afresh (a bound, not a policy). */
const MAX_KEYS = 100;

/**
 * Says whether a warning repeated on every request (a full store, a stalled Redis) should be
 * logged now: the first time, then at most once per `intervalMs`, with how many were left out
 * since. Under 2,000 req/s a warning per request was 2,000 log lines a second.
 * @example
 * const due = createLogThrottle();
 * const skipped = due(message);
 * if (skipped !== undefined) logger.warn({ skipped }, message);
 */
export function createLogThrottle(
  intervalMs = REPEATED_WARNING_INTERVAL_MS,
  now: () => number = Date.now,
): (key: string) => number | undefined {
  const seen = new Map<string, { loggedAt: number; skipped: number }>();
  return (key) => {
    const at = now();
    const last = seen.get(key);
    if (last !== undefined && at - last.loggedAt < intervalMs) {
      last.skipped += 1;
      return undefined;
    }
    if (last === undefined && seen.size >= MAX_KEYS) seen.clear();
    seen.set(key, { loggedAt: at, skipped: 0 });
    return last?.skipped ?? 0;
  };
}
