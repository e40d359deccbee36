import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Deviation } from './fake-implementation';
import { answerFake } from './fake-implementation';

/** How a test upstream treats a request: as the fake implementation (with one deviation), or a fault. */
export type UpstreamBehaviour =
  { kind: 'fake'; deviation: Deviation } | { kind: 'hang' } | { kind: 'reset' } | { kind: 'garbage' };

export interface TestUpstream {
  url: string;
  /** The requests it received: method, URL and headers, in order. */
  received: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/**
 * An implementation of the service on a real socket (127.0.0.1, port 0), for the proxy's tests:
 * the conformant fake, a deviating one, or one that hangs, resets the connection or answers bytes
 * that are not HTTP.
 */
export async function startUpstream(behaviour: UpstreamBehaviour): Promise<TestUpstream> {
  const received: TestUpstream['received'] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'reset') return void req.socket.resetAndDestroy();
    if (behaviour.kind === 'garbage') return void req.socket.end('this is not HTTP\r\n\r\n');
    const answer = answerFake(
      behaviour.deviation,
      req.method ?? 'GET',
      new URL(req.url ?? '/', 'http://upstream'),
      req.headers,
    );
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
