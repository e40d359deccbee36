import { connect } from 'node:net';
import request from 'supertest';
import { BEARER, aMock, useMockSpec } from '../support/mock-app';

beforeAll(useMockSpec);

type Via = 'express app' | 'listener';

/** The request through the Express app alone (supertest), or through the listener's fast path on a real socket. */
async function send(via: Via, method: string, url: string, headers: Record<string, string> = {}) {
  const mock = await aMock({ seed: 4 });
  if (via === 'express app') {
    const res = await request(mock.app)[method.toLowerCase() as 'get'](url).set(headers);
    return {
      mock,
      res: { status: res.status, body: res.body as unknown, headers: res.headers as Record<string, string> },
      raw: res,
    };
  }
  const baseUrl = await mock.listen(0);
  try {
    const res = await fetch(`${baseUrl}${url}`, { method, headers });
    const text = await res.text();
    // The static host's refusals are text/plain (a browser loading a script would block JSON); the rest is JSON.
    const body =
      text === ''
        ? {}
        : res.headers.get('content-type')?.startsWith('text/plain')
          ? text
          : (JSON.parse(text) as unknown);
    return { mock, res: { status: res.status, body, headers: Object.fromEntries(res.headers) }, raw: undefined };
  } finally {
    await mock.close();
  }
}

const TOKEN = expect.stringMatching(/^[0-9a-f]{32}$/);
const NOT_JOURNALED = null;

test.each<[string, string, number, string | null, unknown]>([
  ['GET', '/view/token?fileId=1', 200, 'getViewToken', { code: 'success', data: TOKEN, message: '' }],
  [
    'POST',
    '/data/v2/integrations/2/files/3/viewToken',
    200,
    'getChildFileViewToken',
    { code: 'success', data: TOKEN, message: '' },
  ],
  [
    'GET',
    '/data/v2/integrations/2/files/3/viewToken',
    200,
    'getChildFileViewTokenByGet',
    { code: 'success', data: TOKEN, message: '' },
  ],
  [
    'GET',
    '/inside/databag?viewToken=x',
    401,
    'getViewerData',
    { code: 'authentication.failed', data: null, message: 'View token was not recognized.' },
  ],
  [
    'POST',
    '/oauth2/token',
    401,
    'issueAccessToken',
    {
      code: 'authentication.failed',
      data: null,
      message: 'Invalid basic authentication token. Expected "Authorization: Basic base64(appKey:appSecret)".',
    },
  ],
  ['GET', '/api/view/token?fileId=1', 404, '', 'No route GET /api/view/token.'],
  [
    'GET',
    '/view/token/?fileId=1',
    404,
    '',
    { code: 'route.not.found', data: null, message: 'No route GET /view/token/; did you mean GET /view/token?' },
  ],
  [
    'GET',
    '/View/Token?fileId=1',
    404,
    '',
    { code: 'route.not.found', data: null, message: 'No route GET /View/Token; did you mean GET /view/token?' },
  ],
  [
    'GET',
    '/data/v2/integrations/%E0%A4%A/files/3/viewToken',
    400,
    'getChildFileViewTokenByGet',
    { code: 'parameter.invalid', data: null, message: 'Invalid parameter integrateId: is not valid percent-encoding.' },
  ],
  [
    'GET',
    '/__admin/health',
    200,
    NOT_JOURNALED,
    {
      status: 'ok',
      version: expect.any(String),
      now: '2026-01-01T00:00:00.000Z',
      viewTokens: 0,
      store: { kind: 'memory' },
    },
  ],
])(
  'through the listener, %s %s answers %i and is journaled as service operation %j ("": matched no route; null: not journaled, not a service request)',
  async (method, url, status, operationId, body) => {
    const { mock, res } = await send('listener', method, url, BEARER);
    expect({ status: res.status, body: res.body }).toEqual({ status, body });
    const journal = await mock.core.journal.list({});
    expect(journal.map((entry) => entry.operationId)).toEqual(operationId === NOT_JOURNALED ? [] : [operationId]);
    expect(await mock.core.store.count()).toBe(status === 200 && operationId !== NOT_JOURNALED ? 1 : 0);
  },
);

test.each<[Via, string, string, string]>([
  ['express app', 'GET', '/view/token/?fileId=1', 'No route GET /view/token/; did you mean GET /view/token?'],
  ['listener', 'GET', '/view/token/?fileId=1', 'No route GET /view/token/; did you mean GET /view/token?'],
  ['express app', 'GET', '/VIEW/token?fileId=1', 'No route GET /VIEW/token; did you mean GET /view/token?'],
  ['listener', 'GET', '/View/Token?fileId=1', 'No route GET /View/Token; did you mean GET /view/token?'],
  ['express app', 'GET', '/view/tokens?fileId=1', 'No route GET /view/tokens; did you mean GET /view/token?'],
  ['listener', 'POST', '/oauth2/token/', 'No route POST /oauth2/token/; did you mean POST /oauth2/token?'],
  [
    'listener',
    'GET',
    '/data/v2/integrations/2/files/3/viewtoken',
    'No route GET /data/v2/integrations/2/files/3/viewtoken; did you mean GET /data/v2/integrations/{integrateId}/files/{fileId}/viewToken?',
  ],
  [
    'express app',
    'GET',
    '/inside/databags?viewToken=x',
    'No route GET /inside/databags; did you mean GET /inside/databag?',
  ],
  ['listener', 'GET', '/something/else', 'No route GET /something/else.'],
])(
  'routing is strict (%s): %s %s is a 404 naming the nearest route, and no token is issued',
  async (via, method, url, message) => {
    // No spec check: a path no operation has cannot be documented.
    const { mock, res } = await send(via, method, url, BEARER);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'route.not.found', data: null, message });
    expect(await mock.core.store.count()).toBe(0);
  },
);

test.each<[Via, string, Record<string, string>, number]>([
  ['express app', '/view/token?fileId=1', BEARER, 200],
  ['listener', '/view/token?fileId=1', BEARER, 200],
  ['listener', '/data/v2/integrations/2/files/3/viewToken', BEARER, 200],
  ['listener', '/view/token?fileId=1', {}, 401],
  ['express app', '/view/token?fileId=abc', BEARER, 400],
  ['listener', '/view/token?fileId=404', { ...BEARER, Prefer: 'code=403' }, 403],
  ['express app', '/inside/databag?viewToken=0123456789abcdef0123456789abcdef', {}, 401],
])(
  'HEAD never issues or uses a token (%s): HEAD %s answers what GET would (%j: %i) without a body, and is journaled',
  async (via, url, headers, status) => {
    const { mock, res } = await send(via, 'HEAD', url, headers);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({});
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-view-token-expires-at']).toBeUndefined();
    expect(await mock.core.store.count()).toBe(0);
    const [entry] = await mock.core.journal.list({});
    expect([entry?.method, entry?.status]).toEqual(['HEAD', status]);
  },
);

test.each([
  ['/view/token?fileId=1', {}],
  ['/view/token?fileId=1.5', BEARER],
  ['/inside/databag?viewToken=0123456789abcdef0123456789abcdef', {}],
  ['/view/token?fileId=1&__code=418', BEARER],
])(
  'HEAD %s gets the headers GET gets for the same refusal (%j), Content-Length included, and no body',
  async (url, headers) => {
    const mock = await aMock();
    const head = await request(mock.app).head(url).set(headers);
    const get = await request(mock.app).get(url).set(headers);
    const headersOf = (res: request.Response) => ({
      status: res.status,
      type: res.headers['content-type'],
      length: res.headers['content-length'],
      wwwAuthenticate: res.headers['www-authenticate'],
    });
    expect(get.status).toBeGreaterThanOrEqual(400);
    expect(headersOf(head)).toEqual(headersOf(get));
    expect(head.text).toBeUndefined();
  },
);

test("HEAD on the viewer's call reports the token's expiry as it is, never slides it, and says 401 once it has expired", async () => {
  const mock = await aMock();
  const issued = await request(mock.app).get('/view/token?fileId=1').set(BEARER);
  const token = issued.body.data as string;
  const expiresAt = issued.headers['x-view-token-expires-at'];
  expect(expiresAt).toBe('2026-01-01T12:00:00.000Z');
  await mock.clock.advance('1h');
  const head = await request(mock.app).head(`/inside/databag?viewToken=${token}`);
  expect([head.status, head.headers['x-view-token-expires-at']]).toEqual([200, expiresAt]);
  expect((await mock.tokens.get(token))?.expiresAt).toBe(expiresAt);
  await mock.clock.advance('11h');
  const expired = await request(mock.app).head(`/inside/databag?viewToken=${token}`);
  expect([expired.status, expired.headers['www-authenticate']]).toEqual([401, 'Bearer error="invalid_token"']);
  // Still expired for GET too: the HEAD did not slide it back.
  expect((await request(mock.app).get(`/inside/databag?viewToken=${token}`)).body.message).toBe(
    'View token has expired.',
  );
});

test("HEAD takes no rule: the session's rule waits for the GET it was written for", async () => {
  const mock = await aMock();
  const session = { ...BEARER, 'X-Mock-Session': 'qa-1' };
  await mock.scenarios.add({ when: { operation: 'getViewToken' }, then: { scenario: 'forbidden' }, times: 1 }, 'qa-1');
  expect((await request(mock.app).head('/view/token?fileId=1').set(session)).status).toBe(200);
  const get = await request(mock.app).get('/view/token?fileId=1').set(session);
  expect([get.status, get.headers['x-mock-rule']]).toEqual([403, expect.any(String)]);
  expect((await request(mock.app).get('/view/token?fileId=1').set(session)).status).toBe(200);
});

test('an unmatched request is journaled as unmatched with its hint, and listed by GET /__admin/requests/unmatched', async () => {
  const mock = await aMock();
  await request(mock.app)
    .get('/view/tokens?fileId=1&__code=403')
    .set({ ...BEARER, 'X-Mock-Session': 'qa-1' });
  await request(mock.app).put('/view/token?fileId=1').set(BEARER);
  await request(mock.app).get('/view/token?fileId=2').set(BEARER);
  const unmatched = await request(mock.app).get('/__admin/requests/unmatched');
  expect(unmatched.status).toBe(200);
  expect(unmatched).toSatisfyApiSpec();
  expect(unmatched.body).toEqual({
    capacity: 1000,
    requests: [
      {
        id: 2,
        at: expect.any(String),
        method: 'PUT',
        path: '/view/token',
        query: { fileId: '1' },
        session: '',
        operationId: '',
        hasAuthorization: true,
        status: 405,
        outcome: 'unmatched',
      },
      {
        id: 1,
        at: expect.any(String),
        method: 'GET',
        path: '/view/tokens',
        query: { fileId: '1' },
        session: 'qa-1',
        operationId: '',
        hasAuthorization: true,
        status: 404,
        outcome: 'unmatched: did you mean GET /view/token?',
      },
    ],
  });
  const all = await request(mock.app).get('/__admin/requests');
  expect(all.body.requests.map((entry: { operationId: string }) => entry.operationId)).toEqual([
    'getViewToken',
    '',
    '',
  ]);
});

test('the unmatched journal keeps the whole path, long segments included; only a View Token or granted Access Token in it is shortened', async () => {
  const mock = await aMock();
  const longSegment = `models-${'a-very-long-file-name-'.repeat(6)}final.rvt`;
  const viewToken = '0123456789abcdef0123456789abcdef';
  const accessToken = 'cn-01234567-89ab-cdef-0123-456789abcdef';
  await request(mock.app).get(`/files/${longSegment}/${viewToken}/${accessToken}/x`).set(BEARER);
  const unmatched = await request(mock.app).get('/__admin/requests/unmatched');
  expect(unmatched.body.requests.map((entry: { path: string }) => entry.path)).toEqual([
    `/files/${longSegment}/012345…/cn-012…/x`,
  ]);
});

test('an admin path that matches nothing is a 404 problem naming the nearest admin route, not journaled', async () => {
  const mock = await aMock();
  const res = await request(mock.app).get('/__admin/helth');
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({
    status: 404,
    detail: 'No route GET /__admin/helth; did you mean GET /__admin/health?',
  });
  expect((await request(mock.app).get('/__admin/requests/unmatched')).body.requests).toEqual([]);
});

test('under --base-path the dispatcher takes the prefixed routes only', async () => {
  const { app } = await aMock({ basePath: '/api' });
  expect((await request(app).get('/api/view/token?fileId=1').set(BEARER)).status).toBe(200);
  expect((await request(app).get('/view/token?fileId=1').set(BEARER)).status).toBe(404);
  expect((await request(app).get('/apiview/token?fileId=1').set(BEARER)).status).toBe(404);
});

test.each([
  ['/view/token?fileid=1', 'Invalid parameter fileid: not a parameter of this route; did you mean fileId?'],
  ['/view/token?FileId=1', 'Invalid parameter FileId: not a parameter of this route; did you mean fileId?'],
  ['/view/token?sceneid=1', 'Invalid parameter sceneid: not a parameter of this route; did you mean sceneId?'],
  [
    '/view/token?colour=1',
    'Invalid parameter id: none given; give exactly one of compareId, fileId, integrateId, sceneId, submodelId, clashDetectiveId, moduleDataId.',
  ],
  [
    '/inside/databag?viewtoken=abc',
    'Invalid parameter viewtoken: not a parameter of this route; did you mean viewToken?',
  ],
])('GET %s is a 400 naming the parameter it was probably meant to be', async (url, message) => {
  const { app } = await aMock();
  const res = await request(app).get(url).set(BEARER);
  expect(res.status).toBe(400);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({ code: 'parameter.invalid', data: null, message });
});

test.each<[Via, string, string]>([
  ['express app', '/__admin/health', 'application/json; charset=utf-8'],
  ['listener', '/__admin/clock', 'application/json; charset=utf-8'],
  ['listener', '/__admin/ui', 'text/html; charset=utf-8'],
  ['express app', '/__admin/ui/assets/favicon.svg', 'image/svg+xml; charset=utf-8'],
])(
  "HEAD on the admin API and dashboard answers the GET's headers without its body (%s): HEAD %s",
  async (via, url, type) => {
    const { res } = await send(via, 'HEAD', url);
    expect([res.status, res.headers['content-type'], res.body]).toEqual([200, type, {}]);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
  },
);

test('HEAD on an admin route needs the admin token GET needs, and a wrong method lists HEAD in Allow', async () => {
  const { app } = await aMock({ adminToken: 'qa' });
  expect((await request(app).head('/__admin/view-tokens')).status).toBe(401);
  expect((await request(app).head('/__admin/view-tokens').set('Authorization', 'Bearer qa')).status).toBe(200);
  const wrong = await request(app).delete('/__admin/health').set('Authorization', 'Bearer qa');
  expect([wrong.status, wrong.headers.allow, wrong.body.detail]).toEqual([
    405,
    'GET, HEAD, OPTIONS',
    'DELETE is not allowed on /__admin/health; use GET or HEAD.',
  ]);
});

test('an absolute-form request line is routed by its path, to the same operation', async () => {
  const mock = await aMock({ seed: 4 });
  const baseUrl = await mock.listen(0);
  try {
    const { port } = new URL(baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.end(
        `GET http://127.0.0.1:${port}/view/token?fileId=1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer x\r\nConnection: close\r\n\r\n`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await mock.core.journal.count({ operationId: 'getViewToken', path: '/view/token', status: 200 })).toBe(1);
  } finally {
    await mock.close();
  }
});
