import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { PIPELINED_PER_TURN, pacePipelining } from '../../mock/http/pipelining-pace';

// Real sockets on loopback against a bare node:http server wearing the pacer, so each test sees
// the pacer alone. test/e2e/pipelining-flood.test.ts runs the whole CLI against a flood.
jest.setTimeout(30_000);

let server: Server;
let port: number;
const open: Socket[] = [];
/** Turns of this process's event loop, counted by an immediate that re-arms itself. */
let turn = 0;
let ticking = true;
const tick = (): void => {
  turn += 1;
  if (ticking) setImmediate(tick);
};

beforeAll(() => setImmediate(tick));
afterAll(() => {
  ticking = false;
});
afterEach(async () => {
  for (const socket of open.splice(0)) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** Requests handled, by the turn each was handled in; answers handled but not yet taken by the kernel. */
let turns: number[];
let unsent: number;
/** The server's end of the latest connection. */
let serverSide: Socket;

/** Answers `<n> <body>` for `/n` after reading the body. */
async function aPacedServer(options: { perTurn?: number; maxWaiting?: number } = {}): Promise<void> {
  turns = [];
  unsent = 0;
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    turns.push(turn);
    unsent += 1;
    res.once('finish', () => {
      unsent -= 1;
    });
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => res.end(`${req.url?.slice(1)} ${body}`));
  };
  server = createServer(pacePipelining(listener, options));
  server.on('connection', (socket: Socket) => {
    serverSide = socket;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

function aSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
    open.push(socket);
  });
}

const get = (n: number): string => `GET /${n} HTTP/1.1\r\nHost: x\r\n\r\n`;
const post = (n: number, body: string): string =>
  `POST /${n} HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}`;

/** Reads answers off `socket` until `count` have come, or it closes; their bodies in order. */
function answers(socket: Socket, count: number): Promise<string[]> {
  return new Promise((resolve) => {
    const bodies: string[] = [];
    let rest = '';
    socket.on('data', (chunk: Buffer) => {
      rest += chunk.toString();
      for (let end = rest.indexOf('\r\n\r\n'); end >= 0; end = rest.indexOf('\r\n\r\n')) {
        const length = Number(/content-length: (\d+)/i.exec(rest.slice(0, end))?.[1]);
        if (rest.length < end + 4 + length) break;
        bodies.push(rest.slice(end + 4, end + 4 + length));
        rest = rest.slice(end + 4 + length);
      }
      if (bodies.length >= count) resolve(bodies);
    });
    socket.on('close', () => resolve(bodies));
  });
}

const perTurnCounts = (turns: number[]): number[] => [
  ...turns.reduce((counts, at) => counts.set(at, (counts.get(at) ?? 0) + 1), new Map<number, number>()).values(),
];

test('a pipelined batch of 200 is answered whole and in order, at most 8 handled per turn of the event loop', async () => {
  await aPacedServer();
  const socket = await aSocket();
  const expected = Array.from({ length: 200 }, (_, n) => `${n} `);
  const read = answers(socket, 200);
  socket.write(expected.map((_, n) => get(n)).join(''));
  expect(await read).toEqual(expected);
  expect(turns).toHaveLength(200);
  expect(Math.max(...perTurnCounts(turns))).toBe(PIPELINED_PER_TURN);
});

test('pipelined requests with bodies keep their bodies, including a body still arriving when its request is handled', async () => {
  await aPacedServer({ perTurn: 2 });
  const socket = await aSocket();
  const read = answers(socket, 21);
  socket.write(
    Array.from({ length: 20 }, (_, n) => post(n, `body-${n}`)).join('') +
      `POST /20 HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nfirst`,
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.write('-half');
  expect(await read).toEqual([...Array.from({ length: 20 }, (_, n) => `${n} body-${n}`), '20 first-half']);
});

test('one request at a time is handled at once, however many come in a turn', async () => {
  await aPacedServer({ perTurn: 1 });
  const sockets = await Promise.all(Array.from({ length: 20 }, aSocket));
  const read = sockets.map((socket) => answers(socket, 1));
  for (const [n, socket] of sockets.entries()) socket.write(get(n));
  expect(await Promise.all(read)).toEqual(sockets.map((_, n) => [`${n} `]));
  expect(turns).toHaveLength(20);
});

test('a client that never reads its answers stops being served with 4 answers unsent, and is served again once it reads', async () => {
  await aPacedServer({ perTurn: 4 });
  const socket = await aSocket();
  socket.pause();
  // 2 MB of answers' worth: far more than the kernel's socket buffers take on loopback.
  const big = `GET /${'x'.repeat(100)} HTTP/1.1\r\nHost: x\r\n\r\n`;
  socket.write(big.repeat(20_000));
  // Until the server has stopped: answers left unsent and no request handled over a look. Not on the
  // first quiet look alone: on a loaded machine the server may stall that long between two turns.
  let before = -1;
  for (let look = 0; look < 50; look += 1) {
    if (unsent > 0 && turns.length === before) break;
    before = turns.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  // Without the pacer Node queues every answer of the read it parsed (hundreds) before it stops.
  expect(unsent).toBe(4);
  expect(turns.length).toBeLessThan(20_000);
  // Read ahead of what was handled: at most one read (64 KiB), however often Node resumed the socket.
  expect(serverSide.bytesRead - turns.length * big.length).toBeLessThanOrEqual(64 * 1024);
  // Reading resumes once the answers are read, and every request is answered.
  const read = answers(socket, 20_000);
  socket.resume();
  expect((await read).length).toBe(20_000);
});

test('a connection has at most perTurn requests in progress; the next waits for an answer to leave', async () => {
  let inProgress = 0;
  let most = 0;
  const slow = (req: IncomingMessage, res: ServerResponse): void => {
    inProgress += 1;
    most = Math.max(most, inProgress);
    setTimeout(() => {
      inProgress -= 1;
      res.end(`${req.url?.slice(1)} `);
    }, 30);
  };
  server = createServer(pacePipelining(slow, { perTurn: 2 }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const socket = await aSocket();
  const read = answers(socket, 6);
  // One request per write, a few turns apart: each arrives alone, in a turn of its own.
  for (let n = 0; n < 6; n += 1) {
    socket.write(get(n));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(await read).toEqual(['0 ', '1 ', '2 ', '3 ', '4 ', '5 ']);
  expect(most).toBe(2);
});

test('past the cap of requests waiting in all, the connection adding one is closed; others are answered', async () => {
  await aPacedServer({ perTurn: 2, maxWaiting: 50 });
  const greedy = await aSocket();
  const closed = new Promise((resolve) => greedy.once('close', resolve));
  greedy.write(Array.from({ length: 100 }, (_, n) => get(n)).join(''));
  await closed;
  // 2 handled at once, 50 waiting, the 53rd closes it: those waiting are dropped, never handled.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(turns).toHaveLength(2);
  // The 50 no longer count: the next client's 8 waiting fit.
  const polite = await aSocket();
  const politeRead = answers(polite, 10);
  polite.write(Array.from({ length: 10 }, (_, n) => get(n)).join(''));
  expect(await politeRead).toEqual(Array.from({ length: 10 }, (_, n) => `${n} `));
});
