import { Cluster, Redis } from 'ioredis';
import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import { connectRedis } from '../../mock/stores/redis-connection';
import { startRedisCluster } from '../support/redis-cluster';
import type { RedisServer } from '../support/redis-server';

// --redis-url may name any node of a Redis Cluster: the mock asks the node (INFO cluster) and talks
// cluster (following MOVED) when it is one. Deployments whose hash tag hashes to a slot on another
// node than the one named work too.

let cluster: RedisServer;
const started: MockServer[] = [];
const PREFIXES = ['alpha:', 'bravo:', 'charlie:', 'delta:', 'echo:', 'foxtrot:'];

beforeAll(async () => {
  cluster = await startRedisCluster();
}, 60_000);
afterAll(async () => {
  await Promise.all(started.map((mock) => mock.close()));
  await cluster.stop();
});

test('connectRedis on a cluster node answers a cluster client', async () => {
  const client = await connectRedis(cluster.url);
  expect(client).toBeInstanceOf(Cluster);
  client.disconnect();
});

test('mocks whose prefixes live on other nodes than the --redis-url one issue and use tokens', async () => {
  const node = new Redis(cluster.url);
  const slots = await node.cluster('SLOTS');
  const ownerOf = async (prefix: string): Promise<number> => {
    const slot = await node.cluster('KEYSLOT', `{${prefix}}vt:activity`);
    return slots.find(([from, to]) => slot >= from && slot <= to)?.[2]?.[1] ?? -1;
  };
  const owners = await Promise.all(PREFIXES.map(ownerOf));
  node.disconnect();
  // The test means something only if some deployment's slot is not on the node the URL names.
  expect(owners.filter((port) => port !== cluster.port).length).toBeGreaterThan(0);
  for (const redisPrefix of PREFIXES) {
    const mock = await createMockServer({ logLevel: 'silent', store: 'redis', redisUrl: cluster.url, redisPrefix });
    started.push(mock);
    const issued = await request(mock.app).get('/view/token?fileId=5').set('Authorization', 'Bearer cluster');
    expect(issued.status).toBe(200);
    expect(
      (await request(mock.app).get(`/inside/databag?viewToken=${(issued.body as { data: string }).data}`)).status,
    ).toBe(200);
    expect((await request(mock.app).post('/__admin/reset').set('Content-Type', 'application/json')).status).toBe(204);
  }
});
