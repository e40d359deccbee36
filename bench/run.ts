// `npm run bench`: the mock as `npm start` runs it against a bare node:http baseline, in one run.
// Prints a table with mock/baseline ratios and writes JSON to bench/results/. Not a test: nothing
// here passes or fails on a figure.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import type { ClosedLoopFigures, OpenLoopFigures } from './load';
import { closedLoop, openLoop } from './load';
import { median, medianOf } from './medians';
import type { GcPauses, Started } from './processes';
import {
  BASELINE_COMMAND,
  MOCK_COMMAND,
  PINNED,
  ROOT,
  pinSelfToLoadCpu,
  startOtherCpuMeter,
  startServer,
  timeNodeBoot,
  watchGcPauses,
} from './processes';
import type { ScaleFigures } from './scale';
import { measureScale } from './scale';
import type { BenchRedis } from './redis-server';
import { startBenchRedis } from './redis-server';

const HELP = `npm run bench [-- options]
  --runs N        runs per server, alternating A/B (default 3; medians reported); also the scale
                  figure's issue runs on a full and an empty mock
  --seconds S     measured seconds per closed/open-loop run (default 10)
  --warmup S      warm-up seconds before each closed and open loop (default 2)
  --rate R        open-loop rate in requests/s (default 2000)
  --scale N       live View Tokens for the scale figures (default 1000000; 0 skips)
  --quick         --runs 1 --seconds 3 --warmup 1 --scale 100000 (a smoke run)
  --gc            after each open loop, one more per server under node --trace-gc: its GC pauses
                  (a diagnostic: the figures in the table come from the runs without it)
  --store S       memory, redis or both (default both: the mock on its memory store and on Redis,
                  side by side; Redis is a redis-server this bench starts on the server's CPU)
  --before DIR    also the mock on Redis as built in DIR (another checkout, built: DIR/dist/mock/cli.js),
                  in the same runs, as the column "mock (Redis, before)": a before/after from one run
  --json FILE     where to write the JSON (default bench/results/<date>.json)
Every measurement also reports how much CPU other processes took meanwhile (a shared machine).`;

type Target = 'baseline' | 'mock' | 'redis' | 'redis-before';
const TARGETS = ['baseline', 'mock', 'redis', 'redis-before'] as const;
/** One empty list per target. */
const perTargetLists = <T>(): Record<Target, T[]> =>
  Object.fromEntries(TARGETS.map((target) => [target, []])) as unknown as Record<Target, T[]>;
const STORES = ['memory', 'redis', 'both'] as const;
const BEARER = { Authorization: 'Bearer bench-access-token' };

function parseArgs(argv: string[]) {
  const options = {
    runs: 3,
    seconds: 10,
    warmup: 2,
    rate: 2000,
    scale: 1_000_000,
    gc: false,
    json: '',
    before: '',
    store: 'both' as (typeof STORES)[number],
  };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = (): number => {
      const raw = argv[++i];
      const number = Number(raw);
      if (raw === undefined || !Number.isFinite(number) || number < 0)
        throw new Error(`${flag} needs a non-negative number; got ${raw}`);
      return number;
    };
    if (flag === '--help' || flag === '-h') {
      console.log(HELP);
      process.exit(0);
    } else if (flag === '--quick') Object.assign(options, { runs: 1, seconds: 3, warmup: 1, scale: 100_000 });
    else if (flag === '--runs') options.runs = Math.max(1, Math.round(value()));
    else if (flag === '--seconds') options.seconds = value();
    else if (flag === '--warmup') options.warmup = value();
    else if (flag === '--rate') options.rate = value();
    else if (flag === '--scale') options.scale = Math.round(value());
    else if (flag === '--gc') options.gc = true;
    else if (flag === '--json') options.json = argv[++i] ?? '';
    else if (flag === '--before') {
      const dir = path.resolve(argv[++i] ?? '');
      if (!existsSync(path.join(dir, 'dist/mock/cli.js')))
        throw new Error(`--before needs a built checkout: ${dir}/dist/mock/cli.js does not exist (run npm ci there)`);
      options.before = dir;
    } else if (flag === '--store') {
      const store = argv[++i];
      if (!STORES.includes(store as (typeof STORES)[number]))
        throw new Error(`--store needs memory, redis or both; got ${store}`);
      options.store = store as (typeof STORES)[number];
    } else throw new Error(`Unknown option ${flag}\n\n${HELP}`);
  }
  return options;
}

/** The Redis the 'redis' target runs on (started by main when that target is measured). */
let benchRedis: BenchRedis | undefined;
/** The checkout --before names (its 'redis-before' target). */
let beforeDir = '';

async function start(target: Target, nodeArgs: string[] = []): Promise<Started> {
  const probe = { path: '/view/token?fileId=1', headers: BEARER };
  const startOptions = nodeArgs.length > 0 ? { nodeArgs, output: 'pipe' as const } : {};
  if (target === 'baseline') return startServer(BASELINE_COMMAND, (port) => [String(port)], probe, startOptions);
  if (target === 'mock') return startServer(MOCK_COMMAND, (port) => ['--port', String(port)], probe, startOptions);
  if (!benchRedis) throw new Error('no Redis started');
  const command = target === 'redis-before' ? [path.join(beforeDir, 'dist/mock/cli.js')] : MOCK_COMMAND;
  // Each server starts on an empty Redis, as each memory-store server starts empty.
  await benchRedis.flush();
  const redisUrl = benchRedis.url;
  return startServer(
    command,
    (port) => ['--port', String(port), '--store', 'redis', '--redis-url', redisUrl],
    probe,
    startOptions,
  );
}

/** "12 %" of the machine's CPU that other processes took during a measurement, or "?" without /proc. */
const formatOther = (share: number | undefined): string =>
  share === undefined ? '?' : `${(share * 100).toFixed(0)} %`;

/** The open loop's warm-up (JIT, first allocations: not counted), then the measured run; with the other processes' CPU share. */
async function measureOpenLoop(
  server: Started,
  options: { rate: number; warmup: number; seconds: number },
  onMeasuring = (): void => undefined,
): Promise<OpenLoopFigures & { otherCpu: number | undefined }> {
  const url = `${server.baseUrl}/view/token?fileId=1001`;
  await openLoop(url, BEARER, options.rate, options.warmup);
  onMeasuring();
  const meter = startOtherCpuMeter([process.pid, server.child.pid ?? 0]);
  const figures = await openLoop(url, BEARER, options.rate, options.seconds);
  return { ...figures, otherCpu: meter() };
}

/** The open loop once more on a server under `node --trace-gc`: the GC pauses V8 reported while it was measured. */
async function measureGcPauses(
  target: Target,
  options: { rate: number; warmup: number; seconds: number },
): Promise<GcPauses & { p99Ms: number }> {
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

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  pinSelfToLoadCpu();
  const redisTargets: Target[] =
    options.store === 'memory' ? [] : options.before ? ['redis-before', 'redis'] : ['redis'];
  const targets: Target[] = ['baseline', ...(options.store === 'redis' ? [] : ['mock' as const]), ...redisTargets];
  beforeDir = options.before;
  if (targets.includes('redis')) benchRedis = await startBenchRedis();
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  log(
    `bench: ${options.runs} run(s) × ${options.seconds}s, open loop ${options.rate} req/s, scale ${options.scale}; ${PINNED ? 'server on CPU 0, load on CPU 1 (taskset)' : 'not pinned (no taskset or one CPU)'}`,
  );

  const withoutCaCerts = { ...process.env };
  delete withoutCaCerts.NODE_EXTRA_CA_CERTS;
  const nodeBootMs = {
    asIs: await timeNodeBoot(process.env),
    ...(process.env.NODE_EXTRA_CA_CERTS ? { withoutExtraCaCerts: await timeNodeBoot(withoutCaCerts) } : {}),
  };
  log(
    `node -e 0, spawn to exit (median of 5): ${nodeBootMs.asIs.toFixed(0)} ms${nodeBootMs.withoutExtraCaCerts === undefined ? '' : ` (${nodeBootMs.withoutExtraCaCerts.toFixed(0)} ms without NODE_EXTRA_CA_CERTS)`}`,
  );
  const startup = perTargetLists<number>();
  for (let i = 0; i < 5; i += 1) {
    for (const target of targets) {
      const server = await start(target);
      startup[target].push(server.startupMs);
      await server.stop();
    }
  }
  log(
    `start-up (median of 5): ${targets.map((target) => `${target} ${median(startup[target]).toFixed(0)} ms (${startup[target].map((ms) => ms.toFixed(0)).join(', ')})`).join('; ')}`,
  );

  const closed = Object.fromEntries(TARGETS.map((target) => [target, { issue: [], use: [] }])) as unknown as Record<
    Target,
    { issue: ClosedLoopFigures[]; use: ClosedLoopFigures[] }
  >;
  const open = perTargetLists<OpenLoopFigures & { otherCpu: number | undefined }>();
  const gc = perTargetLists<GcPauses & { p99Ms: number }>();
  for (let run = 0; run < options.runs; run += 1) {
    // A/B then B/A, so neither server always goes first.
    const order: Target[] = run % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const server = await start(target);
      try {
        const meter = startOtherCpuMeter([process.pid, server.child.pid ?? 0]);
        const issue = await closedLoop(
          `${server.baseUrl}/view/token?fileId=1001`,
          BEARER,
          options.seconds,
          options.warmup,
        );
        const token = await issueOne(server.baseUrl);
        const use = await closedLoop(
          `${server.baseUrl}/inside/databag?viewToken=${token}`,
          {},
          options.seconds,
          options.warmup,
        );
        closed[target].issue.push(issue);
        closed[target].use.push(use);
        log(
          `run ${run + 1} ${target}: issue ${issue.requestsPerSecond.toFixed(0)} req/s, use ${use.requestsPerSecond.toFixed(0)} req/s (other processes: ${formatOther(meter())} CPU)`,
        );
      } finally {
        await server.stop();
      }
      const fresh = await start(target);
      try {
        const figures = await measureOpenLoop(fresh, options);
        open[target].push(figures);
        log(
          `run ${run + 1} ${target}: open loop p50 ${figures.p50Ms.toFixed(2)} ms, p99 ${figures.p99Ms.toFixed(2)} ms, p99.9 ${figures.p999Ms.toFixed(2)} ms, max ${figures.maxMs.toFixed(1)} ms; ` +
            `generator late by ≤ ${figures.sendLagP99Ms.toFixed(2)} ms (p99), ${figures.connections} connections, ${figures.errors} errors (other processes: ${formatOther(figures.otherCpu)} CPU)`,
        );
      } finally {
        await fresh.stop();
      }
      if (options.gc) {
        const seen = await measureGcPauses(target, options);
        gc[target].push(seen);
        log(
          `run ${run + 1} ${target} under --trace-gc: open loop p99 ${seen.p99Ms.toFixed(2)} ms; ${seen.scavenges} scavenges (${seen.scavengeTotalMs.toFixed(0)} ms in all, longest ${seen.longestScavengeMs.toFixed(1)} ms), ` +
            `${seen.fullGcs} full GCs (longest pause ${seen.longestFullGcPauseMs.toFixed(1)} ms)`,
        );
      }
    }
  }

  let scale: ScaleFigures | undefined;
  let redisScale: ScaleFigures | undefined;
  const scaleOptions = {
    liveTokens: options.scale,
    runs: options.runs,
    seconds: options.seconds,
    warmupSeconds: options.warmup,
    log,
  };
  if (options.scale > 0 && targets.includes('mock')) {
    log(`scale: ${options.scale} live View Tokens…`);
    scale = await measureScale(scaleOptions);
  }
  await benchRedis?.stop();
  if (options.scale > 0 && benchRedis) {
    log(`scale on Redis: ${options.scale} live View Tokens…`);
    // Redis servers of their own, as the memory store's scale runs in processes of their own.
    const [full, empty] = await Promise.all([startBenchRedis(), startBenchRedis()]);
    try {
      redisScale = await measureScale({ ...scaleOptions, redis: { full, empty } });
    } finally {
      await Promise.all([full.stop(), empty.stop()]);
    }
  }
  /** Each measured target's median, read from its runs. */
  const perTarget = <T>(read: (target: Target) => T): Partial<Record<Target, T>> =>
    Object.fromEntries(targets.map((target) => [target, read(target)]));

  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      pinned: PINNED,
    },
    options,
    nodeBootMs,
    startupMs: perTarget((target) => median(startup[target])),
    startupRuns: startup,
    closedLoop: {
      issue: perTarget((target) => medianOf(closed[target].issue)),
      use: perTarget((target) => medianOf(closed[target].use)),
    },
    openLoop: perTarget((target) => medianOf(open[target])),
    runs: { closedLoop: closed, openLoop: open, ...(options.gc ? { gc } : {}) },
    scale,
    redisScale,
  };
  console.log(renderTable(result));
  const file = options.json || path.join(ROOT, 'bench/results', `${result.date.replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
}

type Result = {
  startupMs: Partial<Record<Target, number>>;
  closedLoop: Record<'issue' | 'use', Partial<Record<Target, ClosedLoopFigures>>>;
  openLoop: Partial<Record<Target, OpenLoopFigures>>;
  scale: ScaleFigures | undefined;
  redisScale: ScaleFigures | undefined;
};

const SERVERS = ['mock', 'redis-before', 'redis'] as const;
const SERVER_LABEL = { mock: 'mock (memory)', 'redis-before': 'mock (Redis, before)', redis: 'mock (Redis)' } as const;

/** One row: the baseline's figure, then each measured mock's with its ratio to the baseline. */
function toRow(
  name: string,
  figures: Partial<Record<Target, number>>,
  columns: readonly (typeof SERVERS)[number][],
): string {
  const format = (value: number | undefined): string =>
    value === undefined ? '–' : value >= 100 ? value.toFixed(0) : value.toFixed(2);
  const baseline = figures.baseline;
  const cells = columns.flatMap((column) => {
    const value = figures[column];
    return [format(value), value === undefined || !baseline ? '' : `${(value / baseline).toFixed(2)}×`];
  });
  return `| ${name} | ${format(baseline)} | ${cells.join(' | ')} |`;
}

function renderTable(result: Result): string {
  const columns = SERVERS.filter((server) => result.startupMs[server] !== undefined);
  const lines = [
    `| figure | baseline | ${columns.map((column) => `${SERVER_LABEL[column]} | ratio`).join(' | ')} |`,
    `|---|---:|${columns.map(() => '---:|---:').join('|')}|`,
  ];
  const of = <T>(figures: Partial<Record<Target, T>>, read: (value: T) => number): Partial<Record<Target, number>> =>
    Object.fromEntries(Object.entries(figures).map(([target, value]) => [target, read(value as T)]));
  for (const [route, label] of [
    ['issue', 'GET /view/token'],
    ['use', 'GET /inside/databag'],
  ] as const) {
    const figures = result.closedLoop[route];
    lines.push(
      toRow(
        `${label} req/s (50 conn)`,
        of(figures, (f) => f.requestsPerSecond),
        columns,
      ),
    );
    lines.push(
      toRow(
        `${label} p50 ms`,
        of(figures, (f) => f.p50Ms),
        columns,
      ),
    );
    lines.push(
      toRow(
        `${label} p99 ms`,
        of(figures, (f) => f.p99Ms),
        columns,
      ),
    );
  }
  const rate = Object.values(result.openLoop)[0]?.rate ?? 0;
  lines.push(
    toRow(
      `open loop ${rate}/s p50 ms`,
      of(result.openLoop, (f) => f.p50Ms),
      columns,
    ),
  );
  lines.push(
    toRow(
      `open loop ${rate}/s p99 ms`,
      of(result.openLoop, (f) => f.p99Ms),
      columns,
    ),
  );
  lines.push(
    toRow(
      `open loop ${rate}/s p99.9 ms`,
      of(result.openLoop, (f) => f.p999Ms),
      columns,
    ),
  );
  // How late the generator itself sent (its own pauses): near 0 when the tail is the server's.
  lines.push(
    toRow(
      'open loop generator lateness p99 ms',
      of(result.openLoop, (f) => f.sendLagP99Ms),
      columns,
    ),
  );
  lines.push(toRow('start-up to first 200 ms', result.startupMs, columns));
  for (const [label, s] of [
    ['memory', result.scale],
    ['Redis', result.redisScale],
  ] as const) {
    if (!s) continue;
    lines.push(
      '',
      `| scale (mock on ${label}, ${s.liveTokens} live View Tokens) | figure |`,
      '|---|---:|',
      `| mock RSS per live token | ${s.rssBytesPerToken.toFixed(0)} B |`,
      `| mock heap per live token | ${s.heapBytesPerToken.toFixed(0)} B |`,
      ...(s.redisBytesPerToken === undefined
        ? []
        : [`| Redis memory per live token | ${s.redisBytesPerToken.toFixed(0)} B |`]),
      `| seeded in | ${s.seedSeconds.toFixed(1)} s |`,
      `| issue req/s at empty (median of ${s.issueRuns.length}) | ${s.issueAtEmpty.requestsPerSecond.toFixed(0)} |`,
      `| issue req/s at ${s.liveTokens} (median of ${s.issueRuns.length}) | ${s.issueAtScale.requestsPerSecond.toFixed(0)} (${s.issueRatio.toFixed(2)}×; runs ${s.issueRuns.map((pair) => (pair.atScale.requestsPerSecond / pair.atEmpty.requestsPerSecond).toFixed(2)).join(', ')}) |`,
      `| all expire: reclaimed in | ${s.expiry.reclaimSeconds.toFixed(1)} s |`,
      `| all expire: longest event-loop stall | ${s.expiry.longestStallMs.toFixed(1)} ms |`,
      `| all expire: longest reclaim step (its main thread waiting for the CPU) | ${s.expiry.longestReclaimStepMs.toFixed(1)} ms (${s.expiry.longestReclaimStepWaitingMs.toFixed(1)} ms) |`,
      `| RSS before → after expiry | ${s.expiry.rssBeforeMiB.toFixed(0)} → ${s.expiry.rssAfterMiB.toFixed(0)} MiB |`,
      `| heap before → after expiry | ${s.expiry.heapBeforeMiB.toFixed(0)} → ${s.expiry.heapAfterMiB.toFixed(0)} MiB |`,
    );
  }
  return lines.join('\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
