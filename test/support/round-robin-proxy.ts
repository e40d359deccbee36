import type { AddressInfo, Server, Socket } from 'node:net';
import { connect, createServer } from 'node:net';

/** A load balancer for tests: each new connection goes to the next target, in turn. */
export async function startRoundRobinProxy(targets: readonly URL[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const target = targets[next++ % targets.length] as URL;
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
