import type { Socket } from 'node:net';
import { connect } from 'node:net';
import type { MockServer } from '../../mock/server';
import { aMock } from '../support/mock-app';

// Real sockets on loopback, a low cap so the fd count stays small.
jest.setTimeout(30_000);
const CAP = 20;
let mock: MockServer;
let port: number;
const open: Socket[] = [];
beforeEach(async () => {
  // Node's own header timeouts would close never-used sockets too, later: kept out of the way here.
  mock = await aMock({ maxConnections: CAP, journalSize: 100_000, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 });
  port = Number(new URL(await mock.listen(0)).port);
});
afterEach(async () => {
  for (const socket of open.splice(0)) socket.destroy();
  await mock.close();
});

function aSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
    open.push(socket);
  });
}

/** One request on a fresh connection; the raw answer. */
async function rawRequest(path: string): Promise<string> {
  const socket = await aSocket();
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => resolve(text));
    socket.end(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

/** Whether the mock closes the socket within 5 s (a bound, not a measurement). */
const closed = (socket: Socket): Promise<boolean> =>
  new Promise((resolve) => {
    if (socket.destroyed) return resolve(true);
    const timer = setTimeout(() => resolve(false), 5_000);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.resume();
  });

test('at the connection cap, idle sockets are closed (oldest first, a tenth of the cap) and health still answers', async () => {
  const idle = await Promise.all(Array.from({ length: CAP }, aSocket));
  const answer = await rawRequest('/__admin/health');
  expect(answer).toMatch(/^HTTP\/1.1 200 OK/);
  expect(await Promise.all([closed(idle[0] as Socket), closed(idle[1] as Socket)])).toEqual([true, true]);
  expect(idle.map((socket) => socket.destroyed || socket.readableEnded)).toEqual([
    true,
    true,
    ...Array.from({ length: CAP - 2 }, () => false),
  ]);
});

test('at the cap with no idle socket, a new connection gets a 503 that says why, and is closed', async () => {
  const busy = await Promise.all(Array.from({ length: CAP }, aSocket));
  // Each holds a request in flight for 20 s (Prefer: delay), so none is idle.
  for (const socket of busy)
    socket.write(
      'GET /view/token?fileId=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer a\r\nPrefer: delay=20000\r\n\r\n',
    );
  for (let i = 0; i < 100 && (await mock.core.journal.count({})) < CAP; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const answer = await rawRequest('/__admin/health');
  const body = JSON.stringify({
    code: 'system.error',
    data: null,
    message: `The mock has ${CAP} open connections, the most it accepts (--max-connections), and none is idle; retry shortly.`,
  });
  expect(answer).toBe(
    `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
  );
});

test('pipelining clients that never read stop being read: the requests handled level off far below those sent; health answers', async () => {
  const sent = 20_000;
  const one = 'GET /view/token?fileId=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\r\n\r\n';
  const sockets = await Promise.all([aSocket(), aSocket()]);
  for (const socket of sockets) {
    socket.pause();
    socket.write(one.repeat(sent));
  }
  let before = -1;
  let handled = 0;
  // Settled when two looks 500 ms apart agree (at most 20 looks).
  for (let look = 0; look < 20 && handled !== before; look += 1) {
    before = handled;
    await new Promise((resolve) => setTimeout(resolve, 500));
    handled = await mock.core.journal.count({});
  }
  expect(handled).toBeLessThan(sent * sockets.length);
  expect(await rawRequest('/__admin/health')).toMatch(/^HTTP\/1.1 200 OK/);
});
