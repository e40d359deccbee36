import { createSeededRandom } from '../../mock/core/random-source';
import type { TokenStore } from '../../mock/core/token-store';
import { toClockBook } from '../../mock/core/session-clocks';
import { toViewTokenInfo } from '../../mock/core/view-token-info';
import { VIEW_TOKEN_TTL_MS, createViewTokens } from '../../mock/core/view-tokens';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');

/** A mock time the test moves by hand; `nowOf` is how a use reads its token's session's clock. */
function aClock() {
  let now = T0;
  return {
    now: () => now,
    nowOf: async (_session: string) => now,
    advance: (byMs: number) => {
      now += byMs;
    },
    set: (atMs: number) => {
      now = atMs;
    },
  };
}

function aLifecycle() {
  const clock = aClock();
  const tokens = createViewTokens({
    store: createMemoryTokenStore(),
    random: createSeededRandom(1),
    ttlMs: VIEW_TOKEN_TTL_MS,
  });
  const issue = () =>
    tokens.issue({ objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: '' }, clock.now());
  return { clock, tokens, issue };
}

test('the interface document fixes the validity at 12 hours', () => {
  expect(VIEW_TOKEN_TTL_MS).toBe(12 * HOUR);
});

test.each([
  ['just after issue', 0, 'valid'],
  ['one millisecond before 12 h', 12 * HOUR - 1, 'valid'],
  ['exactly at 12 h', 12 * HOUR, 'expired'],
  ['long after', 48 * HOUR, 'expired'],
])('a token never used is %s → %s', async (_label, elapsedMs, expected) => {
  const { clock, tokens, issue } = aLifecycle();
  const { token } = await issue();
  clock.advance(elapsedMs);
  expect((await tokens.use(token, clock.nowOf)).kind).toBe(expected);
});

test('a use at 11 h keeps the token valid until 23 h, and it expires exactly then', async () => {
  const { clock, tokens, issue } = aLifecycle();
  const { token } = await issue();
  clock.advance(11 * HOUR);
  const use = await tokens.use(token, clock.nowOf);
  expect(use).toMatchObject({ kind: 'valid', expiresAtMs: T0 + 23 * HOUR });
  clock.set(T0 + 23 * HOUR - 1);
  expect((await tokens.peek(token)) && tokens.stateOf((await tokens.peek(token))!, clock.now())).toBe('valid');
  clock.set(T0 + 23 * HOUR);
  expect((await tokens.use(token, clock.nowOf)).kind).toBe('expired');
});

test('reading a token (peek) does not slide its expiry', async () => {
  const { clock, tokens, issue } = aLifecycle();
  const { token } = await issue();
  clock.advance(11 * HOUR);
  await tokens.peek(token);
  clock.advance(1 * HOUR);
  expect((await tokens.use(token, clock.nowOf)).kind).toBe('expired');
});

test('validity is judged from the clock at each use: moving the clock back makes an expired token valid again', async () => {
  const { clock, tokens, issue } = aLifecycle();
  const { token } = await issue();
  clock.advance(12 * HOUR);
  expect((await tokens.use(token, clock.nowOf)).kind).toBe('expired');
  clock.advance(-1 * HOUR);
  expect((await tokens.use(token, clock.nowOf)).kind).toBe('valid');
});

test('an expired use answers the record as it was, expired at its last activity + 12 h, and changes nothing', async () => {
  const { clock, tokens, issue } = aLifecycle();
  const issued = await issue();
  clock.advance(13 * HOUR);
  expect(await tokens.use(issued.token, clock.nowOf)).toStrictEqual({
    kind: 'expired',
    record: issued,
    expiredAtMs: T0 + 12 * HOUR,
  });
  expect(await tokens.peek(issued.token)).toStrictEqual(issued);
});

test.each([
  ['valid', 11 * HOUR],
  ['expired', 12 * HOUR],
])(
  'a use (%s) reads the token (its session names the clock), then touches it with the cutoff now − 12 h, which the store compares',
  async (kind, elapsedMs) => {
    const store = createMemoryTokenStore();
    const calls: unknown[][] = [];
    const counted = Object.fromEntries(
      Object.entries(store).map(([name, method]) => [
        name,
        (...args: unknown[]) => {
          calls.push([name, ...args]);
          return (method as (...args: unknown[]) => unknown)(...args);
        },
      ]),
    ) as unknown as TokenStore;
    const clock = aClock();
    const tokens = createViewTokens({ store: counted, random: createSeededRandom(1), ttlMs: VIEW_TOKEN_TTL_MS });
    const { token } = await tokens.issue(
      { objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: '' },
      clock.now(),
    );
    clock.advance(elapsedMs);
    calls.length = 0;
    expect((await tokens.use(token, clock.nowOf)).kind).toBe(kind);
    expect(calls).toEqual([
      ['find', token],
      ['touch', token, T0 + elapsedMs, T0 + elapsedMs - 12 * HOUR],
    ]);
  },
);

test('an unknown token is reported as unknown, not expired', async () => {
  const { clock, tokens } = aLifecycle();
  expect(await tokens.use('0'.repeat(32), clock.nowOf)).toEqual({ kind: 'unknown' });
});

test('View Tokens are 32 lower-case hex characters and the same seed gives the same sequence', async () => {
  const first = [await aLifecycle().issue(), await aLifecycle().issue()].map((record) => record.token);
  expect(first[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(first[0]).toBe(first[1]);
  const { issue } = aLifecycle();
  expect((await issue()).token).not.toBe((await issue()).token);
});

test('each use counts and moves the last use forward', async () => {
  const { clock, tokens, issue } = aLifecycle();
  const { token } = await issue();
  clock.advance(HOUR);
  await tokens.use(token, clock.nowOf);
  clock.advance(HOUR);
  const use = await tokens.use(token, clock.nowOf);
  expect(use).toMatchObject({ kind: 'valid', record: { uses: 2, lastUsedAtMs: T0 + 2 * HOUR } });
});

test('a seeded sequence restarted over a store that holds its first tokens draws past them instead of reissuing them', async () => {
  const store = createMemoryTokenStore();
  const clock = aClock();
  const sequence = () => createViewTokens({ store, random: createSeededRandom(7), ttlMs: VIEW_TOKEN_TTL_MS });
  const fields = { objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: '' } as const;
  const before = sequence();
  const kept = [(await before.issue(fields, clock.now())).token, (await before.issue(fields, clock.now())).token];
  const after = sequence();
  const next = (await after.issue(fields, clock.now())).token;
  expect(kept).not.toContain(next);
  expect(await store.count()).toBe(3);
});

test("a use is judged on the clock of the session the token was issued in, which it reads, not the caller's", async () => {
  const { tokens } = aLifecycle();
  const { token } = await tokens.issue(
    { objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: 'qa-anna' },
    T0,
  );
  const asked: string[] = [];
  const nowOf = async (session: string) => {
    asked.push(session);
    return session === 'qa-anna' ? T0 + 12 * HOUR - 1 : T0 + 48 * HOUR;
  };
  expect((await tokens.use(token, nowOf)).kind).toBe('valid');
  expect(asked).toEqual(['qa-anna']);
});

const FIELDS = { objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: '' } as const;

test("an issued record is the caller's fields, the drawn token, the issue time, no use yet", async () => {
  const { tokens } = aLifecycle();
  expect(
    await tokens.issue(
      {
        objectType: 'childFile',
        objectId: '2' as never,
        integrateId: '1' as never,
        extension: 'dwg',
        name: 'Plan.dwg',
        session: 'qa',
      },
      T0,
    ),
  ).toStrictEqual({
    token: expect.stringMatching(/^[0-9a-f]{32}$/),
    objectType: 'childFile',
    objectId: '2',
    integrateId: '1',
    extension: 'dwg',
    name: 'Plan.dwg',
    session: 'qa',
    issuedAtMs: T0,
    lastUsedAtMs: null,
    uses: 0,
  });
  expect(await tokens.issue(FIELDS, T0)).toStrictEqual({
    token: expect.stringMatching(/^[0-9a-f]{32}$/),
    objectType: 'file',
    objectId: '1',
    name: 'a.rvt',
    session: '',
    issuedAtMs: T0,
    lastUsedAtMs: null,
    uses: 0,
  });
});

test('a drafted token given back is the next one drawn, so a seeded sequence stays as it was; a draft is not stored', async () => {
  const { tokens } = aLifecycle();
  const { tokens: twin } = aLifecycle();
  const draft = tokens.draft(FIELDS, T0);
  expect(await tokens.peek(draft.token)).toBeUndefined();
  tokens.giveBack(draft);
  const issued = await tokens.issue(FIELDS, T0);
  expect(issued.token).toBe(draft.token);
  expect(issued.token).toBe((await twin.issue(FIELDS, T0)).token);
  expect((await tokens.issue(FIELDS, T0)).token).toBe((await twin.issue(FIELDS, T0)).token);
});

test('a token expires its ttl after its last activity: the issue, or the last use', () => {
  const { tokens } = aLifecycle();
  const record = {
    token: 't',
    objectType: 'file',
    objectId: '1' as never,
    session: '',
    name: 'a',
    issuedAtMs: T0,
    lastUsedAtMs: null,
    uses: 0,
  } as const;
  expect(tokens.ttlMs).toBe(12 * HOUR);
  expect(tokens.expiresAtMs(record)).toBe(T0 + 12 * HOUR);
  expect(tokens.expiresAtMs({ ...record, lastUsedAtMs: T0 + HOUR, uses: 1 })).toBe(T0 + 13 * HOUR);
});

test.each([
  [12 * HOUR - 1, 'valid'],
  [12 * HOUR, 'expired'],
])('the state of a token read %i ms after its issue is %s', async (elapsedMs, state) => {
  const { clock, tokens, issue } = aLifecycle();
  const record = await issue();
  clock.advance(elapsedMs);
  expect(tokens.stateOf(record, clock.now())).toBe(state);
});

test("what a store's touch means: a use slides the expiry, an inactive token is expired at its last activity + ttl, an unknown one is unknown", () => {
  const { tokens } = aLifecycle();
  const record = {
    token: 't',
    objectType: 'file',
    objectId: '1' as never,
    session: '',
    name: 'a',
    issuedAtMs: T0,
    lastUsedAtMs: T0 + HOUR,
    uses: 1,
  } as const;
  expect(tokens.toUse({ kind: 'used', record })).toStrictEqual({ kind: 'valid', record, expiresAtMs: T0 + 13 * HOUR });
  expect(tokens.toUse({ kind: 'inactive', record })).toStrictEqual({
    kind: 'expired',
    record,
    expiredAtMs: T0 + 13 * HOUR,
  });
  expect(tokens.toUse({ kind: 'unknown' })).toStrictEqual({ kind: 'unknown' });
});

test('a ttl other than 12 h is honoured to the millisecond', async () => {
  const clock = aClock();
  const tokens = createViewTokens({ store: createMemoryTokenStore(), random: createSeededRandom(1), ttlMs: 1_000 });
  const { token } = await tokens.issue(FIELDS, clock.now());
  clock.advance(999);
  expect(await tokens.use(token, clock.nowOf)).toMatchObject({ kind: 'valid', expiresAtMs: T0 + 1_999 });
  clock.advance(1_000);
  expect(await tokens.use(token, clock.nowOf)).toMatchObject({ kind: 'expired', expiredAtMs: T0 + 1_999 });
});

test('a token as the admin API shows it: ISO times, expiry and state on the clock of its own session, integrateId only for a child file', async () => {
  const tokens = createViewTokens({
    store: createMemoryTokenStore(),
    random: createSeededRandom(1),
    ttlMs: VIEW_TOKEN_TTL_MS,
  });
  const file = await tokens.issue({ objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: 'qa' }, T0);
  const child = {
    ...(await tokens.issue(
      {
        objectType: 'childFile',
        objectId: '20' as never,
        integrateId: '10' as never,
        name: 'model-20.rvt',
        session: '',
      },
      T0,
    )),
    lastUsedAtMs: T0 + HOUR,
    uses: 2,
  };
  // 'qa' is 12 h on (its token expired exactly now), the deployment 1 h on.
  const book = toClockBook(
    new Map([
      ['qa', { offsetMs: 12 * HOUR, frozenAtMs: null }],
      ['', { offsetMs: HOUR, frozenAtMs: null }],
    ]),
    'all',
    () => T0,
  );
  expect(toViewTokenInfo(file, tokens, book)).toStrictEqual({
    token: file.token,
    objectType: 'file',
    objectId: '1',
    session: 'qa',
    issuedAt: '2026-01-01T00:00:00.000Z',
    lastUsedAt: null,
    expiresAt: '2026-01-01T12:00:00.000Z',
    expiresInMs: 0,
    state: 'expired',
    uses: 0,
  });
  expect(toViewTokenInfo(child, tokens, book)).toStrictEqual({
    token: child.token,
    objectType: 'childFile',
    objectId: '20',
    integrateId: '10',
    session: '',
    issuedAt: '2026-01-01T00:00:00.000Z',
    lastUsedAt: '2026-01-01T01:00:00.000Z',
    expiresAt: '2026-01-01T13:00:00.000Z',
    expiresInMs: 12 * HOUR,
    state: 'valid',
    uses: 2,
  });
});
