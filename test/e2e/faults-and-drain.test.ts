import http from 'node:http';
import type { MockServer } from '../../mock/server';
import { aMock } from '../support/mock-app';
import { killStartedClis, startCli } from '../support/spawn-cli';

let mock: MockServer;
let baseUrl: string;
beforeAll(async () => {
  mock = await aMock();
  baseUrl = await mock.listen(0);
});
afterAll(() => mock.close());
afterEach(killStartedClis);

type Seen =
  | { kind: 'error'; code: string | undefined; message: string }
  | { kind: 'response'; status: number; body: string; headers: http.IncomingHttpHeaders };

function get(url: string, headers: Record<string, string>): Promise<Seen> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ kind: 'response', status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'error', code: error.code, message: error.message }),
    );
  });
}

const AUTH = { Authorization: 'Bearer x' };

test('fault=connection-reset: the client sees the connection reset', async () => {
  expect(await get(`${baseUrl}/view/token?fileId=1`, { ...AUTH, Prefer: 'fault=connection-reset' })).toMatchObject({
    kind: 'error',
    code: 'ECONNRESET',
  });
});

test('fault=empty-response: the client sees the socket close with no reply', async () => {
  expect(await get(`${baseUrl}/view/token?fileId=1&__fault=empty-response`, AUTH)).toMatchObject({
    kind: 'error',
    message: 'socket hang up',
  });
});

test('fault=malformed-json: the client gets a 200 whose JSON does not parse', async () => {
  const seen = await get(`${baseUrl}/view/token?fileId=1`, { ...AUTH, Prefer: 'fault=malformed-json' });
  expect(seen).toMatchObject({ kind: 'response', status: 200 });
  expect(() => JSON.parse((seen as { body: string }).body)).toThrow(SyntaxError);
  expect((seen as { headers: http.IncomingHttpHeaders }).headers['preference-applied']).toBe('fault=malformed-json');
});

test.each([
  ['CONNECTION_RESET_BY_PEER', 'connection-reset', { code: 'ECONNRESET' }],
  ['EMPTY_RESPONSE', 'empty-response', { message: 'socket hang up' }],
  ['RANDOM_DATA_THEN_CLOSE', 'random-data-then-close', { code: 'HPE_INVALID_CONSTANT' }],
  ['random-data-then-close', 'random-data-then-close', { code: 'HPE_INVALID_CONSTANT' }],
])("WireMock's fault name %s works as fault=%s", async (name, _fault, seen) => {
  expect(await get(`${baseUrl}/view/token?fileId=1&__fault=${name}`, AUTH)).toMatchObject({ kind: 'error', ...seen });
});

test('MALFORMED_RESPONSE_CHUNK is the malformed-json fault: a 200 whose body breaks off', async () => {
  const seen = await get(`${baseUrl}/view/token?fileId=1`, { ...AUTH, Prefer: 'fault=MALFORMED_RESPONSE_CHUNK' });
  expect(seen).toMatchObject({ kind: 'response', status: 200, body: '{"code":"success","data":' });
  expect((seen as { headers: http.IncomingHttpHeaders }).headers['preference-applied']).toBe('fault=malformed-json');
});

test('a fault rule for one fileId resets the connection once, then the real answer returns', async () => {
  const created = await fetch(`${baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ when: { param: 'fileId', equals: '77' }, then: { fault: 'connection-reset' }, times: 1 }),
  });
  expect(created.status).toBe(201);
  expect(await get(`${baseUrl}/view/token?fileId=78`, AUTH)).toMatchObject({ kind: 'response', status: 200 });
  expect(await get(`${baseUrl}/view/token?fileId=77`, AUTH)).toMatchObject({ kind: 'error', code: 'ECONNRESET' });
  expect(await get(`${baseUrl}/view/token?fileId=77`, AUTH)).toMatchObject({ kind: 'response', status: 200 });
});

test('the mock keeps serving after faults', async () => {
  await get(`${baseUrl}/view/token?fileId=1`, { ...AUTH, Prefer: 'fault=connection-reset' });
  expect(await get(`${baseUrl}/view/token?fileId=1`, AUTH)).toMatchObject({ kind: 'response', status: 200 });
});

test('SIGTERM lets an in-flight (delayed) request finish, then the process exits 0', async () => {
  const cli = await startCli(['--port', '0', '--log-level', 'silent']);
  const inFlight = get(`${cli.baseUrl}/view/token?fileId=1`, { ...AUTH, Prefer: 'delay=700' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const exited = cli.stop('SIGTERM');
  expect(await inFlight).toMatchObject({ kind: 'response', status: 200 });
  expect(await exited).toBe(0);
});
