import type { Agent } from 'node:http';
import type { ProbeResult } from './check-types';
import { sendProbe } from './http-exchange';
import type { Probe } from './probe-planner';

type OnProgress = (done: number, total: number, probe: Probe) => void;

/** Where and how a run sends, and how far it is. */
export interface Sending {
  baseUrl: URL;
  agent: Agent;
  timeoutMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  done: number;
  total: number;
  onProgress: OnProgress | undefined;
}

/**
 * Sends the probes, `concurrency` at a time, and gives each its exchange, in the order given.
 * @example await sendAll(probes, { baseUrl, agent, timeoutMs: 10000, concurrency: 4, done: 0, total: probes.length, onProgress: undefined })
 */
export async function sendAll(probes: readonly Probe[], sending: Sending): Promise<ProbeResult[]> {
  const results = new Array<ProbeResult>(probes.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < probes.length) {
      const index = next++;
      const probe = probes[index] as Probe;
      const exchange = await sendProbe(sending.baseUrl, probe.request, sending.timeoutMs, sending.agent);
      results[index] = { probe, exchange };
      sending.onProgress?.(++sending.done, sending.total, probe);
    }
  };
  await Promise.all(Array.from({ length: Math.min(sending.concurrency, probes.length) }, worker));
  return results;
}
