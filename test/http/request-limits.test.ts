import { connect } from 'node:net';
import type { MockServer } from '../../mock/server';
import { REQUEST_LIMITS } from '../../mock/front/request-limits';
import { BEARER, aMock } from '../support/mock-app';

let mock: MockServer;
let baseUrl: string;
beforeAll(async () => {
  mock = await aMock({ headersTimeoutMs: 400, requestTimeoutMs: 800 });
  baseUrl = await mock.listen(0);
});
afterAll(() => mock.close());

/** Writes raw bytes and reads whatever comes back until the server closes the connection. */
function rawExchange(chunks: { text: string; afterMs?: number }[], to = baseUrl): Promise<string> {
  const { hostname, port } = new URL(to);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    let delay = 0;
    for (const chunk of chunks) {
      delay += chunk.afterMs ?? 0;
      setTimeout(() => {
        if (!socket.destroyed) socket.write(chunk.text);
      }, delay);
    }
  });
}

const bodyOf = (raw: string): unknown => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

test.each([
  ['a service route', '/view/token?fileId=1&pad=', 'application/json', { code: 'request.too.large', data: null }],
  [
    'an admin route',
    '/__admin/requests?pad=',
    'application/problem+json',
    { status: 414, type: 'urn:view-token-mock:problem:uri-too-long' },
  ],
])('a URL over 8 KiB on %s is refused with 414 and says the limit', async (_label, start, type, body) => {
  const res = await fetch(`${baseUrl}${start}${'x'.repeat(REQUEST_LIMITS.urlBytes)}`, { headers: BEARER });
  expect(res.status).toBe(414);
  expect(res.headers.get('content-type')).toContain(type);
  const answer = (await res.json()) as Record<string, unknown>;
  expect(answer).toMatchObject(body);
  expect(JSON.stringify(answer)).toContain(String(REQUEST_LIMITS.urlBytes));
});

test('more than 100 query parameters is a 400 parameter.invalid naming the limit; 100 are still read', async () => {
  const query = (count: number) =>
    Array.from({ length: count }, (_, i) => (i === 0 ? 'fileId=1' : `p${i}=v`)).join('&');
  const over = await fetch(`${baseUrl}/view/token?${query(REQUEST_LIMITS.queryParameters + 1)}`, { headers: BEARER });
  expect(over.status).toBe(400);
  expect(await over.json()).toEqual({
    code: 'parameter.invalid',
    data: null,
    message: expect.stringContaining(`at most ${REQUEST_LIMITS.queryParameters}`),
  });
  const atLimit = await fetch(`${baseUrl}/view/token?${query(REQUEST_LIMITS.queryParameters)}`, { headers: BEARER });
  expect(atLimit.status).not.toBe(400);
});

test('request headers over 16 KiB get a 431 in the error envelope, not an empty answer', async () => {
  const raw = await rawExchange([
    {
      text: `GET /view/token?fileId=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nX-Pad: ${'y'.repeat(REQUEST_LIMITS.headerBytes)}\r\n\r\n`,
    },
  ]);
  expect(raw).toMatch(/^HTTP\/1\.1 431 /);
  expect(bodyOf(raw)).toEqual({ code: 'request.too.large', data: null, message: expect.stringContaining('16384') });
});

test.each([
  [
    'a service route (that reads no body)',
    '/data/v2/integrations/1/files/2/viewToken',
    { code: 'request.too.large', data: null },
  ],
  ['an admin route', '/__admin/scenarios', { status: 413, type: 'urn:view-token-mock:problem:payload-too-large' }],
])('a JSON body over 100 KB on %s is a 413', async (_label, route, body) => {
  const res = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { ...BEARER, 'Content-Type': 'application/json' },
    body: JSON.stringify({ pad: 'z'.repeat(200_000) }),
  });
  expect(res.status).toBe(413);
  expect(await res.json()).toMatchObject(body);
});

test('a chunked JSON body (no Content-Length) over 100 KB on an admin route is a 413 too', async () => {
  const chunks = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(JSON.stringify({ pad: 'z'.repeat(200_000) })));
      controller.close();
    },
  });
  const res = await fetch(`${baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: chunks,
    duplex: 'half',
  } as RequestInit);
  expect(res.status).toBe(413);
});

test('a client that sends its headers too slowly is cut off with 408 once headersTimeout passes (with no request timeout to do it instead)', async () => {
  // requestTimeout 0 turns the whole-request limit off: only headersTimeout can end this exchange.
  const headersOnly = await aMock({ headersTimeoutMs: 400, requestTimeoutMs: 0 });
  try {
    const raw = await rawExchange(
      [
        { text: 'GET /view/token?fileId=1 HTTP/1.1\r\nHost: x\r\n' },
        { text: 'Authorization: Bearer t\r\n', afterMs: 200 },
      ],
      await headersOnly.listen(0),
    );
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(raw)).toEqual({
      code: 'request.timeout',
      data: null,
      message: 'The request did not arrive in time; the connection is closed.',
    });
  } finally {
    await headersOnly.close();
  }
});

test('a client that never finishes its body is cut off with 408 once requestTimeout passes', async () => {
  const raw = await rawExchange([
    {
      text: 'POST /__admin/scenarios HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    },
  ]);
  expect(raw).toMatch(/^HTTP\/1\.1 408 /);
});

test('bytes that are not HTTP get a 400 envelope and a closed connection', async () => {
  const raw = await rawExchange([{ text: 'HELLO THERE\r\n\r\n' }]);
  expect(raw).toMatch(/^HTTP\/1\.1 400 /);
  expect(bodyOf(raw)).toMatchObject({ code: 'parameter.invalid', data: null });
});

test('headers over 16 KiB on an admin path get a 431 problem+json; a HEAD gets no body', async () => {
  const raw = await rawExchange([
    { text: `GET /__admin/health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'y'.repeat(REQUEST_LIMITS.headerBytes)}\r\n\r\n` },
  ]);
  expect(raw).toMatch(/^HTTP\/1\.1 431 [\s\S]*Content-Type: application\/problem\+json/);
  expect(bodyOf(raw)).toMatchObject({ status: 431, type: 'urn:view-token-mock:problem:headers-too-large' });
  const head = await rawExchange([
    { text: `HEAD /view/token HTTP/1.1\r\nHost: x\r\nX-Pad: ${'y'.repeat(REQUEST_LIMITS.headerBytes)}\r\n\r\n` },
  ]);
  expect(head).toMatch(/^HTTP\/1\.1 431 /);
  expect(head.endsWith('\r\n\r\n')).toBe(true);
});

test.each([
  ['M-SEARCH', 431, 'headers-too-large'],
  ['PROPFIND', 431, 'headers-too-large'],
  // Node's parser knows no such method: a 400, still in the admin area's format.
  ['X_CUSTOM', 400, 'bad-request'],
])('oversized headers on an admin path with the method %s get a %i problem+json', async (method, status, problem) => {
  const raw = await rawExchange([
    {
      text: `${method} /__admin/clock HTTP/1.1\r\nHost: x\r\nX-Pad: ${'y'.repeat(REQUEST_LIMITS.headerBytes)}\r\n\r\n`,
    },
  ]);
  expect(raw).toMatch(new RegExp(`^HTTP/1\\.1 ${status} [\\s\\S]*Content-Type: application/problem\\+json`));
  expect(bodyOf(raw)).toMatchObject({ status, type: `urn:view-token-mock:problem:${problem}` });
});

test('headers over 16 KiB on the viewer SDK static host get a text/plain 431 (a script tag reads it as a failed load, never blocked JSON)', async () => {
  const raw = await rawExchange([
    {
      text: `GET /Glodon/Bimface@3.6.36-standin/Application.js HTTP/1.1\r\nHost: x\r\nX-Pad: ${'y'.repeat(REQUEST_LIMITS.headerBytes)}\r\n\r\n`,
    },
  ]);
  expect(raw).toMatch(/^HTTP\/1\.1 431 [\s\S]*Content-Type: text\/plain; charset=utf-8\r\n/);
  expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe(
    `The request headers are larger than ${REQUEST_LIMITS.headerBytes} bytes.`,
  );
});

test.each([
  ['gzip', '" "', 'not gzip at all'],
  ['gzip', '', 'empty'],
  ['br', '"  J\'"', 'not brotli'],
])(
  'a %s body that does not decompress (%j: %s) is ignored by a route that takes no body: the static host serves the file (found by the hostile-input property)',
  async (encoding, body) => {
    const raw = await rawExchange([
      {
        text: `GET /Glodon/Bimface@3.6.36-standin/Application.js HTTP/1.1\r\nHost: x\r\nContent-Encoding: ${encoding}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      },
    ]);
    expect(raw).toMatch(/^HTTP\/1\.1 200 [\s\S]*Content-Type: (text|application)\/javascript/);
  },
);

test('a gzip body that does not decompress, sent to a route that takes a body, is a 400 naming the body', async () => {
  const raw = await rawExchange([
    {
      text: 'POST /__admin/clock/advance HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Encoding: gzip\r\nContent-Type: application/json\r\nContent-Length: 3\r\nConnection: close\r\n\r\n" "',
    },
  ]);
  expect(raw).toMatch(/^HTTP\/1\.1 400 [\s\S]*application\/problem\+json/);
});

test('a proxy-style absolute-form target to /__admin is still answered as admin (problem+json)', async () => {
  const raw = await rawExchange([
    {
      text: `GET http://elsewhere.example/__admin/requests?${Array.from({ length: 101 }, (_, i) => `k${i}=1`).join('&')} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    },
  ]);
  expect(raw).toMatch(/^HTTP\/1\.1 400 [\s\S]*application\/problem\+json/);
});
