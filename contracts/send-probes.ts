import type { Agent } from 'node:http';
import type { ProbeResult } from './check-types';
import { sendProbe } from './http-exchange';
import type { Probe } from './probe-planner';
import type { RunWatch } from './run-watch';

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
  /** Sees each exchange as it completes; once it has stopped the run, nothing more is sent. */
  watch?: RunWatch | undefined;
}

/**
 * Sends the probes, `concurrency` at a time, and gives each its exchange, in the order given. With a
 * watch, a request after one that got no answer waits for those in flight (a silent target costs one
 * timeout, not one per worker); after a streak with no answer, a request answered before is sent again (not
 * reported) to tell a target gone silent from a defect; none is sent once the watch stopped the run: the probes not sent are left out.
 * @example await sendAll(probes, { baseUrl, agent, timeoutMs: 10000, concurrency: 4, done: 0, total: probes.length, onProgress: undefined })
 */
export async function sendAll(probes: readonly Probe[], sending: Sending): Promise<ProbeResult[]> {
  const results = new Array<ProbeResult | undefined>(probes.length);
  const flight = createFlight();
  const { watch } = sending;
  let next = 0;
  let confirming: Promise<void> | undefined;
  const confirm = async (watching: RunWatch, control: Probe): Promise<void> => {
    watching.confirm(await sendProbe(sending.baseUrl, control.request, sending.timeoutMs, sending.agent));
    confirming = undefined;
  };
  const worker = async (): Promise<void> => {
    while (next < probes.length && watch?.stopped === undefined) {
      if (watch?.doubtful) await flight.landed();
      if (watch?.control !== undefined) await (confirming ??= confirm(watch, watch.control.probe));
      if (next >= probes.length || watch?.stopped !== undefined) return;
      const index = next++;
      const probe = probes[index] as Probe;
      flight.takeOff();
      const exchange = await sendProbe(sending.baseUrl, probe.request, sending.timeoutMs, sending.agent);
      const result = { probe, exchange };
      results[index] = result;
      watch?.see(result); // the same object: reports hide secrets by it
      flight.land();
      sending.onProgress?.(++sending.done, sending.total, probe);
    }
  };
  await Promise.all(Array.from({ length: Math.min(sending.concurrency, probes.length) }, worker));
  return results.filter((result) => result !== undefined);
}

/** Requests in flight, and a promise of the moment none is. */
function createFlight(): { takeOff(): void; land(): void; landed(): Promise<void> } {
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  return {
    takeOff: () => void (inFlight += 1),
    land: () => {
      inFlight -= 1;
      if (inFlight > 0) return;
      const resumed = waiting;
      waiting = [];
      for (const resume of resumed) resume();
    },
    landed: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
}
