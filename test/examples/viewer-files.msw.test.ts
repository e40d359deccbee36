import { setupServer } from 'msw/node';
import request from 'supertest';
import { createHandlers } from '../../mock/msw';
import { aMock } from '../support/mock-app';

// The viewer loader's static host under MSW: the same files as the server's, with their content
// types, and the same text/plain 404 journaled as unmatched with its whole path.
const BASE = 'https://bim.example.test/bimface';
const { handlers, core } = createHandlers({ baseUrl: BASE, seed: 5 });
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await core.reset();
});
afterAll(() => server.close());

test.each([
  '/api/Glodon/Bimface@3.6.36-standin/Application.js',
  '/Glodon/Drawing@1.6.34-standin/Drawing.css',
  '/api/Glodon/Bimface@3.6.36-standin/lib/loaders/BimTilesLoader.js',
  '/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js',
])('%s: the same bytes and content type as the server sends', async (path) => {
  const served = await fetch(`${BASE}${path}`);
  const mock = await aMock();
  const fromServer = await request(mock.app).get(path);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe(fromServer.headers['content-type']);
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(await served.text()).toBe(fromServer.text);
});

test("a miss is the server's text/plain 404, journaled as unmatched with its whole path", async () => {
  const res = await fetch(`${BASE}/api/Glodon/Bimface@3.6.36-standin/bimface.foxfly.js`);
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await res.text()).toMatch(
    /^404 Not Found: \/bimface\/api\/Glodon\/Bimface@3\.6\.36-standin\/bimface\.foxfly\.js\nview-token-mock's viewer SDK stand-in has no file "bimface\.foxfly\.js"/,
  );
  expect(await core.journal.list({})).toMatchObject([
    {
      method: 'GET',
      path: '/bimface/api/Glodon/Bimface@3.6.36-standin/bimface.foxfly.js',
      operationId: '',
      status: 404,
      outcome: 'unmatched',
    },
  ]);
});
