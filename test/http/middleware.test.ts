import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import request from 'supertest';
import { ConfigError, createMiddleware } from '../../mock/middleware';

// The middleware's own options and edges; its usage examples are test/examples/middleware-*.test.ts.

/** A server whose app answers 299 for whatever the middleware hands on. */
function anApp(middleware: ReturnType<typeof createMiddleware>) {
  return createServer((req: IncomingMessage, res: ServerResponse) =>
    middleware(req, res, (error) => {
      res.statusCode = error === undefined ? 299 : 500;
      res.end(error === undefined ? 'the app' : String(error));
    }),
  );
}

test.each([
  [{ adminToken: ' ' }, '--admin-token: empty or blank; give a token (or leave the flag out)'],
  [{ basePath: 'a b' }, '--base-path a b: use a URL path such as /api'],
])('createMiddleware(%j) throws a ConfigError naming the option', (options, message) => {
  expect(() => createMiddleware(options)).toThrow(new ConfigError(message));
});

test('a wrong method on a route of the mock and a CORS preflight to one are answered, not handed on', async () => {
  const app = anApp(createMiddleware({ logLevel: 'silent' }));
  const wrong = await request(app).delete('/view/token');
  expect([wrong.status, wrong.headers.allow, wrong.body.code]).toEqual([
    405,
    'GET, HEAD, OPTIONS',
    'method.not.allowed',
  ]);
  const preflight = await request(app)
    .options('/view/token')
    .set({ Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' });
  expect([preflight.status, preflight.headers['access-control-allow-origin']]).toEqual([204, '*']);
  expect((await request(app).get('/elsewhere')).status).toBe(299);
});

test('--admin-token and --base-path work as on the server: the admin API needs the token, the service moves under the path', async () => {
  const mock = createMiddleware({ adminToken: 'qa', basePath: '/api', logLevel: 'silent' });
  const app = anApp(mock);
  expect((await request(app).get('/__admin/view-tokens')).status).toBe(401);
  expect((await request(app).get('/__admin/view-tokens').set('Authorization', 'Bearer qa')).status).toBe(200);
  expect((await request(app).get('/api/view/token?fileId=1').set('Authorization', 'Bearer x')).status).toBe(200);
  expect((await request(app).get('/view/token?fileId=1').set('Authorization', 'Bearer x')).status).toBe(299);
  expect(await mock.journal.count({ path: '/view/token' })).toBe(1);
});

test("the config's models are the middleware's too: a drawing's named sheets; a model file that cannot be read stops it, named", async () => {
  const config = {
    objects: {
      fileId: {
        '20002': { name: 'Level 1.dwg', extension: 'dwg', model: { sheets: [{ name: 'A-101', level: 'F1' }] } },
      },
    },
  };
  const app = anApp(createMiddleware({ logLevel: 'silent', config }));
  const sheets = await request(app).get('/file-20002-databag/resource/drawing/index.json');
  expect((sheets.body as { sheets: { name: string }[] }).sheets.map((sheet) => sheet.name)).toEqual(['A-101']);
  expect(() =>
    createMiddleware({
      config: { objects: { fileId: { '10003': { name: 'T.rvt', model: { file: 'nowhere.glb' } } } } },
    }),
  ).toThrow(ConfigError);
});
