import { setupServer } from 'msw/node';
import { createHandlers } from '../../mock/msw';
import { createTokenClient } from './token-client';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-01T08:00:00Z');
const { handlers, clock, journal, scenarios, reset } = createHandlers({
  baseUrl: 'https://bim.example.test',
  seed: 5,
  realNow: () => T0,
});
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await reset();
});
afterAll(() => server.close());

const aClient = () =>
  createTokenClient({
    baseUrl: 'https://bim.example.test',
    accessToken: 'front-end-test',
    fileId: '9223372036854775807',
  });

test('the client opens a model with one View Token, and each use slides its expiry (no server, MSW in-process)', async () => {
  const client = aClient();
  const first = await client.openModel();
  expect(first).toMatchObject({ renderType: 'bimView', viewTokenExpiresAt: new Date(T0 + 12 * HOUR).toISOString() });
  await clock.advance(11 * HOUR);
  const second = await client.openModel();
  expect(second.viewTokenExpiresAt).toBe(new Date(T0 + 23 * HOUR).toISOString());
  expect(client.tokenRequests).toBe(1);
});

test('after 12 idle hours the viewer gets 401 and the client fetches a new token once, as designed', async () => {
  const client = aClient();
  await client.openModel();
  await clock.advance(12 * HOUR);
  await client.openModel();
  expect(client.tokenRequests).toBe(2);
  expect(await journal.count({ operationId: 'getViewerData', status: 401 })).toBe(1);
});

test.each([
  [128, 200],
  [129, 400],
])('an X-Mock-Session of %i characters is answered %i through MSW too, as by the server', async (length, status) => {
  const res = await fetch('https://bim.example.test/view/token?fileId=1', {
    headers: { Authorization: 'Bearer x', 'X-Mock-Session': 'é'.repeat(length) },
  });
  expect(res.status).toBe(status);
  if (status === 400)
    expect(await res.json()).toEqual({
      code: 'parameter.invalid',
      data: null,
      message: `X-Mock-Session is ${length} characters long; the mock accepts at most 128.`,
    });
  expect(await journal.count()).toBe(status === 200 ? 1 : 0);
});

test('Prefer switches and rules work through MSW too: a 403 rule makes the client fail loudly', async () => {
  await scenarios.add({ when: { operation: 'getViewToken' }, then: { scenario: 'forbidden' }, times: 1 });
  await expect(aClient().openModel()).rejects.toThrow(
    'view token refused: 403 The object belongs to another application.',
  );
  const forced = await fetch('https://bim.example.test/view/token?fileId=1', {
    headers: { Authorization: 'Bearer x', Prefer: 'code=503' },
  });
  expect(forced.status).toBe(503);
  expect(forced.headers.get('preference-applied')).toBe('code=503');
  const rejected = await fetch('https://bim.example.test/view/token?fileId=1', {
    headers: { Authorization: 'Bearer x', Prefer: 'code=418' },
  });
  expect(rejected.status).toBe(422);
});
