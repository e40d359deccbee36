// A redis-server for the bench's Redis column: on the server CPU (with the mock), its own temp dir,
// persistence as docs/guides/redis-store.md recommends (append-only file, fsync always).
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PINNED, freePort } from './processes';

export interface BenchRedis {
  url: string;
  /** Empties it between runs, so each run starts from the same state. */
  flush(): Promise<void>;
  /** Bytes Redis reports in use (`INFO memory` used_memory). */
  usedMemory(): Promise<number>;
  stop(): Promise<void>;
}

export async function startBenchRedis(): Promise<BenchRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'vtm-bench-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
    '--dir',
    dir,
  ];
  const child: ChildProcess = PINNED
    ? spawn('taskset', ['-c', '0', 'redis-server', ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited ${code}; is it installed (apt-get install redis-server)?`)),
    );
    child.once('error', reject);
  });
  child.stdout?.resume();
  const cli = (...command: string[]): Promise<string> =>
    new Promise((resolve, reject) => {
      const run = spawn('redis-cli', ['-p', String(port), ...command], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      run.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      run.once('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`redis-cli ${command.join(' ')} exited ${code}`)),
      );
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    flush: async () => {
      await cli('FLUSHALL');
    },
    usedMemory: async () => Number(/used_memory:(\d+)/.exec(await cli('INFO', 'memory'))?.[1] ?? Number.NaN),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
