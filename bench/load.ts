// Load generators: closed loop (autocannon) and open loop (fixed rate, latency from the scheduled send).
import autocannon from 'autocannon';
import type { Socket } from 'node:net';
import { connect } from 'node:net';

export interface ClosedLoopFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}
export interface OpenLoopFigures {
  rate: number;
  sent: number;
  p50Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  /** How late the generator itself wrote requests (its own pauses): p99 of write time − scheduled time. */
  sendLagP99Ms: number;
  /** Connections the generator opened (one request at a time on each, as a keep-alive client pool). */
  connections: number;
}

function runAutocannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** 50 connections for `seconds` after a warm-up; `url` may rotate through paths via `requests`. */
export async function closedLoop(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  warmupSeconds: number,
): Promise<ClosedLoopFigures> {
  await runAutocannon({ url, headers, connections: 50, duration: warmupSeconds });
  const result = await runAutocannon({ url, headers, connections: 50, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const MAX_CONNECTIONS = 512;
/** Without a `Keep-Alive: timeout=N` hint, idle connections are dropped after this (under Node's default 5 s). */
const DEFAULT_IDLE_LIMIT_MS = 4_000;
/** A request unanswered this long after the last send counts as an error and the run ends. */
const STRAGGLER_LIMIT_MS = 30_000;
const HEAD_END = Buffer.from('\r\n\r\n');
const LAST_CHUNK = Buffer.from('\r\n0\r\n\r\n');

/** One kept-alive connection carrying one request at a time, reading into a buffer of its own. */
interface Connection {
  socket: Socket;
  busy: boolean;
  dead: boolean;
  scheduledAt: number;
  lastUsedAt: number;
  idleLimitMs: number;
  partial: Buffer | undefined;
}

/** What one complete response says, or undefined while more bytes are needed. */
function readResponse(data: Buffer): { status: number; close: boolean; keepAliveMs: number | undefined } | undefined {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const head = data.toString('latin1', 0, headEnd);
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1];
  const complete =
    length === undefined ? data.indexOf(LAST_CHUNK, headEnd) >= 0 : data.length >= headEnd + 4 + Number(length);
  if (!complete) return undefined;
  const hint = /\r\nkeep-alive:[^\r]*timeout=(\d+)/i.exec(head)?.[1];
  return {
    status: Number(head.slice(9, 12)),
    close: /\r\nconnection:[ \t]*close/i.test(head),
    keepAliveMs: hint === undefined ? undefined : Number(hint) * 1000,
  };
}

/**
 * Sends at a fixed `rate` for `seconds`, each request at its scheduled time whatever the earlier ones
 * are doing; latency counts from the scheduled send time, so a stalled server shows (no coordinated
 * omission). A small raw HTTP/1.1 client rather than node:http's, which allocates ~10 KB per request
 * and so adds its own GC pauses to every figure; it also honours the server's `Keep-Alive: timeout`
 * hint (Node 20's agent does not), so it never reuses a connection the server is closing.
 */
export function openLoop(
  url: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
): Promise<OpenLoopFigures> {
  const target = new URL(url);
  const port = Number(target.port || 80);
  const requestBytes = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`,
    'latin1',
  );
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total);
  const sendLags = new Float64Array(total);
  const connections = new Set<Connection>();
  const free: Connection[] = [];
  const waiting: number[] = [];
  let answered = 0;
  let lagged = 0;
  let sent = 0;
  let settled = 0;
  let non2xx = 0;
  let errors = 0;
  let lastSendAt = 0;
  let opened = 0;
  const t0 = performance.now() + 20;

  return new Promise((resolve) => {
    const settle = (conn: Connection, latency: number | undefined): void => {
      conn.busy = false;
      if (latency === undefined) errors += 1;
      else latencies[answered++] = latency;
      settled += 1;
      const next = waiting.shift();
      if (conn.dead) {
        if (next !== undefined) write(open(), next);
        return;
      }
      conn.lastUsedAt = performance.now();
      if (next === undefined) free.push(conn);
      else write(conn, next);
    };
    const onBytes = (conn: Connection, bytes: Buffer): void => {
      const data = conn.partial ? Buffer.concat([conn.partial, bytes]) : bytes;
      const response = conn.busy ? readResponse(data) : undefined;
      // The read buffer is reused for the next read: keep a copy of an incomplete response.
      if (!response) return void (conn.partial = conn.busy ? Buffer.from(data) : undefined);
      conn.partial = undefined;
      if (response.status < 200 || response.status >= 300) non2xx += 1;
      if (response.keepAliveMs !== undefined) conn.idleLimitMs = Math.max(0, response.keepAliveMs - 1_000);
      if (response.close) kill(conn);
      settle(conn, performance.now() - conn.scheduledAt);
    };
    const kill = (conn: Connection): void => {
      if (conn.dead) return;
      conn.dead = true;
      connections.delete(conn);
      conn.socket.destroy();
      if (conn.busy) settle(conn, undefined);
    };
    const open = (): Connection => {
      const readBuffer = Buffer.allocUnsafe(16 * 1024);
      const conn: Connection = {
        socket: undefined as unknown as Socket,
        busy: false,
        dead: false,
        scheduledAt: 0,
        lastUsedAt: 0,
        idleLimitMs: DEFAULT_IDLE_LIMIT_MS,
        partial: undefined,
      };
      conn.socket = connect({
        host: target.hostname,
        port,
        noDelay: true,
        onread: {
          buffer: readBuffer,
          callback: (size) => {
            onBytes(conn, readBuffer.subarray(0, size));
            return true;
          },
        },
      });
      conn.socket.on('error', () => kill(conn));
      conn.socket.on('close', () => kill(conn));
      connections.add(conn);
      opened += 1;
      return conn;
    };
    const write = (conn: Connection, scheduledAt: number): void => {
      conn.busy = true;
      conn.scheduledAt = scheduledAt;
      sendLags[lagged++] = performance.now() - scheduledAt;
      conn.socket.write(requestBytes);
    };
    const send = (scheduledAt: number): void => {
      const now = performance.now();
      let conn = free.pop();
      // Most recently used first: the pool stays as small as the load needs; the rest age out.
      while (conn && (conn.dead || now - conn.lastUsedAt > conn.idleLimitMs)) {
        kill(conn);
        conn = free.pop();
      }
      if (conn) return write(conn, scheduledAt);
      if (connections.size < MAX_CONNECTIONS) return write(open(), scheduledAt);
      waiting.push(scheduledAt);
    };
    const finish = (): void => {
      for (const conn of connections) {
        conn.dead = true;
        conn.socket.destroy();
      }
      errors += total - settled;
      const sorted = latencies.subarray(0, answered).sort();
      resolve({
        rate,
        sent,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        p999Ms: percentile(sorted, 99.9),
        maxMs: sorted.at(-1) ?? Number.NaN,
        non2xx,
        errors,
        sendLagP99Ms: percentile(sendLags.subarray(0, lagged).sort(), 99),
        connections: opened,
      });
    };
    const tick = (): void => {
      const now = performance.now();
      while (sent < total && t0 + (sent * 1000) / rate <= now) {
        send(t0 + (sent * 1000) / rate);
        sent += 1;
        lastSendAt = now;
      }
      if (settled >= total || (sent >= total && now - lastSendAt > STRAGGLER_LIMIT_MS)) return finish();
      const nextAt = t0 + (sent * 1000) / rate;
      // Sends are due every 1000/rate ms: spin through the event loop (this process has its own CPU)
      // rather than wait on 1 ms timers, so the send times stay within a fraction of a millisecond.
      if (sent < total && nextAt - now < 2) setImmediate(tick);
      else setTimeout(tick, sent < total ? nextAt - now - 1 : 10);
    };
    setTimeout(tick, 20);
  });
}
