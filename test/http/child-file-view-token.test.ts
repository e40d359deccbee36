import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

// The interface document's operation 1 (a child file's View Token) reached as the platform's viewer
// SDK reaches it: POST with the integration's View Token in `view_token` and no Authorization header.
const HOUR = 3_600_000;
let mock: MockServer;

beforeAll(async () => {
  useMockSpec();
  mock = await aMock();
});
afterEach(() => mock.reset());

async function issue(query: string): Promise<string> {
  return (await request(mock.app).get(`/view/token?${query}`).set(BEARER)).body.data as string;
}
const advance = (by: string) => request(mock.app).post('/__admin/clock/advance').send({ by });
const childToken = (path: string, token: string) =>
  request(mock.app).post(`/data/v2/integrations/${path}/viewToken?view_token=${token}`);

test("the integration's View Token gets a child file's View Token: a use of it (its expiry slides), a token that opens the file as the integration's part", async () => {
  const integration = await issue('integrateId=20001');
  await advance('5h');
  const res = await childToken('20001/files/200012', integration);
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({ code: 'success', data: expect.stringMatching(/^[0-9a-f]{32}$/), message: '' });
  expect(res.body.data).not.toBe(integration);
  const used = await request(mock.app).get(`/__admin/view-tokens/${integration}`);
  expect([used.body.uses, used.body.expiresAt]).toEqual([1, new Date(T0 + 17 * HOUR).toISOString()]);
  const child = await request(mock.app).get(`/__admin/view-tokens/${res.body.data}`);
  expect(child.body).toMatchObject({ objectType: 'childFile', objectId: '200012', integrateId: '20001', uses: 0 });
  const databag = await request(mock.app).get(`/inside/databag?viewToken=${res.body.data}`);
  expect(databag.body.data).toMatchObject({
    modelId: '200012',
    modelType: 'singleModel',
    databagId: 'integration-20001-file-200012-databag',
  });
});

test.each([
  [
    'an unknown token',
    () => Promise.resolve('0'.repeat(32)),
    401,
    'authentication.failed',
    'View token was not recognized.',
  ],
  [
    'an expired integration token',
    async () => {
      const token = await issue('integrateId=20001');
      await advance('12h');
      return token;
    },
    401,
    'authentication.failed',
    'View token has expired.',
  ],
  [
    "a file's token",
    () => issue('fileId=200012'),
    403,
    'permission.denied',
    "This View Token is for file 200012, not integration 20001: a child file's View Token is asked for with its integration's.",
  ],
  [
    "another integration's token",
    () => issue('integrateId=20002'),
    403,
    'permission.denied',
    "This View Token is for integration 20002, not integration 20001: a child file's View Token is asked for with its integration's.",
  ],
])('%s is refused there', async (_, token, status, code, message) => {
  const res = await childToken('20001/files/200011', await token());
  expect(res.status).toBe(status);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({ code, data: null, message });
});

test('the Access Token and a View Token together are refused (400), not half-read; without either it is 401 as before', async () => {
  const integration = await issue('integrateId=20001');
  const both = await childToken('20001/files/200011', integration).set(BEARER);
  expect(both.status).toBe(400);
  expect(both.body).toEqual({
    code: 'parameter.invalid',
    data: null,
    message:
      "Invalid parameter view_token: sent with an Authorization header; give the Access Token or the integration's View Token, not both.",
  });
  const none = await request(mock.app).post('/data/v2/integrations/20001/files/200011/viewToken');
  expect([none.status, none.body.message]).toEqual([
    401,
    'Authorization header is missing; expected "Bearer <ACCESS_TOKEN>".',
  ]);
  expect((await request(mock.app).get(`/__admin/view-tokens/${integration}`)).body.uses).toBe(0);
});

test('the GET form takes it too; a HEAD answers as the GET would without using the token or issuing one', async () => {
  const integration = await issue('integrateId=20001');
  const head = await request(mock.app).head(
    `/data/v2/integrations/20001/files/200011/viewToken?view_token=${integration}`,
  );
  expect(head.status).toBe(200);
  expect((await request(mock.app).get(`/__admin/view-tokens/${integration}`)).body.uses).toBe(0);
  const unknown = await request(mock.app).head(
    `/data/v2/integrations/20001/files/200011/viewToken?view_token=${'1'.repeat(32)}`,
  );
  expect(unknown.status).toBe(401);
  const get = await request(mock.app).get(
    `/data/v2/integrations/20001/files/200011/viewToken?view_token=${integration}`,
  );
  expect(get.status).toBe(200);
  expect(get).toSatisfyApiSpec();
  expect((await request(mock.app).get('/__admin/view-tokens')).body.viewTokens).toHaveLength(2);
});

test("in a closed world the View Token answers for the integration's application: its listed files only", async () => {
  const closed = await aMock({
    config: {
      applications: [{ appKey: 'app', appSecret: 'secret', accessTokens: ['app-token'] }],
      catalog: {
        files: [
          { id: '11', name: 'A.rvt', owner: 'app' },
          { id: '12', name: 'S.rvt', owner: 'app' },
          { id: '13', name: 'Other.rvt', owner: 'app' },
        ],
        integrations: [{ id: '21', name: 'Both', owner: 'app', fileIds: ['11', '12'] }],
      },
    },
  });
  const integration = (
    await request(closed.app).get('/view/token?integrateId=21').set({ Authorization: 'Bearer app-token' })
  ).body.data as string;
  const listed = await request(closed.app).post(
    `/data/v2/integrations/21/files/12/viewToken?view_token=${integration}`,
  );
  expect(listed.status).toBe(200);
  const unlisted = await request(closed.app).post(
    `/data/v2/integrations/21/files/13/viewToken?view_token=${integration}`,
  );
  expect([unlisted.status, unlisted.body.code]).toEqual([404, 'file.not.found']);
  await closed.close();
});
