// Runs a page's shell examples in one bash (variables carry from block to block, as in a reader's
// terminal) and reports each shown output that the run does not reproduce.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Example } from './doc-examples';
import { matchesShown, normalise } from './doc-examples';
import { MOCK_CLI, startCli } from './spawn-cli';

const ROOT = path.resolve(__dirname, '../..');
const MARKER = '@@@doc-example';
/** A page whose commands have not ended by then has one that never does (`npm start` in an unmarked block, say). */
const PAGE_TIMEOUT_MS = 60_000;

/** `view-token-mock` and `view-token-contracts` on the PATH, as an installed package puts them: this build's bins. */
function writeBinShims(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, bin] of [
    ['view-token-mock', MOCK_CLI],
    ['view-token-contracts', path.join(ROOT, 'dist/contracts/cli.js')],
  ] as const) {
    writeFileSync(path.join(dir, name), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
    chmodSync(path.join(dir, name), 0o755);
  }
}

/** The example's code pointed at the mock that runs it instead of the documented http://127.0.0.1:4010 (its path, e.g. --base-path, stays the example's). */
function pointAt(code: string, baseUrl: string): string {
  return code.replace(/http:\/\/(127\.0\.0\.1|localhost):4010/g, new URL(baseUrl).origin);
}

type Ran = { segments: { status: number; output: string }[]; rest: string; timedOut: boolean };

/** Runs the page's script in its own process group: on a timeout the whole group goes (a server an example started included). */
function runScript(script: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let timedOut = false;
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.once('close', () => {
      clearTimeout(timer);
      const parts = stdout.split(new RegExp(`\\n?${MARKER} (\\d+)\\n`));
      const segments: Ran['segments'] = [];
      for (let at = 0; at + 1 < parts.length; at += 2)
        segments.push({ output: parts[at] ?? '', status: Number(parts[at + 1]) });
      resolve({ segments, rest: parts[parts.length - 1] ?? '', timedOut });
    });
  });
}

/**
 * Runs the examples (in order) and returns one message per failure: a shown output not reproduced,
 * a command that exited non-zero, a page that stopped or never ended. `[]`: every example ran as shown.
 */
export async function runPageExamples(examples: readonly Example[], timeoutMs = PAGE_TIMEOUT_MS): Promise<string[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'vtm-doc-examples-'));
  const mocks: { stop: () => Promise<number | null> }[] = [];
  try {
    let shared: string | undefined;
    const baseUrlOf = async (example: Example): Promise<string> => {
      if (example.mockFlags === undefined && shared !== undefined) return shared;
      const mock = await startCli(['--port', '0', '--log-level', 'silent', ...(example.mockFlags ?? [])]);
      mocks.push(mock);
      if (example.mockFlags === undefined) shared = mock.baseUrl;
      return mock.baseUrl;
    };
    const segments = examples.flatMap((example) => example.segments.map((segment) => ({ example, segment })));
    const lines: string[] = ['exec 2>&1'];
    for (const { example, segment } of segments)
      lines.push(pointAt(segment.code, await baseUrlOf(example)), `printf '\\n${MARKER} %d\\n' "$?"`);
    writeBinShims(path.join(work, '.bin'));
    const env = {
      ...process.env,
      PATH: `${path.join(work, '.bin')}:${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
    };
    const ran = await runScript(lines.join('\n'), work, env, timeoutMs);
    return segments.flatMap(({ example, segment }, index) =>
      judge(example, segment, ran.segments[index], index === ran.segments.length ? { ...ran, timeoutMs } : undefined),
    );
  } finally {
    await Promise.all(mocks.map((mock) => mock.stop()));
    rmSync(work, { recursive: true, force: true });
  }
}

const toLines = (text: string): string[] => (text === '' ? [] : text.split('\n'));

function judge(
  example: Example,
  segment: Example['segments'][number],
  result: Ran['segments'][number] | undefined,
  stoppedHere: (Ran & { timeoutMs: number }) | undefined,
): string[] {
  const where = `${example.file}:${segment.line}`;
  if (result === undefined) {
    if (stoppedHere === undefined) return [];
    return [
      stoppedHere.timedOut
        ? `${where}: did not end within ${stoppedHere.timeoutMs / 1000} s (a command that keeps running, such as npm start, cannot run: mark the block <!-- illustrative -->)\n${stoppedHere.rest}`
        : `${where}: the page's shell stopped here (a syntax error?):\n${stoppedHere.rest}`,
    ];
  }
  const failures: string[] = [];
  if (result.status !== 0) failures.push(`${where}: exited ${result.status}:\n${result.output}`);
  if (segment.shown !== undefined) {
    const shown = normalise(segment.shown.join('\n'));
    const actual = normalise(result.output);
    if (!matchesShown(toLines(shown), toLines(actual)))
      failures.push(`${where}: the page shows\n${shown}\nbut the run printed\n${actual}`);
  }
  return failures;
}
