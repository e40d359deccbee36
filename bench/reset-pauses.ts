// `npm run bench:reset-pauses`: the longest the event loop is held while the mock deletes many View
// Tokens at once: a session's reset, a reset of everything, a reclaim sweep, each over --tokens tokens
// (default 200,000) in the memory store, and how long each takes in all. This build against another
// (--before DIR) in alternating child processes. Not a test: nothing passes or fails.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAbOptions } from './ab-options';
import { median } from './listener-feed';

const HELP = `npm run bench:reset-pauses [-- options]
  --before DIR    also a build in DIR (another checkout, built: DIR/dist/mock/index.js), as "before"
  --tokens N      View Tokens the store holds (default 200000)
  --runs R        runs per build, alternating (default 3)`;

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const HOUR = 3_600_000;

interface Options {
  before: string;
  tokens: number;
  runs: number;
}

function parseArgs(argv: string[]): Options {
  const { before, counts } = parseAbOptions(argv, HELP, { tokens: 200_000, runs: 3 });
  return { before, ...counts };
}

interface BenchCore {
  store: { insert(record: object): Promise<boolean>; count(): Promise<number> };
  reset(session?: string): Promise<void>;
  reclaimExpired(): Promise<number>;
}

/**
 * Runs `work` while a setImmediate chain watches the loop: the longest gap between two of its turns is
 * the longest any request would have waited. Returns that pause and the work's whole time, in ms.
 */
async function watchPauses(work: () => Promise<unknown>): Promise<{ pauseMs: number; totalMs: number }> {
  let longest = 0;
  let last = performance.now();
  let watching = true;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (watching) setImmediate(tick);
  };
  setImmediate(tick);
  const started = performance.now();
  await work();
  const totalMs = performance.now() - started;
  watching = false;
  // The turn that ends the work counts too.
  await new Promise((resolve) => setImmediate(resolve));
  return { pauseMs: longest, totalMs };
}

async function measureInChild(build: string, tokens: number): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createMockCore } = require(path.join(build, 'dist/mock/compose/create-mock-core.js')) as {
    createMockCore(options: object): BenchCore;
  };
  let realNow = T0;
  const fill = async (core: BenchCore, session: (i: number) => string): Promise<void> => {
    for (let i = 0; i < tokens; i += 1)
      await core.store.insert({
        token: i.toString(16).padStart(32, '0'),
        objectType: 'file',
        objectId: String(i + 1),
        session: session(i),
        name: `model-${i + 1}.rvt`,
        issuedAtMs: T0 + i,
        lastUsedAtMs: null,
        uses: 0,
      });
  };
  const figures: Record<string, { pauseMs: number; totalMs: number }> = {};
  const one = createMockCore({ realNow: () => realNow });
  await fill(one, () => 'qa');
  figures["a session's reset"] = await watchPauses(() => one.reset('qa'));
  await fill(one, () => 'qa');
  figures['a reset of everything'] = await watchPauses(() => one.reset());
  await fill(one, (i) => `qa-${i % 100}`);
  realNow = T0 + 48 * HOUR;
  figures['a reclaim sweep'] = await watchPauses(async () => {
    while ((await one.reclaimExpired()) > 0) await new Promise((resolve) => setImmediate(resolve));
  });
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
  const runs = new Map<string, Record<string, { pauseMs: number; totalMs: number }>[]>(
    builds.map(([name]) => [name, []]),
  );
  console.error(`bench:reset-pauses: ${options.tokens} View Tokens, ${options.runs} runs a build, alternating`);
  for (let run = 1; run <= options.runs; run += 1) {
    for (const [name, dir] of builds) {
      const output = execFileSync(process.execPath, [__filename, '--child', dir, String(options.tokens)], {
        encoding: 'utf8',
      });
      runs.get(name)?.push(JSON.parse(output.trim().split('\n').at(-1) as string));
      console.error(`run ${run} ${name}: done`);
    }
  }
  console.log('| build | work | longest pause, ms (median of runs) | all runs | whole work, ms |');
  console.log('|---|---|---:|---|---:|');
  for (const [name, results] of runs) {
    for (const work of Object.keys(results[0] ?? {})) {
      const pauses = results.map((result) => result[work]?.pauseMs ?? NaN);
      const totals = results.map((result) => result[work]?.totalMs ?? NaN);
      console.log(
        `| ${name} | ${work} | ${median(pauses).toFixed(1)} | ${pauses.map((pause) => pause.toFixed(1)).join(', ')} | ${median(totals).toFixed(0)} |`,
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
