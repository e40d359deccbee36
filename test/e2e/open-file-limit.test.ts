import type { Socket } from 'node:net';
import { connect } from 'node:net';
import { killStartedClis, startCli } from '../support/spawn-cli';

// Under `ulimit -n 1024` the old default cap (10,000 connections) was never reached: past ~1,000
// connections accept() failed with EMFILE, and /__admin/health stopped answering with the rest. The
// default now comes from the open-file limit (less 64 for the mock's own files), so the cap is
// reached first, idle sockets are closed to make room, and health answers.

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  killStartedClis();
});

/** Opens `count` connections that send nothing (idle: never used), resolving once each is connected or closed. */
async function openIdle(port: number, count: number): Promise<void> {
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1');
          sockets.push(socket);
          socket.once('connect', () => resolve());
          socket.once('error', () => resolve());
          socket.once('close', () => resolve());
        }),
    ),
  );
}

/** The first warning (pino level 40) among the output's whole JSON lines (the last may be still coming). */
function warningIn(output: string): { level: number; msg: string } | undefined {
  return output
    .split('\n')
    .slice(0, -1)
    .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { level: number; msg: string }) : undefined))
    .find((line) => line?.level === 40);
}

test('under ulimit -n 1024 the cap is 960 by default, and /__admin/health answers with 1,100 idle connections open', async () => {
  const mock = await startCli(['--port', '0'], {}, { ulimitFiles: 1024 });
  expect(mock.output()).toContain(
    '  connections: at most 960 (open-file limit: 1024 open files (/proc/self/limits) − 64 held back = 960)\n',
  );
  await openIdle(Number(new URL(mock.baseUrl).port), 1_100);
  const health = await fetch(`${mock.baseUrl}/__admin/health`, { signal: AbortSignal.timeout(20_000) });
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });
  // The mock closed idle sockets to stay at its cap: it never ran out of file descriptors.
  expect(mock.output()).not.toMatch(/EMFILE/);
}, 60_000);

test('a --max-connections above what the open-file limit allows starts with a warning naming the limit', async () => {
  const mock = await startCli(['--port', '0', '--max-connections', '5000'], {}, { ulimitFiles: 1024 });
  // The log's line may come after the banner (its stream is flushed on its own): wait for it, 10 s at most.
  let warning = warningIn(mock.output());
  for (let look = 0; look < 100 && warning === undefined; look += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    warning = warningIn(mock.output());
  }
  expect(warning?.msg).toBe(
    "--max-connections 5000 is more than this process's open-file limit allows: 1024 open files (/proc/self/limits) − 64 held back = 960. " +
      'Past about 960 connections accept() fails (EMFILE) and even /__admin/health stops answering; raise the limit (ulimit -n) or give --max-connections 960 or less.',
  );
  expect(mock.output()).toContain("  connections: at most 5000 (--max-connections, above the open-file limit's 960)\n");
}, 30_000);

test('a --max-connections within the limit starts without a warning', async () => {
  const mock = await startCli(['--port', '0', '--max-connections', '960'], {}, { ulimitFiles: 1024 });
  expect(mock.output()).toContain('  connections: at most 960 (--max-connections)\n');
  expect(mock.output()).not.toMatch(/"level":40/);
}, 30_000);
