import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { BEARER, aMock, useMockSpec } from '../support/mock-app';

// The mock as the platform loader's static host: the files a viewer page loads, with their content
// types, and a miss a browser reads as a failed script (text/plain), journaled with its whole path.
const BIMFACE = 'Bimface@3.6.36-standin';
const DRAWING = 'Drawing@1.6.34-standin';
const JS = 'application/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const STAND_IN_BANNER =
  /^\/\* view-token-mock: the viewer SDK stand-in \(Glodon\.Bimface\)\. Written for the mock from the SDK's public names and documented behaviour; not the platform's code\./;
const NOTHING_TO_DO = (file: string) =>
  `/* view-token-mock's viewer SDK stand-in: ${file} has nothing to do here (Application.js holds the stand-in). */\n`;

let mock: MockServer;
beforeAll(useMockSpec);
beforeEach(async () => {
  mock = await aMock();
});

const unmatched = async () =>
  (await request(mock.app).get('/__admin/requests/unmatched')).body.requests as Record<string, unknown>[];

// What the platform's loaders ask for (clients.md, viewer-sdk.md §4), for a 3D model and a drawing.
const THREE_D = [
  'bimface.index.js',
  'zh_CN.js',
  'Application.js',
  'Bimface.css',
  'thirdparty.js',
  'lib/loaders/BimTilesLoader.js',
  'Bimface.js',
];
const DRAWINGS = [
  'bimface.index.js',
  'zh_CN.js',
  'Application.js',
  'Drawing.css',
  'bimface.bufferfly.js',
  'Drawing.js',
];
const FILES = [
  ...THREE_D.map((file) => [BIMFACE, file] as const),
  ...DRAWINGS.map((file) => [DRAWING, file] as const),
  ...['en_GB.js', 'sv_SE.js', 'Application-debug.js', 'Bimface-debug.js'].map((file) => [BIMFACE, file] as const),
  ...['en_GB.js', 'sv_SE.js', 'Application-debug.js', 'Drawing-debug.js'].map((file) => [DRAWING, file] as const),
];

test.each(FILES.flatMap(([folder, file]) => [`/Glodon/${folder}/${file}`, `/api/Glodon/${folder}/${file}`]))(
  'GET %s serves the stand-in file with its content type',
  async (path) => {
    const res = await request(mock.app).get(path).set('Origin', 'http://localhost:5173');
    expect(res.status).toBe(200);
    expect(res).toSatisfyApiSpec();
    const file = path.replace(/^(\/api)?\/Glodon\/[^/]+\//, '');
    expect(res.headers).toMatchObject({
      'content-type': file.endsWith('.css') ? CSS : JS,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*',
    });
    if (/^(Application|Bimface|Drawing)(-debug)?\.js$/.test(file)) expect(res.text).toMatch(STAND_IN_BANNER);
    else if (file === 'bimface.index.js')
      expect(res.text).toMatch(
        /^\/\* view-token-mock: bimface\.index\.js: loads the SDK folder's files, then calls the loader back\./,
      );
    else if (file === 'thirdparty.js')
      expect(res.text).toMatch(
        /^\/\* view-token-mock's viewer stand-in: thirdparty\.js is three\.js \(MIT, https:\/\/threejs\.org\)/,
      );
    else if (file.endsWith('.css'))
      expect(res.text).toMatch(/^\/\* view-token-mock's viewer SDK stand-in: its placeholder's styles/);
    else expect(res.text).toBe(NOTHING_TO_DO(file));
  },
);

test("the loader stand-in is where the platform's CDN keeps its loader, under /api/BimfaceSDKLoader/", async () => {
  const res = await request(mock.app).get('/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js');
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  expect(res.headers['content-type']).toBe(JS);
  expect(res.text).toMatch(/^\/\* view-token-mock: the JS loader stand-in \(BimfaceSDKLoader\)\. Written for the mock/);
});

test('a file the loader host serves is journaled as a file load (its operation, 200), in the session the request names, and not as unmatched', async () => {
  await request(mock.app).get('/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js').expect(200);
  await request(mock.app).get(`/Glodon/${BIMFACE}/bimface.index.js`).set('X-Mock-Session', 'qa-7').expect(200);
  const entries = async (session: string) =>
    (
      (await request(mock.app).get(`/__admin/requests?session=${session}`)).body.requests as {
        path: string;
        operationId: string;
        status: number;
        outcome: string | null;
      }[]
    ).map(({ path, operationId, status, outcome }) => [path, operationId, status, outcome]);
  expect(await entries('')).toEqual([
    ['/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js', 'getViewerSdkLoader', 200, null],
  ]);
  expect(await entries('qa-7')).toEqual([[`/Glodon/${BIMFACE}/bimface.index.js`, 'getViewerSdkFile', 200, null]]);
  expect(await unmatched()).toEqual([]);
});

test("HEAD of a file answers the GET's status and headers, Content-Length included, without the file; HEAD of a miss is the GET's text/plain 404", async () => {
  const file = `/Glodon/${BIMFACE}/Application.js`;
  const [head, get] = [await request(mock.app).head(file), await request(mock.app).get(file)];
  const headersOf = (res: request.Response) => [res.status, res.headers['content-type'], res.headers['content-length']];
  expect(headersOf(head)).toEqual([200, 'application/javascript; charset=utf-8', get.headers['content-length']]);
  expect(headersOf(head)).toEqual(headersOf(get));
  expect(head.text).toBeUndefined();
  const miss = await request(mock.app).head(`/Glodon/${BIMFACE}/nope.js`);
  expect([miss.status, miss.headers['content-type'], miss.text]).toEqual([404, 'text/plain; charset=utf-8', undefined]);
});

test("a file the folder lacks is a text/plain 404 naming it, the folder's files and the nearest, journaled as unmatched with its whole path", async () => {
  const res = await request(mock.app).get(`/Glodon/${BIMFACE}/bimface.foxfly.js?v=2`).set('X-Mock-Session', 'fe-1');
  expect(res.status).toBe(404);
  expect(res).toSatisfyApiSpec();
  expect(res.headers).toMatchObject({
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
  });
  expect(res.text).toBe(
    `404 Not Found: /Glodon/${BIMFACE}/bimface.foxfly.js\nview-token-mock's viewer SDK stand-in has no file "bimface.foxfly.js" in ${BIMFACE}. ` +
      'That folder has: bimface.index.js, zh_CN.js, en_GB.js, sv_SE.js, Application.js, Application-debug.js, Bimface.css, thirdparty.js, lib/loaders/BimTilesLoader.js, Bimface.js, Bimface-debug.js.\n',
  );
  expect(await unmatched()).toEqual([
    {
      id: 1,
      at: expect.any(String),
      method: 'GET',
      path: `/Glodon/${BIMFACE}/bimface.foxfly.js`,
      query: { v: '2' },
      session: 'fe-1',
      operationId: '',
      hasAuthorization: false,
      status: 404,
      outcome: 'unmatched',
    },
  ]);
});

test('a misspelt file names the one meant, in the answer and the journal', async () => {
  const res = await request(mock.app).get(`/api/Glodon/${DRAWING}/drawing.js`);
  expect(res.status).toBe(404);
  expect(res.text).toMatch(new RegExp(`Did you mean /api/Glodon/${DRAWING.replace('.', '\\.')}/Drawing\\.js\\?\\n$`));
  expect(await unmatched()).toMatchObject([
    {
      path: `/api/Glodon/${DRAWING}/drawing.js`,
      outcome: `unmatched: did you mean GET /api/Glodon/${DRAWING}/Drawing.js?`,
    },
  ]);
});

test.each([
  ['/Glodon/Bimface@3.6.36/Bimface.js', 'no folder "Bimface@3.6.36"', ` Did you mean /Glodon/${BIMFACE}/Bimface.js?`],
  ['/Glodon/4.1.0/Application.js', 'no folder "4.1.0"', ''],
  // Names every JS object has are no folders (this was a 500: Object.prototype's
  // constructor served as a file; hostile-input, seed -2054341523).
  ['/Glodon/__proto__/constructor', 'no folder "__proto__"', ''],
  ['/Glodon/constructor/Application.js', 'no folder "constructor"', ''],
])('a folder the mock does not serve (%s) is a text/plain 404 listing the folders', async (path, reason, hint) => {
  const res = await request(mock.app).get(path);
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.text).toBe(
    `404 Not Found: ${path}\nview-token-mock's viewer SDK stand-in has ${reason}. Its folders (the jsSDKVersion values of /inside/databag) are: /Glodon/${BIMFACE}/, /Glodon/${DRAWING}/.${hint}\n`,
  );
  expect(await unmatched()).toMatchObject([{ path, status: 404 }]);
});

test('an empty version folder (/Glodon//bimface.index.js: a forced drawing view on a model without a drawing subRender) is a text/plain 404 naming the path and the route meant, journaled whole', async () => {
  const res = await request(mock.app).get('/Glodon//bimface.index.js');
  expect([res.status, res.headers['content-type'], res.text]).toEqual([
    404,
    'text/plain; charset=utf-8',
    'No route GET /Glodon//bimface.index.js; did you mean GET /Glodon/{version}/{file}?',
  ]);
  expect(await unmatched()).toMatchObject([{ path: '/Glodon//bimface.index.js', status: 404 }]);
});

test('another loader file name is a text/plain 404 naming the loader stand-in', async () => {
  const res = await request(mock.app).get('/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.min.js');
  expect(res.status).toBe(404);
  expect(res).toSatisfyApiSpec();
  expect(res.text).toBe(
    "404 Not Found: /api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.min.js\nview-token-mock's viewer SDK stand-in has one loader file. " +
      'It is: /api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js. Did you mean /api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js?\n',
  );
});

test("paths are case-sensitive: /glodon/ is not the static host (the service's 404 envelope)", async () => {
  const res = await request(mock.app).get(`/glodon/${BIMFACE}/Bimface.js`);
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body.code).toBe('route.not.found');
});

test('under --base-path the static host is under it too', async () => {
  mock = await aMock({ basePath: '/bimface' });
  expect((await request(mock.app).get(`/bimface/api/Glodon/${BIMFACE}/Application.js`)).status).toBe(200);
  expect((await request(mock.app).get('/bimface/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js')).status).toBe(
    200,
  );
  const outside = await request(mock.app).get(`/api/Glodon/${BIMFACE}/Application.js`);
  expect(outside.status).toBe(404);
  expect(outside.body.code).toBe('route.not.found');
  expect((await request(mock.app).get(`/bimface/Glodon/${BIMFACE}/nope.js`)).text).toMatch(
    new RegExp(`^404 Not Found: /bimface/Glodon/${BIMFACE.replace('.', '\\.')}/nope\\.js\\n`),
  );
  expect((await unmatched())[0]).toMatchObject({ path: `/bimface/Glodon/${BIMFACE}/nope.js`, status: 404 });
});

test.each([
  ['fileId=7', 'bimView', BIMFACE],
  ['integrateId=8', 'bimView', BIMFACE],
])(
  'the viewer data of %s names the render type and a folder the mock serves, and a drawing folder in subRenders',
  async (query, renderType, folder) => {
    const token = (await request(mock.app).get(`/view/token?${query}`).set(BEARER)).body.data as string;
    const data = (await request(mock.app).get(`/inside/databag?viewToken=${token}`)).body.data as {
      renderType: string;
      jsSDKVersion: string;
      subRenders: { jsSDKVersion: string }[];
    };
    expect(data).toMatchObject({
      renderType,
      jsSDKVersion: folder,
      subRenders: [{ renderType: 'drawingView', jsSDKVersion: DRAWING }],
    });
    expect((await request(mock.app).get(`/Glodon/${data.jsSDKVersion}/bimface.index.js`)).status).toBe(200);
    expect((await request(mock.app).get(`/Glodon/${data.subRenders[0]?.jsSDKVersion}/Drawing.js`)).status).toBe(200);
  },
);
