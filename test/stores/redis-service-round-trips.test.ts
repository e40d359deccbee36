import { Redis } from 'ioredis';
import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

// What each kind of service request costs on Redis, counted by Redis itself (MONITOR): the commands
// the mock's connection sent while the request ran. Each is awaited before the next is sent, so the
// count is the request's Redis round trips. Background work (the clock read every 200 ms, reclaim
// sweeps) is left out by its commands. These figures are docs/guides/redis-store.md's "cost per service request". The
// one-trip script is told from the others by its keys: it declares the rule counts first.

const AUTH = { Authorization: 'Bearer round-trips' };
const BACKGROUND = new Set(['hgetall', 'zrangebyscore']);
let server: RedisServer;
let monitor: Redis;
let own: Redis;

beforeAll(async () => {
  server = await startRedisServer();
  own = new Redis(server.url);
  // Its ready check (INFO) must be over before MONITOR starts: a command of another client reported while
  // the monitor connection is still setting up is "Command queue state error" in ioredis (seen once on Node 24).
  await own.ping();
  monitor = await new Redis(server.url, { lazyConnect: true }).monitor();
});
afterAll(async () => {
  own.disconnect();
  monitor.disconnect();
  await server.stop();
});

async function aMock(redisPrefix: string, config?: object): Promise<MockServer> {
  return createMockServer({
    logLevel: 'silent',
    store: 'redis',
    redisUrl: server.url,
    redisPrefix,
    ...(config ? { config } : {}),
  });
}

/** The commands (lower-case names) every connection but the test's own sent Redis during `action`, scripts' inner commands aside. */
async function commandsDuring(action: () => Promise<unknown>): Promise<string[]> {
  const ownAddress = /\baddr=(\S+)/.exec(String(await own.client('INFO')))?.[1] ?? '';
  const sent: string[][] = [];
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const onCommand = (_time: string, args: string[], source: string): void => {
    if (source === ownAddress) {
      sent.push(args);
      if (args[1] === 'count:end') ended();
    } else if (source !== 'lua') sent.push(args);
  };
  monitor.on('monitor', onCommand);
  try {
    await own.echo('count:start');
    await action();
    await own.echo('count:end');
    await end;
  } finally {
    monitor.off('monitor', onCommand);
  }
  // Commands the monitor reports after the end marker (before this resumes) are not the request's.
  const start = sent.findIndex((args) => args[1] === 'count:start');
  const stop = sent.findIndex((args) => args[1] === 'count:end');
  return sent
    .slice(start + 1, stop)
    .map(toName)
    .filter((name) => !BACKGROUND.has(name));
}

const JSON_BODY = { 'Content-Type': 'application/json' };
/** A command as the tests name it: `trip` for the one-trip script, `script` for any other, else the command. */
function toName(args: string[]): string {
  const name = (args[0] ?? '').toLowerCase();
  if (name !== 'evalsha' && name !== 'eval') return name;
  return (args[3] ?? '').endsWith('rules:sessions') && Number(args[2]) >= 4 ? 'trip' : 'script';
}

async function warmed(mock: MockServer, path: string, headers: Record<string, string> = AUTH): Promise<void> {
  // The first call of each script is NOSCRIPT, then EVAL.
  await request(mock.app).get(path).set(headers);
}

test.each([
  ['an issue (GET /view/token)', '/view/token?fileId=1', AUTH, 200],
  ["a child file's issue (GET)", '/data/v2/integrations/7/files/8/viewToken', AUTH, 200],
  ['an invalid parameter', '/view/token?fileId=abc', AUTH, 400],
  ['a missing Access Token', '/view/token?fileId=1', {}, 401],
  ["an unknown View Token's use", '/inside/databag?viewToken=00000000000000000000000000000000', {}, 401],
])(
  '%s costs one round trip: the rule check, the token step and the journal entry in one script',
  async (_kind, path, headers, status) => {
    const mock = await aMock(`rt-one-${status}-${path.length}:`);
    try {
      await warmed(mock, path, headers);
      expect(
        await commandsDuring(async () => expect((await request(mock.app).get(path).set(headers)).status).toBe(status)),
      ).toEqual(['trip']);
    } finally {
      await mock.close();
    }
  },
);

test('a use (GET /inside/databag) costs one round trip, and slides the expiry in it', async () => {
  const mock = await aMock('rt-use:');
  try {
    const token = ((await request(mock.app).get('/view/token?fileId=2').set(AUTH)).body as { data: string }).data;
    await request(mock.app).get(`/inside/databag?viewToken=${token}`).expect(200);
    const later = (await mock.clock.now()) + 3_600_000;
    await request(mock.app)
      .put('/__admin/clock')
      .set(JSON_BODY)
      .send({ now: new Date(later).toISOString(), frozen: true })
      .expect(200);
    let expiresAt = '';
    expect(
      await commandsDuring(async () => {
        const used = await request(mock.app).get(`/inside/databag?viewToken=${token}`).expect(200);
        expiresAt = used.headers['x-view-token-expires-at'] as string;
      }),
    ).toEqual(['trip']);
    expect(expiresAt).toBe(new Date(later + 12 * 3_600_000).toISOString());
  } finally {
    await mock.close();
  }
});

test("a request with its own switch (Prefer) costs its session's clock (one HMGET, to date the entry) and its journal entry", async () => {
  const mock = await aMock('rt-prefer:');
  try {
    await request(mock.app)
      .get('/view/token?fileId=1')
      .set({ ...AUTH, Prefer: 'code=503' })
      .expect(503);
    expect(
      await commandsDuring(async () =>
        expect(
          (
            await request(mock.app)
              .get('/view/token?fileId=1')
              .set({ ...AUTH, Prefer: 'code=503' })
          ).status,
        ).toBe(503),
      ),
    ).toEqual(['hmget', 'script']);
  } finally {
    await mock.close();
  }
});

test.each([
  ['with times', { then: { code: 503 }, times: 3 }, 503, ['trip', 'script', 'script']],
  ['without times', { then: { code: 503 } }, 503, ['trip', 'script']],
  [
    'that does not match',
    { when: { param: 'fileId', equals: '555' }, then: { code: 503 } },
    200,
    ['trip', 'script', 'script'],
  ],
])(
  "a request in a session holding a rule %s: the trip changes nothing and answers the version of the session's rules (read once per change, then matched from this process's index), then the rule's use if it has times (or the insert), and the journal",
  async (kind, rule, status, expected) => {
    const mock = await aMock(`rt-rule-${kind.replace(/ /g, '-')}:`);
    try {
      await request(mock.app).post('/__admin/scenarios').set(JSON_BODY).send(rule).expect(201);
      await request(mock.app).get('/view/token?fileId=1').set(AUTH).expect(status);
      expect(
        await commandsDuring(async () =>
          expect((await request(mock.app).get('/view/token?fileId=1').set(AUTH)).status).toBe(status),
        ),
      ).toEqual(expected);
      // Another session holds no rule: one round trip.
      const other = { ...AUTH, 'X-Mock-Session': 'no-rules' };
      expect(
        await commandsDuring(async () =>
          expect((await request(mock.app).get('/view/token?fileId=1').set(other)).status).toBe(200),
        ),
      ).toEqual(['trip']);
    } finally {
      await mock.close();
    }
  },
);

describe('under configured applications, with a granted Access Token', () => {
  const config = { applications: [{ appKey: 'app', appSecret: 'secret' }] };
  const grant = async (mock: MockServer): Promise<Record<string, string>> => {
    const granted = await request(mock.app)
      .post('/oauth2/token')
      .set('Authorization', `Basic ${Buffer.from('app:secret').toString('base64')}`);
    return { Authorization: `Bearer ${(granted.body as { data: { token: string } }).data.token}` };
  };

  test('the process that granted it checks it inside the one trip', async () => {
    const mock = await aMock('rt-apps:', config);
    try {
      const bearer = await grant(mock);
      await warmed(mock, '/view/token?fileId=1', bearer);
      expect(
        await commandsDuring(async () =>
          expect((await request(mock.app).get('/view/token?fileId=1').set(bearer)).status).toBe(200),
        ),
      ).toEqual(['trip']);
    } finally {
      await mock.close();
    }
  });

  test('another process reads it once (the step-by-step way), then checks it inside the one trip', async () => {
    const [granting, other] = [await aMock('rt-apps-two:', config), await aMock('rt-apps-two:', config)];
    try {
      const bearer = await grant(granting);
      // Loads the step-by-step way's scripts into Redis: a session whose rule does not match an issue.
      const warm = { ...bearer, 'X-Mock-Session': 'warm' };
      await request(granting.app)
        .post('/__admin/scenarios')
        .set({ ...JSON_BODY, 'X-Mock-Session': 'warm' })
        .send({ when: { operation: 'getViewerData' }, then: { code: 503 } })
        .expect(201);
      await request(granting.app).get('/view/token?fileId=1').set(warm).expect(200);
      const once = () =>
        commandsDuring(async () =>
          expect((await request(other.app).get('/view/token?fileId=2').set(bearer)).status).toBe(200),
        );
      // The clocks (the session's and the deployment's) are one HMGET, read once for the whole request.
      expect(await once()).toEqual(['hget', 'hmget', 'get', 'script', 'script']);
      expect(await once()).toEqual(['trip']);
    } finally {
      await Promise.all([granting.close(), other.close()]);
    }
  });

  test('a reset through another process drops the token: the trip finds it gone and changes nothing, and the answer is 401', async () => {
    const [granting, other] = [await aMock('rt-apps-reset:', config), await aMock('rt-apps-reset:', config)];
    try {
      const bearer = await grant(granting);
      await request(granting.app).get('/view/token?fileId=1').set(bearer).expect(200);
      await request(other.app).post('/__admin/reset').expect(204);
      let refused: request.Response | undefined;
      expect(
        await commandsDuring(async () => {
          refused = await request(granting.app).get('/view/token?fileId=1').set(bearer);
        }),
      ).toEqual(['trip', 'hget', 'get', 'script']);
      expect(refused?.status).toBe(401);
      expect(refused?.body).toEqual({
        code: 'authentication.failed',
        data: null,
        message: 'Token was not recognized.',
      });
      expect((await request(other.app).get('/__admin/view-tokens')).body.viewTokens).toEqual([]);
    } finally {
      await Promise.all([granting.close(), other.close()]);
    }
  });
});
