import { Writable } from 'node:stream';
import pino from 'pino';
import { connect } from 'node:net';
import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { MAX_RULE_SESSIONS, MAX_RULES_PER_SESSION } from '../../mock/core/scenarios/rules';
import { BEARER, aMock, useMockSpec } from '../support/mock-app';

let mock: MockServer;
beforeAll(useMockSpec);
beforeEach(async () => {
  mock = await aMock();
});
afterEach(() => mock.close());

const issue = (fileId: number, session = '') =>
  request(mock.app).get(`/view/token?fileId=${fileId}`).set(BEARER).set('X-Mock-Session', session);

test.each([
  [128, 200],
  [129, 400],
])('an X-Mock-Session of %i characters is answered %i (service envelope)', async (length, status) => {
  const res = await issue(1, 'é'.repeat(length));
  expect(res.status).toBe(status);
  expect(res).toSatisfyApiSpec();
  if (status === 400)
    expect(res.body).toEqual({
      code: 'parameter.invalid',
      data: null,
      message: `X-Mock-Session is ${length} characters long; the mock accepts at most 128.`,
    });
});

test('an X-Mock-Session over 128 characters on an admin route is a 400 problem', async () => {
  const res = await request(mock.app).get('/__admin/view-tokens').set('X-Mock-Session', 'x'.repeat(129));
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    type: 'urn:view-token-mock:problem:bad-request',
    title: 'The request is not what this operation takes',
    status: 400,
    detail: 'X-Mock-Session is 129 characters long; the mock accepts at most 128.',
  });
});

test('a UTF-8 X-Mock-Session sent as raw bytes (as curl does) is stored as sent, not as mojibake', async () => {
  const baseUrl = await mock.listen(0);
  const { port } = new URL(baseUrl);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.end(
      Buffer.concat([
        Buffer.from(
          'GET /view/token?fileId=5 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer a\r\nConnection: close\r\nX-Mock-Session: ',
        ),
        Buffer.from('équipe-東京', 'utf8'),
        Buffer.from('\r\n\r\n'),
      ]),
    );
  });
  expect(answer).toMatch(/^HTTP\/1.1 200/);
  const listed = await request(mock.app).get(`/__admin/view-tokens?session=${encodeURIComponent('équipe-東京')}`);
  expect(listed.body.viewTokens.map((record: { session: string }) => record.session)).toEqual(['équipe-東京']);
  const journal = await request(mock.app).get('/__admin/requests');
  expect(journal.body.requests[0].session).toBe('équipe-東京');
});

test.each([
  ['/__admin/view-tokens?session=a&session=b', '"session": given more than once; give it once.'],
  ['/__admin/view-tokens?session[x]=1', '"session[x]": give session once, as ?session=value (no brackets).'],
  ['/__admin/requests?session=a&session=b', '"session": given more than once; give it once.'],
  ['/__admin/requests?limit=1&limit=2', '"limit": given more than once; give it once.'],
  ['/__admin/scenarios?session[]=a', '"session[]": give session once, as ?session=value (no brackets).'],
  ['/__admin/scenarios?session=a&session=b', '"session": given more than once; give it once.'],
  ['/__admin/requests/unmatched?limit=-1', '"limit": must be an integer from 0 to 1000; got "-1".'],
  ['/__admin/requests?limit=1001', '"limit": must be an integer from 0 to 1000; got "1001".'],
  ['/__admin/view-tokens?limit=ten', '"limit": must be an integer from 0 to 1000; got "ten".'],
  ['/__admin/requests?cursor=zz', '"cursor" is not one this list gave out.'],
  ['/__admin/view-tokens?cursor=zz', '"cursor" is not one this list gave out.'],
])('GET %s is 400, not a silently dropped filter', async (path, detail) => {
  await issue(1, 'a');
  const res = await request(mock.app).get(path);
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    type: 'urn:view-token-mock:problem:bad-request',
    title: 'The request is not what this operation takes',
    status: 400,
    detail,
  });
});

test.each([
  ['/__admin/view-tokens/?session=a&session=b', 'GET /__admin/view-tokens'],
  ['/__admin/requests/?session=a&session=b', 'GET /__admin/requests'],
])('GET %s (a trailing slash) is a 404 naming the list, never a list of every session', async (path, hint) => {
  await issue(1, 'a');
  await issue(2, 'b');
  const res = await request(mock.app).get(path);
  expect(res.status).toBe(404);
  expect(res.body).toEqual({
    type: 'urn:view-token-mock:problem:not-found',
    title: 'No such item',
    status: 404,
    detail: `No route GET ${path.slice(0, path.indexOf('?'))}; did you mean ${hint}?`,
  });
});

test('?__proto__=1 is kept in the journal entry', async () => {
  await request(mock.app).get('/view/token?fileId=1&__proto__=1').set(BEARER);
  const journal = await request(mock.app).get('/__admin/requests');
  expect(JSON.stringify(journal.body.requests[0].query)).toBe('{"fileId":"1","__proto__":"1"}');
});

test('the View Token list pages with limit and cursor, newest first, every token once', async () => {
  for (let id = 1; id <= 5; id += 1) await issue(id);
  const seen: string[] = [];
  let path = '/__admin/view-tokens?limit=2';
  const sizes: number[] = [];
  for (;;) {
    const res = await request(mock.app).get(path);
    expect(res.status).toBe(200);
    expect(res).toSatisfyApiSpec();
    sizes.push(res.body.viewTokens.length);
    seen.push(...res.body.viewTokens.map((record: { objectId: string }) => record.objectId));
    if (res.body.nextCursor === undefined) break;
    path = `/__admin/view-tokens?limit=2&cursor=${res.body.nextCursor as string}`;
  }
  expect(sizes).toEqual([2, 2, 1]);
  expect(seen).toEqual(['5', '4', '3', '2', '1']);
});

test('the journal pages with limit and cursor; the default page is 1000 entries', async () => {
  for (let id = 1; id <= 3; id += 1) await issue(id);
  const first = await request(mock.app).get('/__admin/requests?limit=2');
  expect(first).toSatisfyApiSpec();
  expect(first.body.requests.map((entry: { id: number }) => entry.id)).toEqual([3, 2]);
  const second = await request(mock.app).get(`/__admin/requests?limit=2&cursor=${first.body.nextCursor as string}`);
  expect(second.body.requests.map((entry: { id: number }) => entry.id)).toEqual([1]);
  expect(second.body.nextCursor).toBeUndefined();
  const exact = await request(mock.app).get('/__admin/requests?limit=3');
  expect(exact.body.nextCursor).toBeUndefined();
  const big = await aMock({ journalSize: 1500 });
  for (let id = 1; id <= 1001; id += 1) await request(big.app).get(`/view/token?fileId=${id}`).set(BEARER);
  const page = await request(big.app).get('/__admin/requests');
  expect(page.body.requests).toHaveLength(1000);
  expect(typeof page.body.nextCursor).toBe('string');
  await big.close();
});

test(`a session holds at most ${MAX_RULES_PER_SESSION} rules: the next one is 422, another session still adds`, async () => {
  for (let i = 0; i < MAX_RULES_PER_SESSION; i += 1) await mock.scenarios.add({ then: { code: 503 } }, 's1');
  const res = await request(mock.app)
    .post('/__admin/scenarios')
    .set('X-Mock-Session', 's1')
    .send({ then: { code: 503 } });
  expect(res.status).toBe(422);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({
    type: 'urn:view-token-mock:problem:too-many-rules',
    title: 'The session holds as many rules as it may',
    status: 422,
    detail: 'This session already has 1000 rules, the most it may hold; delete some (DELETE /__admin/scenarios) first.',
  });
  expect(
    (
      await request(mock.app)
        .post('/__admin/scenarios')
        .set('X-Mock-Session', 's2')
        .send({ then: { code: 503 } })
    ).status,
  ).toBe(201);
});

test(`at most ${MAX_RULE_SESSIONS} sessions hold rules: a rule in a new session is 422, one more in a session holding rules still adds, and clearing a session makes room`, async () => {
  for (let i = 0; i < MAX_RULE_SESSIONS; i += 1) await mock.scenarios.add({ then: { code: 503 } }, `s${i}`);
  const add = (session: string) =>
    request(mock.app)
      .post('/__admin/scenarios')
      .set('X-Mock-Session', session)
      .send({ then: { code: 503 } });
  const refused = await add('one-too-many');
  expect(refused.status).toBe(422);
  expect(refused).toSatisfyApiSpec();
  expect(refused.body).toEqual({
    type: 'urn:view-token-mock:problem:too-many-sessions',
    title: 'As many sessions hold rules as the mock keeps',
    status: 422,
    detail:
      '1000 sessions hold rules already, the most the mock keeps; clear one (DELETE /__admin/scenarios with its X-Mock-Session) first.',
  });
  expect((await add('s7')).status).toBe(201);
  expect((await request(mock.app).delete('/__admin/scenarios').set('X-Mock-Session', 's7')).status).toBe(200);
  expect((await add('one-too-many')).status).toBe(201);
});

test('with --max-view-tokens 2 the third View Token is a 503 that says why; deleting one makes room', async () => {
  const warnings: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      warnings.push((JSON.parse(chunk.toString()) as { msg: string }).msg);
      done();
    },
  });
  const capped = await aMock({ maxViewTokens: 2, logger: pino({ level: 'warn' }, sink) });
  const get = (id: number) => request(capped.app).get(`/view/token?fileId=${id}`).set(BEARER);
  const first = await get(1);
  await get(2);
  const refused = await get(3);
  expect(refused.status).toBe(503);
  expect(refused).toSatisfyApiSpec();
  expect(refused.body).toEqual({
    code: 'system.error',
    data: null,
    message:
      "The mock holds 2 View Tokens, the most it may (--max-view-tokens). A View Token is reclaimed 24 h after it expires on its own session's clock, and none of these is that far past it yet. DELETE some through the admin API (or POST /__admin/reset), or start with a larger --max-view-tokens.",
  });
  // The journal says why, beside the requests that filled the store.
  const journal = await request(capped.app).get('/__admin/requests?limit=3');
  expect(journal).toSatisfyApiSpec();
  expect(
    (
      journal.body as { requests: Array<{ status: number; outcome: string | null; query: Record<string, string> }> }
    ).requests.map(({ status, outcome, query }) => ({ status, outcome, query })),
  ).toEqual([
    { status: 503, outcome: 'store full (--max-view-tokens)', query: { fileId: '3' } },
    { status: 200, outcome: null, query: { fileId: '2' } },
    { status: 200, outcome: null, query: { fileId: '1' } },
  ]);
  // Refused 20 times more within a moment, the warning is logged once (at most once per 10 s).
  for (let i = 0; i < 20; i += 1) expect((await get(3)).status).toBe(503);
  expect(warnings).toEqual([refused.body.message]);
  await request(capped.app).delete(`/__admin/view-tokens/${first.body.data as string}`);
  expect((await get(3)).status).toBe(200);
  await capped.close();
});
