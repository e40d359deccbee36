// `npm run bench:soak`: the mock as `npm start` runs it, under a mixed open-loop load for minutes,
// with a probe preloaded into it (probe.ts) for its event-loop delay and memory. A row every
// 10 s, a table and the steady-state memory comparison at the end, JSON under bench/results/.
// A benchmark: no figure passes or fails; exit 1 only if an answer was unexpected (see load.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { EXPIRED_RETENTION_MS } from '../../mock/core/create-core';
import { VIEW_TOKEN_TTL_MS } from '../../mock/core/view-tokens';
import { MOCK_COMMAND, PINNED, ROOT, pinSelfToLoadCpu, startServer } from '../processes';
import type { SoakOptions } from './args';
import { UsageError, parseSoakArgs } from './args';
import { createCpuMeter } from './cpu';
import { CLOCK_STEP_HOURS, startSoakLoad } from './load';
import { MIX } from './mix';
import type { Row } from './report';
import { renderSummary, renderTable, summarize, toLine, toRow } from './report';
import type { ProbeSample } from './sample';
import { fromProbeLine } from './sample';

const PROBE = path.join(__dirname, 'probe.js');
/** The mock's reclaim timer period (mock/server.ts): a turned-over population is gone one tick later. */
const RECLAIM_INTERVAL_SECONDS = 5;
const FINAL_SAMPLE_WAIT_MS = 5_000;
const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** Which mock was soaked: the commit, and whether mock/ had uncommitted changes (built from the working tree). */
function describeMockSource(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--', 'mock', 'spec'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return changed
      ? `${commit} + uncommitted changes in ${changed.split('\n').length} file(s) under mock/ or spec/`
      : commit;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

async function storedTokens(baseUrl: string): Promise<number | undefined> {
  try {
    const res = await fetch(`${baseUrl}/__admin/health`);
    return ((await res.json()) as { viewTokens?: number }).viewTokens;
  } catch {
    return undefined;
  }
}

async function soak(options: SoakOptions): Promise<number> {
  if (!existsSync(PROBE)) throw new Error(`${PROBE} is missing: run npm run build`);
  pinSelfToLoadCpu();
  const hoursToTurnOver = (VIEW_TOKEN_TTL_MS + EXPIRED_RETENTION_MS) / 3_600_000;
  const steadyFromSeconds =
    (hoursToTurnOver / CLOCK_STEP_HOURS) * options.advanceEverySeconds + RECLAIM_INTERVAL_SECONDS;
  const seconds = options.minutes * 60;
  const mockSource = describeMockSource();
  log(
    `soak: ${options.rate} req/s for ${seconds} s against node --require ${path.relative(ROOT, PROBE)} ${path.relative(ROOT, MOCK_COMMAND[0] ?? '')} --port <free> (127.0.0.1); ` +
      `${PINNED ? 'server on CPU 0, load on CPU 1 (taskset)' : 'not pinned (no taskset or one CPU)'}`,
  );
  log(`mock built from ${mockSource}`);
  log(
    `mix %: ${Object.entries(MIX)
      .map(([label, weight]) => `${label} ${weight}`)
      .join(', ')}`,
  );
  log(
    `clock: POST /__admin/clock/advance {"by":"${CLOCK_STEP_HOURS}h"} every ${options.advanceEverySeconds} s, so tokens expire (12 h) and are reclaimed (24 h later): ` +
      `population turned over, i.e. steady, from t=${steadyFromSeconds.toFixed(0)} s`,
  );

  const server = await startServer(
    MOCK_COMMAND,
    (port) => ['--port', String(port)],
    { path: '/__admin/health' },
    { nodeArgs: ['--require', PROBE], output: 'pipe' },
  );
  // Started before the listeners below: they only fire from later event-loop turns.
  const loadStart = performance.now();
  const load = startSoakLoad(server.baseUrl, {
    rate: options.rate,
    seconds,
    advanceEverySeconds: options.advanceEverySeconds,
    seed: options.seed,
  });
  const cpuShares = createCpuMeter(server.child.pid ?? 0);
  const rows: Row[] = [];
  const mockErrorLogs: string[] = [];
  let mockErrorLogCount = 0;
  let exitedEarly = '';
  let stopping = false;
  let nextSample: ((sample: ProbeSample) => void) | undefined;
  let rowsWritten: Promise<void> = Promise.resolve();

  const onSample = (sample: ProbeSample): void => {
    // Snapshot now, so the row covers exactly the probe's interval; the health read may take a while.
    const interval = load.takeInterval();
    const atSeconds = (performance.now() - loadStart) / 1000;
    const cpu = cpuShares();
    rowsWritten = rowsWritten.then(async () => {
      const row = toRow(atSeconds, sample, interval, await storedTokens(server.baseUrl), cpu);
      rows.push(row);
      log(toLine(row));
    });
    nextSample?.(sample);
  };
  createInterface({ input: server.child.stderr! }).on('line', (line) => {
    const sample = fromProbeLine(line);
    if (sample) onSample(sample);
    else log(`mock stderr: ${line}`);
  });
  // pino's JSON lines on stdout: keep what the mock logged at error level (50) or above.
  createInterface({ input: server.child.stdout! }).on('line', (line) => {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 50) return;
      mockErrorLogCount += 1;
      if (mockErrorLogs.length < 5) mockErrorLogs.push(`${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim());
    } catch {
      // not a log line
    }
  });
  server.child.once('exit', (code, signal) => {
    if (stopping) return;
    exitedEarly = `the mock exited during the soak (${code ?? signal})`;
    log(exitedEarly);
    load.stop();
  });

  await load.done;
  const sendingSeconds = load.sendingSeconds();
  if (!exitedEarly) {
    // One last, partial row: the probe answers SIGUSR2 with a sample at once.
    const final = new Promise<void>((resolve) => {
      nextSample = () => resolve();
      setTimeout(resolve, FINAL_SAMPLE_WAIT_MS);
    });
    server.child.kill('SIGUSR2');
    await final;
  }
  await rowsWritten;
  stopping = true;
  await server.stop();

  const unexpected =
    Object.values(load.unexpected.byKind).reduce((sum, count) => sum + count, 0) + (exitedEarly ? 1 : 0);
  const summary = summarize(rows, steadyFromSeconds, { sendingSeconds, totals: load.totals(), unexpected });
  console.log(renderTable(rows));
  console.log(['', ...renderSummary(summary)].join('\n'));
  console.log(
    `clock: ${load.clockAdvances()} advances of ${CLOCK_STEP_HOURS} h (every ${options.advanceEverySeconds} s); mock error-level log lines: ${mockErrorLogCount}`,
  );
  if (unexpected > 0) {
    console.log(`unexpected by kind: ${JSON.stringify(load.unexpected.byKind)}`);
    for (const example of [
      exitedEarly,
      ...load.unexpected.examples,
      ...mockErrorLogs.map((entry) => `mock log: ${entry}`),
    ].filter(Boolean))
      console.log(`  ${example}`);
  }

  const date = new Date().toISOString();
  const file = options.json || path.join(ROOT, 'bench/results', `soak-${date.replace(/[:.]/g, '-')}.json`);
  const result = {
    date,
    machine: {
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      pinned: PINNED,
    },
    mockSource,
    options,
    mix: MIX,
    clock: { stepHours: CLOCK_STEP_HOURS, everySeconds: options.advanceEverySeconds, advances: load.clockAdvances() },
    sendingSeconds,
    summary,
    rows,
    unexpected: { count: unexpected, byKind: load.unexpected.byKind, examples: load.unexpected.examples, exitedEarly },
    mockErrorLogs: { count: mockErrorLogCount, first: mockErrorLogs },
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  return unexpected > 0 ? 1 : 0;
}

async function main(): Promise<void> {
  let options: SoakOptions | undefined;
  try {
    options = parseSoakArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`bench:soak: ${error.message}`);
    process.exit(2);
  }
  if (!options) return;
  process.exitCode = await soak(options);
}

main().catch((error: unknown) => {
  console.error(`bench:soak: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
