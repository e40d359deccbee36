import type { Catalog } from '../../mock/core/catalog-directory';
import { CATALOG_LIST_OF, createCatalogDirectory } from '../../mock/core/catalog-directory';
import { notifyingCalls } from '../../mock/core/change-notice';
import { createMemoryClockStore, createSessionClocks } from '../../mock/core/session-clocks';
import type { CoreOptions } from '../../mock/core/create-core';
import { EXPIRED_RETENTION_MS, createCore } from '../../mock/core/create-core';
import { handleServiceRequest } from '../../mock/core/handle-service-request';
import type { Int64 } from '../../mock/core/int64';
import { createSeededRandom } from '../../mock/core/random-source';
import type { ServiceRequest } from '../../mock/core/service-request';
import { isServiceOperation } from '../../mock/core/routing/route-table';
import { SERVICE_STATUSES, toServiceStatuses } from '../../mock/core/service-statuses';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const HOUR = 3_600_000;
const id = (value: string): Int64 => value as Int64;
const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

function aCore(options: Partial<CoreOptions> = {}) {
  return createCore({
    clocks: createSessionClocks(createMemoryClockStore(), () => T0),
    random: createSeededRandom(1),
    store: createMemoryTokenStore(),
    timeZone: 'UTC',
    ...options,
  });
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

test('every journaled request is also handed to onRequest, dated, without its number', async () => {
  const seen: unknown[] = [];
  const core = aCore({ onRequest: (entry) => seen.push(entry) });
  await handleServiceRequest(core, aRequest());
  expect(seen).toEqual([
    {
      at: '2026-01-01T00:00:00.000Z',
      method: 'GET',
      path: '/view/token',
      query: { fileId: '1' },
      session: '',
      operationId: 'getViewToken',
      hasAuthorization: true,
      status: 200,
      outcome: null,
    },
  ]);
  expect(await core.journal.list({})).toHaveLength(1);
});

test('onChange hears of rules and Access Tokens that changed, and of nothing else', async () => {
  let changes = 0;
  const core = aCore({
    applications: [{ appKey: 'app', appSecret: 's' }],
    onChange: () => {
      changes += 1;
    },
  });
  await core.ready;
  const after = async (step: () => Promise<unknown>): Promise<number> => {
    const before = changes;
    await step();
    return changes - before;
  };
  expect(await after(() => core.rules.add({ then: { code: 503 }, times: 1 }, 'qa'))).toBe(1);
  expect(await after(() => handleServiceRequest(core, aRequest()))).toBe(0);
  expect(
    await after(() =>
      handleServiceRequest(core, aRequest({ headers: { authorization: 'Bearer t', 'x-mock-session': 'qa' } })),
    ),
  ).toBe(1);
  expect(await after(() => core.accessTokens.grant(basic('app:wrong'), T0))).toBe(0);
  expect(await after(() => core.accessTokens.grant(basic('app:s'), T0))).toBe(1);
  expect(await after(() => core.accessTokens.authenticate('Bearer x', T0))).toBe(0);
  expect(await after(() => core.rules.list())).toBe(0);
  expect(await after(() => core.rules.remove('r9'))).toBe(1);
  expect(await after(() => core.accessTokens.clear())).toBe(1);
  expect(await after(() => core.rules.clear('qa'))).toBe(1);
});

test('the configured rules are in place once ready, and again after a reset, which forgets everything else and puts the clock back', async () => {
  const core = aCore({
    rules: [{ when: { param: 'fileId', equals: '9' }, then: { code: 404 } }],
    applications: [{ appKey: 'app', appSecret: 's' }],
  });
  await core.ready;
  expect(await core.rules.list()).toEqual([
    { id: 'r1', session: '', when: { param: 'fileId', equals: '9' }, then: { code: 404 }, remaining: null },
  ]);
  await core.rules.add({ then: { code: 500 } }, 'qa');
  await handleServiceRequest(core, aRequest());
  await core.accessTokens.grant(basic('app:s'), T0);
  await core.clocks.change('', { kind: 'set', atMs: T0 + 5 * HOUR, frozen: true });
  await core.reset();
  expect((await core.rules.list()).map((rule) => [rule.session, rule.then])).toEqual([['', { code: 404 }]]);
  expect(await core.store.count()).toBe(0);
  expect(await core.accessTokens.records()).toEqual([]);
  expect(await core.journal.list({})).toEqual([]);
  expect((await core.clocks.view('')).nowMs).toBe(T0);
});

test('an expired View Token is reclaimed only once it has been expired for 24 hours', async () => {
  const core = aCore();
  await handleServiceRequest(core, aRequest());
  expect(EXPIRED_RETENTION_MS).toBe(24 * HOUR);
  await core.clocks.change('', { kind: 'set', atMs: T0 + 12 * HOUR + 24 * HOUR, frozen: true });
  expect(await core.reclaimExpired()).toBe(0);
  expect(await core.store.count()).toBe(1);
  await core.clocks.change('', { kind: 'set', atMs: T0 + 12 * HOUR + 24 * HOUR + 1, frozen: true });
  expect(await core.reclaimExpired()).toBe(1);
  expect(await core.store.count()).toBe(0);
});

test("a core's defaults: 12 h View Tokens, the open world, the built-in statuses, a journal of 1,000, no one-trip store", async () => {
  const core = aCore();
  expect(core.viewTokens.ttlMs).toBe(12 * HOUR);
  expect(core.statuses).toBe(SERVICE_STATUSES);
  expect(core.directory.find('file', id('5'), null)).toEqual({
    kind: 'found',
    object: { type: 'file', id: '5', name: 'model-5.rvt', extension: 'rvt', owner: null },
  });
  expect(core.journal.capacity).toBe(1_000);
  expect(core).not.toHaveProperty('oneTrip');
  expect(core.platformTime(T0)).toBe('2026-01-01 00:00:00');
  const sized = aCore({ journalSize: 2, ttlMs: 1_000, timeZone: 'Asia/Shanghai' });
  expect(sized.journal.capacity).toBe(2);
  expect(sized.viewTokens.ttlMs).toBe(1_000);
  expect(sized.platformTime(T0)).toBe('2026-01-01 08:00:00');
});

test("without a time zone the core writes expireTime in the runtime's own zone", () => {
  const { timeZone: _utc, ...options } = {
    clocks: createSessionClocks(createMemoryClockStore(), () => T0),
    random: createSeededRandom(1),
    store: createMemoryTokenStore(),
    timeZone: 'UTC',
  };
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(T0)
    .replace(', ', ' ');
  expect(createCore(options).platformTime(T0)).toBe(local);
});

const CATALOG: Catalog = {
  files: [
    { id: id('1'), name: 'Tower.rvt', owner: 'app-a', extension: 'rvt' },
    { id: id('2'), name: 'Plan.dwg', owner: 'app-a', extension: 'dwg' },
    { id: id('3'), name: 'Other.rvt', owner: 'app-b' },
  ],
  integrations: [{ id: id('10'), name: 'Site', owner: 'app-a', fileIds: [id('1')] }],
  comparisons: [{ id: id('20'), name: 'v1 vs v2', owner: 'app-a', baseFileId: id('1'), targetFileId: id('2') }],
  scenes: [{ id: id('30'), name: 'Scene', owner: 'app-b' }],
  submodels: [{ id: id('40'), name: 'Sub', owner: 'app-a' }],
  clashDetections: [{ id: id('50'), name: 'Clash', owner: 'app-a' }],
  moduleData: [{ id: id('60'), name: 'Data', owner: 'app-a' }],
};

test.each<[string, Parameters<ReturnType<typeof createCatalogDirectory>['find']>, unknown]>([
  [
    'its own file',
    ['file', id('1'), 'app-a'],
    { kind: 'found', object: { type: 'file', id: '1', name: 'Tower.rvt', owner: 'app-a', extension: 'rvt' } },
  ],
  [
    'a file without an extension',
    ['file', id('3'), 'app-b'],
    { kind: 'found', object: { type: 'file', id: '3', name: 'Other.rvt', owner: 'app-b' } },
  ],
  ["another application's file", ['file', id('3'), 'app-a'], { kind: 'forbidden' }],
  [
    'any file, for a caller of no application (open access tokens)',
    ['file', id('3'), null],
    { kind: 'found', object: { type: 'file', id: '3', name: 'Other.rvt', owner: 'app-b' } },
  ],
  ['an unlisted file', ['file', id('4'), 'app-a'], { kind: 'missing' }],
  ["an integration's id asked as a file", ['file', id('10'), 'app-a'], { kind: 'missing' }],
  [
    'an integration',
    ['integration', id('10'), 'app-a'],
    { kind: 'found', object: { type: 'integration', id: '10', name: 'Site', owner: 'app-a' } },
  ],
  [
    'a comparison',
    ['comparison', id('20'), 'app-a'],
    { kind: 'found', object: { type: 'comparison', id: '20', name: 'v1 vs v2', owner: 'app-a' } },
  ],
  ["another application's scene", ['scene', id('30'), 'app-a'], { kind: 'forbidden' }],
  [
    'a sub-model',
    ['submodel', id('40'), 'app-a'],
    { kind: 'found', object: { type: 'submodel', id: '40', name: 'Sub', owner: 'app-a' } },
  ],
  [
    'a clash detection',
    ['clashDetection', id('50'), 'app-a'],
    { kind: 'found', object: { type: 'clashDetection', id: '50', name: 'Clash', owner: 'app-a' } },
  ],
  [
    'component data',
    ['moduleData', id('60'), 'app-a'],
    { kind: 'found', object: { type: 'moduleData', id: '60', name: 'Data', owner: 'app-a' } },
  ],
])('a catalog finds %s', (_label, [type, objectId, caller], lookup) => {
  expect(createCatalogDirectory(CATALOG).find(type, objectId, caller)).toStrictEqual(lookup);
});

test("a catalog's child file must be listed in its integration", () => {
  const directory = createCatalogDirectory(CATALOG);
  expect(directory.isChild(id('10'), id('1'))).toBe(true);
  expect(directory.isChild(id('10'), id('2'))).toBe(false);
  expect(directory.isChild(id('11'), id('1'))).toBe(false);
  expect(CATALOG_LIST_OF).toStrictEqual({
    file: 'files',
    integration: 'integrations',
    comparison: 'comparisons',
    scene: 'scenes',
    submodel: 'submodels',
    clashDetection: 'clashDetections',
    moduleData: 'moduleData',
  });
});

test("through the service, a catalog answers 403 for another application's object and 404 for a file outside its integration", async () => {
  const core = aCore({
    directory: createCatalogDirectory(CATALOG),
    applications: [{ appKey: 'app-a', appSecret: 's', accessTokens: ['token-a'] }],
  });
  const ask = (request: Partial<ServiceRequest>) =>
    handleServiceRequest(core, aRequest({ headers: { authorization: 'Bearer token-a' }, ...request }));
  expect(await ask({ query: { fileId: '3' } })).toMatchObject({
    answer: { status: 403, body: { code: 'permission.denied' } },
  });
  expect(await ask({ query: { fileId: '2' } })).toMatchObject({ answer: { status: 200 } });
  const child = (integrateId: string, fileId: string) =>
    ask({ operationId: 'getChildFileViewToken', method: 'POST', query: {}, pathParams: { integrateId, fileId } });
  expect(await child('10', '1')).toMatchObject({ answer: { status: 200 } });
  expect(await child('10', '2')).toMatchObject({
    answer: { status: 404, body: { code: 'file.not.found', data: null, message: 'File was not found.' } },
  });
  expect(await child('11', '1')).toMatchObject({ answer: { status: 404, body: { code: 'integration.not.found' } } });
  expect(await child('10', '3')).toMatchObject({ answer: { status: 403 } });
  expect(
    (await core.store.list({})).map((record) => [record.objectType, record.objectId, record.name, record.extension]),
  ).toEqual([
    ['childFile', '1', 'Tower.rvt', 'rvt'],
    ['file', '2', 'Plan.dwg', 'dwg'],
  ]);
});

test('a notifying wrapper calls onChange after each listed method that changed something, after its promise settles', async () => {
  const calls: string[] = [];
  let count = 0;
  const target = {
    bump(by: number) {
      count += by;
      calls.push(`bump ${by}`);
      return count;
    },
    async save(ok: boolean) {
      calls.push('save');
      return ok;
    },
    read() {
      calls.push('read');
      return count;
    },
  };
  const wrapped = notifyingCalls(
    target,
    ['bump', 'save'],
    () => calls.push('changed'),
    (method, result) => method !== 'save' || result === true,
  );
  expect(wrapped.bump(2)).toBe(2);
  expect(await wrapped.save(true)).toBe(true);
  expect(await wrapped.save(false)).toBe(false);
  expect(wrapped.read()).toBe(2);
  expect(calls).toEqual(['bump 2', 'changed', 'save', 'changed', 'save', 'read']);
  const always = notifyingCalls(target, ['read'], () => calls.push('every call'));
  always.read();
  expect(calls.slice(-2)).toEqual(['read', 'every call']);
});

test("the statuses of a spec's service operations replace the built-in ones; other operations are ignored, missing ones kept", () => {
  const statuses = toServiceStatuses([
    { operationId: 'getViewToken', statuses: [200, 401] },
    { operationId: 'getHealth', statuses: [200] },
  ]);
  expect(statuses).toStrictEqual({ ...SERVICE_STATUSES, getViewToken: [200, 401] });
  expect(SERVICE_STATUSES.getViewToken).toEqual([200, 400, 401, 403, 404, 422, 500, 503]);
  expect(isServiceOperation('getViewerData')).toBe(true);
  expect(isServiceOperation('toString')).toBe(false);
});

test("a reset of one session forgets its View Tokens, rules, requests and clock, and nothing of other sessions; the deployment's reset puts the configured rules back", async () => {
  const core = aCore({ rules: [{ when: { param: 'fileId', equals: '9' }, then: { code: 404 } }] });
  await core.ready;
  const inSession = (session: string) =>
    aRequest({ headers: { authorization: 'Bearer t', 'x-mock-session': session } });
  for (const session of ['qa', 'other', '']) {
    await core.rules.add({ when: { param: 'fileId', equals: '7' }, then: { code: 500 } }, session);
    await handleServiceRequest(core, inSession(session));
    await core.clocks.change(session, { kind: 'advance', byMs: HOUR });
  }
  // Each clock is an hour on: qa's and other's their own, the deployment's (which qa follows once reset).
  await core.reset('qa');
  expect((await core.store.list({})).map((record) => record.session).sort()).toEqual(['', 'other']);
  expect((await core.rules.list()).map((rule) => [rule.id, rule.session])).toEqual([
    ['r1', ''],
    ['r3', 'other'],
    ['r4', ''],
  ]);
  expect((await core.journal.list({})).map((entry) => entry.session)).toEqual(['', 'other']);
  expect([
    (await core.clocks.view('qa')).ownClock,
    (await core.clocks.view('qa')).nowMs,
    (await core.clocks.view('other')).ownClock,
  ]).toEqual([false, T0 + HOUR, true]);

  await core.reset('');
  expect((await core.store.list({})).map((record) => record.session)).toEqual(['other']);
  expect((await core.rules.list()).map((rule) => [rule.id, rule.session, rule.then])).toEqual([
    ['r3', 'other', { code: 500 }],
    ['r5', '', { code: 404 }],
  ]);
  expect((await core.journal.list({})).map((entry) => entry.session)).toEqual(['other']);
  expect([(await core.clocks.view('')).nowMs, (await core.clocks.view('other')).nowMs]).toEqual([T0, T0 + HOUR]);
});
