// The soak's open loop: one mixed request at each scheduled time whatever the earlier ones are
// doing (as bench/load.ts openLoop, which takes one fixed URL; here each request is drawn from the
// mix and its answer checked), plus the periodic clock advance. Counts per report interval.
import { Agent, request } from 'node:http';
import type { SoakRequest } from './mix';
import { createMix } from './mix';

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';
type UnexpectedKind = 'server-error' | 'connection-error' | 'non-json' | 'wrong-status' | 'no-reset' | 'clock-advance';

/** What happened during one report interval. */
export interface Interval {
  seconds: number;
  sent: number;
  answered: Record<StatusClass, number>;
  forcedResets: number;
  unexpected: number;
  /** From each request's scheduled send time, so a stalled server shows. */
  latencyP99Ms: number;
}

export interface SoakLoad {
  /** The interval since the previous call; starts the next one. */
  takeInterval(): Interval;
  /** Resolves once every scheduled request was sent and answered (or failed). */
  done: Promise<void>;
  /** Stops scheduling early (the mock died). */
  stop(): void;
  unexpected: { byKind: Record<UnexpectedKind, number>; examples: string[] };
  clockAdvances(): number;
  /** From the start to the last send: what the achieved rate is measured over. */
  sendingSeconds(): number;
  /** Everything so far, the interval not yet taken included (rows miss it if the mock died). */
  totals(): Totals;
}

export type Totals = Pick<Interval, 'sent' | 'answered' | 'forcedResets'>;

const REQUEST_TIMEOUT_MS = 30_000;
/** Below any keep-alive timeout the mock may run with (Node's default 5 s; mock/server.ts sets 65 s); see the agent below. */
const FREE_SOCKET_TIMEOUT_MS = 4_000;
const MAX_EXAMPLES = 20;
/** Each clock advance moves mock time this many hours (`{"by":"1h"}`). */
export const CLOCK_STEP_HOURS = 1;

const emptyInterval = (): Omit<Interval, 'seconds' | 'latencyP99Ms'> & { latencies: number[] } => ({
  sent: 0,
  answered: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
  forcedResets: 0,
  unexpected: 0,
  latencies: [],
});

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The parsed body, or NOT_JSON. */
const NOT_JSON = Symbol('not JSON');
const parseBody = (body: string): unknown => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return NOT_JSON;
  }
};

/** Starts the load at `rate` req/s for `seconds`, and the clock advance every `advanceEverySeconds`. */
export function startSoakLoad(
  baseUrl: string,
  options: { rate: number; seconds: number; advanceEverySeconds: number; seed: number },
): SoakLoad {
  const target = new URL(baseUrl);
  // A kept-alive socket must be dropped before the mock's keep-alive timeout closes it: Node 20's
  // agent ignores the server's `Keep-Alive: timeout=N` hint (free sockets get no timeout),
  // so a burst reusing a socket just as the mock closes it gets ECONNRESET — the load generator's race,
  // not the mock's. Reproduced: 100 sockets reused after ~6 s idle, 36 resets; with this timeout, none.
  const agent = new Agent({ keepAlive: true, maxSockets: 512, timeout: FREE_SOCKET_TIMEOUT_MS });
  const mix = createMix(options.seed);
  const total = Math.round(options.rate * options.seconds);
  const unexpected = {
    byKind: {
      'server-error': 0,
      'connection-error': 0,
      'non-json': 0,
      'wrong-status': 0,
      'no-reset': 0,
      'clock-advance': 0,
    },
    examples: [] as string[],
  };
  let current = emptyInterval();
  const taken: Totals = { sent: 0, answered: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }, forcedResets: 0 };
  const addUp = (into: Totals, from: Totals): Totals => {
    into.sent += from.sent;
    into.forcedResets += from.forcedResets;
    for (const key of Object.keys(into.answered) as StatusClass[]) into.answered[key] += from.answered[key];
    return into;
  };
  let intervalStart = performance.now();
  let scheduled = 0;
  let settled = 0;
  let advances = 0;
  let lastSendAt = 0;
  let stopped = false;
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const t0 = performance.now() + 20;

  const flag = (kind: UnexpectedKind, detail: string): void => {
    unexpected.byKind[kind] += 1;
    current.unexpected += 1;
    if (unexpected.examples.length < MAX_EXAMPLES) unexpected.examples.push(`${kind}: ${detail}`);
  };
  const finishOne = (): void => {
    settled += 1;
    if ((stopped || scheduled >= total) && settled >= scheduled) finish();
  };
  const onAnswer = (req: SoakRequest, status: number, body: string, scheduledAt: number): void => {
    const statusClass = `${Math.floor(status / 100)}xx`;
    if (statusClass in current.answered) current.answered[statusClass as StatusClass] += 1;
    current.latencies.push(performance.now() - scheduledAt);
    const what = `${req.label} GET ${req.path} → ${status}`;
    const json = parseBody(body);
    if (req.expect === 'reset') flag('no-reset', what);
    else if (status >= 500) flag('server-error', `${what} ${body.slice(0, 200)}`);
    else if (json === NOT_JSON) flag('non-json', `${what} ${JSON.stringify(body.slice(0, 80))}`);
    else if (!req.expect.includes(status)) flag('wrong-status', `${what} ${body.slice(0, 200)}`);
    else if (req.label === 'issue' && status === 200) mix.remember((json as { data: string }).data);
    finishOne();
  };
  const onError = (req: SoakRequest, error: Error, scheduledAt: number, reusedSocket: boolean): void => {
    current.latencies.push(performance.now() - scheduledAt);
    if (req.expect === 'reset') current.forcedResets += 1;
    // Whether the socket was a kept-alive one tells a keep-alive close race from a refused/reset new connection.
    else
      flag(
        'connection-error',
        `${req.label} GET ${req.path}: ${(error as NodeJS.ErrnoException).code ?? error.message} (${reusedSocket ? 'reused' : 'new'} socket, t=${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
    finishOne();
  };
  const send = (req: SoakRequest, scheduledAt: number): void => {
    current.sent += 1;
    let over = false;
    const once = (settle: () => void): void => {
      if (!over) {
        over = true;
        settle();
      }
    };
    const outgoing = request(
      { agent, host: target.hostname, port: target.port, path: req.path, headers: req.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          once(() => onAnswer(req, res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), scheduledAt)),
        );
        res.on('error', (error) => once(() => onError(req, error, scheduledAt, outgoing.reusedSocket)));
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    outgoing.on('error', (error) => once(() => onError(req, error, scheduledAt, outgoing.reusedSocket)));
    outgoing.end();
  };

  const tick = (): void => {
    const now = performance.now();
    while (!stopped && scheduled < total && t0 + (scheduled * 1000) / options.rate <= now) {
      send(mix.next(), t0 + (scheduled * 1000) / options.rate);
      scheduled += 1;
      lastSendAt = now;
    }
    if (!stopped && scheduled < total) setTimeout(tick, 1);
    else if (settled >= scheduled) finish();
  };
  setTimeout(tick, 20);

  // Mock time runs CLOCK_STEP_HOURS per step: unused tokens expire (12 h) and are reclaimed (24 h
  // later) within a minute of real time, so the stored population levels off instead of growing.
  const advanceClock = async (): Promise<void> => {
    try {
      const res = await fetch(`${baseUrl}/__admin/clock/advance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ by: `${CLOCK_STEP_HOURS}h` }),
      });
      const body = await res.text();
      if (res.status === 200) advances += 1;
      else flag('clock-advance', `POST /__admin/clock/advance → ${res.status} ${body.slice(0, 200)}`);
    } catch (error) {
      flag('clock-advance', `POST /__admin/clock/advance: ${(error as Error).message}`);
    }
  };
  const clockTimer = setInterval(() => void advanceClock(), options.advanceEverySeconds * 1000);

  let finished = false;
  function finish(): void {
    if (finished) return;
    finished = true;
    clearInterval(clockTimer);
    agent.destroy();
    resolveDone();
  }

  return {
    takeInterval() {
      const now = performance.now();
      const { latencies, ...counts } = current;
      const interval = { ...counts, seconds: (now - intervalStart) / 1000, latencyP99Ms: percentile(latencies, 99) };
      addUp(taken, interval);
      current = emptyInterval();
      intervalStart = now;
      return interval;
    },
    done,
    stop() {
      stopped = true;
      if (settled >= scheduled) finish();
    },
    unexpected,
    clockAdvances: () => advances,
    sendingSeconds: () => Math.max(0, lastSendAt - t0) / 1000,
    totals: () =>
      addUp(addUp({ sent: 0, answered: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }, forcedResets: 0 }, taken), current),
  };
}
