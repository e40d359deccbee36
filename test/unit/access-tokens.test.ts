import { ACCESS_TOKEN_TTL_MS, createAccessTokens } from '../../mock/core/access-tokens';
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

test.each(['Bearer x', 'bearer x', 'BEARER x', '  Bearer   cn-123  '])('with no applications, %j is accepted', async (header) => {
  expect(await anOpenRegistry().authenticate(header, 0)).toEqual({ kind: 'accepted', app: null });
});

test('with applications, only granted tokens are accepted, the same token while valid, a new one after 7 days', async () => {
  let now = 0;
  const registry = createAccessTokens({ applications: [{ appKey: 'k', appSecret: 's' }], random: createSeededRandom(1) });
  expect(await registry.authenticate('Bearer anything', now)).toEqual({ kind: 'rejected', reason: 'unknown' });
  expect(await registry.grant(basic('k', 'wrong'), now)).toEqual({ kind: 'rejected', reason: 'wrong-secret', appKey: 'k' });
  expect(await registry.grant(basic('other', 's'), now)).toEqual({ kind: 'rejected', reason: 'unknown-app', appKey: 'other', configured: 1 });
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

test('an application\'s pre-issued access tokens are accepted for it, never expire, and other tokens still are not', async () => {
  let now = 0;
  const registry = createAccessTokens({ applications: [{ appKey: 'ci', appSecret: 's', accessTokens: ['ci-token'] }], random: createSeededRandom(1) });
  expect(await registry.authenticate('Bearer ci-token', now)).toEqual({ kind: 'accepted', app: 'ci' });
  now += 365 * 86_400_000;
  expect(await registry.authenticate('bearer ci-token', now)).toEqual({ kind: 'accepted', app: 'ci' });
  expect(await registry.authenticate('Bearer other', now)).toEqual({ kind: 'rejected', reason: 'unknown' });
});

test('with no applications, any non-empty appKey:appSecret is granted a 7-day token, the same one per appKey while valid', async () => {
  let now = 0;
  const registry = createAccessTokens({ applications: [], random: createSeededRandom(1) });
  const first = await registry.grant(basic('any-app', 'any-secret'), now);
  expect(first).toEqual({ kind: 'issued', token: expect.stringMatching(/^cn-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), expiresAtMs: ACCESS_TOKEN_TTL_MS });
  expect(await registry.grant(basic('any-app', 'another-secret'), now)).toEqual(first);
  const other = await registry.grant(basic('second-app', 'x'), now);
  expect(other.kind === 'issued' && other.token).not.toBe(first.kind === 'issued' && first.token);
  expect(await registry.authenticate(`Bearer ${first.kind === 'issued' ? first.token : ''}`, now)).toEqual({ kind: 'accepted', app: null });
  now += ACCESS_TOKEN_TTL_MS - 1;
  expect(await registry.grant(basic('any-app', 'any-secret'), now)).toEqual(first);
  now += 1;
  const renewed = await registry.grant(basic('any-app', 'any-secret'), now);
  expect(renewed).toEqual({ kind: 'issued', token: expect.stringMatching(/^cn-/), expiresAtMs: 2 * ACCESS_TOKEN_TTL_MS });
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
  expect(await registry.authenticate(`Bearer ${granted.token}`, ACCESS_TOKEN_TTL_MS - 1)).toEqual({ kind: 'accepted', app: null });
  expect(await registry.authenticate(`Bearer ${granted.token}`, ACCESS_TOKEN_TTL_MS)).toEqual({ kind: 'rejected', reason: 'expired' });
  expect(await registry.authenticate('Bearer cn-00000000-0000-4000-8000-000000000000', ACCESS_TOKEN_TTL_MS)).toEqual({ kind: 'accepted', app: null });
  expect(await registry.authenticate('Bearer anything', ACCESS_TOKEN_TTL_MS)).toEqual({ kind: 'accepted', app: null });
});
