// `npm run bench`: the mock as `npm start` runs it against a bare node:http baseline, in one run.
// Prints a table with mock/baseline ratios and writes JSON to bench/results/. Not a test: nothing
// here passes or fails on a figure.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import type { ClosedLoopFigures, OpenLoopFigures } from './load';
import { closedLoop, openLoop } from './load';
import type { Started } from './processes';
import { BASELINE_COMMAND, MOCK_COMMAND, PINNED, ROOT, pinSelfToLoadCpu, startServer } from './processes';
import type { ScaleFigures } from './scale';
import { measureScale } from './scale';

const HELP = `npm run bench [-- options]
  --runs N        closed/open-loop runs per server, alternating A/B (default 3; medians reported)
  --seconds S     measured seconds per closed/open-loop run (default 10)
  --warmup S      warm-up seconds before each closed and open loop (default 2)
  --rate R        open-loop rate in requests/s (default 2000)
  --scale N       live View Tokens for the scale figures (default 1000000; 0 skips)
  --quick         --runs 1 --seconds 3 --warmup 1 --scale 100000 (a smoke run)
  --json FILE     where to write the JSON (default bench/results/<date>.json)`;

type Target = 'baseline' | 'mock';
const BEARER = { Authorization: 'Bearer bench-access-token' };

function parseArgs(argv: string[]) {
  const options = { runs: 3, seconds: 10, warmup: 2, rate: 2000, scale: 1_000_000, json: '' };
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
    else if (flag === '--json') options.json = argv[++i] ?? '';
    else throw new Error(`Unknown option ${flag}\n\n${HELP}`);
  }
  return options;
}

const start = (target: Target): Promise<Started> => target === 'mock'
  ? startServer(MOCK_COMMAND, (port) => ['--port', String(port)], { path: '/view/token?fileId=1', headers: BEARER })
  : startServer(BASELINE_COMMAND, (port) => [String(port)], { path: '/view/token?fileId=1', headers: BEARER });

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

  const startup: Record<Target, number[]> = { baseline: [], mock: [] };
  for (let i = 0; i < 5; i += 1) {
    for (const target of ['baseline', 'mock'] as const) {
      const server = await start(target);
      startup[target].push(server.startupMs);
      await server.stop();
    }
  }
  log(`start-up (median of 5): baseline ${median(startup.baseline).toFixed(0)} ms, mock ${median(startup.mock).toFixed(0)} ms`);

  const closed: Record<Target, { issue: ClosedLoopFigures[]; use: ClosedLoopFigures[] }> = { baseline: { issue: [], use: [] }, mock: { issue: [], use: [] } };
  const open: Record<Target, OpenLoopFigures[]> = { baseline: [], mock: [] };
  for (let run = 0; run < options.runs; run += 1) {
    // A/B then B/A, so neither server always goes first.
    const order: Target[] = run % 2 === 0 ? ['baseline', 'mock'] : ['mock', 'baseline'];
    for (const target of order) {
      const server = await start(target);
      try {
        const issue = await closedLoop(`${server.baseUrl}/view/token?fileId=1001`, BEARER, options.seconds, options.warmup);
        const token = await issueOne(server.baseUrl);
        const use = await closedLoop(`${server.baseUrl}/inside/databag?viewToken=${token}`, {}, options.seconds, options.warmup);
        closed[target].issue.push(issue);
        closed[target].use.push(use);
        log(`run ${run + 1} ${target}: issue ${issue.requestsPerSecond.toFixed(0)} req/s, use ${use.requestsPerSecond.toFixed(0)} req/s`);
      } finally {
        await server.stop();
      }
      const fresh = await start(target);
      try {
        // The same warm-up as the closed loop (JIT, first allocations), at the same rate, not counted.
        await openLoop(`${fresh.baseUrl}/view/token?fileId=1001`, BEARER, options.rate, options.warmup);
        const figures = await openLoop(`${fresh.baseUrl}/view/token?fileId=1001`, BEARER, options.rate, options.seconds);
        open[target].push(figures);
        log(`run ${run + 1} ${target}: open loop p99 ${figures.p99Ms.toFixed(2)} ms`);
      } finally {
        await fresh.stop();
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
    startupMs: { baseline: median(startup.baseline), mock: median(startup.mock), mockRuns: startup.mock },
    closedLoop: {
      issue: { baseline: medianOf(closed.baseline.issue), mock: medianOf(closed.mock.issue) },
      use: { baseline: medianOf(closed.baseline.use), mock: medianOf(closed.mock.use) },
    },
    openLoop: { baseline: medianOf(open.baseline), mock: medianOf(open.mock) },
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
