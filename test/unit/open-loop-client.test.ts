import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openLoop } from '../../bench/load';

// The benchmark's open-loop client (bench/load.ts): a raw keep-alive pool, so its own rules are tested.
let server: Server | undefined;
let connections = 0;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      server?.closeAllConnections();
      server?.close(() => resolve());
    }),
);

/** A server answering 200 (or `status`) with a small JSON body, counting the connections it accepts. */
function aServer(keepAliveTimeoutMs: number, status = 200): Promise<string> {
  connections = 0;
  server = createServer({ keepAliveTimeout: keepAliveTimeoutMs }, (_req, res) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.end('{"code":"success"}');
  });
  server.on('connection', () => {
    connections += 1;
  });
  return new Promise((resolve) =>
    server?.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server?.address() as AddressInfo).port}/view/token?fileId=1`),
    ),
  );
}

test("a connection idle past the server's Keep-Alive timeout hint (less a second) is replaced, never reused", async () => {
  // Node answers `Keep-Alive: timeout=1`: no idle time is safe, so each request opens its own connection.
  const figures = await openLoop(await aServer(1_000), {}, 2, 1.5);
  expect(figures).toMatchObject({ sent: 3, errors: 0, non2xx: 0, connections: 3 });
  expect(connections).toBe(3);
});

test('with a long Keep-Alive timeout one connection carries requests that do not overlap', async () => {
  const figures = await openLoop(await aServer(65_000), { Authorization: 'Bearer x' }, 2, 1.5);
  expect(figures).toMatchObject({ sent: 3, errors: 0, non2xx: 0, connections: 1 });
  expect(connections).toBe(1);
});

test('answers outside 2xx are counted, and each request gets a latency', async () => {
  const figures = await openLoop(await aServer(65_000, 503), {}, 20, 0.5);
  expect(figures).toMatchObject({ sent: 10, errors: 0, non2xx: 10 });
  expect(figures.maxMs).toBeGreaterThan(0);
});
