// `npm run bench:listener-cpu`: the CPU time one GET /view/token costs the mock's whole HTTP listener
// (Node's parser, the front, the core, the answer), measured in-process over a connection that is a
// stream, not a socket: no syscalls, no load generator, so the figure moves far less than req/s when
// the machine's neighbours are noisy. This build against another (--before DIR) in alternating child
// processes. Not a test: nothing passes or fails. req/s over real sockets: bench/hot-path-ab.sh.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAbOptions } from './ab-options';
import { measureListenerCpu, median } from './listener-feed';

const HELP = `npm run bench:listener-cpu [-- options]
  --before DIR    also a build in DIR (another checkout, built: DIR/dist/mock/index.js), as "before"
  --requests N    measured requests per run, after 20,000 to warm up (default 100000)
  --runs R        runs per build, alternating (default 7)
  --path P        the request target (default /view/token?fileId=1)`;

const WARM_UP = 20_000;

interface Options {
  before: string;
  requests: number;
  runs: number;
  target: string;
}

function parseArgs(argv: string[]): Options {
  const { before, counts, texts } = parseAbOptions(
    argv,
    HELP,
    { requests: 100_000, runs: 7 },
    {
      path: {
        value: '/view/token?fileId=1',
        check: (value) => (value.startsWith('/') ? undefined : 'needs a target starting with /'),
      },
    },
  );
  return { before, ...counts, target: texts.path };
}

/** In a child process: the build's mock fed keep-alive requests over a stream; prints the CPU nanoseconds a request. */
async function measureInChild(build: string, requests: number, target: string): Promise<void> {
  const request = `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer bench\r\n\r\n`;
  const nsPerRequest = await measureListenerCpu(build, request, requests, WARM_UP);
  console.log(JSON.stringify({ nsPerRequest }));
  process.exit(0);
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const here = path.resolve(__dirname, '../..');
  const builds: [string, string][] = [
    ...(options.before ? [['before', options.before] as [string, string]] : []),
    ['this build', here],
  ];
  const figures = new Map<string, number[]>(builds.map(([name]) => [name, []]));
  console.error(
    `bench:listener-cpu: GET ${options.target}, ${options.requests} requests a run after ${WARM_UP} to warm up, ${options.runs} runs a build, alternating`,
  );
  for (let run = 1; run <= options.runs; run += 1) {
    for (const [name, dir] of builds) {
      const output = execFileSync(
        process.execPath,
        [__filename, '--child', dir, String(options.requests), options.target],
        { encoding: 'utf8' },
      );
      const { nsPerRequest } = JSON.parse(output.trim().split('\n').at(-1) as string) as { nsPerRequest: number };
      figures.get(name)?.push(nsPerRequest);
      console.error(`run ${run} ${name}: ${(nsPerRequest / 1000).toFixed(2)} µs CPU a request`);
    }
  }
  console.log('| build | µs CPU a request (median) | runs |');
  console.log('|---|---:|---|');
  for (const [name, values] of figures)
    console.log(
      `| ${name} | ${(median(values) / 1000).toFixed(2)} | ${values.map((value) => (value / 1000).toFixed(1)).join(', ')} |`,
    );
  if (options.before) {
    const ratio = median(figures.get('this build') ?? []) / median(figures.get('before') ?? []);
    console.log(`\nthis build / before: ${ratio.toFixed(3)}× the CPU a request`);
  }
}

if (process.argv[2] === '--child') {
  measureInChild(process.argv[3] as string, Number(process.argv[4]), process.argv[5] as string).catch(
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
