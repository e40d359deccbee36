// `npm run bench`: the mock as `npm start` runs it against a bare node:http baseline, in one run.
// Prints a table with mock/baseline ratios and writes JSON to bench/results/. Not a test: nothing
// here passes or fails on a figure.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import type { ClosedLoopFigures, OpenLoopFigures } from './load';
import { closedLoop, openLoop } from './load';
import type { GcPauses, Started } from './processes';
import { BASELINE_COMMAND, MOCK_COMMAND, PINNED, ROOT, pinSelfToLoadCpu, startOtherCpuMeter, startServer, timeNodeBoot, watchGcPauses } from './processes';
import type { ScaleFigures } from './scale';
import { measureScale } from './scale';

const HELP = `npm run bench [-- options]
  --runs N        closed/open-loop runs per server, alternating A/B (default 3; medians reported)
  --seconds S     measured seconds per closed/open-loop run (default 10)
  --warmup S      warm-up seconds before each closed and open loop (default 2)
  --rate R        open-loop rate in requests/s (default 2000)
  --scale N       live View Tokens for the scale figures (default 1000000; 0 skips)
  --quick         --runs 1 --seconds 3 --warmup 1 --scale 100000 (a smoke run)
  --gc            after each open loop, one more per server under node --trace-gc: its GC pauses
                  (a diagnostic: the figures in the table come from the runs without it)
  --json FILE     where to write the JSON (default bench/results/<date>.json)
Every measurement also reports how much CPU other processes took meanwhile (a shared machine).`;

type Target = 'baseline' | 'mock';
const BEARER = { Authorization: 'Bearer bench-access-token' };

function parseArgs(argv: string[]) {
  const options = { runs: 3, seconds: 10, warmup: 2, rate: 2000, scale: 1_000_000, gc: false, json: '' };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = (): number => {
      const raw = argv[++i];
      const number = Number(raw);
      if (raw === undefined || !Number.isFinite(number) || number < 0) throw new Error(`${flag} needs a non-negative number; got ${raw}`);
      return number;
    };
    if (flag === '--help' || flag === '-h') { console.log(HELP); process.exit(0); }
    else if (flag === '--quick') Object.assign(options, { runs: 1, seconds: 3, warmup: 1, scale: 100_000 });
    else if (flag === '--runs') options.runs = Math.max(1, Math.round(value()));
    else if (flag === '--seconds') options.seconds = value();
    else if (flag === '--warmup') options.warmup = value();
    else if (flag === '--rate') options.rate = value();
    else if (flag === '--scale') options.scale = Math.round(value());
    else if (flag === '--gc') options.gc = true;
    else if (flag === '--json') options.json = argv[++i] ?? '';
    else throw new Error(`Unknown option ${flag}\n\n${HELP}`);
  }
  return options;
}

const start = (target: Target, nodeArgs: string[] = []): Promise<Started> => target === 'mock'
  ? startServer(MOCK_COMMAND, (port) => ['--port', String(port)], { path: '/view/token?fileId=1', headers: BEARER }, nodeArgs.length > 0 ? { nodeArgs, output: 'pipe' } : {})
  : startServer(BASELINE_COMMAND, (port) => [String(port)], { path: '/view/token?fileId=1', headers: BEARER }, nodeArgs.length > 0 ? { nodeArgs, output: 'pipe' } : {});

/** "12 %" of the machine's CPU that other processes took during a measurement, or "?" without /proc. */
const formatOther = (share: number | undefined): string => (share === undefined ? '?' : `${(share * 100).toFixed(0)} %`);

/** The open loop's warm-up (JIT, first allocations: not counted), then the measured run; with the other processes' CPU share. */
async function measureOpenLoop(server: Started, options: { rate: number; warmup: number; seconds: number }, onMeasuring = (): void => undefined): Promise<OpenLoopFigures & { otherCpu: number | undefined }> {
  const url = `${server.baseUrl}/view/token?fileId=1001`;
  await openLoop(url, BEARER, options.rate, options.warmup);
  onMeasuring();
  const meter = startOtherCpuMeter([process.pid, server.child.pid ?? 0]);
  const figures = await openLoop(url, BEARER, options.rate, options.seconds);
  return { ...figures, otherCpu: meter() };
}

/** The open loop once more on a server under `node --trace-gc`: the GC pauses V8 reported while it was measured. */
async function measureGcPauses(target: Target, options: { rate: number; warmup: number; seconds: number }): Promise<GcPauses & { p99Ms: number }> {
  const traced = await start(target, ['--trace-gc']);
  try {
    const pauses = watchGcPauses(traced.child);
    const figures = await measureOpenLoop(traced, options, () => void pauses.take());
    return { ...pauses.take(), p99Ms: figures.p99Ms };
  } finally {
    await traced.stop();
  }
}

async function issueOne(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/view/token?fileId=9223372036854775807`, { headers: BEARER });
  return ((await res.json()) as { data: string }).data;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function medianOf<T extends object>(runs: T[]): T {
  const first = runs[0];
  if (!first) throw new Error('no runs');
  return Object.fromEntries(Object.keys(first).map((key) => [key, median(runs.map((run) => Number(run[key as keyof T])))])) as T;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  pinSelfToLoadCpu();
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  log(`bench: ${options.runs} run(s) × ${options.seconds}s, open loop ${options.rate} req/s, scale ${options.scale}; ${PINNED ? 'server on CPU 0, load on CPU 1 (taskset)' : 'not pinned (no taskset or one CPU)'}`);

  const withoutCaCerts = { ...process.env };
  delete withoutCaCerts.NODE_EXTRA_CA_CERTS;
  const nodeBootMs = { asIs: await timeNodeBoot(process.env), ...(process.env.NODE_EXTRA_CA_CERTS ? { withoutExtraCaCerts: await timeNodeBoot(withoutCaCerts) } : {}) };
  log(`node -e 0, spawn to exit (median of 5): ${nodeBootMs.asIs.toFixed(0)} ms${nodeBootMs.withoutExtraCaCerts === undefined ? '' : ` (${nodeBootMs.withoutExtraCaCerts.toFixed(0)} ms without NODE_EXTRA_CA_CERTS)`}`);
  const startup: Record<Target, number[]> = { baseline: [], mock: [] };
  for (let i = 0; i < 5; i += 1) {
    for (const target of ['baseline', 'mock'] as const) {
      const server = await start(target);
      startup[target].push(server.startupMs);
      await server.stop();
    }
  }
  log(`start-up (median of 5): baseline ${median(startup.baseline).toFixed(0)} ms, mock ${median(startup.mock).toFixed(0)} ms (runs: baseline ${startup.baseline.map((ms) => ms.toFixed(0)).join(', ')}; mock ${startup.mock.map((ms) => ms.toFixed(0)).join(', ')})`);

  const closed: Record<Target, { issue: ClosedLoopFigures[]; use: ClosedLoopFigures[] }> = { baseline: { issue: [], use: [] }, mock: { issue: [], use: [] } };
  const open: Record<Target, (OpenLoopFigures & { otherCpu: number | undefined })[]> = { baseline: [], mock: [] };
  const gc: Record<Target, (GcPauses & { p99Ms: number })[]> = { baseline: [], mock: [] };
  for (let run = 0; run < options.runs; run += 1) {
    // A/B then B/A, so neither server always goes first.
    const order: Target[] = run % 2 === 0 ? ['baseline', 'mock'] : ['mock', 'baseline'];
    for (const target of order) {
      const server = await start(target);
      try {
        const meter = startOtherCpuMeter([process.pid, server.child.pid ?? 0]);
        const issue = await closedLoop(`${server.baseUrl}/view/token?fileId=1001`, BEARER, options.seconds, options.warmup);
        const token = await issueOne(server.baseUrl);
        const use = await closedLoop(`${server.baseUrl}/inside/databag?viewToken=${token}`, {}, options.seconds, options.warmup);
        closed[target].issue.push(issue);
        closed[target].use.push(use);
        log(`run ${run + 1} ${target}: issue ${issue.requestsPerSecond.toFixed(0)} req/s, use ${use.requestsPerSecond.toFixed(0)} req/s (other processes: ${formatOther(meter())} CPU)`);
      } finally {
        await server.stop();
      }
      const fresh = await start(target);
      try {
        const figures = await measureOpenLoop(fresh, options);
        open[target].push(figures);
        log(`run ${run + 1} ${target}: open loop p50 ${figures.p50Ms.toFixed(2)} ms, p99 ${figures.p99Ms.toFixed(2)} ms, p99.9 ${figures.p999Ms.toFixed(2)} ms, max ${figures.maxMs.toFixed(1)} ms; `
          + `generator late by ≤ ${figures.sendLagP99Ms.toFixed(2)} ms (p99), ${figures.connections} connections, ${figures.errors} errors (other processes: ${formatOther(figures.otherCpu)} CPU)`);
      } finally {
        await fresh.stop();
      }
      if (options.gc) {
        const seen = await measureGcPauses(target, options);
        gc[target].push(seen);
        log(`run ${run + 1} ${target} under --trace-gc: open loop p99 ${seen.p99Ms.toFixed(2)} ms; ${seen.scavenges} scavenges (${seen.scavengeTotalMs.toFixed(0)} ms in all, longest ${seen.longestScavengeMs.toFixed(1)} ms), `
          + `${seen.fullGcs} full GCs (longest pause ${seen.longestFullGcPauseMs.toFixed(1)} ms)`);
      }
    }
  }

  let scale: ScaleFigures | undefined;
  if (options.scale > 0) {
    log(`scale: ${options.scale} live View Tokens…`);
    scale = await measureScale(options.scale, options.seconds, options.warmup);
  }

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, pinned: PINNED },
    options,
    nodeBootMs,
    startupMs: { baseline: median(startup.baseline), mock: median(startup.mock), mockRuns: startup.mock, baselineRuns: startup.baseline },
    closedLoop: {
      issue: { baseline: medianOf(closed.baseline.issue), mock: medianOf(closed.mock.issue) },
      use: { baseline: medianOf(closed.baseline.use), mock: medianOf(closed.mock.use) },
    },
    openLoop: { baseline: medianOf(open.baseline), mock: medianOf(open.mock) },
    runs: { closedLoop: closed, openLoop: open, ...(options.gc ? { gc } : {}) },
    scale,
  };
  console.log(renderTable(result));
  const file = options.json || path.join(ROOT, 'bench/results', `${result.date.replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
}

type Result = {
  startupMs: { baseline: number; mock: number };
  closedLoop: Record<'issue' | 'use', Record<Target, ClosedLoopFigures>>;
  openLoop: Record<Target, OpenLoopFigures>;
  scale: ScaleFigures | undefined;
};

function renderTable(result: Result): string {
  const rows: [string, number, number, string][] = [];
  const ratio = (mock: number, baseline: number): string => `${(mock / baseline).toFixed(2)}×`;
  for (const [route, label] of [['issue', 'GET /view/token'], ['use', 'GET /inside/databag']] as const) {
    const { baseline, mock } = result.closedLoop[route];
    rows.push([`${label} req/s (50 conn)`, baseline.requestsPerSecond, mock.requestsPerSecond, ratio(mock.requestsPerSecond, baseline.requestsPerSecond)]);
    rows.push([`${label} p50 ms`, baseline.p50Ms, mock.p50Ms, ratio(mock.p50Ms || 0.5, baseline.p50Ms || 0.5)]);
    rows.push([`${label} p99 ms`, baseline.p99Ms, mock.p99Ms, ratio(mock.p99Ms || 0.5, baseline.p99Ms || 0.5)]);
  }
  const { baseline: ob, mock: om } = result.openLoop;
  rows.push([`open loop ${om.rate}/s p50 ms`, ob.p50Ms, om.p50Ms, ratio(om.p50Ms, ob.p50Ms)]);
  rows.push([`open loop ${om.rate}/s p99 ms`, ob.p99Ms, om.p99Ms, ratio(om.p99Ms, ob.p99Ms)]);
  rows.push([`open loop ${om.rate}/s p99.9 ms`, ob.p999Ms, om.p999Ms, ratio(om.p999Ms, ob.p999Ms)]);
  // How late the generator itself sent (its own pauses): near 0 when the tail is the server's.
  rows.push([`open loop generator lateness p99 ms`, ob.sendLagP99Ms, om.sendLagP99Ms, '']);
  rows.push(['start-up to first 200 ms', result.startupMs.baseline, result.startupMs.mock, ratio(result.startupMs.mock, result.startupMs.baseline)]);
  const format = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(2));
  const lines = ['| figure | baseline | mock | mock/baseline |', '|---|---:|---:|---:|', ...rows.map(([name, b, m, r]) => `| ${name} | ${format(b)} | ${format(m)} | ${r} |`)];
  const s = result.scale;
  if (s) {
    lines.push('', `| scale (mock, ${s.liveTokens} live View Tokens) | figure |`, '|---|---:|',
      `| RSS per live token | ${s.rssBytesPerToken.toFixed(0)} B |`,
      `| heap per live token | ${s.heapBytesPerToken.toFixed(0)} B |`,
      `| issue req/s at empty | ${s.issueAtEmpty.requestsPerSecond.toFixed(0)} |`,
      `| issue req/s at ${s.liveTokens} | ${s.issueAtScale.requestsPerSecond.toFixed(0)} (${s.issueRatio.toFixed(2)}×) |`,
      `| all expire: reclaimed in | ${s.expiry.reclaimSeconds.toFixed(1)} s |`,
      `| all expire: longest event-loop stall | ${s.expiry.longestStallMs.toFixed(1)} ms |`,
      `| RSS before → after expiry | ${s.expiry.rssBeforeMiB.toFixed(0)} → ${s.expiry.rssAfterMiB.toFixed(0)} MiB |`,
      `| heap before → after expiry | ${s.expiry.heapBeforeMiB.toFixed(0)} → ${s.expiry.heapAfterMiB.toFixed(0)} MiB |`);
  }
  return lines.join('\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
