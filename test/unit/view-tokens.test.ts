import { createControllableClock } from '../../mock/core/clock';
import { createSeededRandom } from '../../mock/core/random-source';
import type { TokenStore } from '../../mock/core/token-store';
import { VIEW_TOKEN_TTL_MS, createViewTokens } from '../../mock/core/view-tokens';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');

function aLifecycle() {
  const clock = createControllableClock(() => T0);
  const tokens = createViewTokens({ store: createMemoryTokenStore(), clock, random: createSeededRandom(1), ttlMs: VIEW_TOKEN_TTL_MS });
  const issue = () => tokens.issue({ objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: '' });
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
  expect((await tokens.use(token)).kind).toBe(expected);
});

test('a use at 11 h keeps the token valid until 23 h, and it expires exactly then', async () => {
  const { clock, tokens, issue } = aLifecycle();
  const { token } = await issue();
  clock.advance(11 * HOUR);
  const use = await tokens.use(token);
  expect(use).toMatchObject({ kind: 'valid', expiresAtMs: T0 + 23 * HOUR });
  clock.set(T0 + 23 * HOUR - 1, true);
  expect((await tokens.peek(token)) && tokens.stateOf((await tokens.peek(token))!)).toBe('valid');
  clock.set(T0 + 23 * HOUR, true);
  expect((await tokens.use(token)).kind).toBe('expired');
});

test('reading a token (peek) does not slide its expiry', async () => {
  const { clock, tokens, issue } = aLifecycle();
  const { token } = await issue();
  clock.advance(11 * HOUR);
  await tokens.peek(token);
  clock.advance(1 * HOUR);
  expect((await tokens.use(token)).kind).toBe('expired');
});

test('validity is judged from the clock at each use: moving the clock back makes an expired token valid again', async () => {
  const { clock, tokens, issue } = aLifecycle();
  const { token } = await issue();
  clock.advance(12 * HOUR);
  expect((await tokens.use(token)).kind).toBe('expired');
  clock.advance(-1 * HOUR);
  expect((await tokens.use(token)).kind).toBe('valid');
});

test('an expired use answers the record as it was, expired at its last activity + 12 h, and changes nothing', async () => {
  const { clock, tokens, issue } = aLifecycle();
  const issued = await issue();
  clock.advance(13 * HOUR);
  expect(await tokens.use(issued.token)).toStrictEqual({ kind: 'expired', record: issued, expiredAtMs: T0 + 12 * HOUR });
  expect(await tokens.peek(issued.token)).toStrictEqual(issued);
});

test.each([
  ['valid', 11 * HOUR],
  ['expired', 12 * HOUR],
])('a use (%s) is one store call: a touch with the cutoff now − 12 h, which the store compares', async (kind, elapsedMs) => {
  const store = createMemoryTokenStore();
  const calls: unknown[][] = [];
  const counted = Object.fromEntries(Object.entries(store).map(([name, method]) => [name, (...args: unknown[]) => {
    calls.push([name, ...args]);
    return (method as (...args: unknown[]) => unknown)(...args);
  }])) as unknown as TokenStore;
  const clock = createControllableClock(() => T0);
  const tokens = createViewTokens({ store: counted, clock, random: createSeededRandom(1), ttlMs: VIEW_TOKEN_TTL_MS });
  const { token } = await tokens.issue({ objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: '' });
  clock.advance(elapsedMs);
  calls.length = 0;
  expect((await tokens.use(token)).kind).toBe(kind);
  expect(calls).toEqual([['touch', token, T0 + elapsedMs, T0 + elapsedMs - 12 * HOUR]]);
});

test('an unknown token is reported as unknown, not expired', async () => {
  const { tokens } = aLifecycle();
  expect(await tokens.use('0'.repeat(32))).toEqual({ kind: 'unknown' });
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
  await tokens.use(token);
  clock.advance(HOUR);
  const use = await tokens.use(token);
  expect(use).toMatchObject({ kind: 'valid', record: { uses: 2, lastUsedAtMs: T0 + 2 * HOUR } });
});

test('a seeded sequence restarted over a store that holds its first tokens draws past them instead of reissuing them', async () => {
  const store = createMemoryTokenStore();
  const clock = createControllableClock(() => T0);
  const sequence = () => createViewTokens({ store, clock, random: createSeededRandom(7), ttlMs: VIEW_TOKEN_TTL_MS });
  const fields = { objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: '' } as const;
  const before = sequence();
  const kept = [(await before.issue(fields)).token, (await before.issue(fields)).token];
  const after = sequence();
  const next = (await after.issue(fields)).token;
  expect(kept).not.toContain(next);
  expect(await store.count()).toBe(3);
});

const FIELDS = { objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: '' } as const;

test('an issued record is the caller\'s fields, the drawn token, the issue time, no use yet', async () => {
  const { tokens } = aLifecycle();
  expect(await tokens.issue({ objectType: 'childFile', objectId: '2' as never, integrateId: '1' as never, extension: 'dwg', name: 'Plan.dwg', session: 'qa' })).toStrictEqual({
    token: expect.stringMatching(/^[0-9a-f]{32}$/), objectType: 'childFile', objectId: '2', integrateId: '1', extension: 'dwg', name: 'Plan.dwg', session: 'qa', issuedAtMs: T0, lastUsedAtMs: null, uses: 0,
  });
  expect(await tokens.issue(FIELDS)).toStrictEqual({ token: expect.stringMatching(/^[0-9a-f]{32}$/), objectType: 'file', objectId: '1', name: 'a.rvt', session: '', issuedAtMs: T0, lastUsedAtMs: null, uses: 0 });
});

test('a drafted token given back is the next one drawn, so a seeded sequence stays as it was; a draft is not stored', async () => {
  const { tokens } = aLifecycle();
  const { tokens: twin } = aLifecycle();
  const draft = tokens.draft(FIELDS);
  expect(await tokens.peek(draft.token)).toBeUndefined();
  tokens.giveBack(draft);
  const issued = await tokens.issue(FIELDS);
  expect(issued.token).toBe(draft.token);
  expect(issued.token).toBe((await twin.issue(FIELDS)).token);
  expect((await tokens.issue(FIELDS)).token).toBe((await twin.issue(FIELDS)).token);
});

test('a token expires its ttl after its last activity: the issue, or the last use', () => {
  const { tokens } = aLifecycle();
  const record = { token: 't', objectType: 'file', objectId: '1' as never, session: '', name: 'a', issuedAtMs: T0, lastUsedAtMs: null, uses: 0 } as const;
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
  expect(tokens.stateOf(record)).toBe(state);
});

test('what a store\'s touch means: a use slides the expiry, an inactive token is expired at its last activity + ttl, an unknown one is unknown', () => {
  const { tokens } = aLifecycle();
  const record = { token: 't', objectType: 'file', objectId: '1' as never, session: '', name: 'a', issuedAtMs: T0, lastUsedAtMs: T0 + HOUR, uses: 1 } as const;
  expect(tokens.toUse({ kind: 'used', record })).toStrictEqual({ kind: 'valid', record, expiresAtMs: T0 + 13 * HOUR });
  expect(tokens.toUse({ kind: 'inactive', record })).toStrictEqual({ kind: 'expired', record, expiredAtMs: T0 + 13 * HOUR });
  expect(tokens.toUse({ kind: 'unknown' })).toStrictEqual({ kind: 'unknown' });
});

test('a ttl other than 12 h is honoured to the millisecond', async () => {
  const clock = createControllableClock(() => T0);
  const tokens = createViewTokens({ store: createMemoryTokenStore(), clock, random: createSeededRandom(1), ttlMs: 1_000 });
  const { token } = await tokens.issue(FIELDS);
  clock.advance(999);
  expect(await tokens.use(token)).toMatchObject({ kind: 'valid', expiresAtMs: T0 + 1_999 });
  clock.advance(1_000);
  expect(await tokens.use(token)).toMatchObject({ kind: 'expired', expiredAtMs: T0 + 1_999 });
});
