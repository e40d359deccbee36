import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import express from 'express';

// docs/guides/middleware.md shows test/examples/webpack/webpack.config.js. webpack-dev-server 5 calls
// `devServer.setupMiddlewares(middlewares, devServer)` with its own middlewares and then mounts each
// entry of the array it returns, in order, on its Express app; webpack-dev-server is not installed
// here, so an Express app mounts them the same way, with one stand-in for its bundle middleware.
jest.mock('view-token-mock/middleware', () => jest.requireActual('../../mock/middleware'), { virtual: true });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('./webpack/webpack.config.js') as {
  devServer: { setupMiddlewares(middlewares: Entry[], devServer: unknown): Entry[] };
};

type Entry = { name: string; path?: string; middleware: RequestHandler };

const bundle: Entry = {
  name: 'webpack-dev-middleware',
  middleware: (_req, res) => void res.status(200).type('text/html').send('<p>the bundle</p>'),
};
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const app = express();
  for (const entry of config.devServer.setupMiddlewares([bundle], { app }))
    if (entry.path === undefined) app.use(entry.middleware);
    else app.use(entry.path, entry.middleware);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

test("the config's first middleware is the mock: it answers its routes, and the dev server's own get the rest", async () => {
  const issued = await fetch(`${baseUrl}/view/token?fileId=1`, { headers: { Authorization: 'Bearer my-app' } });
  expect(await issued.json()).toEqual({ code: 'success', data: expect.stringMatching(/^[0-9a-f]{32}$/), message: '' });
  expect(await (await fetch(`${baseUrl}/`)).text()).toBe('<p>the bundle</p>');
  expect(await (await fetch(`${baseUrl}/view/tokens`)).text()).toBe('<p>the bundle</p>');
});
