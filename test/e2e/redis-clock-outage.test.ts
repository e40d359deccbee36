import { Writable } from 'node:stream';
import pino from 'pino';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

// The shared clock reads Redis every 200 ms. With Redis gone each read used to be a warning line (5 a
// second for as long as the outage lasted); now an outage is one line at once, then at most one per
// 10 s saying how many alike were left out, and its end is one line. No timing is asserted: the test
// waits for lines to appear, and checks the gaps the log itself reports.

interface Line { level: number; time: number; msg: string; failedSyncs?: number; alikeSinceLast?: number }
let redis: RedisServer;
let mock: MockServer;
const lines: Line[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  const sink = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(JSON.parse(chunk.toString()) as Line); done(); } });
  mock = await createMockServer({ logger: pino({ level: 'info' }, sink), store: 'redis', redisUrl: redis.url, redisPrefix: 'outage:' });
});
afterAll(async () => {
  await mock.close();
  await redis.stop();
});

/** Lines from the first outage on (a sync that timed out while the machine was busy would be an outage of its own). */
let from = 0;
const warnings = (): Line[] => lines.slice(from).filter((line) => line.msg.startsWith('shared clock sync failed'));
const recoveries = (): Line[] => lines.slice(from).filter((line) => line.msg === 'shared clock sync works again');

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 30_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a Redis outage is one clock warning (then at most one per 10 s), its end one line; a second outage is logged at once', async () => {
  from = lines.length;
  await redis.kill();
  await until(() => warnings().length > 0, 'the first clock warning');
  // Let several more syncs fail (each used to be a line of its own).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await redis.restart();
  await until(() => recoveries().length > 0, 'the recovery line');

  const [first, ...later] = warnings();
  expect(first).toMatchObject({ level: 40, failedSyncs: 1, msg: 'shared clock sync failed; retrying (logged at most once per 10 s per outage)' });
  // Any further line of the same outage comes 10 s or more after the one before and counts the ones left out.
  let previous = first as Line;
  for (const line of later) {
    expect(line.time - previous.time).toBeGreaterThanOrEqual(10_000);
    expect(line.alikeSinceLast).toBeGreaterThan(0);
    previous = line;
  }
  const [recovered] = recoveries();
  expect(recoveries()).toHaveLength(1);
  expect(recovered).toMatchObject({ level: 30 });
  // The syncs did fail again and again while Redis was away: those retries were not logged.
  expect(recovered?.failedSyncs).toBeGreaterThanOrEqual(3);
  expect(warnings().length).toBeLessThan(recovered?.failedSyncs as number);

  const before = warnings().length;
  await redis.kill();
  await until(() => warnings().length > before, 'the second outage\'s warning');
  expect(warnings()[before]).toMatchObject({ failedSyncs: 1 });
  await redis.restart();
  await until(() => recoveries().length > 1, 'the second recovery line');
  expect(recoveries()).toHaveLength(2);
}, 90_000);
