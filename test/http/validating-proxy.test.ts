import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import type { MockServer, MockServerOptions } from '../../mock/server';
import { FAKE_IDS, FAKE_TOKEN, answerFake } from '../support/fake-implementation';
import { aMock, useMockSpec } from '../support/mock-app';
import type { TestUpstream, UpstreamBehaviour } from '../support/upstream-server';
import { startUpstream } from '../support/upstream-server';

beforeAll(useMockSpec);

const BEARER = { Authorization: `Bearer ${FAKE_TOKEN}` };
const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0)) await item.close();
});

async function proxyTo(
  behaviour: UpstreamBehaviour | string,
  proxy: Partial<NonNullable<MockServerOptions['proxy']>> = {},
  options: MockServerOptions = {},
): Promise<{ mock: MockServer; upstream: TestUpstream | undefined }> {
  const upstream = typeof behaviour === 'string' ? undefined : await startUpstream(behaviour);
  if (upstream) running.push(upstream);
  const mock = await aMock({ ...options, proxy: { url: upstream?.url ?? (behaviour as string), ...proxy } });
  running.push(mock);
  return { mock, upstream };
}

/** Reads the body as text, whatever its content type claims (a deviating upstream's JSON may not be JSON). */
function asText(res: request.Response, done: (error: Error | null, body: string) => void): void {
  let text = '';
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  stream.on('end', () => done(null, text));
}

async function journal(
  mock: MockServer,
): Promise<{ status: number; outcome: string | null; hasAuthorization: boolean; violations?: string[] }[]> {
  const res = await request(mock.app).get('/__admin/requests');
  expect(res).toSatisfyApiSpec();
  return res.body.requests;
}

test.each([
  ['a View Token', `/view/token?fileId=${FAKE_IDS.valid}`, 200],
  ['a forbidden object', `/view/token?fileId=${FAKE_IDS.forbidden}`, 403],
  ['a missing object', `/view/token?fileId=${FAKE_IDS.missing}`, 404],
  ['an int64 at its maximum (a valid id that names no object)', '/view/token?fileId=9223372036854775807', 404],
])(
  "the proxy passes a conformant upstream's answer for %s through unchanged, with X-Contract-Violations: 0 and no violations journaled",
  async (_name, path, status) => {
    const { mock, upstream } = await proxyTo({ kind: 'fake', deviation: 'none' });
    const res = await request(mock.app).get(path).set(BEARER);
    expect([res.status, res.headers['x-contract-violations'], res.headers['content-type']]).toEqual([
      status,
      '0',
      'application/json',
    ]);
    expect(res.body).toEqual(
      status === 200
        ? { code: 'success', data: expect.stringMatching(/^[0-9a-f]{32}$/), message: '' }
        : { code: status === 403 ? 'denied' : 'not.found', data: null, message: 'no' },
    );
    expect(upstream?.received.map((sent) => [sent.method, sent.url, sent.headers.authorization])).toEqual([
      ['GET', path, BEARER.Authorization],
    ]);
    expect(await journal(mock)).toEqual([expect.objectContaining({ status, outcome: null, hasAuthorization: true })]);
    expect((await journal(mock))[0]).not.toHaveProperty('violations');
  },
);

test('the POST child-file route is forwarded with its path parameters and judged against its own operation', async () => {
  const { mock, upstream } = await proxyTo({ kind: 'fake', deviation: 'none' });
  const res = await request(mock.app)
    .post(`/data/v2/integrations/${FAKE_IDS.integrateId}/files/${FAKE_IDS.childFileId}/viewToken`)
    .set(BEARER);
  expect([res.status, res.headers['x-contract-violations']]).toEqual([200, '0']);
  expect(upstream?.received.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
    `POST /data/v2/integrations/${FAKE_IDS.integrateId}/files/${FAKE_IDS.childFileId}/viewToken`,
  ]);
});

test.each<[string, UpstreamBehaviour & { kind: 'fake' }, number, string[]]>([
  [
    'data that is not a string',
    { kind: 'fake', deviation: 'data-not-string' },
    200,
    ['response body.data: Response body property data must be string'],
  ],
  [
    'a body that is not JSON under a JSON content type',
    { kind: 'fake', deviation: 'body-not-json' },
    200,
    ['response body: declared application/json but is not valid JSON', 'response body: Response body must be object'],
  ],
  [
    'a content type that is not a media type',
    { kind: 'fake', deviation: 'bad-content-type' },
    200,
    ['response: prism could not judge it (invalid media type; content type "json please")'],
  ],
  ["text/plain (which the spec's */* allows)", { kind: 'fake', deviation: 'text-plain-success' }, 200, []],
  [
    '410 for a missing object',
    { kind: 'fake', deviation: 'missing-answers-410' },
    410,
    ['response: Unable to match the returned status code with those defined in the document: 200,401,403,404'],
  ],
])(
  'a deviating upstream answering %s: the answer passes through, X-Contract-Violations counts, the journal lists each violation',
  async (_name, behaviour, status, violations) => {
    const { mock } = await proxyTo(behaviour);
    const path = `/view/token?fileId=${behaviour.deviation === 'missing-answers-410' ? FAKE_IDS.missing : FAKE_IDS.valid}`;
    const res = await request(mock.app).get(path).set(BEARER).parse(asText);
    const sent = answerFake(behaviour.deviation, 'GET', new URL(`http://upstream${path}`), {
      authorization: BEARER.Authorization,
    });
    expect([
      res.status,
      res.headers['x-contract-violations'],
      res.headers['content-type'],
      String(res.body).replace(/[0-9a-f]{32}/, 'T'),
    ]).toEqual([
      status,
      String(violations.length),
      sent.headers['Content-Type'],
      sent.body.replace(/[0-9a-f]{32}/, 'T'),
    ]);
    expect((await journal(mock)).map((entry) => [entry.status, entry.violations])).toEqual([
      [status, violations.length === 0 ? undefined : violations],
    ]);
  },
);

test("a request the contract refuses is a request violation, and the upstream's undocumented 400 a response one", async () => {
  const { mock } = await proxyTo({ kind: 'fake', deviation: 'none' });
  const res = await request(mock.app).get('/view/token?fileId=abc').set(BEARER);
  expect([res.status, res.headers['x-contract-violations'], res.body]).toEqual([
    400,
    '2',
    { code: 'bad', data: null, message: 'fileId invalid' },
  ]);
  expect((await journal(mock))[0]?.violations).toEqual([
    'request fileId: "abc" is not an integer',
    'response: Unable to match the returned status code with those defined in the document: 200,401,403,404',
  ]);
});

test('--proxy-errors answers a violating exchange 502 problem+json listing the violations, and a conformant one as it came', async () => {
  const { mock } = await proxyTo({ kind: 'fake', deviation: 'data-not-string' }, { errors: true });
  const res = await request(mock.app).get(`/view/token?fileId=${FAKE_IDS.valid}`).set(BEARER);
  expect([res.status, res.headers['content-type'], res.headers['x-contract-violations']]).toEqual([
    502,
    'application/problem+json; charset=utf-8',
    '1',
  ]);
  expect(JSON.parse(res.text)).toEqual({
    type: 'urn:view-token-mock:problem:contract-violation',
    title: "The upstream's answer breaks the contract",
    status: 502,
    detail: 'GET /view/token: the upstream answered 200, which breaks the contract in 1 way(s).',
    violations: ['response body.data: Response body property data must be string'],
    upstreamStatus: 200,
  });
  const forbidden = await request(mock.app).get(`/view/token?fileId=${FAKE_IDS.forbidden}`).set(BEARER);
  expect([forbidden.status, forbidden.headers['x-contract-violations']]).toEqual([403, '0']);
  expect((await journal(mock)).map((entry) => [entry.status, entry.violations?.length])).toEqual([
    [403, undefined],
    [502, 1],
  ]);
});

test.each([
  ['a Prefer code', { Prefer: 'code=403' }, 403, 'code=403'],
  ['a Prefer scenario', { Prefer: 'scenario=unavailable' }, 503, 'scenario=unavailable'],
])('%s is answered by the mock itself and never forwarded', async (_name, headers, status, applied) => {
  const { mock, upstream } = await proxyTo({ kind: 'fake', deviation: 'none' });
  const res = await request(mock.app)
    .get(`/view/token?fileId=${FAKE_IDS.valid}`)
    .set({ ...BEARER, ...headers });
  expect([res.status, res.headers['preference-applied'], res.headers['x-contract-violations']]).toEqual([
    status,
    applied,
    undefined,
  ]);
  expect(res).toSatisfyApiSpec();
  expect(upstream?.received).toEqual([]);
});

test('a rule is applied by the mock (not forwarded) while it lasts; then requests go to the upstream', async () => {
  const { mock, upstream } = await proxyTo({ kind: 'fake', deviation: 'none' });
  await request(mock.app)
    .post('/__admin/scenarios')
    .send({ then: { scenario: 'not-found' }, times: 1 })
    .expect(201);
  const statuses = [];
  for (let i = 0; i < 2; i++)
    statuses.push((await request(mock.app).get(`/view/token?fileId=${FAKE_IDS.valid}`).set(BEARER)).status);
  expect([statuses, upstream?.received.length]).toEqual([[404, 200], 1]);
});

test('the Authorization value reaches the upstream but never the journal or the debug log', async () => {
  const lines: string[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  const { mock, upstream } = await proxyTo({ kind: 'fake', deviation: 'data-not-string' }, {}, { logger });
  await request(mock.app).get(`/view/token?fileId=${FAKE_IDS.valid}`).set(BEARER).expect(200);
  expect(upstream?.received[0]?.headers.authorization).toBe(BEARER.Authorization);
  const journalText = JSON.stringify(await journal(mock));
  expect([journalText.includes(FAKE_TOKEN), lines.join('').includes(FAKE_TOKEN)]).toEqual([false, false]);
  expect(lines.map((line) => JSON.parse(line).msg)).toEqual(
    expect.arrayContaining(['the upstream exchange breaks the contract', 'service request']),
  );
});

test.each<[string, UpstreamBehaviour, number, string]>([
  ['resets the connection', { kind: 'reset' }, 502, 'could not be reached: connection reset.'],
  [
    'answers bytes that are not HTTP',
    { kind: 'garbage' },
    502,
    'could not be reached: not an HTTP answer (HPE_INVALID_CONSTANT).',
  ],
  ['does not answer within --proxy-timeout', { kind: 'hang' }, 504, 'did not answer within 300 ms.'],
])('an upstream that %s gives 502/504 in the service envelope', async (_name, behaviour, status, hint) => {
  const { mock, upstream } = await proxyTo(behaviour, { timeout: 300 });
  const res = await request(mock.app).get(`/view/token?fileId=${FAKE_IDS.valid}`).set(BEARER);
  expect([res.status, res.body]).toEqual([
    status,
    { code: 'system.error', data: null, message: `The upstream ${upstream?.url ?? ''} ${hint}` },
  ]);
  expect((await journal(mock)).map((entry) => entry.status)).toEqual([status]);
});

test('an upstream nobody listens on gives 502 in the service envelope', async () => {
  const closed = await startUpstream({ kind: 'hang' });
  await closed.close();
  const { mock } = await proxyTo(closed.url);
  const res = await request(mock.app).get(`/view/token?fileId=${FAKE_IDS.valid}`).set(BEARER);
  expect([res.status, res.body]).toEqual([
    502,
    {
      code: 'system.error',
      data: null,
      message: `The upstream ${closed.url} could not be reached: connection refused.`,
    },
  ]);
});

test.each([
  ['GET /inside/databag', '/inside/databag?viewToken=abc'],
  [
    'the GET form of the child-file route',
    `/data/v2/integrations/${FAKE_IDS.integrateId}/files/${FAKE_IDS.childFileId}/viewToken`,
  ],
])(
  '%s, which the contract does not have, is forwarded unjudged: no X-Contract-Violations, no violations',
  async (_name, path) => {
    const { mock, upstream } = await proxyTo({ kind: 'fake', deviation: 'none' });
    const res = await request(mock.app).get(path).set(BEARER);
    expect([res.status, res.headers['x-contract-violations'], upstream?.received.map((sent) => sent.url)]).toEqual([
      404,
      undefined,
      [path],
    ]);
    expect((await journal(mock)).map((entry) => [entry.status, entry.violations])).toEqual([[404, undefined]]);
  },
);

test('the admin API, clock and journal work as usual under --proxy', async () => {
  const { mock } = await proxyTo({ kind: 'fake', deviation: 'none' });
  const health = await request(mock.app).get('/__admin/health');
  expect([health.status, health.body.status]).toEqual([200, 'ok']);
  const advanced = await request(mock.app).post('/__admin/clock/advance').send({ by: '12h' });
  expect(advanced.body.offsetMs).toBe(12 * 3_600_000);
});

test.each([
  [
    { url: 'ftp://staging' },
    '--proxy ftp://staging: use an http:// or https:// URL, e.g. https://staging.example.com/api',
  ],
  [{ url: 'staging' }, '--proxy staging: not a URL; use e.g. https://staging.example.com/api'],
  [{ url: 'http://staging/?a=1' }, '--proxy http://staging/?a=1: give a base URL without query or fragment'],
  [{ url: 'http://staging', timeout: 0 }, '--proxy-timeout 0: use a duration from 1 ms to 10m'],
  [{ url: 'http://staging', timeout: '1h' }, '--proxy-timeout 1h: use a duration from 1 ms to 10m'],
])('the library refuses proxy options %j with a ConfigError naming the flag', async (proxy, message) => {
  await expect(aMock({ proxy })).rejects.toMatchObject({ name: 'ConfigError', message });
});

test('a HEAD is forwarded as a HEAD and not judged (the contract has no HEAD operation), even under --proxy-errors', async () => {
  const { mock, upstream } = await proxyTo({ kind: 'fake', deviation: 'none' }, { errors: true });
  const res = await request(mock.app).head(`/view/token?fileId=${FAKE_IDS.valid}`).set(BEARER);
  // Whatever the upstream answers a HEAD (the fake has no HEAD route: 404), unjudged.
  expect(res.headers['x-contract-violations']).toBeUndefined();
  expect(upstream?.received.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
    `HEAD /view/token?fileId=${FAKE_IDS.valid}`,
  ]);
  expect((await journal(mock)).map((entry) => [entry.status, entry.violations])).toEqual([[res.status, undefined]]);
});
