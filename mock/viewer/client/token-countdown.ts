// The on-screen countdown of the View Token: its expiry on the clock of the session it was issued in
// (the mock's clock: moved, frozen or real), asked of the mock every second at
// `/__viewer/token-clock` (not a use), not the page's own clock.

/** `11:59:58`, or how long ago for a negative duration. */
function formatDuration(ms: number): string {
  const seconds = Math.floor(Math.abs(ms) / 1000);
  const part = (value: number): string => String(value).padStart(2, '0');
  return `${part(Math.floor(seconds / 3600))}:${part(Math.floor(seconds / 60) % 60)}:${part(seconds % 60)}`;
}

interface TokenClock {
  nowMs: number;
  expiresAtMs: number;
  frozen: boolean;
  /** When it was read, on the page's monotonic clock. */
  readAtMs: number;
}

const POLL_MS = 1_000;

/** The line for a clock reading at `nowMs` (the page's `performance.now()`). */
function countdownText(clock: TokenClock, nowMs: number): string {
  const elapsed = clock.frozen ? 0 : nowMs - clock.readAtMs;
  const left = clock.expiresAtMs - clock.nowMs - elapsed;
  if (left > 0) return `View Token expires in ${formatDuration(left)} (unless used again)`;
  return `View Token expired ${formatDuration(left)} ago: the next use is refused`;
}

/**
 * Keeps `line` counting down from the token's first reading (the use that opened the model) and
 * each poll after; returns the stop. A poll that fails leaves the last reading counting.
 */
export function startCountdown(
  line: HTMLElement,
  source: { apiHost: string; viewToken: string; usedAt: string; expiresAt: string },
): () => void {
  let clock: TokenClock = {
    nowMs: Date.parse(source.usedAt),
    expiresAtMs: Date.parse(source.expiresAt),
    frozen: false,
    readAtMs: performance.now(),
  };
  const show = (): void => {
    line.textContent = Number.isNaN(clock.expiresAtMs - clock.nowMs)
      ? 'View Token expiry unknown (the metadata has no viewTokenUsedAt/viewTokenExpiresAt)'
      : countdownText(clock, performance.now());
  };
  const url = `${source.apiHost}/__viewer/token-clock?viewToken=${encodeURIComponent(source.viewToken)}`;
  let stopped = false;
  const poll = async (): Promise<void> => {
    try {
      const body = (await (await fetch(url)).json()) as {
        code?: string;
        data?: { now: string; expiresAt: string; frozen: boolean };
      };
      if (stopped || body.code !== 'success' || body.data === undefined) return;
      clock = {
        nowMs: Date.parse(body.data.now),
        expiresAtMs: Date.parse(body.data.expiresAt),
        frozen: body.data.frozen,
        readAtMs: performance.now(),
      };
      show();
    } catch {
      // The mock went away: the last reading keeps counting.
    }
  };
  show();
  const timer = window.setInterval(() => {
    show();
    void poll();
  }, POLL_MS);
  return () => {
    stopped = true;
    window.clearInterval(timer);
  };
}
