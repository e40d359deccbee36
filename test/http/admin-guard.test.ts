import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import { ConfigError } from '../../mock/config/config-error';
import { parseServeOptions } from '../../mock/cli/serve-options';
import { BEARER, aMock, useMockSpec } from '../support/mock-app';

let mock: MockServer;
beforeAll(useMockSpec);
beforeEach(async () => {
  mock = await aMock({ allowedHosts: ['mock.example.com', '.corp.test'] });
});

const forbidden = (detail: string) => ({
  type: 'urn:view-token-mock:problem:forbidden',
  title: 'The admin API does not answer this host or origin',
  status: 403,
  detail,
});
const CROSS = 'The admin API answers only its own pages and tools, not other web origins.';

test.each([
  ['127.0.0.1:4010'],
  ['localhost:4010'],
  ['app.localhost'],
  ['[::1]:4010'],
  ['10.1.2.3:4010'],
  ['mock.example.com'],
  ['corp.test:80'],
  ['a.corp.test'],
])('Host %s reaches the admin API', async (host) => {
  const res = await request(mock.app).get('/__admin/clock').set('Host', host);
  expect(res.status).toBe(200);
});

test.each([['evil.test:4010'], ['mock.example.com.evil.test'], ['notcorp.test'], ['localhost.evil.test']])(
  'Host %s gets 403 problem+json on admin routes, the service routes stay open',
  async (host) => {
    const res = await request(mock.app).get('/__admin/view-tokens').set('Host', host);
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body).toEqual(
      forbidden(
        `Host "${host}" may not reach the admin API: use a loopback name, the bound host, or start the mock with --allowed-hosts ${host.replace(/:\d+$/, '')}.`,
      ),
    );
    expect((await request(mock.app).get('/view/token?fileId=1').set(BEARER).set('Host', host)).status).toBe(200);
  },
);

const SERVICE_404 = (path: string, hint: string) => ({
  code: 'route.not.found',
  data: null,
  message: `No route GET ${path}; did you mean ${hint}?`,
});

test.each([
  ['/__ADMIN/view-tokens', 'GET /__admin/view-tokens'],
  ['/__Admin/clock', 'GET /__admin/clock'],
  ['/__ADMIN/ui', 'GET /__admin/ui'],
])(
  '%s (other letter case) is a 404 in the service envelope, never an admin answer, from any host or origin',
  async (path, hint) => {
    const token = (await request(mock.app).get('/view/token?fileId=1').set(BEARER)).body.data as string;
    const res = await request(mock.app).get(path).set('Host', 'evil.test').set('Origin', 'http://evil.test');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual(SERVICE_404(path, hint));
    expect(JSON.stringify(res.body)).not.toContain(token);
  },
);

test.each([
  ['GET', '/__admin/view-tokens/'],
  ['GET', '/__admin/clock/'],
  ['POST', '/__admin/reset/'],
  ['GET', '/__admin/ui/'],
  ['GET', '/__admin/ui/try/'],
  ['GET', '/__admin/VIEW-TOKENS'],
])(
  '%s %s (a trailing slash or other case under /__admin) is still guarded: another host gets the 403 problem',
  async (method, path) => {
    const res = await request(mock.app)[method.toLowerCase() as 'get'](path).set('Host', 'evil.test');
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body).toEqual(
      forbidden(
        'Host "evil.test" may not reach the admin API: use a loopback name, the bound host, or start the mock with --allowed-hosts evil.test.',
      ),
    );
  },
);

test.each([
  ['GET', '/__admin/view-tokens/', 'GET /__admin/view-tokens'],
  ['GET', '/__admin/clock/', 'GET /__admin/clock'],
  ['POST', '/__admin/reset/', 'POST /__admin/reset'],
  ['GET', '/__admin/ui/', 'GET /__admin/ui'],
  ['GET', '/__admin/VIEW-TOKENS', 'GET /__admin/view-tokens'],
])(
  "%s %s (a trailing slash or other case under /__admin) from the mock's own host is a 404 problem naming the route, and changes nothing",
  async (method, path, hint) => {
    const res = await request(mock.app)[method.toLowerCase() as 'get'](path).set('Host', '127.0.0.1:4010');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body).toEqual({
      type: 'urn:view-token-mock:problem:not-found',
      title: 'No such item',
      status: 404,
      detail: `No route ${path.startsWith('/__admin/reset') ? 'POST' : 'GET'} ${path}; did you mean ${hint}?`,
    });
  },
);

test('a capitalised admin path cannot reset, add a rule or move the clock', async () => {
  await request(mock.app).post('/__ADMIN/clock/advance').send({ by: '12h' });
  await request(mock.app)
    .post('/__Admin/scenarios')
    .send({ then: { code: 503 } });
  await request(mock.app).put('/__ADMIN/clock').send({ now: '2030-01-01T00:00:00Z' });
  expect(await mock.clock.get()).toMatchObject({ offsetMs: 0, frozen: false });
  expect(await mock.scenarios.list()).toEqual([]);
});

test('a cross-origin admin request gets no CORS headers and 403; a service route keeps its CORS', async () => {
  const admin = await request(mock.app)
    .get('/__admin/view-tokens')
    .set('Host', '127.0.0.1:4010')
    .set('Origin', 'http://127.0.0.1:5173');
  expect(admin.status).toBe(403);
  expect(admin.headers['access-control-allow-origin']).toBeUndefined();
  expect(admin.body).toEqual(forbidden(CROSS));
  const service = await request(mock.app)
    .get('/view/token?fileId=1')
    .set(BEARER)
    .set('Origin', 'http://127.0.0.1:5173');
  expect(service.status).toBe(200);
  expect(service.headers['access-control-allow-origin']).toBe('*');
});

test.each([
  [
    'a preflight from another origin',
    'OPTIONS',
    { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'PUT' },
  ],
  ['Origin null', 'POST', { Origin: 'null', 'Content-Type': 'application/json' }],
  ['Sec-Fetch-Site cross-site without Origin', 'GET', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' }],
  ['Sec-Fetch-Site same-site (another port)', 'GET', { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors' }],
])('%s is refused with 403 and no CORS headers', async (_label, method, headers) => {
  const send = request(mock.app)[method.toLowerCase() as 'get'];
  const res = await send('/__admin/reset').set('Host', '127.0.0.1:4010').set(headers);
  expect(res.status).toBe(403);
  expect(res.headers['access-control-allow-origin']).toBeUndefined();
  expect(res.headers['access-control-allow-methods']).toBeUndefined();
  expect(res.body).toEqual(forbidden(CROSS));
});

test.each([
  ['same origin', { Origin: 'http://127.0.0.1:4010', Host: '127.0.0.1:4010' }],
  ['a proxy named by --allowed-hosts', { Origin: 'https://mock.example.com', Host: '127.0.0.1:4010' }],
  [
    'a navigation from another site (the dashboard link)',
    { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', Host: '127.0.0.1:4010' },
  ],
])('%s is served', async (_label, headers) => {
  expect((await request(mock.app).get('/__admin/ui').set(headers)).status).toBe(200);
});

test.each([
  ['text/plain', 'text/plain'],
  ['a form', 'application/x-www-form-urlencoded'],
  ['multipart', 'multipart/form-data; boundary=x'],
])('a state-changing admin request with %s is 415 and changes nothing', async (_label, type) => {
  const res = await request(mock.app).post('/__admin/clock/advance').set('Content-Type', type).send('{"by":"1h"}');
  expect(res.status).toBe(415);
  expect(res.body).toEqual({
    type: 'urn:view-token-mock:problem:unsupported-media-type',
    title: 'Send JSON',
    status: 415,
    detail: `Send the body as Content-Type: application/json (got "${type}").`,
  });
  expect((await mock.clock.get()).offsetMs).toBe(0);
});

test('curl-style requests (no Origin, no body, or JSON) keep working', async () => {
  expect((await request(mock.app).post('/__admin/reset')).status).toBe(204);
  expect((await request(mock.app).post('/__admin/clock/advance').send({ by: '1h' })).status).toBe(200);
  expect((await request(mock.app).delete('/__admin/scenarios')).status).toBe(200);
});

test.each([['Bearer '], ['Bearer    '], ['Bearer \t']])(
  'with --admin-token, %j never matches',
  async (authorization) => {
    const guarded = await createMockServer({ adminToken: 's3cret', logLevel: 'silent' });
    const res = await request(guarded.app).get('/__admin/view-tokens').set('Authorization', authorization);
    expect(res.status).toBe(401);
    expect((await request(guarded.app).get('/__admin/view-tokens').set('Authorization', 'Bearer s3cret')).status).toBe(
      200,
    );
  },
);

test.each([[''], ['   '], ['\t']])(
  'an admin token %j is refused at start (library and CLI flag and env var)',
  async (token) => {
    await expect(createMockServer({ adminToken: token, logLevel: 'silent' })).rejects.toThrow(
      new ConfigError('--admin-token: empty or blank; give a token (or leave the flag out)'),
    );
    const message = `--admin-token ${JSON.stringify(token)}: empty or blank; give a token (or leave the flag out)`;
    expect(() => parseServeOptions(['--admin-token', token], {})).toThrow(new ConfigError(message));
    expect(() => parseServeOptions([], { VIEW_TOKEN_MOCK_ADMIN_TOKEN: token })).toThrow(new ConfigError(message));
  },
);

test.each([['evil test'], [''], [' , '], ['http://x']])('--allowed-hosts %j is refused naming the flag', (value) => {
  expect(() => parseServeOptions(['--allowed-hosts', value], {})).toThrow(ConfigError);
  expect(parseServeOptions(['--allowed-hosts', 'Mock.Example.com, .corp.test'], {}).allowedHosts).toEqual([
    'mock.example.com',
    '.corp.test',
  ]);
});
