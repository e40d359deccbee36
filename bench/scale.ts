// Scale: 1,000,000 live View Tokens in the mock's memory store, or in Redis. Issue rate at scale is
// compared with a second mock kept empty, measured alternately (A/B, B/A) like the other figures,
// so a noisy moment on the machine does not land on one side only.
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import path from 'node:path';
import type { ClosedLoopFigures } from './load';
import { closedLoop } from './load';
import { medianOf } from './medians';
import { PINNED, freePort } from './processes';
import type { BenchRedis } from './redis-server';

type Reply = Record<string, number | boolean>;

export interface ScaleFigures {
  liveTokens: number;
  seedSeconds: number;
  rssBytesPerToken: number;
  heapBytesPerToken: number;
  /** With the Redis store: what Redis itself holds per live token (`used_memory`). */
  redisBytesPerToken?: number;
  /** Medians of the runs. */
  issueAtEmpty: ClosedLoopFigures;
  issueAtScale: ClosedLoopFigures;
  /** Median at scale / median at empty. */
  issueRatio: number;
  /** Every run, in the order measured (each run: empty and full, the order alternating). */
  issueRuns: { atEmpty: ClosedLoopFigures; atScale: ClosedLoopFigures }[];
  expiry: {
    reclaimSeconds: number;
    longestStallMs: number;
    rssBeforeMiB: number;
    rssAfterMiB: number;
    heapBeforeMiB: number;
    heapAfterMiB: number;
    /** What may explain the stall: the reclaim steps (how many; the longest's wall and CPU time, records removed) and GC pauses. */
    reclaimSteps: number;
    longestReclaimStepMs: number;
    longestReclaimStepCpuMs: number;
    longestReclaimStepRemoved: number;
    /** How long the longest step's main thread waited for the CPU (Linux; NaN elsewhere). */
    longestReclaimStepWaitingMs: number;
    gcPauses: number;
    longestGcPauseMs: number;
    gcPauseTotalMs: number;
  };
}

export interface ScaleOptions {
  liveTokens: number;
  runs: number;
  seconds: number;
  warmupSeconds: number;
  /** With the Redis store: a Redis for the full mock and another for the empty one. */
  redis?: { full: BenchRedis; empty: BenchRedis };
  log?: (line: string) => void;
}

interface ScaleServer {
  issueUrl: string;
  ask(message: object): Promise<Reply>;
  stop(): void;
}

async function startScaleServer(redis: BenchRedis | undefined): Promise<ScaleServer> {
  const port = await freePort();
  const script = path.join(__dirname, 'scale-server.js');
  await redis?.flush();
  const child: ChildProcess = fork(script, [String(port), ...(redis ? [redis.url] : [])], {
    execArgv: ['--expose-gc', '--max-old-space-size=4096'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    ...(PINNED
      ? { execPath: 'taskset', execArgv: ['-c', '0', process.execPath, '--expose-gc', '--max-old-space-size=4096'] }
      : {}),
  });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    issueUrl: `http://127.0.0.1:${port}/view/token?fileId=1`,
    ask: (message) =>
      new Promise((resolve) => {
        child.once('message', (reply: Reply) => resolve(reply));
        child.send(message);
      }),
    stop: () => void child.kill('SIGKILL'),
  };
}

const MiB = 1024 * 1024;
const HEADERS = { Authorization: 'Bearer bench' };

/**
 * Seeds one mock with `liveTokens`, measures issuing on it and on a mock kept empty (alternately,
 * `runs` times each; the empty one's tokens expire after each run), then expires the full one's.
 */
export async function measureScale({
  liveTokens,
  runs,
  seconds,
  warmupSeconds,
  redis,
  log = () => undefined,
}: ScaleOptions): Promise<ScaleFigures> {
  const full = await startScaleServer(redis?.full);
  const empty = await startScaleServer(redis?.empty);
  try {
    const before = await full.ask({ kind: 'memory' });
    const redisBefore = await redis?.full.usedMemory();
    const seeded = await full.ask({ kind: 'seed', count: liveTokens });
    const redisSeeded = await redis?.full.usedMemory();
    log(`seeded ${liveTokens} in ${(Number(seeded.seededMs) / 1000).toFixed(1)} s`);
    const issueRuns: ScaleFigures['issueRuns'] = [];
    const measureEmpty = async (): Promise<ClosedLoopFigures> => {
      const figures = await closedLoop(empty.issueUrl, HEADERS, seconds, warmupSeconds);
      await empty.ask({ kind: 'expire' });
      return figures;
    };
    for (let run = 0; run < runs; run += 1) {
      const emptyFirst = run % 2 === 0;
      const first = emptyFirst
        ? await measureEmpty()
        : await closedLoop(full.issueUrl, HEADERS, seconds, warmupSeconds);
      const second = emptyFirst
        ? await closedLoop(full.issueUrl, HEADERS, seconds, warmupSeconds)
        : await measureEmpty();
      const pair = emptyFirst ? { atEmpty: first, atScale: second } : { atEmpty: second, atScale: first };
      issueRuns.push(pair);
      log(
        `scale run ${run + 1}: issue ${pair.atEmpty.requestsPerSecond.toFixed(0)} req/s empty, ${pair.atScale.requestsPerSecond.toFixed(0)} at ${liveTokens} (${(pair.atScale.requestsPerSecond / pair.atEmpty.requestsPerSecond).toFixed(2)}×)`,
      );
    }
    const loaded = await full.ask({ kind: 'memory' });
    const expired = await full.ask({ kind: 'expire' });
    const issueAtEmpty = medianOf(issueRuns.map((pair) => pair.atEmpty));
    const issueAtScale = medianOf(issueRuns.map((pair) => pair.atScale));
    return {
      liveTokens,
      seedSeconds: Number(seeded.seededMs) / 1000,
      rssBytesPerToken: (Number(seeded.rssBytes) - Number(before.rssBytes)) / liveTokens,
      heapBytesPerToken: (Number(seeded.heapUsedBytes) - Number(before.heapUsedBytes)) / liveTokens,
      ...(redisBefore === undefined || redisSeeded === undefined
        ? {}
        : { redisBytesPerToken: (redisSeeded - redisBefore) / liveTokens }),
      issueAtEmpty,
      issueAtScale,
      issueRatio: issueAtScale.requestsPerSecond / issueAtEmpty.requestsPerSecond,
      issueRuns,
      expiry: {
        reclaimSeconds: Number(expired.reclaimedMs) / 1000,
        longestStallMs: Number(expired.longestStallMs),
        rssBeforeMiB: Number(loaded.rssBytes) / MiB,
        rssAfterMiB: Number(expired.rssBytes) / MiB,
        heapBeforeMiB: Number(loaded.heapUsedBytes) / MiB,
        heapAfterMiB: Number(expired.heapUsedBytes) / MiB,
        reclaimSteps: Number(expired.reclaimSteps),
        longestReclaimStepMs: Number(expired.longestReclaimStepMs),
        longestReclaimStepCpuMs: Number(expired.longestReclaimStepCpuMs),
        longestReclaimStepRemoved: Number(expired.longestReclaimStepRemoved),
        longestReclaimStepWaitingMs: Number(expired.longestReclaimStepWaitingMs),
        gcPauses: Number(expired.gcPauses),
        longestGcPauseMs: Number(expired.longestGcPauseMs),
        gcPauseTotalMs: Number(expired.gcPauseTotalMs),
      },
    };
  } finally {
    full.stop();
    empty.stop();
  }
}
