// Starting the servers under test as separate processes, pinned to one CPU when taskset exists.
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
/** The mock as `npm start` runs it: the compiled CLI, default config and log level. */
export const MOCK_COMMAND = [path.join(ROOT, 'dist/mock/cli.js')];
export const BASELINE_COMMAND = [path.join(__dirname, 'baseline-server.js')];

const HAS_TASKSET = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const CPU_COUNT = (() => {
  try {
    return Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    return 1;
  }
})();
/** Server on CPU 0, load generator (this process) on CPU 1, when both exist. */
export const PINNED = HAS_TASKSET && CPU_COUNT >= 2;

export function pinSelfToLoadCpu(): void {
  if (PINNED) execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Started {
  child: ChildProcess;
  baseUrl: string;
  /** Spawn to the first 200 answer, in ms. */
  startupMs: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Node flags before the script, e.g. `['--require', probe]` to measure from inside the server. */
  nodeArgs?: string[];
  /** 'pipe': the caller reads (and must drain) the server's stdout and stderr. Default: stdout ignored, stderr inherited. */
  output?: 'pipe';
}

/** Spawns `node <nodeArgs> <command> <args>` on the server CPU and polls until `probePath` answers 200. */
export async function startServer(
  command: string[],
  args: (port: number) => string[],
  probe: { path: string; headers?: Record<string, string> },
  options: StartOptions = {},
): Promise<Started> {
  const port = await freePort();
  const nodeArgs = [...(options.nodeArgs ?? []), ...command, ...args(port)];
  const stdio: ['ignore', 'pipe' | 'ignore', 'pipe' | 'inherit'] =
    options.output === 'pipe' ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'];
  const t0 = performance.now();
  const child = PINNED
    ? spawn('taskset', ['-c', '0', process.execPath, ...nodeArgs], { stdio })
    : spawn(process.execPath, nodeArgs, { stdio });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${nodeArgs.join(' ')} exited ${child.exitCode ?? child.signalCode}`);
    try {
      const res = await fetch(`${baseUrl}${probe.path}`, { headers: probe.headers ?? {} });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const startupMs = performance.now() - t0;
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      // A child killed by a signal has no exitCode, only a signalCode; its 'exit' has already fired.
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { child, baseUrl, startupMs, stop };
}

/**
 * Measures what other processes take of the machine while a figure is measured (this machine is
 * shared): the share of all CPUs' time spent busy outside `pids` (the generator, the server) since
 * the call, or undefined where /proc is missing.
 */
export function startOtherCpuMeter(pids: readonly number[]): () => number | undefined {
  const read = (): { busy: number; all: number; own: number } | undefined => {
    try {
      const fields =
        readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
      const all = fields.reduce((sum, value) => sum + value, 0);
      // Each /proc/<pid>/stat counts all its threads: fields 14 and 15 are user and system time.
      const own = pids.reduce((sum, pid) => {
        const after = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return sum + Number(after[11] ?? 0) + Number(after[12] ?? 0);
      }, 0);
      return { busy: all - (fields[3] ?? 0) - (fields[4] ?? 0), all, own };
    } catch {
      return undefined;
    }
  };
  const start = read();
  return () => {
    const end = read();
    if (!start || !end || end.all <= start.all) return undefined;
    return Math.max(0, end.busy - start.busy - (end.own - start.own)) / (end.all - start.all);
  };
}

/**
 * Node's own start on this machine: spawn to exit of `node -e 0` on the server CPU, median of
 * `times`. Run with and without NODE_EXTRA_CA_CERTS (Node 20 reads those certificates at start).
 */
export async function timeNodeBoot(env: NodeJS.ProcessEnv, times = 5): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const t0 = performance.now();
    const child = PINNED
      ? spawn('taskset', ['-c', '0', process.execPath, '-e', '0'], { stdio: 'ignore', env })
      : spawn(process.execPath, ['-e', '0'], { stdio: 'ignore', env });
    await new Promise((resolve) => child.once('exit', resolve));
    runs.push(performance.now() - t0);
  }
  return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? Number.NaN;
}

/** GC pauses a server started with `--trace-gc` (and output 'pipe') reported while `take` was pending. */
export interface GcPauses {
  scavenges: number;
  scavengeTotalMs: number;
  longestScavengeMs: number;
  fullGcs: number;
  longestFullGcPauseMs: number;
}

/**
 * Reads V8's `--trace-gc` lines from the server's stdout: each scavenge's pause, and for a full
 * mark-compact the longer of its final pause and its biggest incremental step (also a pause).
 * `take()` returns what was reported since the previous take (or the start) and starts again.
 */
export function watchGcPauses(child: ChildProcess): { take(): GcPauses } {
  const empty = (): GcPauses => ({
    scavenges: 0,
    scavengeTotalMs: 0,
    longestScavengeMs: 0,
    fullGcs: 0,
    longestFullGcPauseMs: 0,
  });
  let current = empty();
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const pause = /: (Scavenge|Mark-Compact|Mark-Sweep)\b.*?, ([\d.]+) \/ [\d.]+ ms/.exec(line);
      if (!pause) continue;
      const ms = Number(pause[2]);
      if (pause[1] === 'Scavenge') {
        current.scavenges += 1;
        current.scavengeTotalMs += ms;
        current.longestScavengeMs = Math.max(current.longestScavengeMs, ms);
      } else {
        current.fullGcs += 1;
        current.longestFullGcPauseMs = Math.max(
          current.longestFullGcPauseMs,
          ms,
          Number(/biggest step ([\d.]+) ms/.exec(line)?.[1] ?? 0),
        );
      }
    }
  });
  child.stderr?.resume();
  return {
    take() {
      const taken = current;
      current = empty();
      return taken;
    },
  };
}
