// The mock (library API, default logging; the memory store, or Redis when a URL is given) in its own
// process for the scale figures. The parent drives it over IPC: seed N live View Tokens, report
// memory, expire them all and report how the reclaim went.
// Usage: node --expose-gc scale-server.js PORT [REDIS_URL]
import { readFileSync } from 'node:fs';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import type { Core } from '../mock/core/create-core';
import { EXPIRED_RETENTION_MS } from '../mock/core/create-core';
import type { Int64 } from '../mock/core/int64';
import { toNewRecordFields } from '../mock/core/service';
import type { TokenStore } from '../mock/core/token-store';
import { createMockServer } from '../mock/server';

const SEED_BATCH = 100;

type Command = { kind: 'seed'; count: number } | { kind: 'memory' } | { kind: 'expire' };

function memory(): { rssBytes: number; heapUsedBytes: number } {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed };
}

/**
 * What may explain the longest stall while tokens expire: each reclaim step (the store's method,
 * timed in place) and the GC's pauses. The longest step's CPU time (all the process's threads)
 * against its wall time tells slow code (CPU ≈ wall) from a busy machine (CPU ≪ wall); the time its
 * main thread waited for the CPU (Linux schedstat) tells a slow step from one whose thread was put
 * aside for V8's own compiler and GC threads on the one CPU the server is pinned to.
 */
function explainStalls(store: TokenStore): { stop(): Record<string, number> } {
  const reclaim = store.reclaim.bind(store);
  const steps = { count: 0, longestMs: 0, longestCpuMs: 0, longestWaitingMs: Number.NaN, longestRemoved: 0 };
  store.reclaim = async (lastActiveBeforeMs) => {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const waiting0 = mainThreadWaitingMs();
    const removed = await reclaim(lastActiveBeforeMs);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const waitingMs = mainThreadWaitingMs() - waiting0;
    steps.count += 1;
    if (ms > steps.longestMs)
      Object.assign(steps, {
        longestMs: ms,
        longestCpuMs: (cpu.user + cpu.system) / 1000,
        longestWaitingMs: waitingMs,
        longestRemoved: removed,
      });
    return removed;
  };
  const pauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      store.reclaim = reclaim;
      observer.disconnect();
      return {
        reclaimSteps: steps.count,
        longestReclaimStepMs: steps.longestMs,
        longestReclaimStepCpuMs: steps.longestCpuMs,
        longestReclaimStepWaitingMs: steps.longestWaitingMs,
        longestReclaimStepRemoved: steps.longestRemoved,
        gcPauses: pauses.length,
        longestGcPauseMs: Math.max(0, ...pauses),
        gcPauseTotalMs: pauses.reduce((sum, ms) => sum + ms, 0),
      };
    },
  };
}

/** How long this process's main thread has waited, runnable, for a CPU (ms); NaN without /proc. */
function mainThreadWaitingMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until the store's count holds still for 200 ms. Requests still in flight when the load
 * generator stopped (on Redis they are answered well after) would otherwise issue tokens after the
 * clock moved: tokens that do not expire, and a wait for an empty store that never ends.
 */
async function settled(store: TokenStore): Promise<void> {
  for (let last = -1, count = await store.count(); count !== last; count = await store.count()) {
    last = count;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Issues a View Token for file `id` as GET /view/token does: the caller authenticated, the file resolved, then stored. */
async function issue(core: Core, id: number): Promise<void> {
  const nowMs = core.clocks.realNow();
  const auth = await core.accessTokens.authenticate('Bearer bench', nowMs);
  if (auth.kind === 'rejected') throw new Error(`the bench's Access Token was refused: ${auth.reason}`);
  const target = { kind: 'object', parameter: 'fileId', type: 'file', id: String(id) as Int64 } as const;
  const resolved = toNewRecordFields(core.directory, target, auth.app, '');
  if (resolved.kind !== 'resolved') throw new Error(`file ${id} cannot be issued a View Token: ${resolved.kind}`);
  await core.viewTokens.issue(resolved.fields, nowMs);
}

async function main(): Promise<void> {
  const redisUrl = process.argv[3];
  const mock = await createMockServer(redisUrl ? { store: 'redis', redisUrl, redisPrefix: 'bench-scale:' } : {});
  await mock.listen(Number(process.argv[2] ?? 0), '127.0.0.1');
  const { core } = mock;

  process.on(
    'message',
    (command: Command) =>
      void (async () => {
        switch (command.kind) {
          case 'memory':
            return process.send?.({ ...memory(), viewTokens: await core.store.count() });
          case 'seed': {
            const t0 = performance.now();
            // In batches, so a Redis store's round trips overlap; the memory store answers at once either way.
            for (let i = 0; i < command.count; i += SEED_BATCH) {
              const batch = Array.from({ length: Math.min(SEED_BATCH, command.count - i) }, (_, j) =>
                issue(core, i + j + 1),
              );
              await Promise.all(batch);
              // Let the server breathe (and the parent's probes through) every so often.
              if (i % 50_000 === 0) await new Promise((resolve) => setImmediate(resolve));
            }
            return process.send?.({
              seededMs: performance.now() - t0,
              ...memory(),
              viewTokens: await core.store.count(),
            });
          }
          case 'expire': {
            const delay = monitorEventLoopDelay({ resolution: 1 });
            const explain = explainStalls(core.store);
            delay.enable();
            await settled(core.store);
            const t0 = performance.now();
            await core.clocks.change('', {
              kind: 'advance',
              byMs: core.viewTokens.ttlMs + EXPIRED_RETENTION_MS + 1000,
            });
            // The server's own reclaim timer does the work, as in production; wait until it is done.
            while ((await core.store.count()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
            delay.disable();
            const stalls = explain.stop();
            return process.send?.({
              reclaimedMs: performance.now() - t0,
              longestStallMs: delay.max / 1e6,
              ...stalls,
              ...memory(),
              viewTokens: await core.store.count(),
            });
          }
        }
      })(),
  );
  process.send?.({ ready: true });
}

void main();
