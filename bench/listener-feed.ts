import http from 'node:http';
import type { Server } from 'node:http';
import path from 'node:path';
import { Duplex } from 'node:stream';

/**
 * Starts the build's mock in this process, catches the http.Server it makes, and feeds it `request`
 * (a raw HTTP/1.1 request, keep-alive) one at a time over a Duplex stream: no sockets, no load
 * generator. Returns the CPU nanoseconds a request costs, over `requests` after `warmUp`.
 * @example const ns = await measureListenerCpu('.', 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', 100_000, 20_000);
 */
export async function measureListenerCpu(
  build: string,
  request: string,
  requests: number,
  warmUp: number,
): Promise<number> {
  // The mock makes its server with http.createServer: the one made while listening is the one to feed.
  const create = http.createServer;
  let server: Server | undefined;
  (http as { createServer: unknown }).createServer = (...args: Parameters<typeof create>): Server =>
    (server = create(...args));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createMockServer } = require(path.join(build, 'dist/mock/index.js')) as {
    createMockServer(options: object): Promise<{ listen(port: number): Promise<string> }>;
  };
  const mock = await createMockServer({ logLevel: 'silent' });
  await mock.listen(0);
  (http as { createServer: unknown }).createServer = create;
  if (server === undefined) throw new Error(`${build}: no http.Server was made`);
  const bytes = Buffer.from(request, 'latin1');
  let answered = 0;
  let started = process.cpuUsage();
  const nsPerRequest = await new Promise<number>((resolve, reject) => {
    const connection = new Duplex({
      read() {
        /* requests are pushed below */
      },
      write(chunk: Buffer, _encoding, done) {
        const text = chunk.toString('latin1');
        // An answer that closes the connection would leave the feed waiting for ever.
        if (/^connection: close\r$/im.test(text))
          reject(new Error(`the mock closed the connection: ${text.slice(0, 200)}`));
        for (let at = text.indexOf('HTTP/1.1 '); at >= 0; at = text.indexOf('HTTP/1.1 ', at + 1)) {
          answered += 1;
          if (answered === warmUp) started = process.cpuUsage();
          if (answered === warmUp + requests) {
            const used = process.cpuUsage(started);
            resolve(((used.user + used.system) * 1000) / requests);
          } else setImmediate(() => connection.push(bytes));
        }
        done();
      },
    });
    Object.assign(connection, {
      remoteAddress: '127.0.0.1',
      remotePort: 50_000,
      localAddress: '127.0.0.1',
      localPort: 80,
      setTimeout: () => connection,
      setNoDelay: () => connection,
      setKeepAlive: () => connection,
    });
    (server as Server).emit('connection', connection);
    connection.push(bytes);
  });
  // The mock stays up (its fed connection never ends): the child process running this exits next.
  return nsPerRequest;
}

/** The median of the values (the mean of the middle two for an even count). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
