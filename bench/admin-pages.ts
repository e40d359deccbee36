// `npm run bench:admin-pages`: what an admin page costs at 1M View Tokens and 100k journal entries,
// and what service requests see meanwhile, with this build and (--before DIR) another, in one run.
// Prints a table (and --json); nothing here passes or fails on a figure.
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenLoopFigures } from './load';
import { openLoop } from './load';
import { median } from './medians';
import type { Started } from './processes';
import { MOCK_COMMAND, pinSelfToLoadCpu, startOtherCpuMeter, startServer } from './processes';
import { RULED_SESSION, SEEDED_SESSIONS, fillJournal, writeStateFile } from './admin-pages-seed';

const HELP = `npm run bench:admin-pages [-- options]
  --tokens N     View Tokens in the store (default 1000000)
  --journal N    journal entries (--journal-size; default 100000)
  --seconds S    seconds of each service open loop (default 10)
  --rate R       service requests/s of the open loops (default 500)
  --pages N      admin requests per page kind (default 50; medians and max reported)
  --before DIR   also the mock as built in DIR (DIR/dist/mock/cli.js), measured in the same run
  --json FILE    also write the figures as JSON`;

interface Options {
  tokens: number;
  journal: number;
  seconds: number;
  rate: number;
  pages: number;
  before: string;
  json: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    tokens: 1_000_000,
    journal: 100_000,
    seconds: 10,
    rate: 500,
    pages: 50,
    before: '',
    json: '',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i] ?? '';
    const raw = argv[++i];
    if (flag === '--help') {
      console.log(HELP);
      process.exit(0);
    }
    if (flag === '--before' || flag === '--json') {
      if (raw === undefined) throw new Error(`${flag} needs a value`);
      if (flag === '--before' && !existsSync(path.join(raw, 'dist/mock/cli.js')))
        throw new Error(`--before ${raw}: no built mock at ${raw}/dist/mock/cli.js (run npm ci there)`);
      options[flag === '--before' ? 'before' : 'json'] = path.resolve(raw);
      continue;
    }
    const key = flag.slice(2) as keyof Options;
    if (!(key in options) || typeof options[key] !== 'number' || !(Number(raw) > 0))
      throw new Error(`${flag} ${raw ?? ''}: unknown flag or not a positive number (see --help)`);
    (options[key] as number) = Number(raw);
  }
  return options;
}

/** The admin requests measured, each as the dashboard or a CI job sends it. */
const PAGES: [string, string, RequestInit?][] = [
  ['view-tokens, first page of 1', '/__admin/view-tokens?limit=1'],
  ['view-tokens, next page of 100', '/__admin/view-tokens?limit=100&cursor=CURSOR'],
  ['view-tokens of one session, 100', `/__admin/view-tokens?limit=100&session=s${SEEDED_SESSIONS - 1}`],
  ['journal, first page of 1', '/__admin/requests?limit=1'],
  ['journal unmatched, 100', '/__admin/requests/unmatched?limit=100'],
  [
    'journal count',
    '/__admin/requests/count',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"path":"/view/tokens"}' },
  ],
  ['scenarios, first page of 1', '/__admin/scenarios?limit=1'],
];

interface BuildFigures {
  build: string;
  startSeconds: number;
  /** Per admin request kind: median and max ms. */
  pages: Record<string, { medianMs: number; maxMs: number }>;
  serviceAlone: OpenLoopFigures;
  serviceWhilePaging: OpenLoopFigures;
  serviceInRuledSession: OpenLoopFigures;
  otherCpuShare: number | undefined;
}

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; body: unknown }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const body: unknown = await res.json();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms: performance.now() - t0, body };
}

async function measureBuild(build: string, cli: string, stateFile: string, options: Options): Promise<BuildFigures> {
  const t0 = performance.now();
  const server: Started = await startServer(
    [cli],
    (port) => [
      '--port',
      String(port),
      '--state-file',
      stateFile,
      '--journal-size',
      String(options.journal),
      '--log-level',
      'silent',
    ],
    { path: '/__admin/health' },
  );
  try {
    const startSeconds = (performance.now() - t0) / 1000;
    await fillJournal(server.baseUrl, options.journal);
    const meter = startOtherCpuMeter([process.pid, server.child.pid ?? 0]);
    const service = (session: string): Promise<OpenLoopFigures> =>
      openLoop(
        `${server.baseUrl}/inside/databag?viewToken=${'e'.repeat(32)}`,
        { 'X-Mock-Session': session },
        options.rate,
        options.seconds,
      );
    const serviceAlone = await service('plain');
    const serviceInRuledSession = await service(RULED_SESSION);
    const times: Record<string, number[]> = {};
    let paging = true;
    const pager = (async () => {
      const cursor = ((await timed(`${server.baseUrl}/__admin/view-tokens?limit=1`)).body as { nextCursor: string })
        .nextCursor;
      for (let round = 0; paging || round < options.pages; round += 1) {
        for (const [name, target, init] of PAGES)
          (times[name] ??= []).push((await timed(`${server.baseUrl}${target.replace('CURSOR', cursor)}`, init)).ms);
      }
    })();
    const serviceWhilePaging = await service('plain');
    paging = false;
    await pager;
    const pages = Object.fromEntries(
      Object.entries(times).map(([name, ms]) => [name, { medianMs: median(ms), maxMs: Math.max(...ms) }]),
    );
    return {
      build,
      startSeconds,
      pages,
      serviceAlone,
      serviceWhilePaging,
      serviceInRuledSession,
      otherCpuShare: meter(),
    };
  } finally {
    await server.stop();
  }
}

function report(options: Options, results: BuildFigures[]): string {
  const ms = (value: number): string => value.toFixed(value < 10 ? 2 : 0);
  const row = (label: string, cell: (result: BuildFigures) => string): string =>
    `| ${label} | ${results.map(cell).join(' | ')} |`;
  const service = (figures: OpenLoopFigures): string =>
    `p50 ${ms(figures.p50Ms)} / p99 ${ms(figures.p99Ms)} / max ${ms(figures.maxMs)} ms`;
  return [
    `Admin pages at ${options.tokens} View Tokens and ${options.journal} journal entries; service open loop ${options.rate} req/s for ${options.seconds} s.`,
    '',
    `| | ${results.map((result) => result.build).join(' | ')} |`,
    `|---|${results.map(() => '---').join('|')}|`,
    row('start (state file load)', (result) => `${result.startSeconds.toFixed(1)} s`),
    ...PAGES.map(([name]) =>
      row(
        name,
        (result) =>
          `${ms(result.pages[name]?.medianMs ?? Number.NaN)} ms (max ${ms(result.pages[name]?.maxMs ?? Number.NaN)})`,
      ),
    ),
    row('service alone', (result) => service(result.serviceAlone)),
    row('service while pages are read', (result) => service(result.serviceWhilePaging)),
    row(
      `service in a session of ${1_000} rules`,
      (result) =>
        `${service(result.serviceInRuledSession)} (p50 ×${(result.serviceInRuledSession.p50Ms / result.serviceAlone.p50Ms).toFixed(2)})`,
    ),
    row('CPU other processes took', (result) =>
      result.otherCpuShare === undefined ? 'n/a' : `${(result.otherCpuShare * 100).toFixed(0)} %`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  pinSelfToLoadCpu();
  const dir = mkdtempSync(path.join(tmpdir(), 'vtm-admin-pages-'));
  try {
    const seed = path.join(dir, 'seed.json');
    await writeStateFile(seed, options.tokens, Date.now());
    const builds: [string, string][] = [
      ...(options.before ? [['before', path.join(options.before, 'dist/mock/cli.js')] as [string, string]] : []),
      ['this build', MOCK_COMMAND[0] as string],
    ];
    const results: BuildFigures[] = [];
    for (const [build, cli] of builds) {
      // Each build gets its own copy: a mock rewrites its state file.
      const stateFile = path.join(dir, `${build.replace(/\W/g, '-')}.json`);
      copyFileSync(seed, stateFile);
      console.error(`measuring ${build} (${cli})…`);
      results.push(await measureBuild(build, cli, stateFile, options));
    }
    console.log(report(options, results));
    if (options.json) writeFileSync(options.json, `${JSON.stringify({ options, results }, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
