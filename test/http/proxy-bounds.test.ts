import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import request from 'supertest';
import { MAX_UPSTREAM_BODY_BYTES } from '../../mock/proxy/forward-request';
import { toShownUrl } from '../../mock/proxy/proxy-url';
import type { MockServer } from '../../mock/server';
import { BEARER, aMock } from '../support/mock-app';

// --proxy bounded and clean: an upstream body over the cap is a 502 read no further than the cap,
// hop-by-hop headers stay on their own hop, and a password in --proxy is never shown.

const MiB = 1_048_576;
const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0)) await item.close();
});

/** An upstream answering every request with `answer`; what it received and wrote is kept. */
async function anUpstream(
  answer: (res: ServerResponse) => void,
): Promise<{ url: string; received: IncomingHttpHeaders[]; server: Server }> {
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    received.push(req.headers);
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push({
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

async function proxyTo(url: string): Promise<MockServer> {
  const mock = await aMock({ proxy: { url, timeout: '20s' } });
  running.push(mock);
  return mock;
}

const TOO_LARGE = (url: string) => ({
  code: 'system.error',
  data: null,
  message: `The upstream ${url} answered a body over ${MAX_UPSTREAM_BODY_BYTES} bytes (1 MiB), the most the proxy reads; it stopped reading and closed the connection.`,
});

test("an upstream streaming an endless body: 502 after the first MiB, its connection closed, the mock's memory not growing with it", async () => {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let written = 0;
  let closed = false;
  const upstream = await anUpstream((res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"code":"success","data":"');
    // Up to 50 MiB, as fast as the connection takes it, until the proxy hangs up.
    const pump = (): void => {
      while (!closed && written < 50 * MiB) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!closed) res.end('"}');
    };
    res.socket?.once('close', () => {
      closed = true;
    });
    pump();
  });
  const mock = await proxyTo(upstream.url);
  const rssBefore = process.memoryUsage().rss;
  const res = await request(mock.app).get('/view/token?fileId=1').set(BEARER);
  const grownMiB = (process.memoryUsage().rss - rssBefore) / MiB;
  expect([res.status, res.body]).toEqual([502, TOO_LARGE(upstream.url)]);
  await new Promise<void>((resolve) => {
    const check = (): void => (closed ? resolve() : void setTimeout(check, 10));
    check();
  });
  // Socket buffers let the upstream get some MiB ahead of the cap; never the 50 it was sending.
  expect({ closed, writtenBelow16MiB: written < 16 * MiB, rssGrowthBelow24MiB: grownMiB < 24 }).toEqual({
    closed: true,
    writtenBelow16MiB: true,
    rssGrowthBelow24MiB: true,
  });
});

test.each([
  ['streamed, exactly the cap', 200, false, MAX_UPSTREAM_BODY_BYTES],
  ['streamed, one byte over the cap', 502, false, MAX_UPSTREAM_BODY_BYTES + 1],
  ['declared in Content-Length, exactly the cap', 200, true, MAX_UPSTREAM_BODY_BYTES],
  ['declared in Content-Length, one byte over the cap', 502, true, MAX_UPSTREAM_BODY_BYTES + 1],
])('an upstream body %s is answered %d', async (_name, status, declared, size) => {
  const body = Buffer.alloc(size, ' ');
  Buffer.from('{"code":"success","data":"0123456789abcdef0123456789abcdef","message":""}').copy(body);
  const upstream = await anUpstream((res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', ...(declared ? { 'Content-Length': String(size) } : {}) });
    // Two writes: a streamed body arrives in pieces, and only their sum is over the cap.
    res.write(body.subarray(0, size - 1));
    res.end(body.subarray(size - 1));
  });
  const mock = await proxyTo(upstream.url);
  const res = await request(mock.app).get('/view/token?fileId=1').set(BEARER);
  expect(res.status).toBe(status);
  if (status === 200)
    expect([res.headers['content-length'], res.body.data]).toEqual([String(size), '0123456789abcdef0123456789abcdef']);
  else expect(res.body).toEqual(TOO_LARGE(upstream.url));
});

/** A GET sent as written (a client library would refuse or rewrite some of these headers): the final answer's status and headers. */
async function rawGet(
  baseUrl: string,
  target: string,
  headers: string[],
): Promise<{ status: number; headers: Record<string, string> }> {
  const { hostname, port } = new URL(baseUrl);
  const text = await new Promise<string>((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${headers.join('\r\n')}\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      // The final answer (after any 100 Continue) is complete once its JSON body has ended.
      if (/\r\n\r\n[\s\S]*\}\s*$/.test(received.replace(/^HTTP\/1\.1 100[^]*?\r\n\r\n/, ''))) socket.end();
    });
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  const [head = ''] = text.replace(/^HTTP\/1\.1 100[^]*?\r\n\r\n/, '').split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const fields: Record<string, string> = {};
  for (const line of lines)
    fields[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
  return { status: Number(statusLine.split(' ')[1]), headers: fields };
}

test('hop-by-hop headers and the ones Connection names stay on their hop, both ways; end-to-end ones pass', async () => {
  const upstream = await anUpstream((res) => {
    res.setHeader('Connection', 'keep-alive, X-Upstream-Hop');
    res.setHeader('X-Upstream-Hop', 'mine');
    res.setHeader('Keep-Alive', 'timeout=99');
    res.setHeader('Proxy-Authenticate', 'Basic realm="upstream"');
    res.setHeader('Upgrade', 'h2c');
    res.setHeader('Trailer', 'X-Checksum');
    res.setHeader('X-Upstream-End', 'kept');
    res.setHeader('Content-Type', 'application/json');
    res.end('{"code":"success","data":"0123456789abcdef0123456789abcdef","message":""}');
  });
  const mock = await proxyTo(upstream.url);
  const res = await rawGet(await mock.listen(0), '/view/token?fileId=1', [
    `Authorization: ${BEARER.Authorization}`,
    'Connection: keep-alive, X-Client-Hop',
    'X-Client-Hop: mine',
    'Keep-Alive: timeout=7',
    'TE: trailers',
    'Proxy-Authorization: Basic cXE6cXE=',
    'Trailer: X-Checksum',
    'Expect: 100-continue',
    'Upgrade: h2c',
    'X-Client-End: kept',
  ]);
  expect(res.status).toBe(200);
  const sent = upstream.received[0] ?? {};
  expect(
    [
      'x-client-hop',
      'keep-alive',
      'te',
      'proxy-authorization',
      'trailer',
      'expect',
      'upgrade',
      'transfer-encoding',
    ].filter((name) => name in sent),
  ).toEqual([]);
  expect([sent.connection, sent['x-client-end'], sent.authorization]).toEqual([
    'keep-alive',
    'kept',
    BEARER.Authorization,
  ]);
  // The mock's own server writes its own Connection and Keep-Alive for the client's hop.
  expect({
    hop: res.headers['x-upstream-hop'],
    proxyAuthenticate: res.headers['proxy-authenticate'],
    upgrade: res.headers.upgrade,
    trailer: res.headers.trailer,
    keepAlive: res.headers['keep-alive'],
    connection: res.headers.connection,
    end: res.headers['x-upstream-end'],
  }).toEqual({
    hop: undefined,
    proxyAuthenticate: undefined,
    upgrade: undefined,
    trailer: undefined,
    keepAlive: expect.not.stringContaining('99'),
    connection: expect.not.stringMatching(/hop/i),
    end: 'kept',
  });
});

test.each([
  [
    'http://qa:s3cret@staging.example/api',
    '--proxy http://qa:***@staging.example/api: a user name or password in the URL is not supported (the upstream gets each client\'s own Authorization, its Bearer Access Token); give the URL without "user:password@"',
  ],
  [
    'http://qa@staging.example',
    '--proxy http://qa@staging.example: a user name or password in the URL is not supported (the upstream gets each client\'s own Authorization, its Bearer Access Token); give the URL without "user:password@"',
  ],
  [
    'ftp://qa:s3cret@staging.example',
    '--proxy ftp://qa:***@staging.example: use an http:// or https:// URL, e.g. https://staging.example.com/api',
  ],
  [
    'http://qa:s3cret@staging.example/?a=1',
    '--proxy http://qa:***@staging.example/?a=1: a user name or password in the URL is not supported (the upstream gets each client\'s own Authorization, its Bearer Access Token); give the URL without "user:password@"',
  ],
  ['qa:s3cret@staging', '--proxy qa:***@staging: use an http:// or https:// URL, e.g. https://staging.example.com/api'],
  ['http://qa:s3c/ret@st aging', '--proxy http://qa:***@st aging: not a URL; use e.g. https://staging.example.com/api'],
])('--proxy %s is refused at start, the password never in the message', async (url, message) => {
  const refused = aMock({ proxy: { url } });
  await expect(refused).rejects.toMatchObject({ name: 'ConfigError', message });
  expect(message).not.toContain('s3c');
});

test.each([
  ['https://staging.example:8443/api', 'https://staging.example:8443/api'],
  ['https://qa:p@ss@staging.example/a', 'https://qa:***@staging.example/a'],
  ['https://qa:s3cret@staging.example/a@b?x=@', 'https://qa:***@staging.example/a@b?x=@'],
  ['https://staging.example:8443/a@b', 'https://staging.example:8443/a@b'],
])('a URL as messages show it: %s → %s', (url, shown) => {
  expect(toShownUrl(url)).toBe(shown);
});
