// openTarget and sendAll in-process: how a run names and serves its target, and sends its probes in
// order with its progress counted.
import http from 'node:http';
import net from 'node:net';
import { createRunAgent } from '../../contracts/http-exchange';
import type { Probe } from '../../contracts/probe-planner';
import { sendAll } from '../../contracts/send-probes';
import { openTarget } from '../../contracts/target';
import { probe } from '../support/check-inputs';

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test('a URL target is used as given, named without its trailing slashes', async () => {
  const url = new URL('http://127.0.0.1:1/base//');
  const target = await openTarget(url);
  expect(target.baseUrl).toBe(url);
  expect(target.label).toBe('http://127.0.0.1:1/base');
  await expect(target.close()).resolves.toBeUndefined();
});

test('a request listener is served on a loopback port for the run only, and let go at close', async () => {
  // The listener answers the first request and never the next, as a target a probe times out on.
  let requests = 0;
  const created = jest.spyOn(http, 'createServer');
  const target = await openTarget((_request, response) => {
    if (++requests === 1) response.end('served');
  });
  const server = created.mock.results[0]?.value as http.Server;
  created.mockRestore();
  const port = Number(target.baseUrl.port);
  const agent = new http.Agent({ keepAlive: true });
  let hanging: Promise<unknown> | undefined;
  try {
    expect(target.baseUrl.hostname).toBe('127.0.0.1');
    expect(target.label).toBe(`in-process (http://127.0.0.1:${port})`);
    const body = await new Promise((resolve) =>
      http.get(target.baseUrl, { agent }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString())).on('end', () => resolve(text));
      }),
    );
    expect(body).toBe('served');
    // Bound to 127.0.0.1 alone, not to every address ('::' or '0.0.0.0', where other hosts would reach it
    // through the machine's own addresses, which this test cannot try without waiting on a firewall).
    expect(server.address()).toMatchObject({ address: '127.0.0.1', port });
    expect(await connects('::1', port)).toBe(false);
    // A request still waiting for its answer does not keep close() from ending the run.
    hanging = new Promise((resolve) => http.get(target.baseUrl, { agent }).on('error', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toBe(2);
  } finally {
    await target.close();
    agent.destroy();
  }
  await expect(hanging).resolves.toMatchObject({ code: 'ECONNRESET' });
  expect(await connects('127.0.0.1', port)).toBe(false);
});

describe('sendAll', () => {
  let server: http.Server;
  let baseUrl: URL;
  beforeAll(async () => {
    // Answers each path after a delay that makes later requests finish first.
    server = http.createServer((request, response) => {
      const wait = 40 - Number(new URL(request.url ?? '/', 'http://x').searchParams.get('n')) * 8;
      setTimeout(() => response.end(request.url), Math.max(wait, 0));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const probes = [0, 1, 2, 3, 4].map((n) => probe('success', { path: `/view/token?n=${n}` }));

  test('gives each probe its exchange in the order given, whatever order the answers come in', async () => {
    const agent = createRunAgent(baseUrl, 3);
    const progress: [number, number, string][] = [];
    const sending = {
      baseUrl,
      agent,
      timeoutMs: 2000,
      concurrency: 3,
      done: 10,
      total: 20,
      onProgress: (done: number, total: number, sent: Probe) => progress.push([done, total, sent.request.path]),
    };
    const results = await sendAll(probes, sending);
    agent.destroy();
    expect(results.map(({ probe: sent }) => sent)).toEqual(probes);
    expect(results.map(({ exchange }) => (exchange.kind === 'response' ? exchange.bodyText : exchange.kind))).toEqual(
      probes.map(({ request }) => request.path),
    );
    // Counted on from where the run was, one by one as answers come in.
    expect(progress.map(([done, total]) => [done, total])).toEqual([11, 12, 13, 14, 15].map((done) => [done, 20]));
    expect(sending.done).toBe(15);
    expect(progress.map(([, , path]) => path)).not.toEqual(probes.map(({ request }) => request.path));
  });

  test('sends nothing for no probes, and at most as many at once as there are probes', async () => {
    const agent = createRunAgent(baseUrl, 8);
    const base = { baseUrl, agent, timeoutMs: 2000, done: 0, total: 1, onProgress: undefined };
    await expect(sendAll([], { ...base, concurrency: 8 })).resolves.toEqual([]);
    const one = await sendAll(probes.slice(0, 1), { ...base, concurrency: 8 });
    agent.destroy();
    expect(one).toHaveLength(1);
  });
});
