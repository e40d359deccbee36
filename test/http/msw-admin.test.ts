import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createHandlers } from '../../mock/msw';

// Issue 41: under MSW the front is the server's, admin API included: with a base URL a test drives
// the mock over HTTP as it would a running one (rules, clock, journal), and only the dashboard's pages
// (files of the server's build) go on to the network.
const BASE = 'https://bim.example.test';
const T0 = Date.parse('2026-01-01T00:00:00Z');
const VERSION = (JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { version: string })
  .version;
const passedThrough: string[] = [];
const { handlers, reset, journal } = createHandlers({ baseUrl: BASE, seed: 5, realNow: () => T0 });
/** What our handler hands on reaches this one (standing in for the network). */
const next = http.all('*', ({ request }) => {
  passedThrough.push(`${request.method} ${new URL(request.url).pathname}`);
  return HttpResponse.text('the network', { status: 299 });
});
const server = setupServer(...handlers, next);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  await reset();
  passedThrough.length = 0;
});
afterAll(() => server.close());

const json = { 'Content-Type': 'application/json' };
const bearer = { Authorization: 'Bearer t' };

test("GET /__admin/health answers the server's health document, with the package's version and the memory store", async () => {
  const res = await fetch(`${BASE}/__admin/health`);
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
  expect(await res.json()).toEqual({
    status: 'ok',
    version: VERSION,
    now: '2026-01-01T00:00:00.000Z',
    viewTokens: 0,
    store: { kind: 'memory' },
  });
});

test('a rule added over HTTP forces the next service answer, and the journal counts it over HTTP', async () => {
  const added = await fetch(`${BASE}/__admin/scenarios`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ when: { operation: 'getViewToken' }, then: { scenario: 'forbidden' }, times: 1 }),
  });
  expect(added.status).toBe(201);
  const rule = (await added.json()) as { id: string };
  expect(added.headers.get('location')).toBe(`/__admin/scenarios/${rule.id}`);
  const forced = await fetch(`${BASE}/view/token?fileId=1`, { headers: bearer });
  expect([forced.status, forced.headers.get('x-mock-rule')]).toEqual([403, rule.id]);
  expect((await fetch(`${BASE}/view/token?fileId=1`, { headers: bearer })).status).toBe(200);
  const count = await fetch(`${BASE}/__admin/requests/count`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ operationId: 'getViewToken' }),
  });
  expect(await count.json()).toEqual({ count: 2 });
  expect(await journal.count({ status: 403 })).toBe(1);
});

test('moving the clock over HTTP expires a View Token 12 hours on, as on the server', async () => {
  const { data: token } = (await (await fetch(`${BASE}/view/token?fileId=1`, { headers: bearer })).json()) as {
    data: string;
  };
  const advanced = await fetch(`${BASE}/__admin/clock/advance`, {
    method: 'POST',
    headers: json,
    body: '{"by":"12h"}',
  });
  expect(await advanced.json()).toEqual({
    session: '',
    now: '2026-01-01T12:00:00.000Z',
    frozen: false,
    offsetMs: 12 * 3_600_000,
    ownClock: false,
  });
  const used = await fetch(`${BASE}/inside/databag?viewToken=${token}`);
  expect([used.status, ((await used.json()) as { message: string }).message]).toEqual([401, 'View token has expired.']);
});

test.each([
  ['a body the schema refuses', { by: true }, 400, '"by" must be a string or an integer of at least 0; got true.'],
  ['a body that is not JSON', 'by=12h', 400, 'Send a JSON object with Content-Type: application/json.'],
  [
    'a body over 100 KB',
    { by: 'x'.repeat(110_000) },
    413,
    'The body is larger than 102400 bytes, the most the mock accepts.',
  ],
])('%s is refused in problem+json as the server refuses it', async (_label, body, status, detail) => {
  // Sent as a stream: fetch gives it no Content-Length, so only reading it finds its size.
  const bytes = new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body));
  const res = await fetch(`${BASE}/__admin/clock/advance`, {
    method: 'POST',
    headers: json,
    body: new ReadableStream({ start: (controller) => (controller.enqueue(bytes), controller.close()) }),
    duplex: 'half',
  } as RequestInit);
  expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  expect(await res.json()).toMatchObject({ status, detail });
});

test("the admin guard holds under MSW: another web origin is refused, a form post too, and the base URL's host is allowed", async () => {
  const fromElsewhere = await fetch(`${BASE}/__admin/view-tokens`, { headers: { Origin: 'https://evil.example' } });
  expect([fromElsewhere.status, ((await fromElsewhere.json()) as { detail: string }).detail]).toEqual([
    403,
    'The admin API answers only its own pages and tools, not other web origins.',
  ]);
  const form = await fetch(`${BASE}/__admin/reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'a=1',
  });
  expect(form.status).toBe(415);
  const ownHost = await fetch(`${BASE}/__admin/view-tokens`, { headers: { Host: 'bim.example.test' } });
  expect(ownHost.status).toBe(200);
});

test("the dashboard's pages pass on to the network; its near-misses and wrong methods are answered here", async () => {
  expect((await fetch(`${BASE}/__admin/ui`)).status).toBe(299);
  expect(passedThrough).toEqual(['GET /__admin/ui']);
  const miss = await fetch(`${BASE}/__admin/ui/nope`);
  expect([miss.status, miss.headers.get('content-type')]).toEqual([404, 'application/problem+json; charset=utf-8']);
  const wrongMethod = await fetch(`${BASE}/__admin/ui`, { method: 'DELETE' });
  expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
  expect(passedThrough).toEqual(['GET /__admin/ui']);
});
