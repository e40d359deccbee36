// `npm run bench:state-file`: the mock with --state-file holding 100k and 1M live View Tokens: service
// request latency while the state is written, and what a kill -9 loses; this build against another
// (--before DIR, e.g. a built checkout of main) in the same run. Not a test: nothing passes or fails.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync, writeFileSync } from 'node:fs';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenLoopFigures } from './load';
import { openLoop } from './load';
import { MOCK_COMMAND, PINNED, pinSelfToLoadCpu } from './processes';
import { measureKill, startMock } from './state-file-kill';

const HELP = `npm run bench:state-file [-- options]
  --tokens N,M    live View Tokens in the state file at start (default 100000,1000000)
  --seconds S     each latency window (default 10): the first begins as the mock starts (the new build
                  rewrites a 0.2.0 file at once: its first snapshot), the second follows it
  --rate R        open-loop rate of GET /view/token, each a change to write (default 500 req/s)
  --kills K       kill -9 trials per build and size (default 3)
  --before DIR    also a build in DIR (another checkout, built: DIR/dist/mock/cli.js), as "before"
  --json FILE     where to write the JSON (default: only printed)
A smoke run: --tokens 2000 --seconds 2 --kills 1.`;

const BEARER = { Authorization: 'Bearer bench-state-file' };

interface Options {
  tokens: number[];
  seconds: number;
  rate: number;
  kills: number;
  before: string;
  json: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { tokens: [100_000, 1_000_000], seconds: 10, rate: 500, kills: 3, before: '', json: '' };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[++i] ?? '';
    const number = (): number => {
      const parsed = Number(value);
      if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${flag} needs a positive number; got ${value}`);
      return parsed;
    };
    if (flag === '--help' || flag === '-h') {
      console.log(HELP);
      process.exit(0);
    } else if (flag === '--tokens')
      options.tokens = value
        .split(',')
        .map((part) => Math.round(Number(part)))
        .filter((count) => count > 0);
    else if (flag === '--seconds') options.seconds = number();
    else if (flag === '--rate') options.rate = number();
    else if (flag === '--kills') options.kills = Math.round(number());
    else if (flag === '--json') options.json = value;
    else if (flag === '--before') {
      options.before = path.resolve(value);
      if (!existsSync(path.join(options.before, 'dist/mock/cli.js')))
        throw new Error(`--before needs a built checkout: ${options.before}/dist/mock/cli.js does not exist`);
    } else throw new Error(`Unknown option ${flag}\n\n${HELP}`);
  }
  if (options.tokens.length === 0) throw new Error('--tokens needs counts such as 100000,1000000');
  return options;
}

/**
 * A 0.2.0 (version 1) state file of `count` live tokens: both builds read it. Written in pieces, so a
 * million tokens never make one string here.
 */
function writeStateFile(file: string, count: number): void {
  const fd = openSync(file, 'w', 0o600);
  const now = Date.now();
  writeSync(
    fd,
    `{"format":"view-token-mock-state","version":1,"savedAt":"${new Date(now).toISOString()}","clock":{"offsetMs":0,"frozenAtMs":null},"accessTokens":[],"rules":[],"viewTokens":[`,
  );
  for (let from = 0; from < count; from += 10_000) {
    const part: string[] = [];
    for (let n = from; n < Math.min(count, from + 10_000); n += 1) {
      part.push(
        JSON.stringify({
          token: n.toString(16).padStart(32, 'a'),
          objectType: 'file',
          objectId: String(n + 1),
          session: '',
          name: `model-${n + 1}.rvt`,
          issuedAtMs: now,
          lastUsedAtMs: null,
          uses: 0,
        }),
      );
    }
    writeSync(fd, `${from === 0 ? '' : ','}${part.join(',')}`);
  }
  writeSync(fd, ']}\n');
  closeSync(fd);
}

/** Polls the state file's directory: how long a temp file (a snapshot being written) was seen, in ms. */
function watchSnapshotWrites(dir: string): () => { seenMs: number; writes: number } {
  let seenMs = 0;
  let writes = 0;
  let since: number | undefined;
  const timer = setInterval(() => {
    const writing = readdirSync(dir).some((name) => name.endsWith('.tmp'));
    if (writing && since === undefined) {
      since = performance.now();
      writes += 1;
    }
    if (!writing && since !== undefined) {
      seenMs += performance.now() - since;
      since = undefined;
    }
  }, 5);
  return () => {
    clearInterval(timer);
    return { seenMs: seenMs + (since === undefined ? 0 : performance.now() - since), writes };
  };
}

interface Row {
  build: string;
  tokens: number;
  startMs: number;
  first: OpenLoopFigures & { snapshotWriting: { seenMs: number; writes: number } };
  second: OpenLoopFigures;
  kill: Awaited<ReturnType<typeof measureKill>>;
}

async function measure(
  build: string,
  cli: string[],
  tokens: number,
  options: Options,
  log: (line: string) => void,
): Promise<Row> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtm-bench-state-'));
  try {
    const file = path.join(dir, 'state.json');
    writeStateFile(file, tokens);
    const server = await startMock(cli, file);
    let first: Row['first'];
    let second: OpenLoopFigures;
    try {
      const url = `${server.baseUrl}/view/token?fileId=1001`;
      const watch = watchSnapshotWrites(dir);
      const figures = await openLoop(url, BEARER, options.rate, options.seconds);
      first = { ...figures, snapshotWriting: watch() };
      second = await openLoop(url, BEARER, options.rate, options.seconds);
    } finally {
      await server.stop();
    }
    const format = (figures: OpenLoopFigures): string =>
      `p50 ${figures.p50Ms.toFixed(2)} ms, p99 ${figures.p99Ms.toFixed(2)} ms, max ${figures.maxMs.toFixed(1)} ms, ${figures.errors} errors`;
    log(
      `${build} at ${tokens}: start ${server.startupMs.toFixed(0)} ms; first ${options.seconds} s ${format(first)} (a snapshot being written ${first.snapshotWriting.seenMs.toFixed(0)} ms of it); next ${options.seconds} s ${format(second)}`,
    );
    const kill = await measureKill(cli, file, options.kills, log);
    return { build, tokens, startMs: server.startupMs, first, second, kill };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  pinSelfToLoadCpu();
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  log(
    `bench:state-file: ${options.tokens.join(', ')} tokens; windows of ${options.seconds} s at ${options.rate} req/s; ${options.kills} kill(s); ${PINNED ? 'server on CPU 0, load on CPU 1' : 'not pinned'}`,
  );
  const builds: [string, string[]][] = [
    ...(options.before ? [['before', [path.join(options.before, 'dist/mock/cli.js')]] as [string, string[]]] : []),
    ['this build', MOCK_COMMAND],
  ];
  const rows: Row[] = [];
  for (const tokens of options.tokens)
    for (const [build, cli] of builds) rows.push(await measure(build, cli, tokens, options, log));
  console.log(
    '| build | tokens | p50 / p99 / max while writing (ms) | snapshot written during it (ms) | p50 / p99 / max next (ms) | kill -9: lost / acknowledged | oldest lost, before the kill (ms) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const triple = (figures: OpenLoopFigures): string =>
      `${figures.p50Ms.toFixed(2)} / ${figures.p99Ms.toFixed(2)} / ${figures.maxMs.toFixed(1)}`;
    console.log(
      `| ${row.build} | ${row.tokens} | ${triple(row.first)} | ${row.first.snapshotWriting.seenMs.toFixed(0)} | ${triple(row.second)} | ${row.kill.lost} / ${row.kill.acknowledged} | ${row.kill.oldestLostMs === undefined ? '-' : row.kill.oldestLostMs.toFixed(0)} |`,
    );
  }
  if (options.json) writeFileSync(options.json, `${JSON.stringify({ options, rows }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
