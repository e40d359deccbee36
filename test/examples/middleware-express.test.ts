// docs/guides/middleware.md shows this file: the mock inside an existing Express app, which keeps
// its own routes, body parser and 404. In a project, import from 'view-token-mock/middleware'.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createMiddleware } from '../../mock/middleware';

const mock = createMiddleware({ seed: 1, logLevel: 'silent' });
const app = express()
  .use(express.json()) // the app's parser runs first: the mock reads the body it parsed
  .get('/api/users/:id', (req, res) => res.json({ id: req.params.id }))
  .use(mock)
  .use((req, res) => res.status(404).type('text/plain').send(`the app has no ${req.path}`));
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => mock.reset());
afterAll(() => new Promise((resolve) => server.close(resolve)));

const auth = { Authorization: 'Bearer my-app' };

test("the mock answers its routes; the app's own routes and everything else reach the app untouched", async () => {
  const issued = await fetch(`${baseUrl}/view/token?fileId=1`, { headers: auth });
  expect(await issued.json()).toEqual({ code: 'success', data: expect.stringMatching(/^[0-9a-f]{32}$/), message: '' });
  expect(await (await fetch(`${baseUrl}/api/users/7`)).json()).toEqual({ id: '7' });
  // Not a route of the mock (a near-miss neither): the app's 404, and nothing in the mock's journal.
  const missed = await fetch(`${baseUrl}/view/tokens?fileId=1`, { headers: auth });
  expect([missed.status, await missed.text()]).toEqual([404, 'the app has no /view/tokens']);
  expect(await mock.journal.count()).toBe(1);
});

test('the admin API works through the app, and the facade drives the same mock', async () => {
  const rule = await fetch(`${baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ when: { operation: 'getViewToken' }, then: { scenario: 'forbidden' }, times: 1 }),
  });
  expect(rule.status).toBe(201);
  expect((await fetch(`${baseUrl}/view/token?fileId=1`, { headers: auth })).status).toBe(403);
  const { data: token } = (await (await fetch(`${baseUrl}/view/token?fileId=1`, { headers: auth })).json()) as {
    data: string;
  };
  await mock.clock.advance('12h');
  expect((await fetch(`${baseUrl}/inside/databag?viewToken=${token}`)).status).toBe(401);
});
