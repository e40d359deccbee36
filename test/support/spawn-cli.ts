import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

/** The built CLI (npm test builds before Jest runs). */
export const MOCK_CLI = path.resolve(__dirname, '../../dist/mock/cli.js');

export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const started = new Set<ChildProcessWithoutNullStreams>();

/** Kills every CLI a test started and left running (call from afterEach). */
export function killStartedClis(): void {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  started.clear();
}

/**
 * Starts `view-token-mock` as a process and resolves once it has printed its URLs. `ulimitFiles`:
 * under `ulimit -n N` (bash), as a machine with a low open-file limit runs it.
 */
export function startCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  { ulimitFiles }: { ulimitFiles?: number } = {},
): Promise<RunningCli> {
  const command =
    ulimitFiles === undefined
      ? [process.execPath, MOCK_CLI, ...args]
      : ['bash', '-c', `ulimit -n ${ulimitFiles} && exec "$0" "$@"`, process.execPath, MOCK_CLI, ...args];
  const child = spawn(command[0] as string, command.slice(1), { env: { ...process.env, ...env } });
  started.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)[\s\S]*dashboard: \S+/.exec(output);
      if (match?.[1]) {
        resolve({
          child,
          baseUrl: match[1],
          output: () => output,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`CLI exited ${code} before listening:\n${output}`)));
  });
}

/** Runs the CLI to completion. */
export function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [MOCK_CLI, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 15_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
