import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { StoreFullError, StoreReplyError, StoreUnavailableError } from '../../mock/core/store-errors';
import type { MockServer } from '../../mock/server';
import { aMock, useMockSpec } from '../support/mock-app';

// A store that is full, unavailable, or answering something unexpected: three concepts, three
// classes, three answers and three log lines.

beforeAll(useMockSpec);
let mock: MockServer;
let lines: Record<string, unknown>[];
beforeEach(async () => {
  lines = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  mock = await aMock({ logger: pino({ level: 'warn' }, sink) });
});
afterEach(() => mock.close());

const CLASSES = [StoreFullError, StoreUnavailableError, StoreReplyError];

test('the three store errors are distinct classes, none a subclass of another, each named after itself', () => {
  const errors = [
    new StoreFullError(2),
    new StoreUnavailableError("Redis is unavailable for the View Token store's find: Connection is closed."),
    new StoreReplyError("the View Token store's find", 'WRONGTYPE'),
  ];
  expect(errors.map((error) => CLASSES.filter((type) => error instanceof type).map((type) => type.name))).toEqual([
    ['StoreFullError'],
    ['StoreUnavailableError'],
    ['StoreReplyError'],
  ]);
  expect(errors.map((error) => [error.name, error instanceof Error])).toEqual([
    ['StoreFullError', true],
    ['StoreUnavailableError', true],
    ['StoreReplyError', true],
  ]);
});

/** Makes every call of the store's `method` fail with the error. */
function failStore(method: 'find' | 'touch' | 'page', error: Error): void {
  Object.assign(mock.core.store, { [method]: () => Promise.reject(error) });
}

test.each([
  [
    'full',
    new StoreFullError(2),
    503,
    undefined,
    "The mock holds 2 View Tokens, the most it may (--max-view-tokens). A View Token is reclaimed 24 h after it expires on its own session's clock, and none of these is that far past it yet. DELETE some through the admin API (or POST /__admin/reset), or start with a larger --max-view-tokens.",
    40,
  ],
  [
    'unavailable',
    new StoreUnavailableError("Redis is unavailable for the View Token store's find: Connection is closed."),
    503,
    '1',
    "The mock's store is unavailable; retry shortly.",
    40,
  ],
  [
    'answering something unexpected',
    new StoreReplyError(
      "the View Token store's find",
      'WRONGTYPE Operation against a key holding the wrong kind of value',
    ),
    500,
    undefined,
    "The mock's store answered something unexpected; see the mock's log.",
    50,
  ],
])(
  'a store %s: the service answers its own status and message, and the log says what failed and where',
  async (_name, error, status, retryAfter, message, level) => {
    // A use reads the token first (its session names the clock it is judged on), then touches it.
    failStore('find', error);
    failStore('touch', error);
    const res = await request(mock.app).get('/inside/databag?viewToken=0123456789abcdef0123456789abcdef');
    expect(res).toSatisfyApiSpec();
    expect([res.status, res.headers['retry-after'], res.body]).toEqual([
      status,
      retryAfter,
      { code: 'system.error', data: null, message },
    ]);
    const received =
      error instanceof StoreReplyError
        ? { received: 'WRONGTYPE Operation against a key holding the wrong kind of value' }
        : {};
    expect(
      lines.map(({ level: logged, msg, error: name, path, received: got }) => ({
        level: logged,
        msg,
        error: name,
        path,
        ...(got === undefined ? {} : { received: got }),
      })),
    ).toEqual([{ level, msg: error.message, error: error.name, path: '/inside/databag', ...received }]);
  },
);

test.each([
  ['full', new StoreFullError(2), 503, 'urn:view-token-mock:problem:store-full', undefined],
  [
    'unavailable',
    new StoreUnavailableError("Redis is unavailable for the View Token store's page: Command timed out"),
    503,
    'urn:view-token-mock:problem:unavailable',
    '1',
  ],
  [
    'answering something unexpected',
    new StoreReplyError("the View Token store's page", 'WRONGTYPE'),
    500,
    'urn:view-token-mock:problem:server-error',
    undefined,
  ],
])(
  'a store %s on an admin list: problem+json of its own type, its message as the detail',
  async (_name, error, status, type, retryAfter) => {
    failStore('page', error);
    const res = await request(mock.app).get('/__admin/view-tokens');
    expect([
      res.status,
      res.headers['content-type'],
      res.headers['retry-after'],
      res.body.type,
      res.body.detail,
    ]).toEqual([status, 'application/problem+json; charset=utf-8', retryAfter, type, error.message]);
  },
);
