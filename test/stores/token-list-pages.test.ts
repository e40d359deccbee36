import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';
import { BEARER, T0, useMockSpec } from '../support/mock-app';
import type { ViewTokenRecord } from '../../mock/core/token-store';

// The admin lists page the same way on the memory and the Redis store.
let redisServer: RedisServer;
let prefixes = 0;
beforeAll(async () => {
  useMockSpec();
  redisServer = await startRedisServer();
});
afterAll(() => redisServer.stop());

describe.each(['memory', 'redis'] as const)('on the %s store', (store) => {
  let mock: MockServer;
  beforeEach(async () => {
    const redis =
      store === 'redis' ? { store, redisUrl: redisServer.url, redisPrefix: `pages${++prefixes}:` } : { store };
    mock = await createMockServer({ seed: 5, logLevel: 'silent', realNow: () => T0, ...redis });
  });
  afterEach(() => mock.close());

  test('GET /__admin/view-tokens and /__admin/requests page through every item once with limit and cursor', async () => {
    for (let id = 1; id <= 5; id += 1) {
      await mock.clock.advance(1_000);
      await request(mock.app).get(`/view/token?fileId=${id}`).set(BEARER);
    }
    for (const [path, field, key] of [
      ['/__admin/view-tokens', 'viewTokens', 'objectId'],
      ['/__admin/requests', 'requests', 'id'],
    ] as const) {
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

const aRecord = (i: number, session: string, issuedAtMs: number): ViewTokenRecord => ({
  token: i.toString(16).padStart(32, '0'),
  objectType: 'file',
  objectId: String(i) as ViewTokenRecord['objectId'],
  session,
  name: `m${i}.rvt`,
  issuedAtMs,
  lastUsedAtMs: null,
  uses: 0,
});

describe.each(['memory', 'redis'] as const)('the admin token list on the %s store', (store) => {
  let mock: MockServer;
  beforeEach(async () => {
    const redis =
      store === 'redis' ? { store, redisUrl: redisServer.url, redisPrefix: `pages${++prefixes}:` } : { store };
    mock = await createMockServer({ seed: 5, logLevel: 'silent', realNow: () => T0, ...redis });
  });
  afterEach(() => mock.close());

  test('GET /__admin/view-tokens?limit=1 at 2,000 tokens takes 2 records from the store (the page and whether more remain), never the list', async () => {
    for (let i = 1; i <= 2_000; i += 1) await mock.core.store.insert(aRecord(i, i % 2 === 0 ? 'qa' : '', T0 + i));
    const taken: number[] = [];
    const { store: tokens } = mock.core;
    const [list, page] = [tokens.list.bind(tokens), (tokens.page as typeof tokens.page | undefined)?.bind(tokens)];
    Object.assign(tokens, {
      list: async (...args: Parameters<typeof list>) => {
        const records = await list(...args);
        taken.push(records.length);
        return records;
      },
    });
    if (page)
      Object.assign(tokens, {
        page: async (...args: Parameters<typeof page>) => {
          const found = await page(...args);
          taken.push((found?.items.length ?? 0) + (found?.nextCursor === undefined ? 0 : 1));
          return found;
        },
      });
    const first = await request(mock.app).get('/__admin/view-tokens?limit=1');
    const next = await request(mock.app).get(
      `/__admin/view-tokens?limit=1&session=qa&cursor=${first.body.nextCursor as string}`,
    );
    expect([
      first.body.viewTokens.map((record: { objectId: string }) => record.objectId),
      next.body.viewTokens.map((record: { objectId: string }) => record.objectId),
    ]).toEqual([['2000'], ['1998']]);
    expect(taken).toEqual([2, 2]);
  });

  test('the admin list pages on through deletions: a cursor whose token was revoked meanwhile goes on after it, per session too', async () => {
    for (let i = 1; i <= 8; i += 1) await mock.core.store.insert(aRecord(i, i <= 4 ? 'a' : 'b', T0 + i));
    const ids = async (target: string): Promise<{ ids: string[]; next: string | undefined }> => {
      const res = await request(mock.app).get(target);
      expect(res).toSatisfyApiSpec();
      return {
        ids: (res.body.viewTokens as { objectId: string }[]).map((record) => record.objectId),
        next: res.body.nextCursor,
      };
    };
    const first = await ids('/__admin/view-tokens?limit=3');
    await request(mock.app)
      .delete(`/__admin/view-tokens/${aRecord(6, 'b', 0).token}`)
      .expect(204);
    await request(mock.app)
      .delete(`/__admin/view-tokens/${aRecord(5, 'b', 0).token}`)
      .expect(204);
    const second = await ids(`/__admin/view-tokens?limit=3&cursor=${first.next as string}`);
    const ofA = await ids('/__admin/view-tokens?limit=3&session=a');
    await request(mock.app)
      .delete(`/__admin/view-tokens/${aRecord(2, 'a', 0).token}`)
      .expect(204);
    const restOfA = await ids(`/__admin/view-tokens?limit=3&session=a&cursor=${ofA.next as string}`);
    expect([first, second, ofA, restOfA]).toEqual([
      { ids: ['8', '7', '6'], next: expect.any(String) },
      { ids: ['4', '3', '2'], next: expect.any(String) },
      { ids: ['4', '3', '2'], next: expect.any(String) },
      { ids: ['1'], next: undefined },
    ]);
    const refused = await request(mock.app).get('/__admin/view-tokens?cursor=bm90LWEtY3Vyc29y');
    expect([refused.status, refused.body.detail]).toEqual([400, '"cursor" is not one this list gave out.']);
  });
});

describe.each(['memory', 'redis'] as const)('GET /__admin/scenarios on the %s store', (store) => {
  let mock: MockServer;
  beforeEach(async () => {
    const redis =
      store === 'redis' ? { store, redisUrl: redisServer.url, redisPrefix: `rule-pages${++prefixes}:` } : { store };
    mock = await createMockServer({ seed: 5, logLevel: 'silent', realNow: () => T0, ...redis });
  });
  afterEach(() => mock.close());

  test('pages the rules like the other lists: limit, cursor, nextCursor, one session by ?session= or its header', async () => {
    for (let i = 1; i <= 5; i += 1)
      await mock.scenarios.add(
        { when: { param: 'fileId', equals: String(i) }, then: { code: 503 } },
        i % 2 === 0 ? 'qa' : '',
      );
    const ids = async (
      target: string,
      headers: Record<string, string> = {},
    ): Promise<{ ids: string[]; next: string | undefined }> => {
      const res = await request(mock.app).get(target).set(headers);
      expect(res).toSatisfyApiSpec();
      return { ids: (res.body.rules as { id: string }[]).map((rule) => rule.id), next: res.body.nextCursor };
    };
    const first = await ids('/__admin/scenarios?limit=2');
    await mock.scenarios.remove('r2');
    const second = await ids(`/__admin/scenarios?limit=2&cursor=${first.next as string}`);
    const third = await ids(`/__admin/scenarios?limit=2&cursor=${second.next as string}`);
    expect([first, second, third]).toEqual([
      { ids: ['r1', 'r2'], next: expect.any(String) },
      { ids: ['r3', 'r4'], next: expect.any(String) },
      { ids: ['r5'], next: undefined },
    ]);
    expect([
      await ids('/__admin/scenarios?session=qa'),
      await ids('/__admin/scenarios?limit=1', { 'X-Mock-Session': 'qa' }),
    ]).toEqual([
      { ids: ['r4'], next: undefined },
      { ids: ['r4'], next: undefined },
    ]);
    for (const [target, detail] of [
      ['/__admin/scenarios?limit=1001', '"limit": must be an integer from 0 to 1000; got "1001".'],
      ['/__admin/scenarios?cursor=eA', '"cursor" is not one this list gave out.'],
    ]) {
      const refused = await request(mock.app).get(target as string);
      expect([refused.status, refused.body.detail]).toEqual([400, detail]);
    }
  });
});
