// The request shapes real SDKs of the platform send (see /work/shared/clients.md), replayed against a
// bare default mock on a real socket, as `npm start` serves it (no config, no applications).
import { request as httpRequest } from 'node:http';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';

const APP_KEY = 'sdk-app-key';
const BASIC = `Basic ${Buffer.from(`${APP_KEY}:sdk-app-secret`).toString('base64')}`;
const CN_TOKEN = /^cn-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const VIEW_TOKEN = /^[0-9a-f]{32}$/;

interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** One request with exactly these headers and no body unless given (node:http adds nothing but Host and Connection). */
function send(
  baseUrl: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${target}`, { method, headers: { ...headers } }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk: string) => {
          text += chunk;
        })
        .on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text === '' ? undefined : (JSON.parse(text) as unknown),
          });
        });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Go's time.ParseInLocation("2006-01-02 15:04:05", value, zone) for a zone at a fixed offset from UTC. */
function parseLikeGo(value: string, offsetMinutes: number): number {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`expireTime ${value} does not parse with the layout 2006-01-02 15:04:05`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) - offsetMinutes * 60_000;
}

let mock: MockServer;
let baseUrl: string;
let accessToken: string;

beforeAll(async () => {
  // The defaults of `npm start`, except the zone: fixed, so the test reads expireTime as an SDK in that zone would.
  mock = await createMockServer({ logLevel: 'silent', timeZone: 'Asia/Shanghai' });
  baseUrl = await mock.listen(0);
});
afterAll(() => mock.close());

test('1. POST /oauth2/token with Basic credentials, no body and no Content-Type, grants an Access Token on a bare mock', async () => {
  const before = Date.now();
  const grant = await send(baseUrl, 'POST', '/oauth2/token', { Authorization: BASIC, 'Content-Length': '0' });
  expect(grant.status).toBe(200);
  expect(grant.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(grant.body).toEqual({
    code: 'success',
    data: { token: expect.stringMatching(CN_TOKEN), expireTime: expect.any(String) },
    message: '',
  });
  const { token, expireTime } = (grant.body as { data: { token: string; expireTime: string } }).data;
  // Go parses it in its local zone (here Asia/Shanghai, UTC+8) and refreshes a minute early: it must be 7 days ahead.
  const expiresAt = parseLikeGo(expireTime, 8 * 60);
  expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 7 * 86_400_000);
  expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
  accessToken = token;
  const again = await send(baseUrl, 'POST', '/oauth2/token', { Authorization: BASIC, 'Content-Length': '0' });
  expect(again.body).toEqual(grant.body);
});

test.each([
  ['Go', 'fileId', '10001'],
  ['Go', 'integrateId', '20001'],
  ['Go', 'compareId', '30001'],
  ['PHP', 'sceneId', '40001'],
  ['PHP', 'submodelId', '50001'],
  ['Java', 'fileId', '9223372036854775807'],
])(
  "2. the %s SDK's GET /view/token?%s=%s with the granted token answers 200 (not 201) with data a View Token string",
  async (_sdk, name, id) => {
    const res = await send(baseUrl, 'GET', `/view/token?${name}=${id}`, { Authorization: `Bearer ${accessToken}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 'success', data: expect.stringMatching(VIEW_TOKEN), message: '' });
    expect(typeof (res.body as { data: unknown }).data).toBe('string');
    expect(Date.parse(String(res.headers['x-view-token-expires-at']))).toBeGreaterThan(Date.now());
  },
);

test("2. the PHP SDK's several ids at once are a 400 whose message names them and says to give one", async () => {
  const res = await send(baseUrl, 'GET', '/view/token?fileId=1&compareId=2&integrateId=3', {
    Authorization: `Bearer ${accessToken}`,
  });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    code: 'parameter.invalid',
    data: null,
    message: 'Invalid parameter compareId, fileId, integrateId: given together; give exactly one id parameter.',
  });
});

test('2. the scheme written lower-case, "bearer", is accepted', async () => {
  const res = await send(baseUrl, 'GET', '/view/token?fileId=1', { Authorization: `bearer ${accessToken}` });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ code: 'success', data: expect.stringMatching(VIEW_TOKEN), message: '' });
});

test.each([
  ['GET', 'the Java, Go and a C# SDK'],
  ['POST', 'another C# SDK and the interface document'],
])(
  '3. the child-file route by %s (%s), fileId as a string under /data/, answers 200 with a View Token',
  async (method) => {
    const res = await send(baseUrl, method, '/data/v2/integrations/20001/files/10002/viewToken', {
      Authorization: `Bearer ${accessToken}`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 'success', data: expect.stringMatching(VIEW_TOKEN), message: '' });
  },
);

test("4. the JS loader's GET /inside/databag?viewToken= without Authorization answers the model metadata", async () => {
  const issued = await send(baseUrl, 'GET', '/view/token?fileId=10001', { Authorization: `Bearer ${accessToken}` });
  const viewToken = (issued.body as { data: string }).data;
  const res = await send(baseUrl, 'GET', `/inside/databag?viewToken=${viewToken}`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    code: 'success',
    message: '',
    data: expect.objectContaining({
      renderType: 'bimView',
      databagId: expect.any(String),
      modelId: '10001',
      name: expect.any(String),
      jsSDKVersion: expect.any(String),
    }),
  });
});

test.each([
  ['/view/token?fileId=0', 404, 'file.not.found', 'File was not found.'],
  ['/view/token?compareId=-1', 404, 'comparison.not.found', 'Model comparison was not found.'],
  ['/view/token?fileId=abc', 400, 'parameter.invalid', 'Invalid parameter fileId: "abc" is not an integer.'],
])('errors an SDK shows as text are useful sentences: GET %s → %i %s', async (target, status, code, message) => {
  const res = await send(baseUrl, 'GET', target, { Authorization: `Bearer ${accessToken}` });
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ code, data: null, message });
});

test('a View Token call without the Access Token is a 401 that says what to send', async () => {
  const res = await send(baseUrl, 'GET', '/view/token?fileId=1');
  expect(res.status).toBe(401);
  expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  expect(res.body).toEqual({
    code: 'authentication.failed',
    data: null,
    message: 'Authorization header is missing; expected "Bearer <ACCESS_TOKEN>".',
  });
});

test("with no --time-zone, expireTime is written in the mock process's local zone: an SDK on the same machine reads 7 days ahead", async () => {
  const local = await createMockServer({ logLevel: 'silent' });
  const url = await local.listen(0);
  try {
    const before = Date.now();
    const grant = await send(url, 'POST', '/oauth2/token', { Authorization: BASIC, 'Content-Length': '0' });
    const { expireTime } = (grant.body as { data: { expireTime: string } }).data;
    const [y, mo, d, h, mi, s] = (expireTime.match(/\d+/g) ?? []).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    // Read as the Go SDK does: the layout in the machine's local zone (new Date(...) with fields is local time).
    const expiresAt = new Date(y, mo - 1, d, h, mi, s).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 7 * 86_400_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
  } finally {
    await local.close();
  }
});
