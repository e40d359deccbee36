import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

// A call carrying a View Token (the viewer's databag, the model's data routes) names no session, as
// the platform's loader cannot send one: it belongs to the session its token was issued in. That
// session's rules fire, its journal keeps the call, its clock judges it; unless the call names
// another session with X-Mock-Session.

const HOUR = 3_600_000;
let mock: MockServer;

beforeAll(async () => {
  useMockSpec();
  mock = await aMock();
});
afterEach(() => mock.reset());
afterAll(() => mock.close());

const inSession = (session: string) => ({ ...BEARER, 'X-Mock-Session': session });
async function issueIn(session: string, fileId = '10001'): Promise<string> {
  return (await request(mock.app).get(`/view/token?fileId=${fileId}`).set(inSession(session))).body.data as string;
}
const addRule = (session: string, rule: object) =>
  request(mock.app).post('/__admin/scenarios').set('X-Mock-Session', session).send(rule).expect(201);
const journalOf = async (session: string) =>
  (await request(mock.app).get(`/__admin/requests?session=${session}`)).body.requests.map(
    (entry: { operationId: string; status: number; outcome: string | null; query: Record<string, string> }) => [
      entry.operationId,
      entry.status,
      entry.outcome,
    ],
  );

test("the viewer's databag call, without X-Mock-Session, meets the rules of the session its token was issued in", async () => {
  const alices = await issueIn('alice');
  const rule = (
    await addRule('alice', { when: { operation: 'getViewerData' }, then: { scenario: 'access-token-expired' } })
  ).body;
  const forced = await request(mock.app).get(`/inside/databag?viewToken=${alices}`);
  expect(forced.status).toBe(401);
  expect(forced).toSatisfyApiSpec();
  expect(forced.body).toEqual({ code: 'authentication.failed', data: null, message: 'View token has expired.' });
  expect(forced.headers['x-mock-rule']).toBe(rule.id);
  expect(forced.headers['preference-applied']).toBe('scenario=access-token-expired');
  // A token of another session (here the global one) is not touched by Alice's rule.
  const globals = await issueIn('');
  expect((await request(mock.app).get(`/inside/databag?viewToken=${globals}`)).status).toBe(200);
});

test("the model's data routes (view_token=) belong to the token's session too: its rule fires, its journal keeps them", async () => {
  const alices = await issueIn('alice');
  const rule = (await addRule('alice', { when: { operation: 'getFileFloors' }, then: { code: 503 }, times: 1 })).body;
  const forced = await request(mock.app).get(`/data/v2/files/10001/floors?view_token=${alices}`);
  expect(forced.status).toBe(503);
  expect(forced).toSatisfyApiSpec();
  expect(forced.body).toEqual({ code: 'system.error', data: null, message: 'Service temporarily unavailable.' });
  expect(forced.headers['retry-after']).toBe('1');
  const real = await request(mock.app).get(`/data/v2/files/10001/tree?view_token=${alices}`);
  expect(real.status).toBe(200);
  expect(await journalOf('alice')).toEqual([
    ['getFileTree', 200, null],
    ['getFileFloors', 503, `code=503 (rule ${rule.id})`],
    ['getViewToken', 200, null],
  ]);
  expect(await journalOf('')).toEqual([]);
  // The journal keeps the snake-case View Token shortened, as it keeps `viewToken`.
  const entries = (await request(mock.app).get('/__admin/requests?session=alice')).body.requests;
  expect(entries[0].query).toEqual({ view_token: `${alices.slice(0, 6)}…` });
  const count = await request(mock.app)
    .post('/__admin/requests/count')
    .send({ session: 'alice', path: '/data/v2/files/10001/tree', query: { view_token: alices } });
  expect(count.body).toEqual({ count: 1 });
});

test("an integration's data routes belong to its token's session; the drawing's files take rules and the journal", async () => {
  const alices = (await request(mock.app).get('/view/token?integrateId=20001').set(inSession('alice'))).body
    .data as string;
  const rule = (
    await addRule('alice', { when: { operation: 'getIntegrationTree' }, then: { scenario: 'access-token-expired' } })
  ).body;
  const forced = await request(mock.app).get(
    `/data/v2/integrations/20001/tree?treeType=specialty&view_token=${alices}`,
  );
  expect(forced.status).toBe(401);
  expect(forced).toSatisfyApiSpec();
  expect(forced.body).toEqual({ code: 'authentication.failed', data: null, message: 'View token has expired.' });
  expect(forced.headers['x-mock-rule']).toBe(rule.id);
  const files = await request(mock.app).get(`/data/v2/integrations/20001/files?view_token=${alices}`);
  expect(files.status).toBe(200);
  // The drawing's sheet list carries no token: a rule of the global session answers it.
  await addRule('', { when: { operation: 'getDrawingIndex' }, then: { code: 503 }, times: 1 });
  const sheets = await request(mock.app).get('/integration-20001-databag/resource/drawing/index.json');
  expect([sheets.status, sheets.headers['retry-after']]).toEqual([503, '1']);
  expect(sheets).toSatisfyApiSpec();
  expect(await journalOf('alice')).toEqual([
    ['getIntegrationFiles', 200, null],
    ['getIntegrationTree', 401, `scenario=access-token-expired (rule ${rule.id})`],
    ['getViewToken', 200, null],
  ]);
  expect(await journalOf('')).toEqual([['getDrawingIndex', 503, expect.stringMatching(/^code=503 \(rule r\d+\)$/)]]);
});

test('a call that names a session with X-Mock-Session stays in that session, whatever token it carries', async () => {
  const alices = await issueIn('alice');
  await addRule('alice', { then: { code: 503 } });
  const named = await request(mock.app).get(`/inside/databag?viewToken=${alices}`).set('X-Mock-Session', 'bob');
  expect(named.status).toBe(200);
  expect(await journalOf('bob')).toEqual([['getViewerData', 200, null]]);
  // An empty header names none: the token's session takes the call.
  const empty = await request(mock.app).get(`/inside/databag?viewToken=${alices}`).set('X-Mock-Session', '');
  expect(empty.status).toBe(503);
});

test('an unknown View Token names no session: its 401 is journaled in the global session', async () => {
  const res = await request(mock.app).get(`/data/v2/files/10001/floors?view_token=${'f'.repeat(32)}`);
  expect(res.status).toBe(401);
  expect(res.body.message).toBe('View token was not recognized.');
  expect(await journalOf('')).toEqual([['getFileFloors', 401, null]]);
});

test("the token's session's clock dates the journal entry and judges the token, on the data routes as on the databag", async () => {
  const alices = await issueIn('alice');
  await request(mock.app).post('/__admin/clock/advance?session=alice').send({ by: '12h' }).expect(200);
  const expired = await request(mock.app).get(`/data/v2/files/10001/tree?view_token=${alices}`);
  expect(expired.status).toBe(401);
  expect(expired.body.message).toBe('View token has expired.');
  const [entry] = (await request(mock.app).get('/__admin/requests?session=alice')).body.requests;
  expect([entry.operationId, entry.at]).toEqual(['getFileTree', new Date(T0 + 12 * HOUR).toISOString()]);
});

test('the data routes take Prefer switches like the service routes; a status they do not document is a 422', async () => {
  const token = await issueIn('');
  const forced = await request(mock.app).get(`/data/v2/files/10001/tree?view_token=${token}`).set('Prefer', 'code=500');
  expect([forced.status, forced.headers['preference-applied']]).toEqual([500, 'code=500']);
  expect(forced).toSatisfyApiSpec();
  const geometry = await request(mock.app).get('/file-10001-databag/resource/model').set('Prefer', 'code=401');
  expect(geometry.status).toBe(422);
  expect(geometry).toSatisfyApiSpec();
  expect(geometry.body.detail).toBe(
    'code=401 is not a status this operation documents (operation getModelGeometry); did you mean code=404?',
  );
});

test("a parameter a data route refuses is answered and journaled in the token's session (400; a bad path parameter 404)", async () => {
  const alices = await issueIn('alice');
  const bad = await request(mock.app).get(`/data/v2/files/10001/floors?view_token=${alices}&includeRoom=maybe`);
  expect(bad.status).toBe(400);
  expect(bad).toSatisfyApiSpec();
  expect(bad.body.code).toBe('parameter.invalid');
  const path = await request(mock.app).get(`/data/v2/files/10001/elements/abc?view_token=${alices}`);
  expect([path.status, path.body.code]).toEqual([404, 'route.not.found']);
  expect(await journalOf('alice')).toEqual([
    ['getFileElement', 404, null],
    ['getFileFloors', 400, null],
    ['getViewToken', 200, null],
  ]);
});

test('HEAD on a data route looks the token up without using it: the expiry does not slide', async () => {
  const token = await issueIn('');
  await request(mock.app).post('/__admin/clock/advance').send({ by: '1h' }).expect(200);
  const head = await request(mock.app).head(`/data/v2/files/10001/floors?view_token=${token}`);
  expect(head.status).toBe(200);
  expect(head.headers['x-view-token-expires-at']).toBe(new Date(T0 + 12 * HOUR).toISOString());
  const record = (await request(mock.app).get(`/__admin/view-tokens/${token}`)).body;
  expect([record.uses, record.lastUsedAt]).toEqual([0, null]);
});

test("the stand-in's countdown poll is not journaled and takes no rule", async () => {
  const token = await issueIn('');
  await addRule('', { then: { code: 503 } });
  const clock = await request(mock.app).get(`/__viewer/token-clock?viewToken=${token}`);
  expect(clock.status).toBe(200);
  expect((await request(mock.app).get('/__admin/requests')).body.requests).toHaveLength(1);
});
