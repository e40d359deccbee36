import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Requests of one connection handled per turn of the event loop, and at most unanswered at once
 * (answers the kernel has not taken yet); the rest of a pipelined batch waits.
 */
export const PIPELINED_PER_TURN = 8;

/** Parsed requests waiting on all connections (~4 KiB of memory each) before the connection adding one is closed. */
const MAX_WAITING_REQUESTS = 20_000;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The paced listener, which also tells which connections have nothing in progress. */
export interface PacedListener extends Listener {
  /** No request of this connection is waiting or unanswered (never used, between requests, or still sending one). */
  isIdle(socket: Socket): boolean;
}

/** One connection's share. */
interface Pace {
  socket: Socket;
  turn: number;
  handled: number;
  unanswered: number;
  waiting: Array<[IncomingMessage, ServerResponse]>;
}

interface Pacer {
  listener: Listener;
  perTurn: number;
  maxWaiting: number;
  turn: number;
  turnEnds: boolean;
  waitingInAll: number;
  /** Connections with requests waiting that may be handled now (not held up by unsent answers). */
  ready: Set<Pace>;
}

/**
 * Keeps pipelining clients from taking the event loop and memory. Node parses everything one read
 * brought in (64 KiB, ~900 small requests) at once. Handling it all in one turn stretched turns to
 * ~300 ms with 20 such clients, and Node accepts one new connection per turn, so health on a new
 * connection waited ~5 s; a client that never read its answers had them all queued in memory.
 *
 * Here a connection gets `perTurn` requests handled per turn, and none while `perTurn` of its
 * answers are unsent; the rest wait, parsed, and the socket is not read again until they have been
 * handled, so at most one read's worth waits per connection. Past `maxWaiting` in all, the
 * connection adding one is closed, its waiting requests unanswered (a server may close a persistent
 * connection; clients retry). Requests sent one at a time, as nearly all clients send them, never wait.
 * @example server.on('request', pacePipelining(listener));
 * @example pacePipelining(listener).isIdle(socket) // true between requests
 */
export function pacePipelining(
  listener: Listener,
  { perTurn = PIPELINED_PER_TURN, maxWaiting = MAX_WAITING_REQUESTS } = {},
): PacedListener {
  const pacer: Pacer = { listener, perTurn, maxWaiting, turn: 0, turnEnds: false, waitingInAll: 0, ready: new Set() };
  const paces = new WeakMap<Socket, Pace>();
  const isIdle = (socket: Socket): boolean => {
    const pace = paces.get(socket);
    return pace === undefined || (pace.unanswered === 0 && pace.waiting.length === 0);
  };
  return Object.assign(
    (req: IncomingMessage, res: ServerResponse): void => {
      scheduleTurnEnd(pacer);
      const pace = paces.get(req.socket) ?? track(pacer, paces, req.socket);
      if (pace.turn !== pacer.turn) {
        pace.turn = pacer.turn;
        pace.handled = 0;
      }
      if (pace.waiting.length === 0 && pace.handled < perTurn && pace.unanswered < perTurn)
        return handle(pacer, pace, req, res);
      if (pace.socket.destroyed) return;
      if (pacer.waitingInAll >= maxWaiting) {
        forget(pacer, pace);
        pace.socket.destroy();
        return;
      }
      if (pace.waiting.length === 0) {
        pace.socket.pause();
        if (pace.unanswered < perTurn) pacer.ready.add(pace);
      }
      pace.waiting.push([req, res]);
      pacer.waitingInAll += 1;
    },
    { isIdle },
  );
}

/** Ends the turn in an immediate: the next turn starts there, with the waiting requests it may handle. */
function scheduleTurnEnd(pacer: Pacer): void {
  if (pacer.turnEnds) return;
  pacer.turnEnds = true;
  setImmediate(() => {
    pacer.turn += 1;
    pacer.turnEnds = false;
    for (const pace of pacer.ready) handleWaiting(pacer, pace);
    if (pacer.ready.size > 0) scheduleTurnEnd(pacer);
  });
}

function handle(pacer: Pacer, pace: Pace, req: IncomingMessage, res: ServerResponse): void {
  pace.handled += 1;
  pace.unanswered += 1;
  res.once('close', () => {
    pace.unanswered -= 1;
    if (pace.waiting.length === 0) return;
    pacer.ready.add(pace);
    scheduleTurnEnd(pacer);
  });
  pacer.listener(req, res);
}

function handleWaiting(pacer: Pacer, pace: Pace): void {
  pace.turn = pacer.turn;
  pace.handled = 0;
  while (pace.handled < pacer.perTurn && pace.unanswered < pacer.perTurn && pace.waiting.length > 0) {
    const [req, res] = pace.waiting.shift() as [IncomingMessage, ServerResponse];
    pacer.waitingInAll -= 1;
    handle(pacer, pace, req, res);
  }
  if (pace.waiting.length === 0) {
    pacer.ready.delete(pace);
    // Node keeps the socket paused itself while its own answers are backed up.
    pace.socket.resume();
  } else if (pace.unanswered >= pacer.perTurn) {
    pacer.ready.delete(pace);
  }
}

function forget(pacer: Pacer, pace: Pace): void {
  pacer.waitingInAll -= pace.waiting.length;
  pace.waiting.length = 0;
  pacer.ready.delete(pace);
}

function track(pacer: Pacer, paces: WeakMap<Socket, Pace>, socket: Socket): Pace {
  const pace: Pace = { socket, turn: -1, handled: 0, unanswered: 0, waiting: [] };
  paces.set(socket, pace);
  // Node resumes the socket when its own backlog of answers drains; not while requests still wait here.
  socket.on('resume', () => {
    if (pace.waiting.length > 0) socket.pause();
  });
  socket.once('close', () => forget(pacer, pace));
  return pace;
}
