import pino from 'pino';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

let redis: RedisServer | undefined;
let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  await redis?.stop();
});

const AUTH = { Authorization: 'Bearer came-back-test' };

/** A mock on this Redis whose log lines (level and message) are kept. */
async function aMockOn(server: RedisServer): Promise<{ baseUrl: string; lines: string[] }> {
  const lines: string[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        const { level, msg } = JSON.parse(line) as { level: number; msg: string };
        lines.push(`${pino.levels.labels[level] ?? level}: ${msg}`);
      },
    },
  );
  mock = await createMockServer({ store: 'redis', redisUrl: server.url, redisPrefix: 'back:', logger });
  return { baseUrl: await mock.listen(0, '127.0.0.1'), lines };
}

/** Waits for a line the mock logs once Redis answers again (no fixed sleep: as long as the reconnect takes). */
async function untilLogged(lines: string[], text: string): Promise<void> {
  for (let turn = 0; turn < 400 && !lines.some((line) => line.includes(text)); turn += 1)
    await new Promise((resolve) => setTimeout(resolve, 25));
}

const health = async (baseUrl: string) =>
  (await (await fetch(`${baseUrl}/__admin/health`)).json()) as Record<string, unknown>;

test('a Redis restarted without persistence is noticed: logged once, loudly, after "reconnected", and health says degraded', async () => {
  redis = await startRedisServer({ appendonly: false });
  const { baseUrl, lines } = await aMockOn(redis);
  expect((await fetch(`${baseUrl}/view/token?fileId=1`, { headers: AUTH })).status).toBe(200);
  await redis.kill();
  await redis.restart();
  await untilLogged(lines, 'came back without');
  const reconnected = lines.filter((line) => line.includes('reconnected'));
  const lost = lines.filter((line) => line.includes('came back without'));
  expect(reconnected).toEqual(['info: Redis answers again: reconnected']);
  expect(lost).toEqual([
    expect.stringMatching(
      /^error: Redis came back without this mock's data at \d{4}-\d\d-\d\dT[\d:.]+Z \(its marker key \{back:\}marker was gone\): every session's View Tokens, rules, clocks and journal from before are lost\. Run Redis with persistence \(appendonly yes\) to keep them through a restart\.$/,
    ),
  ]);
  expect(lines.indexOf(reconnected[0] ?? '')).toBeLessThan(lines.indexOf(lost[0] ?? ''));
  const said = await health(baseUrl);
  expect(said).toMatchObject({ status: 'degraded', viewTokens: 0, detail: (lost[0] ?? '').replace(/^error: /, '') });
});

test('a Redis restarted with its AOF keeps the data: "reconnected" once, no loss, health ok with the token still there', async () => {
  redis = await startRedisServer({ appendonly: true });
  const { baseUrl, lines } = await aMockOn(redis);
  expect((await fetch(`${baseUrl}/view/token?fileId=1`, { headers: AUTH })).status).toBe(200);
  await redis.kill();
  await redis.restart();
  await untilLogged(lines, 'reconnected');
  expect(lines.filter((line) => line.includes('reconnected') || line.includes('came back'))).toEqual([
    'info: Redis answers again: reconnected',
  ]);
  expect(await health(baseUrl)).toMatchObject({ status: 'ok', viewTokens: 1 });
  expect((await health(baseUrl)).detail).toBeUndefined();
});
