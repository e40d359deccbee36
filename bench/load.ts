// Load generators: closed loop (autocannon) and open loop (fixed rate, latency from the scheduled send).
import autocannon from 'autocannon';
import { Agent, request } from 'node:http';

export interface ClosedLoopFigures { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number }
export interface OpenLoopFigures { rate: number; sent: number; p50Ms: number; p99Ms: number; p999Ms: number; maxMs: number; non2xx: number; errors: number }

function runAutocannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** 50 connections for `seconds` after a warm-up; `url` may rotate through paths via `requests`. */
export async function closedLoop(url: string, headers: Record<string, string>, seconds: number, warmupSeconds: number): Promise<ClosedLoopFigures> {
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Sends at a fixed `rate` for `seconds`, each request at its scheduled time whatever the earlier ones
 * are doing; latency counts from the scheduled send time, so a stalled server shows (no coordinated omission).
 */
export function openLoop(url: string, headers: Record<string, string>, rate: number, seconds: number): Promise<OpenLoopFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const target = new URL(url);
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let done = 0;
  const t0 = performance.now() + 20;
  return new Promise((resolve) => {
    const finish = (): void => {
      if (done < total) return;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      resolve({ rate, sent, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), p999Ms: percentile(latencies, 99.9), maxMs: latencies.at(-1) ?? Number.NaN, non2xx, errors });
    };
    const send = (scheduledAt: number): void => {
      sent += 1;
      const req = request({ agent, host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers }, (res) => {
        if (res.statusCode === undefined || res.statusCode >= 300) non2xx += 1;
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - scheduledAt);
          done += 1;
          finish();
        });
      });
      req.on('error', () => {
        errors += 1;
        done += 1;
        finish();
      });
      req.end();
    };
    const tick = (): void => {
      const now = performance.now();
      while (sent < total && t0 + (sent * 1000) / rate <= now) send(t0 + (sent * 1000) / rate);
      if (sent < total) setTimeout(tick, 1);
    };
    setTimeout(tick, 20);
  });
}
