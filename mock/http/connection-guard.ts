import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Default cap on open connections (`--max-connections`), lowered to fit the open-file limit (open-file-limit.ts). */
export const DEFAULT_MAX_CONNECTIONS = 10_000;

interface GuardOptions {
  maxConnections: number;
  /** Whether a connection has no request in progress (see pacePipelining's `isIdle`). */
  isIdle: (socket: Socket) => boolean;
}

/**
 * Bounds the connections clients can hold open: at most `maxConnections` sockets. At the cap, idle
 * keep-alive sockets (no request in progress: never used, between requests, or still sending
 * headers) are closed, oldest first; when none is idle the new connection gets a 503 in the service
 * envelope and is closed. Pipelining clients are paced by pacePipelining, which runs inside this.
 * Returns the request listener to use instead of `listener`.
 * @example server.on('request', guardConnections(server, paced, { maxConnections: 10_000, isIdle: paced.isIdle }));
 */
export function guardConnections(
  server: Server,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  { maxConnections, isIdle }: GuardOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const sockets = new Set<Socket>();
  const refused = new WeakSet<Socket>();
  server.prependListener('connection', (socket: Socket) => {
    if (sockets.size >= maxConnections) reclaimIdle(sockets, isIdle, Math.max(1, Math.ceil(maxConnections / 10)));
    if (sockets.size >= maxConnections) return refuse(socket, refused, maxConnections);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return (req, res) => {
    if (!refused.has(req.socket)) listener(req, res);
  };
}

function reclaimIdle(sockets: Set<Socket>, isIdle: (socket: Socket) => boolean, count: number): void {
  let closed = 0;
  for (const socket of sockets) {
    if (closed >= count) break;
    if (!isIdle(socket)) continue;
    sockets.delete(socket);
    socket.destroy();
    closed += 1;
  }
}

function refuse(socket: Socket, refused: WeakSet<Socket>, maxConnections: number): void {
  refused.add(socket);
  socket.on('error', () => socket.destroy());
  const body = JSON.stringify({
    code: 'system.error',
    data: null,
    message:
      `The mock has ${maxConnections} open connections, the most it accepts (--max-connections), ` +
      'and none is idle; retry shortly.',
  });
  socket.end(
    'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
