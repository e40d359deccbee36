import { createMemoryAccessTokenStore } from '../../mock/core/access-token-store';
import type { AccessTokens } from '../../mock/core/access-tokens';
import { ACCESS_TOKEN_TTL_MS, createAccessTokens, decodeBasic } from '../../mock/core/access-tokens';
import { createSeededRandom } from '../../mock/core/random-source';

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

function anOpenRegistry() {
  return createAccessTokens({ applications: [], random: createSeededRandom(1) });
}

test.each([
  [undefined, 'missing'],
  ['', 'not-bearer'],
  ['Bearer', 'empty'],
  ['Bearer    ', 'empty'],
  ['Basic x', 'not-bearer'],
  ['x', 'not-bearer'],
])('with no applications, Authorization %j is refused (%s)', async (header, reason) => {
  expect(await anOpenRegistry().authenticate(header, 0)).toEqual({ kind: 'rejected', reason });
});

test.each(['Bearer x', 'bearer x', 'BEARER x', '  Bearer   cn-123  '])(
  'with no applications, %j is accepted',
  async (header) => {
    expect(await anOpenRegistry().authenticate(header, 0)).toEqual({ kind: 'accepted', app: null });
  },
);

test('with applications, only granted tokens are accepted, the same token while valid, a new one after 7 days', async () => {
  let now = 0;
  const registry = createAccessTokens({
    applications: [{ appKey: 'k', appSecret: 's' }],
    random: createSeededRandom(1),
  });
  expect(await registry.authenticate('Bearer anything', now)).toEqual({ kind: 'rejected', reason: 'unknown' });
  expect(await registry.grant(basic('k', 'wrong'), now)).toEqual({
    kind: 'rejected',
    reason: 'wrong-secret',
    appKey: 'k',
  });
  expect(await registry.grant(basic('other', 's'), now)).toEqual({
    kind: 'rejected',
    reason: 'unknown-app',
    appKey: 'other',
    configured: 1,
  });
  expect(await registry.grant('Basic !!!', now)).toEqual({ kind: 'rejected', reason: 'malformed-basic' });
  const first = await registry.grant(basic('k', 's'), now);
  if (first.kind !== 'issued') throw new Error('grant refused');
  expect(first.token).toMatch(/^cn-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(first.expiresAtMs).toBe(ACCESS_TOKEN_TTL_MS);
  expect(await registry.authenticate(`Bearer ${first.token}`, now)).toEqual({ kind: 'accepted', app: 'k' });
  now += ACCESS_TOKEN_TTL_MS - 1;
  expect(await registry.grant(basic('k', 's'), now)).toEqual(first);
  now += 1;
  expect(await registry.authenticate(`Bearer ${first.token}`, now)).toEqual({ kind: 'rejected', reason: 'expired' });
  const second = await registry.grant(basic('k', 's'), now);
  expect(second.kind === 'issued' && second.token).not.toBe(first.token);
});

test("an application's pre-issued access tokens are accepted for it, never expire, and other tokens still are not", async () => {
  let now = 0;
  const registry = createAccessTokens({
    applications: [{ appKey: 'ci', appSecret: 's', accessTokens: ['ci-token'] }],
    random: createSeededRandom(1),
  });
  expect(await registry.authenticate('Bearer ci-token', now)).toEqual({ kind: 'accepted', app: 'ci' });
  now += 365 * 86_400_000;
  expect(await registry.authenticate('bearer ci-token', now)).toEqual({ kind: 'accepted', app: 'ci' });
  expect(await registry.authenticate('Bearer other', now)).toEqual({ kind: 'rejected', reason: 'unknown' });
});

test('with no applications, any non-empty appKey:appSecret is granted a 7-day token, the same one per appKey while valid', async () => {
  let now = 0;
  const registry = createAccessTokens({ applications: [], random: createSeededRandom(1) });
  const first = await registry.grant(basic('any-app', 'any-secret'), now);
  expect(first).toEqual({
    kind: 'issued',
    token: expect.stringMatching(/^cn-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    expiresAtMs: ACCESS_TOKEN_TTL_MS,
  });
  expect(await registry.grant(basic('any-app', 'another-secret'), now)).toEqual(first);
  const other = await registry.grant(basic('second-app', 'x'), now);
  expect(other.kind === 'issued' && other.token).not.toBe(first.kind === 'issued' && first.token);
  expect(await registry.authenticate(`Bearer ${first.kind === 'issued' ? first.token : ''}`, now)).toEqual({
    kind: 'accepted',
    app: null,
  });
  now += ACCESS_TOKEN_TTL_MS - 1;
  expect(await registry.grant(basic('any-app', 'any-secret'), now)).toEqual(first);
  now += 1;
  const renewed = await registry.grant(basic('any-app', 'any-secret'), now);
  expect(renewed).toEqual({
    kind: 'issued',
    token: expect.stringMatching(/^cn-/),
    expiresAtMs: 2 * ACCESS_TOKEN_TTL_MS,
  });
  expect(renewed.kind === 'issued' && renewed.token).not.toBe(first.kind === 'issued' && first.token);
});

test.each([
  [undefined, 'no-basic'],
  ['Bearer x', 'no-basic'],
  ['Basic', 'malformed-basic'],
  ['Basic %%%', 'malformed-basic'],
  [basic('', 'secret'), 'malformed-basic'],
  [basic('key', ''), 'malformed-basic'],
  [`Basic ${Buffer.from('no-colon').toString('base64')}`, 'malformed-basic'],
])('with no applications, Basic credentials %j are still refused (%s)', async (header, reason) => {
  expect(await anOpenRegistry().grant(header, 0)).toEqual({ kind: 'rejected', reason });
});

test('with no applications, a token the mock granted expires after its 7 days; a token shaped like one it never granted, and any other bearer, are still accepted', async () => {
  const registry = anOpenRegistry();
  const granted = await registry.grant(basic('any-app', 'any-secret'), 0);
  if (granted.kind !== 'issued') throw new Error('grant refused');
  expect(await registry.authenticate(`Bearer ${granted.token}`, ACCESS_TOKEN_TTL_MS - 1)).toEqual({
    kind: 'accepted',
    app: null,
  });
  expect(await registry.authenticate(`Bearer ${granted.token}`, ACCESS_TOKEN_TTL_MS)).toEqual({
    kind: 'rejected',
    reason: 'expired',
  });
  expect(await registry.authenticate('Bearer cn-00000000-0000-4000-8000-000000000000', ACCESS_TOKEN_TTL_MS)).toEqual({
    kind: 'accepted',
    app: null,
  });
  expect(await registry.authenticate('Bearer anything', ACCESS_TOKEN_TTL_MS)).toEqual({ kind: 'accepted', app: null });
});

/** A registry whose authenticate and grant are judged at `clock.nowMs` (the mock time of the request's session, in the core). */
function atClock<T extends AccessTokens>(inner: T, clock: { nowMs: number }) {
  return {
    ...inner,
    authenticate: (authorization: string | undefined) => inner.authenticate(authorization, clock.nowMs),
    grant: (authorization: string | undefined) => inner.grant(authorization, clock.nowMs),
  };
}

function aClosedRegistry(store = createMemoryAccessTokenStore()) {
  const clock = {
    nowMs: 0,
    set(atMs: number, _frozen: boolean) {
      clock.nowMs = atMs;
    },
  };
  const registry = atClock(
    createAccessTokens({
      applications: [
        { appKey: 'k', appSecret: 's', accessTokens: ['ci-token'] },
        { appKey: 'k2', appSecret: 's2' },
      ],
      random: createSeededRandom(1),
      store,
    }),
    clock,
  );
  return { clock, registry, store };
}

const anOpenRegistryAtZero = () => atClock(anOpenRegistry(), { nowMs: 0 });

async function grantedToken(
  registry: ReturnType<typeof aClosedRegistry>['registry'],
  key = 'k',
  secret = 's',
): Promise<{ token: string; expiresAtMs: number }> {
  const grant = await registry.grant(basic(key, secret));
  if (grant.kind !== 'issued') throw new Error(`grant refused: ${grant.reason}`);
  return grant;
}

test('a granted token is valid until the instant 7 days after its grant, and expired exactly then', async () => {
  const { clock, registry } = aClosedRegistry();
  const { token, expiresAtMs } = await grantedToken(registry);
  expect(expiresAtMs).toBe(7 * 86_400_000);
  clock.set(expiresAtMs - 1, true);
  expect(await registry.authenticate(`Bearer ${token}`)).toEqual({ kind: 'accepted', app: 'k' });
  clock.set(expiresAtMs, true);
  expect(await registry.authenticate(`Bearer ${token}`)).toEqual({ kind: 'rejected', reason: 'expired' });
});

test('each application gets its own token, accepted for that application', async () => {
  const { registry } = aClosedRegistry();
  const first = await grantedToken(registry, 'k', 's');
  const second = await grantedToken(registry, 'k2', 's2');
  expect(second.token).not.toBe(first.token);
  expect(await registry.authenticate(`Bearer ${second.token}`)).toEqual({ kind: 'accepted', app: 'k2' });
  expect(await registry.grant(basic('k2', 's'))).toEqual({ kind: 'rejected', reason: 'wrong-secret', appKey: 'k2' });
  expect(await registry.grant(basic('k3', 's'))).toEqual({
    kind: 'rejected',
    reason: 'unknown-app',
    appKey: 'k3',
    configured: 2,
  });
});

test('the decision without the store: refusals and pre-issued tokens at once, a granted token once this process has seen it valid', async () => {
  const { clock, registry } = aClosedRegistry();
  expect(registry.authenticateKnown(undefined)).toEqual({ authentication: { kind: 'rejected', reason: 'missing' } });
  expect(registry.authenticateKnown('Basic x')).toEqual({ authentication: { kind: 'rejected', reason: 'not-bearer' } });
  expect(registry.authenticateKnown('Bearer  ')).toEqual({ authentication: { kind: 'rejected', reason: 'empty' } });
  expect(registry.authenticateKnown('Bearer ci-token')).toEqual({ authentication: { kind: 'accepted', app: 'k' } });
  expect(registry.authenticateKnown('Bearer never-granted')).toBeUndefined();
  const { token, expiresAtMs } = await grantedToken(registry);
  const granted = { token, appKey: 'k', expiresAtMs };
  expect(registry.authenticateKnown(`Bearer ${token}`)).toEqual({
    authentication: { kind: 'accepted', app: 'k' },
    granted,
  });
  clock.set(expiresAtMs - 1, true);
  expect(registry.authenticateKnown(`bearer ${token}`)).toEqual({
    authentication: { kind: 'accepted', app: 'k' },
    granted,
  });
  // Expired or not is no longer decided here: the one-trip store checks it on the session's clock in the same step.
  clock.set(expiresAtMs, true);
  expect(registry.authenticateKnown(`Bearer ${token}`)).toEqual({
    authentication: { kind: 'accepted', app: 'k' },
    granted,
  });
});

test('a granted token this process has not seen is looked up once, then known; one gone from the store is forgotten', async () => {
  const store = createMemoryAccessTokenStore();
  const elsewhere = aClosedRegistry(store).registry;
  const { token, expiresAtMs } = await grantedToken(elsewhere);
  const { registry } = aClosedRegistry(store);
  expect(registry.authenticateKnown(`Bearer ${token}`)).toBeUndefined();
  expect(await registry.authenticate(`Bearer ${token}`)).toEqual({ kind: 'accepted', app: 'k' });
  expect(registry.authenticateKnown(`Bearer ${token}`)).toEqual({
    authentication: { kind: 'accepted', app: 'k' },
    granted: { token, appKey: 'k', expiresAtMs },
  });
  await store.clear();
  expect(await registry.authenticate(`Bearer ${token}`)).toEqual({ kind: 'rejected', reason: 'unknown' });
  expect(registry.authenticateKnown(`Bearer ${token}`)).toBeUndefined();
});

test('in the open world every non-empty bearer token is known at once, and a grant is remembered as seen (its expiry is checked in the trip)', async () => {
  const registry = anOpenRegistryAtZero();
  expect(registry.authenticateKnown('Bearer anything')).toEqual({ authentication: { kind: 'accepted', app: null } });
  const grant = await registry.grant(basic('app', 'secret'));
  if (grant.kind !== 'issued') throw new Error('grant refused');
  expect(registry.authenticateKnown(`Bearer ${grant.token}`)).toEqual({
    authentication: { kind: 'accepted', app: null },
    granted: { token: grant.token, appKey: 'app', expiresAtMs: grant.expiresAtMs },
  });
});

test('records, restore and clear: granted tokens are listed, put back as saved, and forgotten with what this process had seen', async () => {
  const { registry } = aClosedRegistry();
  const { token, expiresAtMs } = await grantedToken(registry);
  const records = await registry.records();
  expect(records).toEqual([{ token, appKey: 'k', expiresAtMs }]);
  await registry.clear();
  expect(await registry.records()).toEqual([]);
  expect(registry.authenticateKnown(`Bearer ${token}`)).toBeUndefined();
  expect(await registry.authenticate(`Bearer ${token}`)).toEqual({ kind: 'rejected', reason: 'unknown' });
  await registry.restore(records);
  expect(await registry.authenticate(`Bearer ${token}`)).toEqual({ kind: 'accepted', app: 'k' });
  expect(await grantedToken(registry)).toEqual({ kind: 'issued', token, expiresAtMs });
});

test("the memory store hands out an application's token while valid at the given instant, and a new one from its expiry on", async () => {
  const store = createMemoryAccessTokenStore();
  const first = { token: 'a', appKey: 'k', expiresAtMs: 100 };
  expect(await store.grant(first, 0)).toBe(first);
  expect(await store.grant({ token: 'b', appKey: 'k', expiresAtMs: 200 }, 99)).toBe(first);
  expect(await store.current('k')).toBe(first);
  const second = { token: 'c', appKey: 'k', expiresAtMs: 300 };
  expect(await store.grant(second, 100)).toBe(second);
  expect(await store.current('k')).toBe(second);
  expect(await store.find('a')).toBe(first);
  expect(await store.find('b')).toBeUndefined();
  expect(await store.records()).toEqual([first, second]);
});

test.each([
  [basic('key', 'secret'), { kind: 'credentials', appKey: 'key', appSecret: 'secret' }],
  [
    `basic ${Buffer.from('key:secret').toString('base64')}`,
    { kind: 'credentials', appKey: 'key', appSecret: 'secret' },
  ],
  [
    `  BASIC   ${Buffer.from('key:se:cret').toString('base64')}  `,
    { kind: 'credentials', appKey: 'key', appSecret: 'se:cret' },
  ],
  [`Basic ${Buffer.from('k:s').toString('base64')}`, { kind: 'credentials', appKey: 'k', appSecret: 's' }],
  [`Basic ${Buffer.from(':s').toString('base64')}`, { kind: 'rejected', reason: 'malformed-basic' }],
  [`Basic ${Buffer.from('k:').toString('base64')}`, { kind: 'rejected', reason: 'malformed-basic' }],
  [`Basic ${Buffer.from(':').toString('base64')}`, { kind: 'rejected', reason: 'malformed-basic' }],
  ['Basic YWJj', { kind: 'rejected', reason: 'malformed-basic' }],
  ['Basic a', { kind: 'rejected', reason: 'malformed-basic' }],
  ['Basic x y', { kind: 'rejected', reason: 'malformed-basic' }],
  ['Basicx', { kind: 'rejected', reason: 'no-basic' }],
  ['xBasic a2V5OnNlY3JldA==', { kind: 'rejected', reason: 'no-basic' }],
  ['', { kind: 'rejected', reason: 'no-basic' }],
  [undefined, { kind: 'rejected', reason: 'no-basic' }],
])('Authorization %j decodes as %j', (header, credentials) => {
  expect(decodeBasic(header)).toEqual(credentials);
});

test.each([
  ['xBearer t', 'not-bearer'],
  ['Bearerx', 'not-bearer'],
  ['Bearer\tt', 'accepted'],
])('with no applications, Authorization %j is %s: the scheme is the whole first word', async (header, outcome) => {
  const authentication = await anOpenRegistryAtZero().authenticate(header);
  expect(authentication.kind === 'accepted' ? 'accepted' : authentication.reason).toBe(outcome);
});

test('Basic credentials followed by anything else are malformed', () => {
  expect(decodeBasic(`${basic('key', 'secret')} extra`)).toEqual({ kind: 'rejected', reason: 'malformed-basic' });
});

test.each([
  ['Bearer ci-token', { kind: 'accepted', app: 'ci' }],
  ['Bearer ci-token   ', { kind: 'accepted', app: 'ci' }],
  ['\t Bearer \t ci-token \t\t', { kind: 'accepted', app: 'ci' }],
  ['Bearer ci-token\u00a0', { kind: 'rejected', reason: 'unknown' }],
  ['Bearerci-token', { kind: 'rejected', reason: 'not-bearer' }],
  ['xBearer ci-token', { kind: 'rejected', reason: 'not-bearer' }],
  ['Bearer ci token', { kind: 'rejected', reason: 'unknown' }],
])(
  'with a pre-issued token, Authorization %j: spaces and tabs around the token are no part of it, Bearer must be the whole first word',
  async (header, authentication) => {
    const registry = createAccessTokens({
      applications: [{ appKey: 'ci', appSecret: 's', accessTokens: ['ci-token'] }],
      random: createSeededRandom(1),
    });
    expect(await registry.authenticate(header, 0)).toEqual(authentication);
  },
);
