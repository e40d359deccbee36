import { Cluster, Redis } from 'ioredis';
import type { RedisClient } from '../../mock/stores/redis-connection';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRedisCluster } from './redis-cluster';

/** A real redis-server (Debian package) on a free loopback port, with its own temp dir. */
export interface RedisServer {
  port: number;
  url: string;
  stop(): Promise<void>;
  /** Kills it hard (SIGKILL), keeping the port, to simulate losing Redis. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
  /** Sends the process a signal: SIGSTOP stalls it (connections stay open, nothing answers), SIGCONT wakes it. */
  signal(signal: NodeJS.Signals): void;
}

/** `appendonly: false`: a Redis without persistence (a restart comes back empty), as the QA guide once ran it. */
export async function startRedisServer({
  appendonly = true,
}: { appendonly?: boolean | undefined } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'vtm-redis-'));
  let child: ChildProcess | undefined;
  const launch = async (): Promise<void> => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        appendonly ? 'yes' : 'no',
        '--appendfsync',
        'always',
        '--dir',
        dir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child?.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child?.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
    });
  };
  const halt = async (signal: NodeJS.Signals): Promise<void> => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      await halt('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => halt('SIGKILL'),
    restart: launch,
    signal: (signal) => {
      child?.kill(signal);
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Where a test file's Redis tests run: a single Redis, or a 3-master Redis Cluster. */
export type RedisTopology = 'single' | 'cluster';

const TOPOLOGY = Symbol.for('view-token-mock.test.redis-topology');

/**
 * Runs the test file's Redis tests on a Redis Cluster: a `*.cluster.test.ts` file calls this, then
 * imports the tests it runs again (so the same tests hold on both topologies).
 * @example onRedisCluster(); await import('./token-store-contract.test');
 */
export function onRedisCluster(): void {
  (globalThis as Record<symbol, RedisTopology>)[TOPOLOGY] = 'cluster';
}

export function redisTopology(): RedisTopology {
  return (globalThis as Record<symbol, RedisTopology | undefined>)[TOPOLOGY] ?? 'single';
}

/** A single redis-server, or a Redis Cluster when the file runs onRedisCluster(). */
export function startTestRedis(): Promise<RedisServer> {
  return redisTopology() === 'cluster' ? startRedisCluster() : startRedisServer();
}

/** A client for a test Redis, of the kind its topology needs (the mock itself detects the topology). */
export function testClient(server: RedisServer): RedisClient {
  return redisTopology() === 'cluster'
    ? new Cluster([{ host: '127.0.0.1', port: server.port }], { redisOptions: { maxRetriesPerRequest: 1 } })
    : new Redis(server.url, { maxRetriesPerRequest: 1 });
}

/**
 * A real Redis (single or cluster, see onRedisCluster) for one test file's stores: started before
 * its tests, stopped after. Each call of `prefix()` gives a fresh key prefix, so stores never see
 * each other's keys.
 * @example const redis = useTestRedis(); … createRedisRuleStore({ redis: redis.client(), prefix: redis.prefix() })
 */
export function useTestRedis(): { client(): RedisClient; prefix(): string } {
  let server: RedisServer | undefined;
  let client: RedisClient | undefined;
  let counter = 0;
  beforeAll(async () => {
    server = await startTestRedis();
    client = testClient(server);
  }, 60_000);
  afterAll(async () => {
    client?.disconnect();
    await server?.stop();
  });
  return {
    client: () => {
      if (!client) throw new Error('useTestRedis: the client exists once beforeAll has run');
      return client;
    },
    prefix: () => `test${++counter}:`,
  };
}
