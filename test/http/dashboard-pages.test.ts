import request from 'supertest';
import { aMock, useMockSpec } from '../support/mock-app';

beforeAll(useMockSpec);

test.each([
  ['/__admin/ui', 'text/html', 'View Tokens'],
  ['/__admin/ui/try', 'text/html', 'Try the viewer flow'],
  ['/__admin/ui/assets/dashboard.js', 'text/javascript', 'view-tokens'],
  ['/__admin/ui/assets/try.js', 'text/javascript', '/inside/databag?viewToken='],
  ['/__admin/ui/assets/dashboard.css', 'text/css', '@media'],
  ['/__admin/ui/assets/favicon.svg', 'image/svg+xml', '<svg'],
])('GET %s serves the built %s with a strict CSP', async (path, type, content) => {
  const res = await request((await aMock()).app)
    .get(path)
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe(`${type}; charset=utf-8`);
  expect(res.headers['content-security-policy']).toBe(
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.body as string).toContain(content);
  if (type === 'text/html') expect(res).toSatisfyApiSpec();
});

test('an asset the dashboard does not have is a 404 problem, and no file outside the assets can be named', async () => {
  const { app } = await aMock();
  for (const path of [
    '/__admin/ui/assets/index.ts',
    '/__admin/ui/assets/..%2F..%2Fpackage.json',
    '/__admin/ui/assets/constructor',
  ]) {
    const res = await request(app).get(path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  }
});

test("the dashboard's path is exact: /__admin/ui/ is a 404 problem naming /__admin/ui", async () => {
  const res = await request((await aMock()).app).get('/__admin/ui/');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({
    type: 'urn:view-token-mock:problem:not-found',
    title: 'No such item',
    status: 404,
    detail: 'No route GET /__admin/ui/; did you mean GET /__admin/ui?',
  });
});

test('with --admin-token the pages load without it (they hold no data) while the admin API asks for it', async () => {
  const { app } = await aMock({ adminToken: 'qa-secret' });
  expect((await request(app).get('/__admin/ui')).status).toBe(200);
  expect((await request(app).get('/__admin/view-tokens')).status).toBe(401);
});

test('the base path reaches the pages escaped, in a meta tag their scripts read', async () => {
  const { app } = await aMock({ basePath: '/api' });
  const res = await request(app).get('/__admin/ui/try');
  expect(res.text).toContain('<meta name="view-token-mock:base-path" content="/api">');
});

test('the pages are GET (and HEAD) only: another method is a 405 problem', async () => {
  const res = await request((await aMock()).app).post('/__admin/ui');
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
  expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
});
