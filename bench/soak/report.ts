// The soak's figures: one row per probe sample (every 10 s), the line printed as it comes, the
// final table, and the steady-state comparison (memory at the first steady minute vs the end).
import type { CpuShares } from './cpu';
import type { Interval, StatusClass, Totals } from './load';
import type { ProbeSample } from './sample';

const MiB = 1024 * 1024;

export interface Row {
  /** Seconds since the load started. */
  atSeconds: number;
  rssMiB: number;
  heapUsedMiB: number;
  /** What V8 has reserved (JSON only): RSS follows it, heap used swings below it with each GC. */
  heapTotalMiB: number;
  delayP99Ms: number;
  delayMaxMs: number;
  sent: number;
  answered: Record<StatusClass, number>;
  forcedResets: number;
  unexpected: number;
  ratePerSecond: number;
  latencyP99Ms: number;
  /** `viewTokens` of GET /__admin/health: stored tokens, valid and expired-but-listed. */
  storedTokens: number | undefined;
  /** % of one CPU: the mock, and every other process but the load generator (see cpu.ts). */
  cpu: CpuShares | undefined;
}

export function toRow(
  atSeconds: number,
  sample: ProbeSample,
  interval: Interval,
  storedTokens: number | undefined,
  cpu: CpuShares | undefined,
): Row {
  return {
    atSeconds,
    rssMiB: sample.rssBytes / MiB,
    heapUsedMiB: sample.heapUsedBytes / MiB,
    heapTotalMiB: sample.heapTotalBytes / MiB,
    delayP99Ms: sample.delayP99Ms,
    delayMaxMs: sample.delayMaxMs,
    sent: interval.sent,
    answered: interval.answered,
    forcedResets: interval.forcedResets,
    unexpected: interval.unexpected,
    ratePerSecond: interval.seconds > 0 ? interval.sent / interval.seconds : 0,
    latencyP99Ms: interval.latencyP99Ms,
    storedTokens,
    cpu,
  };
}

const fixed = (value: number, digits = 1): string => value.toFixed(digits);
const percent = (value: number | undefined): string => (value === undefined ? '?' : value.toFixed(0));

export function toLine(row: Row): string {
  const { answered: a } = row;
  return (
    `t=${fixed(row.atSeconds, 0).padStart(4)}s  rss ${fixed(row.rssMiB)} MiB  heap ${fixed(row.heapUsedMiB)} MiB  ` +
    `loop delay p99 ${fixed(row.delayP99Ms)} / max ${fixed(row.delayMaxMs)} ms  |  sent ${row.sent}  2xx ${a['2xx']}  4xx ${a['4xx']}  5xx ${a['5xx']}  ` +
    `resets(forced) ${row.forcedResets}  unexpected ${row.unexpected}  |  ${fixed(row.ratePerSecond, 0)} req/s  latency p99 ${fixed(row.latencyP99Ms)} ms  |  tokens ${row.storedTokens ?? '?'}  |  cpu mock ${percent(row.cpu?.mockPercent)} others ${percent(row.cpu?.othersPercent)}`
  );
}

export function renderTable(rows: Row[]): string {
  const head =
    '| t s | RSS MiB | heap used MiB | loop delay p99 ms | loop delay max ms | sent | 2xx | 3xx | 4xx | 5xx | resets (forced) | unexpected | req/s | latency p99 ms | tokens stored | mock CPU % | others CPU % |';
  const lines = rows.map(
    (row) =>
      `| ${fixed(row.atSeconds, 0)} | ${fixed(row.rssMiB)} | ${fixed(row.heapUsedMiB)} | ${fixed(row.delayP99Ms)} | ${fixed(row.delayMaxMs)} | ${row.sent} | ` +
      `${row.answered['2xx']} | ${row.answered['3xx']} | ${row.answered['4xx']} | ${row.answered['5xx']} | ${row.forcedResets} | ${row.unexpected} | ${fixed(row.ratePerSecond, 0)} | ${fixed(row.latencyP99Ms)} | ${row.storedTokens ?? '?'} | ${percent(row.cpu?.mockPercent)} | ${percent(row.cpu?.othersPercent)} |`,
  );
  return [head, `|${'---:|'.repeat(17)}`, ...lines].join('\n');
}

export interface Summary {
  /** The token population has turned over once by then: ttl + listing retention of mock time, plus one reclaim. */
  steadyFromSeconds: number;
  /** Medians over the samples of the first minute from steadyFromSeconds; undefined if the run ended before. */
  rssFirstSteadyMinuteMiB: number | undefined;
  heapFirstSteadyMinuteMiB: number | undefined;
  /** Medians over the samples of the last minute: one sample is noisy (heap used swings with each GC). */
  rssLastMinuteMiB: number;
  heapLastMinuteMiB: number;
  /** The final sample, after the load stopped. */
  rssEndMiB: number;
  heapEndMiB: number;
  totals: {
    sent: number;
    answered: Record<StatusClass, number>;
    forcedResets: number;
    unexpected: number;
    achievedRate: number;
    maxLoopDelayMs: number;
  };
}

const median = (values: number[]): number | undefined => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return undefined;
  return sorted.length % 2 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export function summarize(
  rows: Row[],
  steadyFromSeconds: number,
  load: { sendingSeconds: number; totals: Totals; unexpected: number },
): Summary {
  const firstMinute = rows.filter(
    (row) => row.atSeconds >= steadyFromSeconds && row.atSeconds < steadyFromSeconds + 60,
  );
  const last = rows.at(-1);
  // Within the steady phase when there is one: in a short run the last minute would include the warm-up.
  const lastMinuteFrom = (last?.atSeconds ?? 0) - 60;
  const lastMinute = rows.filter(
    (row) => row.atSeconds >= (firstMinute.length > 0 ? Math.max(steadyFromSeconds, lastMinuteFrom) : lastMinuteFrom),
  );
  return {
    steadyFromSeconds,
    rssFirstSteadyMinuteMiB: median(firstMinute.map((row) => row.rssMiB)),
    heapFirstSteadyMinuteMiB: median(firstMinute.map((row) => row.heapUsedMiB)),
    rssLastMinuteMiB: median(lastMinute.map((row) => row.rssMiB)) ?? Number.NaN,
    heapLastMinuteMiB: median(lastMinute.map((row) => row.heapUsedMiB)) ?? Number.NaN,
    rssEndMiB: last?.rssMiB ?? Number.NaN,
    heapEndMiB: last?.heapUsedMiB ?? Number.NaN,
    totals: {
      ...load.totals,
      // The clock advances' failures are counted here too, not in any row's sent.
      unexpected: load.unexpected,
      achievedRate: load.sendingSeconds > 0 ? load.totals.sent / load.sendingSeconds : 0,
      maxLoopDelayMs: Math.max(0, ...rows.map((row) => row.delayMaxMs)),
    },
  };
}

const signed = (value: number, unit: string): string => `${value >= 0 ? '+' : ''}${fixed(value)}${unit}`;

export function renderSummary(summary: Summary): string[] {
  const from = `t=${fixed(summary.steadyFromSeconds, 0)} s`;
  const growth = (first: number | undefined, lastMinute: number, end: number): string =>
    Number.isNaN(end)
      ? 'no sample from the probe'
      : first === undefined
        ? `last minute ${fixed(lastMinute)} MiB (median), end ${fixed(end)} MiB; the steady phase (from ${from}) was not reached`
        : `first steady minute ${fixed(first)} MiB (median from ${from}) → last minute ${fixed(lastMinute)} MiB (median): ` +
          `growth ${signed(lastMinute - first, ' MiB')} (${signed((100 * (lastMinute - first)) / first, ' %')}); end sample ${fixed(end)} MiB`;
  const { totals: t } = summary;
  return [
    `RSS: ${growth(summary.rssFirstSteadyMinuteMiB, summary.rssLastMinuteMiB, summary.rssEndMiB)}`,
    `heap used: ${growth(summary.heapFirstSteadyMinuteMiB, summary.heapLastMinuteMiB, summary.heapEndMiB)}`,
    `sent ${t.sent} at ${fixed(t.achievedRate, 0)} req/s; answered 2xx ${t.answered['2xx']}, 3xx ${t.answered['3xx']}, 4xx ${t.answered['4xx']}, 5xx ${t.answered['5xx']}; forced resets ${t.forcedResets}; longest event-loop delay ${fixed(t.maxLoopDelayMs)} ms`,
    `unexpected errors: ${t.unexpected}`,
  ];
}
