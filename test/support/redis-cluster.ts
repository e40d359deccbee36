import { Redis } from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RedisServer } from './redis-server';

const MASTERS = 3;
/** The cluster bus listens on port + 10000: client ports stay below this so the bus port exists. */
const HIGHEST_PORT = 55_534;
const BUS_OFFSET = 10_000;

/**
 * A real 3-master Redis Cluster (redis-server --cluster-enabled yes, joined by
 * `redis-cli --cluster create`) on loopback ports whose bus ports (+10000) are free too.
 * Its `url` names the first node; kill, restart and signal are not offered.
 */
export async function startRedisCluster(): Promise<RedisServer> {
  const ports = await freeClusterPorts(MASTERS);
  const dir = mkdtempSync(path.join(tmpdir(), 'vtm-redis-cluster-'));
  const children: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null
          ? undefined
          : new Promise((resolve) => {
              child.once('exit', resolve);
              child.kill('SIGTERM');
            }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(ports.map(async (port) => children.push(await launchNode(port, dir))));
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    await Promise.all(ports.map(waitUntilClusterOk));
  } catch (error) {
    await stop();
    throw error;
  }
  const unsupported = (): Promise<void> =>
    Promise.reject(new Error('startRedisCluster: kill and restart are for a single Redis'));
  return {
    port: ports[0] as number,
    url: `redis://127.0.0.1:${ports[0]}`,
    stop,
    kill: unsupported,
    restart: unsupported,
    signal: () => {
      throw new Error('startRedisCluster: signal is for a single Redis');
    },
  };
}

function launchNode(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      `nodes-${port}.conf`,
      '--cluster-node-timeout',
      '5000',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) =>
      reject(new Error(`redis-server --cluster-enabled on ${port} exited ${code}: ${output}`)),
    );
  });
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: 'utf8' }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stdout}${stderr}`)) : resolve(stdout),
    );
  });
}

/** Polls the node until it sees every slot served (the nodes agree within a few gossip rounds). */
async function waitUntilClusterOk(port: number): Promise<void> {
  const client = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
  try {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if ((await client.cluster('INFO')).includes('cluster_state:ok')) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the Redis Cluster node on ${port} never reported cluster_state:ok`);
  } finally {
    client.disconnect();
  }
}

async function freeClusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await listenOnce(0);
    if (port === undefined || port > HIGHEST_PORT || ports.includes(port)) continue;
    if ((await listenOnce(port + BUS_OFFSET)) === undefined) continue;
    ports.push(port);
  }
  return ports;
}

/** The port a listen on `port` got (0: any), or undefined when it is taken. */
function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}
