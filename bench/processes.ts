// Starting the servers under test as separate processes, pinned to one CPU when taskset exists.
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
/** The mock as `npm start` runs it: the compiled CLI, default config and log level. */
export const MOCK_COMMAND = [path.join(ROOT, 'dist/mock/cli.js')];
export const BASELINE_COMMAND = [path.join(__dirname, 'baseline-server.js')];

export const HAS_TASKSET = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
export const CPU_COUNT = (() => {
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
export async function startServer(command: string[], args: (port: number) => string[], probe: { path: string; headers?: Record<string, string> }, options: StartOptions = {}): Promise<Started> {
  const port = await freePort();
  const nodeArgs = [...(options.nodeArgs ?? []), ...command, ...args(port)];
  const stdio: ['ignore', 'pipe' | 'ignore', 'pipe' | 'inherit'] = options.output === 'pipe' ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'];
  const t0 = performance.now();
  const child = PINNED ? spawn('taskset', ['-c', '0', process.execPath, ...nodeArgs], { stdio })
    : spawn(process.execPath, nodeArgs, { stdio });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${nodeArgs.join(' ')} exited ${child.exitCode ?? child.signalCode}`);
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
  const stop = (): Promise<void> => new Promise((resolve) => {
    // A child killed by a signal has no exitCode, only a signalCode; its 'exit' has already fired.
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { child, baseUrl, startupMs, stop };
}
