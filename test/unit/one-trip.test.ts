import type { AccessTokenStore } from '../../mock/core/access-token-store';
import { createMemoryAccessTokenStore } from '../../mock/core/access-token-store';
import type { SessionClocks } from '../../mock/core/session-clocks';
import { createMemoryClockStore, createSessionClocks } from '../../mock/core/session-clocks';
import type { CoreOptions } from '../../mock/core/create-core';
import { createCore } from '../../mock/core/create-core';
import { handleServiceRequest } from '../../mock/core/handle-service-request';
import type { Journal } from '../../mock/core/journal';
import { createJournal } from '../../mock/core/journal';
import type { OneTripStore, Trip, TripClocks, TripOutcome } from '../../mock/core/one-trip-store';
import { journaledStatus } from '../../mock/core/one-trip-store';
import { createSeededRandom } from '../../mock/core/random-source';
import type { RuleStore } from '../../mock/core/scenarios/rule-store';
import { createMemoryRuleStore } from '../../mock/core/scenarios/rule-store';
import type { ServiceRequest } from '../../mock/core/service-request';
import type { TokenStore } from '../../mock/core/token-store';
import { StoreFullError } from '../../mock/core/store-errors';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const HOUR = 3_600_000;
const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

/**
 * The one-trip port as a shared store keeps it (mock/stores/redis-one-trip.ts does it in one Lua
 * script): the session's rules' version if it has any, else the Access Token still exactly as granted
 * and unexpired on the session's clock, else the effect (dated by the session's clock; a use judged on
 * the clock of the token's session) and the journal entry. Every trip is kept, so a test can say how
 * many round trips a request took.
 */
function aSharedStore(
  parts: { store: TokenStore; ruleStore: RuleStore; accessTokenStore: AccessTokenStore; journal: Journal },
  clocks: SessionClocks,
): OneTripStore & { trips: Trip[] } {
  const trips: Trip[] = [];
  const read = async (session: string): Promise<TripClocks> => {
    const book = await clocks.read([session]);
    return {
      sessions: [session, ''],
      states: new Map([session, ''].filter((one) => book.hasOwnClock(one)).map((one) => [one, book.stateOf(one)])),
    };
  };
  return {
    trips,
    async run(trip): Promise<TripOutcome> {
      trips.push(trip);
      // A call carrying a View Token and naming no session runs in the token's session ('' for an unknown token).
      const byToken = trip.sessionOfToken !== undefined;
      const session = byToken ? ((await parts.store.find(trip.sessionOfToken ?? ''))?.session ?? '') : trip.session;
      const took = byToken ? { session } : {};
      const at = (await clocks.read([session])).now(session);
      const version = await parts.ruleStore.version(session);
      if (version !== undefined) return { kind: 'rules', version, clocks: await read(session), ...took };
      if (trip.accessToken) {
        const found = await parts.accessTokenStore.find(trip.accessToken.token);
        if (
          found?.appKey !== trip.accessToken.appKey ||
          found.expiresAtMs !== trip.accessToken.expiresAtMs ||
          at >= found.expiresAtMs
        )
          return { kind: 'stale', clocks: await read(session), ...took };
      }
      let outcome: TripOutcome = { kind: 'done', atMs: at, ...took };
      if (trip.effect.kind === 'insert' && !(await parts.store.insert({ ...trip.effect.record, issuedAtMs: at })))
        return { kind: 'taken' };
      if (trip.effect.kind === 'touch') {
        const record = await parts.store.find(trip.effect.token);
        const used = record === undefined ? at : (await clocks.read([record.session])).now(record.session);
        outcome = {
          kind: 'done',
          atMs: at,
          ...took,
          touched:
            record === undefined
              ? { kind: 'unknown' }
              : await parts.store.touch(trip.effect.token, used, used - trip.effect.ttlMs),
        };
      }
      await parts.journal.record({ ...trip.journal, session, atMs: at, status: journaledStatus(trip, outcome) });
      return outcome;
    },
  };
}

function aSharedCore(options: Partial<CoreOptions> = {}) {
  const parts = {
    store: options.store ?? createMemoryTokenStore(),
    ruleStore: createMemoryRuleStore(),
    accessTokenStore: createMemoryAccessTokenStore(),
    journal: createJournal(),
  };
  const clocks = createSessionClocks(createMemoryClockStore(), () => T0);
  const oneTrip = aSharedStore(parts, clocks);
  const core = createCore({ clocks, random: createSeededRandom(1), timeZone: 'UTC', ...parts, oneTrip, ...options });
  return { core, trips: oneTrip.trips, parts };
}

const aRequest = (fields: Partial<ServiceRequest> = {}): ServiceRequest => ({
  operationId: 'getViewToken',
  method: 'GET',
  path: '/view/token',
  query: { fileId: '1' },
  pathParams: {},
  headers: { authorization: 'Bearer t' },
  ...fields,
});
const aUse = (viewToken: string): ServiceRequest =>
  aRequest({ operationId: 'getViewerData', path: '/inside/databag', query: { viewToken }, headers: {} });
const dataOf = (result: Awaited<ReturnType<typeof handleServiceRequest>>): unknown =>
  result.kind === 'answer' ? (result.answer.body as { data: unknown }).data : undefined;
const journalOf = async (core: ReturnType<typeof aSharedCore>['core']) =>
  (await core.journal.list({})).map((entry) => [entry.operationId, entry.status, entry.outcome]);

test('on a shared store, a View Token is issued in one round trip: the insert and its journal entry together', async () => {
  const { core, trips } = aSharedCore();
  const result = await handleServiceRequest(
    core,
    aRequest({ headers: { authorization: 'Bearer t', 'x-mock-session': 'qa' } }),
  );
  expect(result).toStrictEqual({
    kind: 'answer',
    delayMs: 0,
    answer: {
      status: 200,
      headers: { 'X-View-Token-Expires-At': '2026-01-01T12:00:00.000Z' },
      body: { code: 'success', data: expect.stringMatching(/^[0-9a-f]{32}$/), message: '' },
    },
  });
  expect(trips).toHaveLength(1);
  expect(trips[0]).toMatchObject({
    session: 'qa',
    effect: { kind: 'insert', record: { token: dataOf(result), objectType: 'file', objectId: '1', session: 'qa' } },
    refusedStatus: 401,
    realNowMs: T0,
    journal: { status: 200, session: 'qa', operationId: 'getViewToken' },
  });
  expect((await core.viewTokens.peek(dataOf(result) as string))?.issuedAtMs).toBe(T0);
  expect(trips[0]).not.toHaveProperty('accessToken');
  expect(await journalOf(core)).toEqual([['getViewToken', 200, null]]);
  expect(await core.store.count()).toBe(1);
});

test("a use is one round trip: a touch of the token for its ttl, judged in the store on its session's clock; an expired or unknown token is journaled with the refusal's status", async () => {
  const { core, trips } = aSharedCore();
  const token = dataOf(await handleServiceRequest(core, aRequest())) as string;
  await core.clocks.change('', { kind: 'set', atMs: T0 + 12 * HOUR - 1, frozen: true });
  expect(await handleServiceRequest(core, aUse(token))).toMatchObject({
    answer: {
      status: 200,
      headers: { 'X-View-Token-Expires-At': '2026-01-01T23:59:59.999Z' },
      body: { data: { objectId: '1', viewTokenExpiresAt: '2026-01-01T23:59:59.999Z' } },
    },
  });
  expect(trips[1]?.effect).toEqual({ kind: 'touch', token, ttlMs: 12 * HOUR });
  await core.clocks.change('', { kind: 'set', atMs: T0 + 24 * HOUR - 1, frozen: true });
  expect(await handleServiceRequest(core, aUse(token))).toMatchObject({
    answer: { status: 401, body: { message: 'View token has expired.' } },
  });
  expect(await handleServiceRequest(core, aUse('f'.repeat(32)))).toMatchObject({
    answer: { status: 401, body: { message: 'View token was not recognized.' } },
  });
  expect(trips).toHaveLength(4);
  expect(await journalOf(core)).toEqual([
    ['getViewerData', 401, null],
    ['getViewerData', 401, null],
    ['getViewerData', 200, null],
    ['getViewToken', 200, null],
  ]);
});

test("a use naming no session runs in its token's session, found in the same trip: one trip without rules, that session's rules step by step", async () => {
  const { core, trips } = aSharedCore();
  const inAlice = { authorization: 'Bearer t', 'x-mock-session': 'alice' };
  const token = dataOf(await handleServiceRequest(core, aRequest({ headers: inAlice }))) as string;
  expect(await handleServiceRequest(core, aUse(token))).toMatchObject({ answer: { status: 200 } });
  expect([trips[1]?.session, trips[1]?.sessionOfToken]).toEqual(['', token]);
  await core.rules.add({ when: { operation: 'getViewerData' }, then: { code: 503 }, times: 1 }, 'alice');
  expect(await handleServiceRequest(core, aUse(token))).toMatchObject({
    answer: { status: 503, headers: { 'X-Mock-Rule': 'r1' } },
  });
  expect(trips).toHaveLength(3);
  expect((await core.journal.list({ session: 'alice' })).map((entry) => [entry.operationId, entry.status])).toEqual([
    ['getViewerData', 503],
    ['getViewerData', 200],
    ['getViewToken', 200],
  ]);
  expect(await core.journal.list({ session: '' })).toEqual([]);
});

test('a refusal decided before the store (400, 401, 404) is journaled in one round trip that changes nothing else', async () => {
  const { core, trips } = aSharedCore();
  expect(await handleServiceRequest(core, aRequest({ query: { fileId: 'x' } }))).toMatchObject({
    answer: { status: 400, body: { message: 'Invalid parameter fileId: "x" is not an integer.' } },
  });
  expect(await handleServiceRequest(core, aRequest({ headers: {} }))).toMatchObject({ answer: { status: 401 } });
  expect(await handleServiceRequest(core, aRequest({ query: { fileId: '0' } }))).toMatchObject({
    answer: { status: 404 },
  });
  expect(trips.map((trip) => [trip.effect.kind, trip.journal.status])).toEqual([
    ['none', 400],
    ['none', 401],
    ['none', 404],
  ]);
  expect(await core.store.count()).toBe(0);
  expect(await journalOf(core)).toEqual([
    ['getViewToken', 404, null],
    ['getViewToken', 401, null],
    ['getViewToken', 400, null],
  ]);
});

test('a session holding rules gets their version from the trip and goes step by step; its drafted token is given back, so the sequence is unchanged', async () => {
  const { core, trips } = aSharedCore();
  const twin = aSharedCore().core;
  await core.rules.add({ when: { param: 'sceneId' }, then: { code: 500 } }, 'qa');
  await core.rules.add({ when: { param: 'fileId', equals: '2' }, then: { code: 403 }, times: 1 }, 'qa');
  const inQa = (fileId: string) =>
    aRequest({ query: { fileId }, headers: { authorization: 'Bearer t', 'x-mock-session': 'qa' } });
  expect(dataOf(await handleServiceRequest(core, inQa('1')))).toBe(
    dataOf(await handleServiceRequest(twin, aRequest())),
  );
  expect(await handleServiceRequest(core, inQa('2'))).toMatchObject({
    answer: { status: 403, headers: { 'X-Mock-Rule': 'r2' } },
  });
  expect(trips).toHaveLength(2);
  expect(await journalOf(core)).toEqual([
    ['getViewToken', 403, 'code=403 (rule r2)'],
    ['getViewToken', 200, null],
  ]);
  expect(dataOf(await handleServiceRequest(core, aRequest()))).toBe(
    dataOf(await handleServiceRequest(twin, aRequest())),
  );
});

test('in a closed world, a granted Access Token this process has not seen goes step by step once, then by trip carrying its record', async () => {
  const shared = aSharedCore({ applications: [{ appKey: 'app', appSecret: 's' }] });
  const other = createCore({
    clocks: createSessionClocks(createMemoryClockStore(), () => T0),
    random: createSeededRandom(9),
    applications: [{ appKey: 'app', appSecret: 's' }],
    ...shared.parts,
  });
  const grant = await other.accessTokens.grant(basic('app:s'), T0);
  if (grant.kind !== 'issued') throw new Error('grant refused');
  const bearer = aRequest({ headers: { authorization: `Bearer ${grant.token}` } });
  expect(await handleServiceRequest(shared.core, bearer)).toMatchObject({ answer: { status: 200 } });
  expect(shared.trips).toHaveLength(0);
  expect(await handleServiceRequest(shared.core, bearer)).toMatchObject({ answer: { status: 200 } });
  expect(shared.trips).toHaveLength(1);
  expect(shared.trips[0]?.accessToken).toEqual({ token: grant.token, appKey: 'app', expiresAtMs: grant.expiresAtMs });
});

test('an Access Token reset elsewhere makes the trip stale: nothing was done, and the step-by-step way refuses the token', async () => {
  const shared = aSharedCore({ applications: [{ appKey: 'app', appSecret: 's' }] });
  const grant = await shared.core.accessTokens.grant(basic('app:s'), T0);
  if (grant.kind !== 'issued') throw new Error('grant refused');
  await shared.parts.accessTokenStore.clear();
  expect(
    await handleServiceRequest(shared.core, aRequest({ headers: { authorization: `Bearer ${grant.token}` } })),
  ).toMatchObject({ answer: { status: 401, body: { message: 'Token was not recognized.' } } });
  expect(shared.trips).toHaveLength(1);
  expect(await shared.core.store.count()).toBe(0);
  expect(await journalOf(shared.core)).toEqual([['getViewToken', 401, null]]);
});

test('a drafted token the store already holds (a seeded sequence restarted) is drawn past, not given back', async () => {
  const { core, parts } = aSharedCore();
  const twin = aSharedCore().core;
  const first = dataOf(await handleServiceRequest(twin, aRequest())) as string;
  const second = dataOf(await handleServiceRequest(twin, aRequest())) as string;
  await parts.store.insert({
    token: first,
    objectType: 'file',
    objectId: '9' as never,
    session: '',
    name: 'x',
    issuedAtMs: T0,
    lastUsedAtMs: null,
    uses: 0,
  });
  expect(dataOf(await handleServiceRequest(core, aRequest()))).toBe(second);
  expect(await journalOf(core)).toEqual([['getViewToken', 200, null]]);
});

test('requests with switches, adapter hooks, or for an Access Token never take the trip', async () => {
  const { core, trips } = aSharedCore();
  await handleServiceRequest(core, aRequest({ headers: { authorization: 'Bearer t', prefer: 'delay=1' } }));
  await handleServiceRequest(core, aRequest(), undefined, { check: () => [] });
  await handleServiceRequest(
    core,
    aRequest({
      operationId: 'issueAccessToken',
      method: 'POST',
      path: '/oauth2/token',
      query: {},
      headers: { authorization: basic('a:b') },
    }),
  );
  expect(trips).toHaveLength(0);
  expect(await core.journal.count({})).toBe(3);
});

test('a full store met by a trip is journaled as a 503 and thrown on', async () => {
  const { core } = aSharedCore({ store: createMemoryTokenStore(0) });
  await expect(handleServiceRequest(core, aRequest())).rejects.toBeInstanceOf(StoreFullError);
  expect(await journalOf(core)).toEqual([['getViewToken', 503, 'store full (--max-view-tokens)']]);
});

test('onRequest hears of a request a trip journaled, with the status it journaled', async () => {
  const seen: number[] = [];
  const { core } = aSharedCore({ onRequest: (entry) => seen.push(entry.status) });
  const token = dataOf(await handleServiceRequest(core, aRequest())) as string;
  await core.clocks.change('', { kind: 'advance', byMs: 12 * HOUR });
  await handleServiceRequest(core, aUse(token));
  await core.rules.add({ then: { code: 500 } }, '');
  await handleServiceRequest(core, aRequest());
  expect(seen).toEqual([200, 401, 500]);
});

test("the status a trip journals: the refusal's for a touch that did not use the token, else the entry's own", () => {
  const journal = {
    method: 'GET',
    path: '/inside/databag',
    query: {},
    session: '',
    operationId: 'getViewerData',
    hasAuthorization: false,
    status: 200,
    outcome: null,
  };
  const trip: Trip = {
    session: '',
    effect: { kind: 'touch', token: 't', ttlMs: 12 * HOUR },
    refusedStatus: 401,
    journal,
    realNowMs: T0,
  };
  const record = {
    token: 't',
    objectType: 'file',
    objectId: '1' as never,
    session: '',
    name: 'x',
    issuedAtMs: 0,
    lastUsedAtMs: null,
    uses: 0,
  } as const;
  const clocks = { sessions: [''], states: new Map() };
  expect(journaledStatus(trip, { kind: 'done', atMs: T0 })).toBe(200);
  expect(journaledStatus(trip, { kind: 'done', atMs: T0, touched: { kind: 'used', record } })).toBe(200);
  expect(journaledStatus(trip, { kind: 'done', atMs: T0, touched: { kind: 'inactive', record } })).toBe(401);
  expect(journaledStatus(trip, { kind: 'done', atMs: T0, touched: { kind: 'unknown' } })).toBe(401);
  expect(journaledStatus(trip, { kind: 'stale', clocks })).toBe(200);
});

test('View Tokens issued one after another each take one trip inserting a fresh token', async () => {
  const { core, trips } = aSharedCore();
  const tokens: unknown[] = [];
  for (let i = 0; i < 3; i += 1) tokens.push(dataOf(await handleServiceRequest(core, aRequest())));
  expect(trips.map((trip) => (trip.effect.kind === 'insert' ? trip.effect.record.token : undefined))).toEqual(tokens);
  expect(new Set(tokens).size).toBe(3);
});

test("a forwarding adapter (--proxy) never takes the trip: the upstream's answer is the answer, journaled step by step", async () => {
  const { core, trips } = aSharedCore();
  const upstream = {
    status: 200,
    headers: { 'X-Upstream': 'yes' },
    body: { code: 'success', data: 'from-upstream', message: '' },
  };
  expect(
    await handleServiceRequest(core, aRequest(), undefined, {
      forward: async () => ({ ...upstream, headers: { ...upstream.headers } }),
    }),
  ).toEqual({ kind: 'answer', answer: upstream, delayMs: 0 });
  expect(trips).toHaveLength(0);
  expect(await journalOf(core)).toEqual([['getViewToken', 200, null]]);
  expect(await core.store.count()).toBe(0);
});
