// sendProbe and createRunAgent in-process, against servers of this test on 127.0.0.1 (never the network):
// the request as sent and as reports show it, the response read (and its body cut at 1 MiB), and every
// failure as an exchange of its own: broken (reset, cut body, timeout, refused request), unreachable, and the
// one retry of a reused keep-alive connection the server had closed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRunAgent, sendProbe, type Exchange, type ProbeRequest } from '../../contracts/http-exchange';

const MIB = 1 << 20;

/** A GET of /view/token with no headers, or as `request` says. */
const get = (request: Partial<ProbeRequest> = {}): ProbeRequest => ({
  method: 'GET',
  path: '/view/token',
  headers: {},
  ...request,
});

/** What a test server saw of one request. */
interface Seen {
  url: string;
  /** Each header's values as they came, one per line it came on. */
  headers: NodeJS.Dict<string[]>;
  body: string;
  /** Which connection it came on (1 for the server's first), and which request on that connection. */
  connection: number;
  onConnection: number;
}

/** The servers and agents a test opened, closed after it. */
const servers: (http.Server | https.Server)[] = [];
const agents: http.Agent[] = [];
afterEach(async () => {
  jest.restoreAllMocks();
  agents.splice(0).forEach((agent) => agent.destroy());
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** A keep-alive agent closed after the test. */
function agentFor(baseUrl: URL): http.Agent {
  const agent = createRunAgent(baseUrl, 1);
  agents.push(agent);
  return agent;
}

/**
 * Serves `handle` on a loopback port; `seen` lists the requests in the order they were read in full.
 * `handle` gets what the server saw of the request (its connection numbered in order of arrival).
 */
async function serve(
  handle: (seen: Seen, request: http.IncomingMessage, response: http.ServerResponse) => void,
  server: http.Server | https.Server = http.createServer(),
  base = '/',
): Promise<{ baseUrl: URL; seen: Seen[] }> {
  const seen: Seen[] = [];
  const connections = new Map<net.Socket, { connection: number; requests: number }>();
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const socket = request.socket;
    const known = connections.get(socket) ?? { connection: connections.size + 1, requests: 0 };
    connections.set(socket, { ...known, requests: known.requests + 1 });
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const one = { url: request.url ?? '', headers: request.headersDistinct, body, connection: known.connection };
      const it = { ...one, onConnection: known.requests + 1 };
      seen.push(it);
      handle(it, request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheme = server instanceof https.Server ? 'https' : 'http';
  return { baseUrl: new URL(`${scheme}://127.0.0.1:${(server.address() as net.AddressInfo).port}${base}`), seen };
}

/** A loopback port nothing listens on (a server's, once closed). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A response's body text ('' for an exchange that is no response). */
const bodyOf = (exchange: Exchange): string => (exchange.kind === 'response' ? exchange.bodyText : '');

/** The exchange's kind and what it says, without the request and timing. */
function outcome(exchange: Exchange): Record<string, unknown> {
  const { request: _request, timing, ...rest } = exchange;
  expect(timing.endMs).toBeGreaterThanOrEqual(timing.startMs);
  return rest;
}

describe('the request', () => {
  test('goes out with the base path and the probe path joined as planned, never normalised', async () => {
    const { baseUrl, seen } = await serve((_seen, _request, response) => response.end('ok'), undefined, '/base//');
    const exchange = await sendProbe(baseUrl, get({ path: '/view/./token?fileId=1' }), 2000);
    expect(outcome(exchange)).toMatchObject({ kind: 'response', status: 200, bodyText: 'ok' });
    expect(seen.map(({ url }) => url)).toEqual(['/base/view/./token?fileId=1']);
    expect(exchange.request.url).toBe(`http://${baseUrl.host}/base/view/./token?fileId=1`);
  });

  test('a base URL without a path adds nothing before the probe path', async () => {
    const { baseUrl, seen } = await serve((_seen, _request, response) => response.end());
    const exchange = await sendProbe(baseUrl, get(), 2000);
    expect(seen.map(({ url }) => url)).toEqual(['/view/token']);
    expect(exchange.request.url).toBe(`http://${baseUrl.host}/view/token`);
  });

  test('without an agent it sends its headers, a list once per value, its body, and Connection: close', async () => {
    const { baseUrl, seen } = await serve((_seen, _request, response) => response.end());
    const headers = { 'X-One': 'one', Authorization: ['Bearer a', 'Bearer b'], 'Content-Type': 'text/plain' };
    await sendProbe(baseUrl, get({ method: 'POST', headers, body: 'the body' }), 2000);
    expect(seen).toEqual([
      expect.objectContaining({
        headers: expect.objectContaining({
          'x-one': ['one'],
          authorization: ['Bearer a', 'Bearer b'],
          connection: ['close'],
        }),
        body: 'the body',
      }),
    ]);
  });

  test('with an agent it keeps the connection open and sends the next request on it', async () => {
    const { baseUrl, seen } = await serve((_seen, _request, response) => response.end());
    const agent = agentFor(baseUrl);
    await sendProbe(baseUrl, get({ headers: { 'X-One': 'one' } }), 2000, agent);
    await sendProbe(baseUrl, get(), 2000, agent);
    expect(seen.map(({ headers, connection }) => [headers.connection, headers['x-one'], connection])).toEqual([
      [['keep-alive'], ['one'], 1],
      [['keep-alive'], undefined, 1],
    ]);
  });

  test('is reported as sent: the full URL, repeated headers joined with ", ", and a body only when there is one', async () => {
    // No server is needed to report the request, only an address to try.
    const port = await closedPort();
    const baseUrl = new URL(`http://127.0.0.1:${port}/base//`);
    expect(
      (await sendProbe(baseUrl, get({ headers: { Authorization: ['Basic x', 'Bearer y'], 'X-One': 'one' } }), 2000))
        .request,
    ).toStrictEqual({
      method: 'GET',
      path: '/view/token',
      url: `http://127.0.0.1:${port}/base/view/token`,
      headers: { Authorization: 'Basic x, Bearer y', 'X-One': 'one' },
    });
    const withBody = await sendProbe(baseUrl, get({ method: 'PUT', body: '{"a":1}' }), 2000);
    expect(withBody.request).toStrictEqual({
      method: 'PUT',
      path: '/view/token',
      url: `http://127.0.0.1:${port}/base/view/token`,
      headers: {},
      body: '{"a":1}',
    });
  });

  test('`shown` replaces the path, headers and body in the report, while the real ones are sent', async () => {
    const { baseUrl, seen } = await serve((_seen, _request, response) => response.end());
    const shown = { path: '/view/token?secret=[redacted]', headers: { 'X-Key': ['[redacted]', '[redacted]'] } };
    const sent = get({
      method: 'POST',
      path: '/view/token?secret=s3',
      headers: { 'X-Key': 'k3' },
      body: 'key=k3',
      shown,
    });
    const exchange = await sendProbe(baseUrl, sent, 2000);
    expect(exchange.request).toStrictEqual({
      method: 'POST',
      path: '/view/token?secret=[redacted]',
      url: `http://${baseUrl.host}/view/token?secret=[redacted]`,
      headers: { 'X-Key': '[redacted], [redacted]' },
    });
    expect(seen.map(({ url, headers, body }) => [url, headers['x-key'], body])).toEqual([
      ['/view/token?secret=s3', ['k3'], 'key=k3'],
    ]);
  });

  test('a header value Node refuses to send is a broken exchange that says why, and nothing is sent', async () => {
    const { baseUrl, seen } = await serve((_seen, _request, response) => response.end());
    const exchange = await sendProbe(baseUrl, get({ headers: { 'X-Note': 'a\nb' } }), 2000);
    expect(outcome(exchange)).toEqual({
      kind: 'broken',
      reason: expect.stringMatching(/^the request could not be sent \(ERR_INVALID_CHAR: .*"X-Note"/),
    });
    expect(seen).toEqual([]);
  });
});

describe('the response', () => {
  test('gives the status, the headers (repeated ones joined with ", ") and the body as text', async () => {
    const { baseUrl } = await serve((_seen, _request, response) => {
      response.setHeader('Set-Cookie', ['a=1', 'b=2']);
      response.writeHead(201, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end('{"code":"success","data":"é"}');
    });
    const exchange = await sendProbe(baseUrl, get(), 2000);
    expect(outcome(exchange)).toEqual({
      kind: 'response',
      status: 201,
      headers: expect.objectContaining({
        'set-cookie': 'a=1, b=2',
        'content-type': 'application/json; charset=utf-8',
      }),
      bodyText: '{"code":"success","data":"é"}',
    });
  });

  test('a body of exactly 1 MiB is kept in full', async () => {
    const body = 'a'.repeat(MIB);
    const { baseUrl } = await serve((_seen, _request, response) => response.end(body));
    const exchange = await sendProbe(baseUrl, get(), 5000);
    expect(exchange.kind).toBe('response');
    // Compared as a boolean: a failure need not print 1 MiB of text.
    expect(bodyOf(exchange).length).toBe(MIB);
    expect(bodyOf(exchange) === body).toBe(true);
  });

  test('a body over 1 MiB is cut at 1 MiB exactly, also within a chunk: what is kept is its first 1 MiB', async () => {
    // Written in chunks of 3 bytes less than 64 KiB: no chunk ends at 1 MiB.
    const body = 'ab'.repeat(MIB / 2) + 'cdef'.repeat(1000);
    const { baseUrl } = await serve((_seen, _request, response) => {
      for (let at = 0; at < body.length; at += 65_533) response.write(body.slice(at, at + 65_533));
      response.end();
    });
    const exchange = await sendProbe(baseUrl, get(), 5000);
    expect(exchange.kind).toBe('response');
    const kept = bodyOf(exchange);
    expect(kept.length).toBe(MIB);
    expect(body.startsWith(kept)).toBe(true);
  });

  test('a connection closed in the middle of the body is a broken exchange', async () => {
    const { baseUrl } = await serve((_seen, _request, response) => {
      response.writeHead(200, { 'Content-Length': '100' });
      response.write('the first 24 bytes of 100', () => response.socket?.destroy());
    });
    const exchange = await sendProbe(baseUrl, get(), 2000);
    expect(outcome(exchange)).toEqual({
      kind: 'broken',
      reason: 'the connection closed in the middle of the response body',
    });
  });
});

describe('failures', () => {
  test('no complete answer within the timeout is a broken exchange that says it timed out', async () => {
    const { baseUrl, seen } = await serve(() => undefined);
    const exchange = await sendProbe(baseUrl, get(), 200);
    expect(outcome(exchange)).toEqual({
      kind: 'broken',
      reason: 'no complete answer within 200 ms (--timeout)',
      timedOut: true,
    });
    expect(seen).toHaveLength(1);
  });

  test('a refused connection is unreachable, naming the origin and the error code', async () => {
    const port = await closedPort();
    const exchange = await sendProbe(new URL(`http://127.0.0.1:${port}/base/`), get(), 2000);
    expect(outcome(exchange)).toEqual({
      kind: 'unreachable',
      reason: `cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`,
    });
  });

  test('an answer that is not HTTP is a broken exchange naming the parser error and its code', async () => {
    const { baseUrl } = await serve((_seen, request) => request.socket.end('NOT HTTP\r\n\r\n'));
    const exchange = await sendProbe(baseUrl, get(), 2000);
    expect(outcome(exchange)).toEqual({
      kind: 'broken',
      reason: expect.stringMatching(/^the request failed \(HPE_[A-Z_]+: Parse Error: /),
    });
  });
});

describe('resets and the one retry', () => {
  /** A server that closes, without an answer, the connection of each request `close` picks; it answers the others. */
  const closing = (close: (seen: Seen) => boolean) =>
    serve((seen, request, response) => (close(seen) ? request.socket.destroy() : response.end(`answer ${seen.url}`)));

  test('a reused keep-alive connection the server closed is retried once on a connection of its own', async () => {
    const { baseUrl, seen } = await closing(({ onConnection }) => onConnection === 2);
    const agent = agentFor(baseUrl);
    await sendProbe(baseUrl, get({ path: '/first' }), 2000, agent);
    const exchange = await sendProbe(baseUrl, get({ path: '/second' }), 2000, agent);
    expect(outcome(exchange)).toMatchObject({ kind: 'response', status: 200, bodyText: 'answer /second' });
    expect(seen.map(({ url, connection, headers }) => [url, connection, headers.connection])).toEqual([
      ['/first', 1, ['keep-alive']],
      ['/second', 1, ['keep-alive']],
      ['/second', 2, ['close']],
    ]);
  });

  test('a retry the server closes too is a broken exchange: there is no second retry', async () => {
    const { baseUrl, seen } = await closing(({ connection, onConnection }) => connection > 1 || onConnection === 2);
    const agent = agentFor(baseUrl);
    await sendProbe(baseUrl, get({ path: '/first' }), 2000, agent);
    const exchange = await sendProbe(baseUrl, get({ path: '/second' }), 2000, agent);
    expect(outcome(exchange)).toEqual({ kind: 'broken', reason: 'the connection was reset before a complete answer' });
    expect(seen.map(({ url, connection }) => [url, connection])).toEqual([
      ['/first', 1],
      ['/second', 1],
      ['/second', 2],
    ]);
  });

  test('a fresh connection closed without an answer is not retried (without an agent)', async () => {
    const { baseUrl, seen } = await closing(({ connection }) => connection === 1);
    const exchange = await sendProbe(baseUrl, get(), 2000);
    expect(outcome(exchange)).toEqual({ kind: 'broken', reason: 'the connection was reset before a complete answer' });
    expect(seen).toHaveLength(1);
  });

  test("a fresh connection closed without an answer is not retried (the agent's first)", async () => {
    const { baseUrl, seen } = await closing(({ connection }) => connection === 1);
    const exchange = await sendProbe(baseUrl, get(), 2000, agentFor(baseUrl));
    expect(outcome(exchange)).toEqual({ kind: 'broken', reason: 'the connection was reset before a complete answer' });
    expect(seen).toHaveLength(1);
  });

  test('a failure other than a reset on a reused connection is not retried', async () => {
    const { baseUrl, seen } = await serve(({ onConnection }, request, response) =>
      onConnection === 2 ? request.socket.end('NOT HTTP\r\n\r\n') : response.end('ok'),
    );
    const agent = agentFor(baseUrl);
    await sendProbe(baseUrl, get(), 2000, agent);
    const exchange = await sendProbe(baseUrl, get(), 2000, agent);
    expect(outcome(exchange)).toEqual({
      kind: 'broken',
      reason: expect.stringMatching(/^the request failed \(HPE_[A-Z_]+: /),
    });
    expect(seen).toHaveLength(2);
  });

  test('a request on a reused connection that timed out is not sent again when its connection closes', async () => {
    const { baseUrl } = await serve(({ onConnection }, _request, response) => {
      if (onConnection === 1) response.end('ok');
    });
    const agent = agentFor(baseUrl);
    await sendProbe(baseUrl, get(), 2000, agent);
    // Counts the requests this module makes: a retry would be one more, even if the exchange was settled.
    const requests = jest.spyOn(http, 'request');
    const sending = sendProbe(baseUrl, get(), 200, agent);
    expect(requests).toHaveBeenCalledTimes(1);
    // Dropping the timed-out request closes its connection, which Node reports (before 'close') as a reset of a
    // reused socket: the very failure that is retried when it comes first.
    const request = requests.mock.results[0]?.value as http.ClientRequest;
    const closed = new Promise((resolve) => request.on('close', resolve));
    expect(outcome(await sending)).toMatchObject({ kind: 'broken', timedOut: true });
    await closed;
    expect(requests).toHaveBeenCalledTimes(1);
  });
});

describe('https', () => {
  /** A self-signed certificate for 127.0.0.1, made for this run. */
  let tls: { key: Buffer; cert: Buffer };
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'http-exchange-'));
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key];
    const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
    execFileSync('openssl', ['req', '-x509', ...newKey, ...subject, '-days', '1', '-out', cert], { stdio: 'ignore' });
    tls = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a run agent is an https one for an https base URL, an http one otherwise, with the sockets asked for', () => {
    const secure = createRunAgent(new URL('https://127.0.0.1:1'), 4);
    const plain = createRunAgent(new URL('http://127.0.0.1:1'), 2);
    agents.push(secure, plain);
    expect(secure).toBeInstanceOf(https.Agent);
    expect(plain).not.toBeInstanceOf(https.Agent);
    expect([secure.maxSockets, plain.maxSockets]).toEqual([4, 2]);
  });

  test('an https base URL is sent over TLS', async () => {
    const { baseUrl, seen } = await serve(
      (_seen, _request, response) => response.end('secure'),
      https.createServer(tls),
    );
    // The run's agent, trusting this test's certificate.
    const agent = new https.Agent({ keepAlive: true, ca: tls.cert });
    agents.push(agent);
    const exchange = await sendProbe(baseUrl, get(), 2000, agent);
    expect(outcome(exchange)).toMatchObject({ kind: 'response', status: 200, bodyText: 'secure' });
    expect(seen).toHaveLength(1);
  });

  test('a certificate Node does not trust is a broken exchange naming the TLS error and its code', async () => {
    const { baseUrl, seen } = await serve((_seen, _request, response) => response.end(), https.createServer(tls));
    const exchange = await sendProbe(baseUrl, get(), 2000);
    expect(outcome(exchange)).toEqual({
      kind: 'broken',
      // Node 24 adds advice to the message ("; if the root CA is installed locally, try …").
      reason: expect.stringMatching(
        new RegExp(
          `^the TLS certificate of ${baseUrl.origin} is not trusted \\(DEPTH_ZERO_SELF_SIGNED_CERT: self[- ]signed certificate(; .+)?\\)$`,
        ),
      ),
      certificate: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    expect(seen).toEqual([]);
  });
});
