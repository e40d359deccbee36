// Scale: 1,000,000 live View Tokens in the mock's memory store, or in Redis.
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import path from 'node:path';
import type { ClosedLoopFigures } from './load';
import { closedLoop } from './load';
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
  issueAtEmpty: ClosedLoopFigures;
  issueAtScale: ClosedLoopFigures;
  issueRatio: number;
  expiry: {
    reclaimSeconds: number; longestStallMs: number; rssBeforeMiB: number; rssAfterMiB: number; heapBeforeMiB: number; heapAfterMiB: number;
    /** What may explain the stall: the reclaim steps (how many; the longest's wall and CPU time, records removed) and GC pauses. */
    reclaimSteps: number; longestReclaimStepMs: number; longestReclaimStepCpuMs: number; longestReclaimStepRemoved: number;
    gcPauses: number; longestGcPauseMs: number; gcPauseTotalMs: number;
  };
}

function ask(child: ChildProcess, message: object): Promise<Reply> {
  return new Promise((resolve) => {
    child.once('message', (reply: Reply) => resolve(reply));
    child.send(message);
  });
}

const MiB = 1024 * 1024;

export async function measureScale(liveTokens: number, seconds: number, warmupSeconds: number, redis?: BenchRedis): Promise<ScaleFigures> {
  const port = await freePort();
  const script = path.join(__dirname, 'scale-server.js');
  await redis?.flush();
  const child = fork(script, [String(port), ...(redis ? [redis.url] : [])], {
    execArgv: ['--expose-gc', '--max-old-space-size=4096'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    ...(PINNED ? { execPath: 'taskset', execArgv: ['-c', '0', process.execPath, '--expose-gc', '--max-old-space-size=4096'] } : {}),
  });
  try {
    await new Promise((resolve) => child.once('message', resolve));
    const url = `http://127.0.0.1:${port}/view/token?fileId=1`;
    const headers = { Authorization: 'Bearer bench' };
    const issueAtEmpty = await closedLoop(url, headers, seconds, warmupSeconds);
    await ask(child, { kind: 'expire' });
    const before = await ask(child, { kind: 'memory' });
    const redisBefore = await redis?.usedMemory();
    const seeded = await ask(child, { kind: 'seed', count: liveTokens });
    const redisSeeded = await redis?.usedMemory();
    const issueAtScale = await closedLoop(url, headers, seconds, warmupSeconds);
    const loaded = await ask(child, { kind: 'memory' });
    const expired = await ask(child, { kind: 'expire' });
    return {
      liveTokens,
      seedSeconds: Number(seeded.seededMs) / 1000,
      rssBytesPerToken: (Number(seeded.rssBytes) - Number(before.rssBytes)) / liveTokens,
      heapBytesPerToken: (Number(seeded.heapUsedBytes) - Number(before.heapUsedBytes)) / liveTokens,
      ...(redisBefore === undefined || redisSeeded === undefined ? {} : { redisBytesPerToken: (redisSeeded - redisBefore) / liveTokens }),
      issueAtEmpty,
      issueAtScale,
      issueRatio: issueAtScale.requestsPerSecond / issueAtEmpty.requestsPerSecond,
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
        gcPauses: Number(expired.gcPauses),
        longestGcPauseMs: Number(expired.longestGcPauseMs),
        gcPauseTotalMs: Number(expired.gcPauseTotalMs),
      },
    };
  } finally {
    child.kill('SIGKILL');
  }
}
