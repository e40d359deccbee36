import cluster from 'node:cluster';

/** What a worker tells the primary once it listens. */
export interface ListeningMessage {
  type: 'listening';
  lines: string[];
}

/**
 * The primary of `--workers N`: forks N workers that share the port, prints the URLs once,
 * forwards SIGTERM/SIGINT and exits when all workers have drained (0), or with the first
 * worker's failure code if one dies while starting.
 */
export function runPrimary(count: number): void {
  let listening = 0;
  let stopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('message', (_worker, message: ListeningMessage) => {
    if (message?.type !== 'listening') return;
    listening += 1;
    if (listening === count) {
      console.log(`view-token-mock: ${count} workers (node:cluster) share the port and the store`);
      for (const line of message.lines) console.log(line);
    }
  });
  cluster.on('exit', (_worker, code) => {
    if (!stopping && listening < count) {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
      process.exitCode = code ?? 1;
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
  });
  const stop = (): void => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** In a worker: report the URLs to the primary instead of printing them. */
export function announce(lines: string[]): void {
  if (cluster.isWorker && process.send) process.send({ type: 'listening', lines } satisfies ListeningMessage);
  else for (const line of lines) console.log(line);
}

export const isPrimaryOfWorkers = (workers: number): boolean => workers > 1 && cluster.isPrimary;
