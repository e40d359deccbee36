import { Redis } from 'ioredis';
import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

// What each kind of service request costs on Redis, counted by Redis itself (MONITOR): the commands
// the mock's connection sent while the request ran. Each is awaited before the next is sent, so the
// count is the request's Redis round trips. Background work (the clock read every 200 ms, reclaim
// sweeps) is left out by its commands. These figures are the README's "cost per request".

const AUTH = { Authorization: 'Bearer round-trips' };
const BACKGROUND = new Set(['hgetall', 'zrangebyscore']);
let server: RedisServer;
let monitor: Redis;
let own: Redis;

beforeAll(async () => {
  server = await startRedisServer();
  own = new Redis(server.url);
  monitor = await new Redis(server.url, { lazyConnect: true }).monitor();
});
afterAll(async () => {
  own.disconnect();
  monitor.disconnect();
  await server.stop();
});

async function aMock(redisPrefix: string, config?: object): Promise<MockServer> {
  return createMockServer({ logLevel: 'silent', store: 'redis', redisUrl: server.url, redisPrefix, ...(config ? { config } : {}) });
}

/** The commands (lower-case names) every connection but the test's own sent Redis during `action`, scripts' inner commands aside. */
async function commandsDuring(action: () => Promise<unknown>): Promise<string[]> {
  const ownAddress = /\baddr=(\S+)/.exec(String(await own.client('INFO')))?.[1] ?? '';
  const sent: string[][] = [];
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => { ended = resolve; });
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
  return sent.slice(start + 1, stop).map(([name]) => (name ?? '').toLowerCase()).filter((name) => !BACKGROUND.has(name));
}

test('an issue (GET /view/token) costs the rules read, the insert script and the journal script: three round trips', async () => {
  const mock = await aMock('rt-issue:');
  try {
    // Warm: the first call of each script is NOSCRIPT, then EVAL.
    await request(mock.app).get('/view/token?fileId=1').set(AUTH).expect(200);
    expect(await commandsDuring(async () => expect((await request(mock.app).get('/view/token?fileId=1').set(AUTH)).status).toBe(200)))
      .toEqual(['hvals', 'evalsha', 'evalsha']);
  } finally {
    await mock.close();
  }
});

test('a use (GET /inside/databag) costs the rules read, the touch script and the journal script: three round trips', async () => {
  const mock = await aMock('rt-use:');
  try {
    const token = ((await request(mock.app).get('/view/token?fileId=2').set(AUTH)).body as { data: string }).data;
    await request(mock.app).get(`/inside/databag?viewToken=${token}`).expect(200);
    expect(await commandsDuring(async () => expect((await request(mock.app).get(`/inside/databag?viewToken=${token}`)).status).toBe(200)))
      .toEqual(['hvals', 'evalsha', 'evalsha']);
  } finally {
    await mock.close();
  }
});

test.each([
  ['with times', { times: 3 }, ['hvals', 'evalsha', 'evalsha']],
  ['without times', {}, ['hvals', 'evalsha']],
])('a request forced by a rule %s costs the rules read, the rule\'s use if it has times, and the journal script', async (kind, times, expected) => {
  const mock = await aMock(`rt-rule-${kind.replace(' ', '-')}:`);
  try {
    await request(mock.app).post('/__admin/scenarios').set('Content-Type', 'application/json').send({ then: { code: 503 }, ...times }).expect(201);
    await request(mock.app).get('/view/token?fileId=1').set(AUTH).expect(503);
    expect(await commandsDuring(async () => expect((await request(mock.app).get('/view/token?fileId=1').set(AUTH)).status).toBe(503)))
      .toEqual(expected);
  } finally {
    await mock.close();
  }
});

test('an issue with a granted Access Token under configured applications also reads that token, twice (authenticated before the parameters are checked, and again by the service): five round trips', async () => {
  const mock = await aMock('rt-apps:', { applications: [{ appKey: 'app', appSecret: 'secret' }] });
  try {
    const granted = await request(mock.app).post('/oauth2/token').set('Authorization', `Basic ${Buffer.from('app:secret').toString('base64')}`);
    const bearer = { Authorization: `Bearer ${(granted.body as { data: { token: string } }).data.token}` };
    await request(mock.app).get('/view/token?fileId=1').set(bearer).expect(200);
    expect(await commandsDuring(async () => expect((await request(mock.app).get('/view/token?fileId=1').set(bearer)).status).toBe(200)))
      .toEqual(['hvals', 'get', 'get', 'evalsha', 'evalsha']);
  } finally {
    await mock.close();
  }
});
