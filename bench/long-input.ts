// `npm run bench:long-input`: what a request whose input is long costs the mock, beside the same
// request with short input: each hint the mock builds from a request (the nearest switch, route or
// parameter name) and each regular expression a request feeds. The CPU time a request costs the whole
// listener, measured in-process as bench:listener-cpu measures it (no sockets, no load generator);
// this build against another (--before DIR) in alternating child processes. Not a test: nothing passes
// or fails; a long input should cost about what a short one does.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAbOptions } from './ab-options';
import { measureListenerCpu, median } from './listener-feed';

const HELP = `npm run bench:long-input [-- options]
  --before DIR    also a build in DIR (another checkout, built: DIR/dist/mock/index.js), as "before"
  --requests N    measured requests per case and run, after N / 5 to warm up (default 2000)
  --runs R        runs per build, alternating (default 3)`;

/** Each case: a short input and a long one (the review's lengths), as the raw request head. */
const CASES: { name: string; request(input: string): string; short: string; long: string }[] = [
  {
    name: 'Prefer: fault=<x> (the nearest fault)',
    request: (input) => `GET /view/token?fileId=1 HTTP/1.1\r\nPrefer: fault=${input}\r\n`,
    short: 'conection-reset',
    long: 'x'.repeat(15_500),
  },
  {
    name: 'GET /<x> (the nearest route: trailing slashes trimmed)',
    request: (input) => `GET /${input} HTTP/1.1\r\n`,
    short: 'view/tokn/',
    // `GET /` + 8,180 slashes + x: the review's path (`/\/+$/` retried from each slash of the run).
    long: `${'/'.repeat(8_180)}x`,
  },
  {
    name: 'GET /view/token?<x>=1 (an unknown __ switch)',
    request: (input) => `GET /view/token?fileId=1&__${input}=1 HTTP/1.1\r\n`,
    short: 'senario',
    // Under the 8,192-byte URL limit (a longer one is a 414 before any hint).
    long: 'y'.repeat(7_000),
  },
];

interface Options {
  before: string;
  requests: number;
  runs: number;
}

function parseArgs(argv: string[]): Options {
  const { before, counts } = parseAbOptions(argv, HELP, { requests: 2_000, runs: 3 });
  return { before, ...counts };
}

/** The request of a case, whole: its head, the Host and Authorization every request has, the blank line. */
const toRequest = (head: string): string =>
  `${head}Host: 127.0.0.1\r\nAuthorization: Bearer bench\r\nConnection: keep-alive\r\n\r\n`;

async function measureInChild(build: string, requests: number): Promise<void> {
  const figures: Record<string, { short: number; long: number }> = {};
  for (const { name, request, short, long } of CASES) {
    figures[name] = {
      short: await measureListenerCpu(build, toRequest(request(short)), requests, requests / 5),
      long: await measureListenerCpu(build, toRequest(request(long)), requests, requests / 5),
    };
  }
  console.log(JSON.stringify(figures));
  process.exit(0);
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const here = path.resolve(__dirname, '../..');
  const builds: [string, string][] = [
    ...(options.before ? [['before', options.before] as [string, string]] : []),
    ['this build', here],
  ];
  const runs = new Map<string, Record<string, { short: number; long: number }>[]>(builds.map(([name]) => [name, []]));
  console.error(
    `bench:long-input: ${options.requests} requests a case and run, ${options.runs} runs a build, alternating`,
  );
  for (let run = 1; run <= options.runs; run += 1) {
    for (const [name, dir] of builds) {
      const output = execFileSync(process.execPath, [__filename, '--child', dir, String(options.requests)], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      runs.get(name)?.push(JSON.parse(output.trim().split('\n').at(-1) as string));
      console.error(`run ${run} ${name}: done`);
    }
  }
  console.log('| build | case | µs CPU a request, short input | long input | long / short |');
  console.log('|---|---|---:|---:|---:|');
  for (const [name, results] of runs) {
    for (const { name: caseName } of CASES) {
      const short = median(results.map((result) => result[caseName]?.short ?? NaN)) / 1000;
      const long = median(results.map((result) => result[caseName]?.long ?? NaN)) / 1000;
      console.log(
        `| ${name} | ${caseName} | ${short.toFixed(1)} | ${long.toFixed(1)} | ${(long / short).toFixed(2)} |`,
      );
    }
  }
}

if (process.argv[2] === '--child') {
  measureInChild(process.argv[3] as string, Number(process.argv[4])).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
