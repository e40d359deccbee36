import type { SessionClocks } from '../core/session-clocks';

/**
 * The server's sweep of idle session clocks, every `everyMs` (a minute, less for a short idle time),
 * one sweep at a time; none when clocks are never forgotten. A sweep reads every clock's last activity
 * (one or two store reads), so a clock is forgotten at most `everyMs` after its idle time is up; the
 * sessions listing and the clocks' cap sweep first on their own.
 * @example const timer = startIdleSweep(core, (error) => logger.error(error)); clearInterval(timer);
 */
export function startIdleSweep(
  core: { clocks: SessionClocks },
  onError: (error: unknown) => void,
): NodeJS.Timeout | undefined {
  const { idle } = core.clocks;
  // Never forgotten: nothing to sweep.
  if (idle.idleMs === null) return undefined;
  let sweeping = false;
  const sweep = async (): Promise<void> => {
    if (sweeping) return;
    sweeping = true;
    try {
      await idle.sweep();
    } catch (error) {
      onError(error);
    } finally {
      sweeping = false;
    }
  };
  return setInterval(() => void sweep(), idle.everyMs).unref();
}
