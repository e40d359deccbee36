import { execFileSync } from 'node:child_process';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';
import type { RunningCli } from '../support/spawn-cli';
import { killStartedClis, startCli } from '../support/spawn-cli';

// `--workers 2` on a real redis-server: a worker that dies is replaced; a primary whose workers keep
// dying gives up with exit 1 so a supervisor restarts it.
jest.setTimeout(60_000);
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  killStartedClis();
  await redis.stop();
});

const workerPids = (cli: RunningCli): number[] => {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(cli.child.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0)
      .sort();
  } catch {
    return [];
  }
};

/** Waits (at most 20 s, a bound not a measurement) until the predicate holds. */
async function until<T>(look: () => T, holds: (value: T) => boolean): Promise<T> {
  let value = look();
  for (let i = 0; i < 200 && !holds(value); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = look();
  }
  return value;
}

const start = (prefix: string) =>
  startCli([
    '--port',
    '0',
    '--workers',
    '2',
    '--store',
    'redis',
    '--redis-url',
    redis.url,
    '--redis-prefix',
    prefix,
    '--log-level',
    'silent',
  ]);

test('a worker killed with SIGKILL is replaced (logged), and the mock keeps answering', async () => {
  const cli = await start('respawn:');
  const before = await until(
    () => workerPids(cli),
    (pids) => pids.length === 2,
  );
  const victim = before[0] as number;
  process.kill(victim, 'SIGKILL');
  const after = await until(
    () => workerPids(cli),
    (pids) => pids.length === 2 && !pids.includes(victim),
  );
  expect(after).toHaveLength(2);
  expect(after).not.toContain(victim);
  expect(cli.output()).toContain(`worker ${victim} died (SIGKILL); starting a replacement in 100 ms`);
  expect((await fetch(`${cli.baseUrl}/__admin/health`)).status).toBe(200);
  expect(await cli.stop('SIGTERM')).toBe(0);
});

test('when workers keep dying, the primary gives up and exits 1', async () => {
  const cli = await start('give-up:');
  const exited = new Promise<number | null>((resolve) => cli.child.once('exit', (code) => resolve(code)));
  let killed = 0;
  // Kill a worker each time a replacement is up, until the primary stops (6 deaths in a minute).
  for (let round = 0; round < 10 && cli.child.exitCode === null; round += 1) {
    const pids = await until(
      () => workerPids(cli),
      (found) => found.length === 2 || cli.child.exitCode !== null,
    );
    if (cli.child.exitCode !== null || pids.length === 0) break;
    process.kill(pids[0] as number, 'SIGKILL');
    killed += 1;
    await until(
      () => workerPids(cli),
      (found) => !found.includes(pids[0] as number),
    );
  }
  expect(await exited).toBe(1);
  expect(killed).toBe(6);
  expect(cli.output()).toMatch(/died \(SIGKILL\); 6 deaths within a minute, giving up \(exit 1\)/);
});
