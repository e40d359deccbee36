import { Writable } from 'node:stream';
import pino from 'pino';
import { StoreReplyError, StoreUnavailableError } from '../../mock/core/store-errors';
import type { TokenStore } from '../../mock/core/token-store';
import type { MockServer } from '../../mock/server';
import { aMock } from '../support/mock-app';
import type { Exchange } from './hostile-http';
import { parseJson, send } from './hostile-http';
import type { HostileRequest } from './hostile-requests';

// Secrets as distinctive strings, so a leak cannot hide behind a coincidence.
const ACCESS_TOKEN = 'acc-7f3c9e1b5d2a4f60-open-world';
const HEX_ACCESS_TOKEN = '5e0f1a2b3c4d5e6f708192a3b4c5d6e7';
const PRE_ISSUED = 'ci-9b8a7c6d5e4f3a2b-pre-issued';
const APP = { appKey: 'log-app', appSecret: 's3cret-4e5f6a7b8c9d' };
const BASIC = `Basic ${Buffer.from(`${APP.appKey}:${APP.appSecret}`).toString('base64')}`;
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** Every line the mock logs, at every level (trace up), from both mocks. */
const lines: string[] = [];
const memory = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const logger = pino({ level: 'trace' }, memory);

let open: MockServer;
let closed: MockServer;
const bases = new Map<MockServer, string>();

beforeAll(async () => {
  open = await aMock({ logger });
  closed = await aMock({ logger, config: { applications: [{ ...APP, accessTokens: [PRE_ISSUED] }] } });
  for (const mock of [open, closed]) bases.set(mock, await mock.listen(0));
});
afterAll(async () => {
  await Promise.all([open.close(), closed.close()]);
});

const call = (
  mock: MockServer,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Exchange> =>
  send(bases.get(mock) as string, {
    method,
    target,
    headers,
    ...(body === undefined ? {} : { body }),
    aim: 'log',
  } satisfies HostileRequest);

async function issue(mock: MockServer, accessToken: string, target = '/view/token?fileId=1'): Promise<string> {
  const answer = await call(mock, target.startsWith('/data') ? 'POST' : 'GET', target, {
    Authorization: `Bearer ${accessToken}`,
  });
  const data = (parseJson(answer.text) as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'string')
    throw new Error(`no View Token from ${target}: ${answer.status ?? answer.error} ${answer.text}`);
  return data;
}

/** Replaces the store's methods with a failure (as a Redis outage or a broken store would throw) until restored. */
function breakStore(store: TokenStore, failure: () => Error): () => void {
  const names = ['insert', 'find', 'touch', 'delete', 'list', 'count'] as const;
  const saved = Object.fromEntries(names.map((name) => [name, store[name]]));
  for (const name of names) Object.assign(store, { [name]: () => Promise.reject(failure()) });
  return () => Object.assign(store, saved);
}

/** The requests of one mock: successes, refusals, forced and real errors, all carrying secrets. */
async function exercise(mock: MockServer, accessToken: string, secrets: string[]): Promise<void> {
  const bearer = { Authorization: `Bearer ${accessToken}` };
  const viewToken = await issue(mock, accessToken);
  const childToken = await issue(mock, accessToken, '/data/v2/integrations/1/files/2/viewToken');
  const unknown = 'abcdef0123456789abcdef0123456789';
  secrets.push(viewToken, childToken, unknown);
  const everyRoute: [string, string, Record<string, string>?, string?][] = [
    ['GET', '/view/token?fileId=abc', bearer],
    ['GET', '/view/token?fileId=0', bearer],
    ['GET', `/view/token?fileId=1&viewToken=${viewToken}`],
    ['GET', '/view/token?fileId=1', { Authorization: `Basic ${accessToken}` }],
    ['GET', '/view/token?fileId=1', { ...bearer, Prefer: 'code=500' }],
    ['GET', '/view/token?fileId=1', { ...bearer, Prefer: 'scenario=unavailable' }],
    ['GET', '/view/token?fileId=1', { ...bearer, Prefer: 'code=418' }],
    ['GET', '/view/token?fileId=1', { ...bearer, Prefer: 'fault=malformed-json' }],
    ['GET', '/view/token?fileId=1', { ...bearer, Prefer: 'fault=connection-reset' }],
    [
      'POST',
      '/data/v2/integrations/%ZZ/files/2/viewToken/',
      { ...bearer, ...JSON_TYPE },
      `{"viewToken":"${viewToken}"`,
    ],
    ['GET', `/inside/databag?viewToken=${viewToken}`],
    ['GET', `/inside/databag?viewToken=${viewToken}&__code=500`],
    ['GET', `/inside/databag?viewToken=${unknown}`],
    ['GET', `/inside/databag?viewToken=${viewToken}&viewToken=${childToken}`],
    ['GET', `/inside/databag/?viewToken=${viewToken}`, bearer],
    ['GET', `/inside/databag?viewToken=${viewToken}`, { Prefer: `scenario=${viewToken}` }],
    ['POST', '/oauth2/token', { Authorization: BASIC }],
    [
      'POST',
      '/oauth2/token',
      { Authorization: `Basic ${Buffer.from(`${APP.appKey}:${accessToken}`).toString('base64')}` },
    ],
    ['GET', `/__admin/view-tokens/${viewToken}`, bearer],
    ['GET', `/__admin/view-tokens?session=${viewToken}`],
    ['DELETE', `/__admin/view-tokens/${childToken}`],
    ['GET', `/__admin/view-tokens/${childToken}`],
    ['POST', '/__admin/requests/count', JSON_TYPE, `{"query":{"viewToken":"${viewToken}"}`],
    [
      'POST',
      '/__admin/scenarios',
      JSON_TYPE,
      JSON.stringify({ when: { accessToken }, then: { code: '403' }, times: 1 }),
    ],
    ['GET', '/view/token?fileId=1', bearer],
    ['GET', `/nowhere/${viewToken}?viewToken=${viewToken}`, bearer],
    ['GET', `/__admin/nowhere/${viewToken}`],
  ];
  for (const [method, target, headers, body] of everyRoute) await call(mock, method, target, headers, body);
  // Real unexpected errors: a clock moved past the end of time makes every date throw (the mock logs them).
  await call(
    mock,
    'POST',
    `/__admin/clock/advance?viewToken=${viewToken}`,
    { ...bearer, ...JSON_TYPE },
    '{"by":1e300}',
  );
  for (const target of [
    `/inside/databag?viewToken=${viewToken}`,
    '/view/token?fileId=1',
    `/__admin/view-tokens/${viewToken}`,
    `/__admin/view-tokens?session=${viewToken}`,
  ])
    await call(mock, 'GET', target, bearer);
  await mock.clock.reset();
  const fresh = await issue(mock, accessToken);
  secrets.push(fresh);
  // The store fails: unavailable (a Redis outage: warn + 503), answering a record
  // holding a View Token it cannot read, and broken (an unexpected error: error + 500).
  for (const failure of [
    () => new StoreUnavailableError('Redis is unavailable: connect ECONNREFUSED 127.0.0.1:6379'),
    () => new StoreReplyError("the View Token store's find", `{"token":"${fresh}"}`),
    () => new Error('store read failed'),
  ]) {
    const restore = breakStore(mock.core.store, failure);
    try {
      for (const [method, target] of [
        ['GET', `/inside/databag?viewToken=${fresh}`],
        ['GET', '/view/token?fileId=1'],
        ['GET', `/__admin/view-tokens/${fresh}`],
        ['DELETE', `/__admin/view-tokens/${fresh}`],
        ['GET', '/__admin/view-tokens'],
      ]) {
        await call(mock, method as string, target as string, bearer);
      }
    } finally {
      restore();
    }
  }
}

test('no log line holds a full Access Token, app secret, Basic credential or View Token, whatever the requests and errors', async () => {
  const secrets = [ACCESS_TOKEN, HEX_ACCESS_TOKEN, PRE_ISSUED, APP.appSecret, BASIC.slice('Basic '.length)];
  await exercise(open, ACCESS_TOKEN, secrets);
  await exercise(open, HEX_ACCESS_TOKEN, secrets);
  const granted = (
    parseJson((await call(closed, 'POST', '/oauth2/token', { Authorization: BASIC })).text) as {
      data: { token: string };
    }
  ).data.token;
  secrets.push(granted);
  await exercise(closed, granted, secrets);
  await exercise(closed, PRE_ISSUED, secrets);

  // The requests did reach the log: debug request lines, warnings (store unavailable) and errors (500s).
  expect(lines.some((line) => line.includes('"msg":"service request"'))).toBe(true);
  expect(lines.some((line) => line.includes('"level":40'))).toBe(true);
  expect(lines.some((line) => line.includes('"msg":"unexpected error"'))).toBe(true);
  const leaks = lines.flatMap((line) => {
    const found = secrets.filter((secret) => line.includes(secret));
    const hex = line.match(/(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/g) ?? [];
    return found.length + hex.length > 0
      ? [`${[...new Set([...found, ...hex])].join(', ')} in: ${line.slice(0, 400)}`]
      : [];
  });
  expect(leaks).toEqual([]);
});
