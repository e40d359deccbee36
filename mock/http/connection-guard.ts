import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Default cap on open connections (`--max-connections`); keep it below `ulimit -n`. */
export const DEFAULT_MAX_CONNECTIONS = 10_000;

interface SocketState { pending: number }

/**
 * Bounds what clients can pile up on the server:
 * - at most `maxConnections` open sockets: at the cap, idle keep-alive sockets (no request waiting:
 *   never used, between requests, or still sending headers) are closed, oldest first; when none is
 *   idle the new connection gets a 503 in the service envelope and is closed.
 * A pipelining client that does not read its answers is left to Node's own flow control, which
 * stops reading a socket whose output is backed up (test/http/connection-limits.test.ts holds it).
 * Returns the request listener to use instead of `listener`.
 * @example server.on('request', guardConnections(server, listener, { maxConnections: 10_000 }));
 */
export function guardConnections(
  server: Server,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  { maxConnections }: { maxConnections: number },
): (req: IncomingMessage, res: ServerResponse) => void {
  const sockets = new Map<Socket, SocketState>();
  const refused = new WeakSet<Socket>();
  server.prependListener('connection', (socket: Socket) => {
    if (sockets.size >= maxConnections) reclaimIdle(sockets, Math.max(1, Math.ceil(maxConnections / 10)));
    if (sockets.size >= maxConnections) return refuse(socket, refused, maxConnections);
    sockets.set(socket, { pending: 0 });
    socket.once('close', () => sockets.delete(socket));
  });
  return (req, res) => {
    const socket = req.socket;
    if (refused.has(socket)) return;
    const state = sockets.get(socket);
    if (state !== undefined) {
      state.pending += 1;
      res.once('close', () => { state.pending -= 1; });
    }
    listener(req, res);
  };
}

function reclaimIdle(sockets: Map<Socket, SocketState>, count: number): void {
  let closed = 0;
  for (const [socket, state] of sockets) {
    if (closed >= count) break;
    if (state.pending > 0) continue;
    sockets.delete(socket);
    socket.destroy();
    closed += 1;
  }
}

function refuse(socket: Socket, refused: WeakSet<Socket>, maxConnections: number): void {
  refused.add(socket);
  socket.on('error', () => socket.destroy());
  const body = JSON.stringify({ code: 'system.error', data: null, message: `The mock has ${maxConnections} open connections, the most it accepts (--max-connections), and none is idle; retry shortly.` });
  socket.end(`HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`, () => socket.destroy());
}

