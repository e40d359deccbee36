// The kill -9 part of bench:state-file: tokens issued continuously, the mock killed, and the files it
// left read as a restarted mock reads them: which acknowledged tokens are missing, and how long
// before the kill the oldest of them was acknowledged.
import { createMemoryTokenStore } from '../mock/stores/memory-token-store';
import { loadState } from '../mock/stores/state-load';
import type { Started } from './processes';
import { startServer } from './processes';

const BEARER = { Authorization: 'Bearer bench-state-file' };
const IN_FLIGHT = 8;
const ISSUE_MS = 3_000;

/** The mock (`cli`: this build's or another's) on a state file, ready once health answers. */
export function startMock(cli: string[], file: string): Promise<Started> {
  return startServer(cli, (port) => ['--port', String(port), '--log-level', 'silent', '--state-file', file], {
    path: '/__admin/health',
  });
}

export interface KillFigures {
  trials: number;
  acknowledged: number;
  lost: number;
  /** The longest time between a lost token's acknowledgement and the kill, over all trials (ms); undefined when none was lost. */
  oldestLostMs: number | undefined;
}

/** `trials` times: start the mock on `file`, issue for a few seconds, kill -9, read what the files hold. */
export async function measureKill(
  cli: string[],
  file: string,
  trials: number,
  log: (line: string) => void,
): Promise<KillFigures> {
  const figures: KillFigures = { trials, acknowledged: 0, lost: 0, oldestLostMs: undefined };
  for (let trial = 0; trial < trials; trial += 1) {
    const server = await startMock(cli, file);
    const acknowledged = new Map<string, number>();
    let stop = false;
    const worker = async (): Promise<void> => {
      while (!stop) {
        const answer = await fetch(`${server.baseUrl}/view/token?fileId=7`, { headers: BEARER }).catch(() => undefined);
        const body = (await answer?.json().catch(() => undefined)) as { data?: string } | undefined;
        if (answer?.status === 200 && typeof body?.data === 'string') acknowledged.set(body.data, performance.now());
      }
    };
    const workers = Array.from({ length: IN_FLIGHT }, worker);
    await new Promise((resolve) => setTimeout(resolve, ISSUE_MS));
    const killedAt = performance.now();
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await new Promise((resolve) =>
      server.child.exitCode !== null || server.child.signalCode !== null
        ? resolve(undefined)
        : server.child.once('exit', resolve),
    );
    const store = createMemoryTokenStore(Number.MAX_SAFE_INTEGER);
    await loadState(file, store);
    let lost = 0;
    for (const [token, at] of acknowledged) {
      if (await store.find(token)) continue;
      lost += 1;
      figures.oldestLostMs = Math.max(figures.oldestLostMs ?? 0, killedAt - at);
    }
    figures.acknowledged += acknowledged.size;
    figures.lost += lost;
    log(
      `  kill -9 trial ${trial + 1}: ${lost} of ${acknowledged.size} acknowledged tokens lost${lost === 0 ? '' : `, the oldest acknowledged ${figures.oldestLostMs?.toFixed(0)} ms before the kill (all trials so far)`}`,
    );
  }
  return figures;
}
