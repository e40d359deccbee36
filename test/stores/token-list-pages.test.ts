import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';
import { BEARER, T0 } from '../support/mock-app';

// The admin lists page the same way on the memory and the Redis store.
let redisServer: RedisServer;
let prefixes = 0;
beforeAll(async () => { redisServer = await startRedisServer(); });
afterAll(() => redisServer.stop());

describe.each(['memory', 'redis'] as const)('on the %s store', (store) => {
  let mock: MockServer;
  beforeEach(async () => {
    const redis = store === 'redis' ? { store, redisUrl: redisServer.url, redisPrefix: `pages${++prefixes}:` } : { store };
    mock = await createMockServer({ seed: 5, logLevel: 'silent', realNow: () => T0, ...redis });
  });
  afterEach(() => mock.close());

  test('GET /__admin/view-tokens and /__admin/requests page through every item once with limit and cursor', async () => {
    for (let id = 1; id <= 5; id += 1) {
      mock.clock.advance(1_000);
      await request(mock.app).get(`/view/token?fileId=${id}`).set(BEARER);
    }
    for (const [path, field, key] of [['/__admin/view-tokens', 'viewTokens', 'objectId'], ['/__admin/requests', 'requests', 'id']] as const) {
      const seen: string[] = [];
      let next = `${path}?limit=2`;
      for (let page = 0; page < 5; page += 1) {
        const body = (await request(mock.app).get(next)).body as Record<string, unknown>;
        seen.push(...(body[field] as Record<string, unknown>[]).map((item) => String(item[key])));
        if (body.nextCursor === undefined) break;
        next = `${path}?limit=2&cursor=${body.nextCursor as string}`;
      }
      expect([path, seen]).toEqual([path, ['5', '4', '3', '2', '1']]);
    }
  });
});
