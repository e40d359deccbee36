import cluster from 'node:cluster';

/** What a worker tells the primary once it listens. */
interface ListeningMessage {
  type: 'listening';
  lines: string[];
}

/** A dead worker is replaced after this back-off, doubled per other death within the last minute. */
const RESPAWN_BACKOFF_MS = 100;
/** More deaths than this within the window and the primary gives up (exit 1, for a supervisor to restart it). */
const MAX_DEATHS_IN_WINDOW = 5;
const DEATH_WINDOW_MS = 60_000;

/**
 * The primary of `--workers N`: forks N workers that share the port, prints the URLs once,
 * forwards SIGTERM/SIGINT and exits when all workers have drained (0). A worker that dies while
 * starting fails the start (its exit code); one that dies later is replaced after a back-off
 * (logged), and after more than MAX_DEATHS_IN_WINDOW deaths in a minute the primary stops the
 * others and exits 1, so a supervisor (systemd, Kubernetes) restarts the whole mock.
 */
export function runPrimary(count: number, now: () => number = Date.now): void {
  let listening = 0;
  let stopping = false;
  const onDeath = createDeathPolicy(now);
  const stopAll = (): void => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('message', (_worker, message: ListeningMessage) => {
    if (message?.type !== 'listening') return;
    listening += 1;
    if (listening === count) {
      console.log(`view-token-mock: ${count} workers (node:cluster) share the port and the store`);
      for (const line of message.lines) console.log(line);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && listening < count) {
      stopping = true;
      stopAll();
      process.exitCode = code ?? 1;
    } else if (!stopping) {
      const died = `worker ${worker.process.pid} died (${signal ?? `exit ${code}`})`;
      const next = onDeath();
      if (next.kind === 'respawn') {
        console.error(`view-token-mock: ${died}; starting a replacement in ${next.delayMs} ms`);
        setTimeout(() => {
          if (!stopping) cluster.fork();
        }, next.delayMs);
        return;
      }
      console.error(`view-token-mock: ${died}; ${next.deaths} deaths within a minute, giving up (exit 1)`);
      stopping = true;
      process.exitCode = 1;
      stopAll();
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
  });
  const stop = (): void => {
    stopping = true;
    stopAll();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** What to do about a worker that died after start: replace it after a back-off, or give up. */
export type DeathVerdict = { kind: 'respawn'; delayMs: number } | { kind: 'give-up'; deaths: number };

/** Counts deaths within the last minute: back-off doubles with each, and more than the limit gives up. */
export function createDeathPolicy(now: () => number): () => DeathVerdict {
  const deaths: number[] = [];
  return () => {
    const at = now();
    deaths.push(at);
    while (deaths.length > 0 && (deaths[0] as number) <= at - DEATH_WINDOW_MS) deaths.shift();
    if (deaths.length > MAX_DEATHS_IN_WINDOW) return { kind: 'give-up', deaths: deaths.length };
    return { kind: 'respawn', delayMs: RESPAWN_BACKOFF_MS * 2 ** (deaths.length - 1) };
  };
}

/** In a worker: report the URLs to the primary instead of printing them. */
export function announce(lines: string[]): void {
  if (cluster.isWorker && process.send) process.send({ type: 'listening', lines } satisfies ListeningMessage);
  else for (const line of lines) console.log(line);
}

export const isPrimaryOfWorkers = (workers: number): boolean => workers > 1 && cluster.isPrimary;
