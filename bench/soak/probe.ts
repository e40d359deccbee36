// Preloaded into the mock by the soak (`node --require dist/bench/soak/probe.js dist/mock/cli.js …`)
// so the server's own event-loop delay and memory are measured without changing mock code. Writes
// one prefixed line on stderr every 10 s, and one more on SIGUSR2 (the soak's final, partial row).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProbeSample } from './sample';
import { PROBE_INTERVAL_MS, PROBE_PREFIX } from './sample';

const NS_PER_MS = 1e6;
// 1 ms, as bench/scale-server.ts measures its longest stall: a coarser timer under-reads a stall
// by up to one period. The histogram records the whole interval between timer runs, period
// included (an idle loop reads ~1 ms), so the period is taken off to report the delay itself.
const RESOLUTION_MS = 1;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
const toDelayMs = (ns: number): number => Math.max(0, ns / NS_PER_MS - RESOLUTION_MS);

function report(): void {
  const memory = process.memoryUsage();
  const sample: ProbeSample = {
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    heapTotalBytes: memory.heapTotal,
    externalBytes: memory.external,
    // A histogram with no samples yet answers NaN/huge values; report 0 rather than garbage.
    delayP50Ms: delay.count > 0 ? toDelayMs(delay.percentile(50)) : 0,
    delayP99Ms: delay.count > 0 ? toDelayMs(delay.percentile(99)) : 0,
    delayMaxMs: delay.count > 0 ? toDelayMs(delay.max) : 0,
    delayMeanMs: delay.count > 0 ? toDelayMs(delay.mean) : 0,
  };
  delay.reset();
  process.stderr.write(`${PROBE_PREFIX}${JSON.stringify(sample)}\n`);
}

// Unref'd, and a signal listener keeps nothing alive: the mock still exits on SIGTERM as it would without the probe.
setInterval(report, PROBE_INTERVAL_MS).unref();
process.on('SIGUSR2', report);
