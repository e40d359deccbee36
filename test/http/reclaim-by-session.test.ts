import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { MockServer, MockServerOptions } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

// The review's finding: one session's clock frozen in 2020 stopped reclaiming for every session
// (the cutoff was the earliest clock's), and a full store answered 503 forever, saying expired tokens
// are reclaimed within seconds. Each token is now judged on its own session's clock, on every store.

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const HOUR = 3_600_000;
const AUTH = { Authorization: 'Bearer reclaim' };
let redis: RedisServer;
let dir: string;
let prefixes = 0;
beforeAll(async () => {
  redis = await startRedisServer();
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-reclaim-'));
}, 60_000);
afterAll(async () => {
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

const STORES: [string, () => MockServerOptions][] = [
  ['memory', () => ({})],
  ['a state file', () => ({ stateFile: path.join(dir, `state-${++prefixes}.json`) })],
  ['Redis', () => ({ store: 'redis', redisUrl: redis.url, redisPrefix: `reclaim${++prefixes}:` })],
];

const FULL =
  'The mock holds 5 View Tokens, the most it may (--max-view-tokens). Sessions whose clocks are behind the deployment\'s keep their View Tokens until they expire on those clocks: "frozen-in-2020" (2 View Tokens, its clock frozen at 2020-01-01T00:00:00.000Z); POST /__admin/reset with such a session\'s X-Mock-Session frees its space. DELETE some through the admin API (or POST /__admin/reset), or start with a larger --max-view-tokens.';

test.each(STORES)(
  'on %s, a session frozen in 2020 keeps only its own tokens: the others are reclaimed and the full store takes new ones',
  async (_label, storeOptions) => {
    let realNow = T0;
    const options: MockServerOptions = {
      logLevel: 'silent',
      seed: 1,
      maxViewTokens: 5,
      realNow: () => realNow,
      ...storeOptions(),
    };
    const mock: MockServer = await createMockServer(options);
    try {
      const issue = (session?: string) =>
        request(mock.app)
          .get('/view/token?fileId=1')
          .set(AUTH)
          .set(session === undefined ? {} : { 'X-Mock-Session': session });
      const frozen = await request(mock.app)
        .put('/__admin/clock?session=frozen-in-2020')
        .send({ now: '2020-01-01T00:00:00.000Z', frozen: true });
      expect(frozen.status).toBe(200);
      for (const session of ['frozen-in-2020', 'frozen-in-2020', undefined, undefined, undefined])
        expect((await issue(session)).status).toBe(200);
      const full = await issue();
      expect([full.status, full.body]).toEqual([503, { code: 'system.error', data: null, message: FULL }]);

      // The deployment's tokens are 12 h valid, then kept 24 h: past that, only they go.
      realNow = T0 + 36 * HOUR + 1;
      let reclaimed = 0;
      for (let step = await mock.core.reclaimExpired(); step > 0; step = await mock.core.reclaimExpired())
        reclaimed += step;
      expect(reclaimed).toBe(3);
      expect((await issue()).status).toBe(200);
      const kept = await request(mock.app).get('/__admin/view-tokens?session=frozen-in-2020');
      expect(kept.body.viewTokens).toHaveLength(2);
    } finally {
      await mock.close();
    }
    if (options.stateFile === undefined && options.store === undefined) return;
    // What a state file or Redis kept is what the running mock held: the frozen session's 2 and the new one.
    const restarted = await createMockServer(options);
    expect((await request(restarted.app).get('/__admin/health')).body.viewTokens).toBe(3);
    await restarted.close();
  },
);

test('a full store with no session behind says its View Tokens are not yet reclaimable, and how to free space', async () => {
  const mock = await createMockServer({ logLevel: 'silent', seed: 1, maxViewTokens: 1, realNow: () => T0 });
  try {
    await request(mock.app).get('/view/token?fileId=1').set(AUTH);
    const full = await request(mock.app).get('/view/token?fileId=1').set(AUTH);
    expect([full.status, full.body.message]).toEqual([
      503,
      "The mock holds 1 View Token, the most it may (--max-view-tokens). A View Token is reclaimed 24 h after it expires on its own session's clock, and none of these is that far past it yet. DELETE some through the admin API (or POST /__admin/reset), or start with a larger --max-view-tokens.",
    ]);
  } finally {
    await mock.close();
  }
});
