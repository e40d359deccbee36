import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { createHandlers } from '../../mock/msw';

// The MSW handlers ask the server's own matcher: with a base URL every request to that origin is
// answered as the server answers it; without one, only our operations are ours and everything else
// (an app's other calls, near-misses of our paths included) goes on untouched.
const APP_API = 'https://app.example.test';
const answeredByApp = http.all(`${APP_API}/*`, ({ request }) =>
  HttpResponse.json({ app: new URL(request.url).pathname }),
);

test.each([
  ['/View/Token?fileId=1'],
  ['/view/token/?fileId=1'],
  ['/view//token?fileId=1'],
  ['/view/%74oken?fileId=1'],
  ['/__admin/health'],
  ['/users/42'],
])('without a base URL, %s is not ours: it passes to the next handler untouched', async (path) => {
  const { handlers, core } = createHandlers({ seed: 1 });
  const server = setupServer(...handlers, answeredByApp);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const res = await fetch(`${APP_API}${path}`, { headers: { Authorization: 'Bearer x' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ app: new URL(`${APP_API}${path}`).pathname });
    expect(await core.journal.count({})).toBe(0);
  } finally {
    server.close();
  }
});

test('without a base URL our operations are answered on any origin', async () => {
  const { handlers } = createHandlers({ seed: 1 });
  const server = setupServer(...handlers, answeredByApp);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const res = await fetch(`${APP_API}/view/token?fileId=1`, { headers: { Authorization: 'Bearer x' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: string }).code).toBe('success');
  } finally {
    server.close();
  }
});

test("with a base URL, a near-miss is the server's 404 naming the route, journaled as unmatched; a wrong method the 405 with Allow", async () => {
  const { handlers, core } = createHandlers({ seed: 1, baseUrl: 'https://bim.example.test/api' });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const missed = await fetch('https://bim.example.test/api/View/Token?fileId=1', {
      headers: { Authorization: 'Bearer x' },
    });
    expect(missed.status).toBe(404);
    expect(await missed.json()).toEqual({
      code: 'route.not.found',
      data: null,
      message: 'No route GET /api/View/Token; did you mean GET /api/view/token?',
    });
    const wrong = await fetch('https://bim.example.test/api/view/token?fileId=1', { method: 'PUT' });
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    const options = await fetch('https://bim.example.test/api/view/token', { method: 'OPTIONS' });
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'GET, HEAD, OPTIONS']);
    const adminMiss = await fetch('https://bim.example.test/__admin/helth');
    expect(adminMiss.status).toBe(404);
    expect(await adminMiss.json()).toEqual({
      type: 'urn:view-token-mock:problem:not-found',
      title: 'No such item',
      status: 404,
      detail: 'No route GET /__admin/helth; did you mean GET /__admin/health?',
    });
    const journal = await core.journal.list({ unmatched: true, limit: 10 });
    expect(journal.map((entry) => [entry.method, entry.path, entry.status, entry.outcome])).toEqual([
      ['PUT', '/api/view/token', 405, 'unmatched'],
      ['GET', '/api/View/Token', 404, 'unmatched: did you mean GET /api/view/token?'],
    ]);
    expect(
      (await fetch('https://bim.example.test/api/view/token?fileId=1', { headers: { Authorization: 'Bearer x' } }))
        .status,
    ).toBe(200);
  } finally {
    server.close();
  }
});

test('with a base URL the validators compiled from the spec answer as on the server: an int64 beyond the range is a 400 naming it', async () => {
  const { handlers } = createHandlers({ seed: 1, baseUrl: 'https://bim.example.test' });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const res = await fetch('https://bim.example.test/data/v2/integrations/9223372036854775808/files/1/viewToken', {
      headers: { Authorization: 'Bearer x' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'parameter.invalid',
      data: null,
      message: 'Invalid parameter integrateId: 9223372036854775808 is out of the int64 range.',
    });
  } finally {
    server.close();
  }
});

test("?__proto__=1 is refused as an unknown switch and journaled with it, as on the server (not taken for the query object's prototype and dropped)", async () => {
  const { handlers, core } = createHandlers({ seed: 1 });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    expect(
      (await fetch(`${APP_API}/view/token?fileId=1&__proto__=1`, { headers: { Authorization: 'Bearer x' } })).status,
    ).toBe(422);
    const [entry] = await core.journal.list({ limit: 1 });
    expect(JSON.stringify(entry?.query)).toBe('{"fileId":"1","__proto__":"1"}');
  } finally {
    server.close();
  }
});

test('HEAD under MSW answers what GET would without a body, and issues no token', async () => {
  const { handlers, tokens, journal } = createHandlers({ seed: 1 });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const head = await fetch(`${APP_API}/view/token?fileId=1`, {
      method: 'HEAD',
      headers: { Authorization: 'Bearer x' },
    });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([
      200,
      'application/json; charset=utf-8',
      '',
    ]);
    expect((await fetch(`${APP_API}/view/token?fileId=1`, { method: 'HEAD' })).status).toBe(401);
    expect(await tokens.list()).toEqual([]);
    expect((await journal.list()).map((entry) => [entry.method, entry.operationId, entry.status])).toEqual([
      ['HEAD', 'getViewToken', 401],
      ['HEAD', 'getViewToken', 200],
    ]);
  } finally {
    server.close();
  }
});

test.each([['/src/main.ts'], ['/@vite/client'], ['/api/todos/1'], ['/node_modules/.vite/deps/three.js?v=1'], ['/']])(
  "with a base URL, %s is near no route of ours (the app's own, on the origin it shares): it passes to the next handler",
  async (path) => {
    const { handlers, core } = createHandlers({ seed: 1, baseUrl: APP_API });
    const server = setupServer(...handlers, answeredByApp);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const res = await fetch(`${APP_API}${path}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ app: new URL(`${APP_API}${path}`).pathname });
      expect(await core.journal.count({})).toBe(0);
    } finally {
      server.close();
    }
  },
);

test("with a base URL, the viewer's three.js is what viewerThree gives, loaded once on the first request for it", async () => {
  let loads = 0;
  const { handlers } = createHandlers({
    seed: 1,
    baseUrl: APP_API,
    viewerThree: async () => {
      loads += 1;
      return { default: 'window.VtmThree = { fake: true };' };
    },
  });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    for (const folder of ['Bimface@3.6.36-standin', 'Drawing@1.6.34-standin']) {
      const res = await fetch(`${APP_API}/api/Glodon/${folder}/thirdparty.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
      expect(await res.text()).toBe('window.VtmThree = { fake: true };');
    }
    expect(loads).toBe(1);
  } finally {
    server.close();
  }
});

test('without viewerThree, thirdparty.js says three.js is not here (the 3D picture stays off)', async () => {
  const { handlers } = createHandlers({ seed: 1, baseUrl: APP_API });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const res = await fetch(`${APP_API}/api/Glodon/Bimface@3.6.36-standin/thirdparty.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(
      /^\/\* view-token-mock's viewer stand-in: thirdparty\.js \(three\.js\) is built into dist/,
    );
  } finally {
    server.close();
  }
});

test("the config's models are MSW's too: a drawing's named sheets, an integration's files; a model file is refused by name", async () => {
  const config = {
    objects: {
      fileId: {
        '20002': { name: 'Level 1.dwg', extension: 'dwg', model: { sheets: [{ name: 'A-101', level: 'F1' }] } },
      },
      integrateId: { '30001': { name: 'Campus', model: { files: ['10001', '10002'] } } },
    },
  };
  const { handlers } = createHandlers({ seed: 1, baseUrl: APP_API, config });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  const token = async (query: string): Promise<string> =>
    (
      (await (await fetch(`${APP_API}/view/token?${query}`, { headers: { Authorization: 'Bearer x' } })).json()) as {
        data: string;
      }
    ).data;
  try {
    const sheets = await fetch(`${APP_API}/file-20002-databag/resource/drawing/index.json`);
    expect(((await sheets.json()) as { sheets: { name: string }[] }).sheets.map((sheet) => sheet.name)).toEqual([
      'A-101',
    ]);
    const files = await fetch(
      `${APP_API}/data/v2/integrations/30001/files?view_token=${await token('integrateId=30001')}`,
    );
    expect(((await files.json()) as { data: { fileId: number }[] }).data.map((file) => file.fileId)).toEqual([
      10001, 10002,
    ]);
  } finally {
    server.close();
  }
  expect(() =>
    createHandlers({
      config: { objects: { fileId: { '10003': { name: 'Tower.rvt', model: { file: 'tower.glb' } } } } },
    }),
  ).toThrow(
    "config: objects.fileId.10003.model.file: tower.glb cannot be read here (MSW has no file system); give the model's shape (levels, footprint, seed) or run the mock's server",
  );
});
