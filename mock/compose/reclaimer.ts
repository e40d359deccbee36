/**
 * The background sweep of long-expired View Tokens, run by the server every few seconds: bounded
 * steps (the store's), yielding to requests between steps. One sweep at a time: a sweep longer than
 * the interval (a million tokens on Redis take ~20 s) is not joined by a second one each interval.
 * @example setInterval(createReclaimer(core, (error) => logger.error(error)), 5_000)
 */
export function createReclaimer(
  core: { reclaimExpired(): Promise<number> },
  onError: (error: unknown) => void,
): () => Promise<void> {
  let sweeping = false;
  return async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      while ((await core.reclaimExpired()) > 0) await new Promise((resolve) => setImmediate(resolve));
    } catch (error) {
      onError(error);
    } finally {
      sweeping = false;
    }
  };
}
