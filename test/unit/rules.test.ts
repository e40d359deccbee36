import type { ServiceRequest } from '../../mock/core/service-request';
import { SERVICE_STATUSES } from '../../mock/core/service-statuses';
import { createMemoryRuleStore, toRuleNumber } from '../../mock/core/scenarios/rule-store';
import { MAX_RULE_SESSIONS, MAX_RULES_PER_SESSION, createRules } from '../../mock/core/scenarios/rules';
import { checkRule } from '../../mock/core/scenarios/rule-check';

const OPERATIONS =
  'getChildFileViewTokenByGet, getChildFileViewToken, getViewToken, issueAccessToken, getViewerData, getFileElement, getFileFloors, getFileTree, getIntegrationFiles, getIntegrationFloors, getIntegrationTree, getIntegrationFileElement, getIntegrationElement, getDrawingIndex, getDrawingSheet, getModelGeometry';

const aRequest = (fields: Partial<ServiceRequest> = {}): ServiceRequest => ({
  operationId: 'getViewToken',
  method: 'GET',
  path: '/view/token',
  query: { fileId: '1' },
  pathParams: {},
  headers: { authorization: 'Bearer tester-7' },
  ...fields,
});

test.each<[string, unknown, string]>([
  ['null', null, 'a rule is a JSON object {when?, then, times?, after?}'],
  ['an array', [{ then: { code: 403 } }], 'a rule is a JSON object {when?, then, times?, after?}'],
  ['a string', 'forbidden', 'a rule is a JSON object {when?, then, times?, after?}'],
  [
    'a when that is a string',
    { when: 'always', then: { code: 403 } },
    '"when" must be an object {operation?, param?, equals?, accessToken?}',
  ],
  [
    'a null when',
    { when: null, then: { code: 403 } },
    '"when" must be an object {operation?, param?, equals?, accessToken?}',
  ],
  [
    'a when array',
    { when: [], then: { code: 403 } },
    '"when" must be an object {operation?, param?, equals?, accessToken?}',
  ],
  [
    'an unknown condition',
    { when: { colour: 'red' }, then: { code: 403 } },
    '"when.colour" is not a condition; use operation, param, equals, accessToken',
  ],
  [
    'a condition that is an object',
    { when: { param: { name: 'fileId' } }, then: { code: 403 } },
    '"when.param" must be a string',
  ],
  [
    'an operation that is a number',
    { when: { operation: 5 }, then: { code: 403 } },
    '"when.operation" must be a string',
  ],
  ['a param that is a number', { when: { param: 5 }, then: { code: 403 } }, '"when.param" must be a string'],
  [
    'an accessToken that is a number',
    { when: { accessToken: 5 }, then: { code: 403 } },
    '"when.accessToken" must be a string',
  ],
  ['equals without param', { when: { equals: '1' }, then: { code: 403 } }, '"when.equals" needs "when.param"'],
  ['no then', {}, '"then" must be an object with scenario, code, delay or fault'],
  ['a then that is a string', { then: 'forbidden' }, '"then" must be an object with scenario, code, delay or fault'],
  ['a null then', { then: null }, '"then" must be an object with scenario, code, delay or fault'],
  ['a then array', { then: ['code=403'] }, '"then" must be an object with scenario, code, delay or fault'],
  [
    'an unknown outcome',
    { then: { status: 403 } },
    '"then.status" is not an outcome; use code, scenario, delay, fault',
  ],
  ['an outcome that is a boolean', { then: { code: true } }, '"then.code" must be a string or a number'],
  ['an empty then', { then: {} }, '"then" needs one of scenario, code, delay, fault'],
  [
    'an unknown operation',
    { when: { operation: 'getViewTokn' }, then: { code: 403 } },
    `"when.operation" getViewTokn is not a service operation (did you mean getViewToken?); use ${OPERATIONS}`,
  ],
  [
    'a code no operation documents',
    { then: { code: 418 } },
    'code=418 is not a status this operation documents (operation any service operation); did you mean code=404?',
  ],
  [
    'a code its operation does not document',
    { when: { operation: 'getViewToken' }, then: { code: 201 } },
    'code=201 is not a status this operation documents (operation getViewToken); did you mean code=200?',
  ],
  ['times 0', { then: { code: 403 }, times: 0 }, '"times" 0 must be a positive integer (did you mean 1?)'],
  ['times -1', { then: { code: 403 }, times: -1 }, '"times" -1 must be a positive integer (did you mean 1?)'],
  ['times 1.5', { then: { code: 403 }, times: 1.5 }, '"times" 1.5 must be a positive integer (did you mean 2?)'],
  ['times as text', { then: { code: 403 }, times: '2' }, '"times" must be a positive integer'],
  ['after -1', { then: { code: 401 }, after: -1 }, '"after" -1 must be an integer from 0 (did you mean 0?)'],
  ['after 2.5', { then: { code: 401 }, after: 2.5 }, '"after" 2.5 must be an integer from 0 (did you mean 3?)'],
  ['after as text', { then: { code: 401 }, after: '3' }, '"after" must be an integer from 0'],
  [
    'after past 2^53',
    { then: { code: 401 }, after: 2 ** 53 },
    `"after" ${2 ** 53} must be an integer from 0 (did you mean ${2 ** 53}?)`,
  ],
])('a rule with %s is refused, saying what is wrong', (_label, input, detail) => {
  const checked = checkRule(input);
  expect({ kind: checked.kind, detail: 'detail' in checked ? checked.detail : undefined }).toEqual({
    kind: 'invalid',
    detail,
  });
});

test.each<[string, unknown, number[]]>([
  ['any service operation', { then: { code: 418 } }, [200, 400, 401, 403, 404, 500, 503, 201]],
  ['getViewToken', { when: { operation: 'getViewToken' }, then: { code: 201 } }, [200, 400, 401, 403, 404, 500, 503]],
])("a refused code lists the codes %s documents, and the other switches' values", (_operation, input, codes) => {
  expect(checkRule(input)).toMatchObject({
    kind: 'invalid',
    allowed: {
      code: codes,
      delay: ['0..60000'],
      fault: ['connection-reset', 'empty-response', 'malformed-json', 'random-data-then-close'],
    },
  });
});

test.each<[string, unknown, unknown]>([
  ['times 1 (used once)', { then: { code: 503 }, times: 1 }, { when: {}, then: { code: 503 }, remaining: 1 }],
  [
    'no times (never runs out)',
    { then: { scenario: 'forbidden' } },
    { when: {}, then: { scenario: 'forbidden' }, remaining: null },
  ],
  [
    'a code only one operation documents, without naming it',
    { then: { code: '201' } },
    { when: {}, then: { code: '201' }, remaining: null },
  ],
  [
    'every condition',
    {
      when: { operation: 'getViewToken', param: 'fileId', equals: 7, accessToken: 'a' },
      then: { delay: 5, fault: 'EMPTY_RESPONSE' },
      times: 3,
    },
    {
      when: { operation: 'getViewToken', param: 'fileId', equals: 7, accessToken: 'a' },
      then: { delay: 5, fault: 'EMPTY_RESPONSE' },
      remaining: 3,
    },
  ],
])('a rule with %s is kept as given', (_label, input, rule) => {
  expect(checkRule(input)).toEqual({ kind: 'ok', rule });
});

test('a rule is checked against the statuses handed over: a code the spec drops is refused', () => {
  const statuses = { ...SERVICE_STATUSES, getViewToken: [200, 401] };
  expect(checkRule({ when: { operation: 'getViewToken' }, then: { code: 403 } }, statuses)).toMatchObject({
    kind: 'invalid',
    detail: 'code=403 is not a status this operation documents (operation getViewToken); did you mean code=401?',
    allowed: { code: [200, 401] },
  });
  expect(checkRule({ when: { operation: 'getViewToken' }, then: { code: 401 } }, statuses)).toMatchObject({
    kind: 'ok',
  });
});

test(`a session holds at most ${MAX_RULES_PER_SESSION} rules: the next one is refused until one goes`, async () => {
  const rules = createRules();
  for (let i = 0; i < MAX_RULES_PER_SESSION; i += 1)
    expect((await rules.add({ then: { code: 503 } }, 'qa')).kind).toBe('added');
  const full = {
    kind: 'full',
    of: 'rules',
    detail: 'This session already has 1000 rules, the most it may hold; delete some (DELETE /__admin/scenarios) first.',
  };
  expect(await rules.add({ then: { code: 503 } }, 'qa')).toEqual(full);
  expect((await rules.add({ then: { code: 503 } }, 'other')).kind).toBe('added');
  expect(await rules.remove('r1')).toBe(true);
  expect((await rules.add({ then: { code: 503 } }, 'qa')).kind).toBe('added');
});

test(`at most ${MAX_RULE_SESSIONS} sessions hold rules: a new one is refused, one that holds rules may still add`, async () => {
  const rules = createRules();
  for (let i = 0; i < MAX_RULE_SESSIONS; i += 1) await rules.add({ then: { code: 503 } }, `s${i}`);
  expect(await rules.add({ then: { code: 503 } }, 'one-too-many')).toEqual({
    kind: 'full',
    of: 'sessions',
    detail:
      '1000 sessions hold rules already, the most the mock keeps; clear one (DELETE /__admin/scenarios with its X-Mock-Session) first.',
  });
  expect((await rules.add({ then: { code: 500 } }, 's0')).kind).toBe('added');
  expect(await rules.clear('s1')).toBe(1);
  expect((await rules.add({ then: { code: 503 } }, 'one-too-many')).kind).toBe('added');
});

test('an added rule gets the next id, its session, and its uses left', async () => {
  const rules = createRules();
  expect(await rules.add({ then: { code: 503 } }, '')).toEqual({
    kind: 'added',
    rule: { id: 'r1', session: '', when: {}, then: { code: 503 }, remaining: null },
  });
  expect(await rules.add({ when: { param: 'fileId' }, then: { code: 404 }, times: 2 }, 'qa')).toEqual({
    kind: 'added',
    rule: { id: 'r2', session: 'qa', when: { param: 'fileId' }, then: { code: 404 }, remaining: 2 },
  });
  expect(await rules.add({ then: {} }, '')).toEqual({
    kind: 'invalid',
    detail: '"then" needs one of scenario, code, delay, fault',
  });
});

test.each<[string, Record<string, unknown>, Partial<ServiceRequest>, boolean]>([
  ['its operation', { operation: 'getViewToken' }, {}, true],
  ['another operation', { operation: 'getChildFileViewToken' }, {}, false],
  ['its access token', { accessToken: 'tester-7' }, { headers: { authorization: 'BEARER   tester-7  ' } }, true],
  ['another access token', { accessToken: 'tester-7' }, { headers: { authorization: 'Bearer tester-8' } }, false],
  ['an access token, on a request without one', { accessToken: 'tester-7' }, { headers: {} }, false],
  [
    'an access token, on Basic credentials',
    { accessToken: 'tester-7' },
    { headers: { authorization: 'Basic tester-7' } },
    false,
  ],
  ['a parameter given', { param: 'fileId' }, {}, true],
  ['a parameter not given', { param: 'sceneId' }, {}, false],
  ['a parameter given twice', { param: 'fileId' }, { query: { fileId: ['1', '2'] } }, false],
  [
    "a parameter's int64 value, written otherwise",
    { param: 'fileId', equals: 1 },
    { query: { fileId: '+0001' } },
    true,
  ],
  ["a parameter's other value", { param: 'fileId', equals: '2' }, {}, false],
  [
    "a parameter's text value",
    { param: 'viewToken', equals: 'abc' },
    { operationId: 'getViewerData', query: { viewToken: 'abc' } },
    true,
  ],
  [
    "a parameter's text value in another case",
    { param: 'viewToken', equals: 'ABC' },
    { operationId: 'getViewerData', query: { viewToken: 'abc' } },
    false,
  ],
  [
    'an int64 value against text',
    { param: 'viewToken', equals: '1' },
    { operationId: 'getViewerData', query: { viewToken: 'x1' } },
    false,
  ],
  [
    'a path parameter',
    { param: 'fileId', equals: '3' },
    { operationId: 'getChildFileViewToken', query: { fileId: '9' }, pathParams: { integrateId: '2', fileId: '3' } },
    true,
  ],
])('a rule on %s applies: %s', async (_label, when, request, applies) => {
  const rules = createRules();
  await rules.add({ when, then: { code: 500 } }, '');
  const taken = await rules.take(aRequest(request), '', [200, 500]);
  expect(taken === undefined ? undefined : taken.plan).toEqual(
    applies ? { scenario: 'server-error', delayMs: 0, applied: ['code=500'] } : undefined,
  );
});

test('a rule whose outcome the operation does not document is passed over for the next one that fits', async () => {
  const rules = createRules();
  await rules.add({ then: { code: 403 }, times: 1 }, '');
  await rules.add({ then: { code: 500 }, times: 1 }, '');
  expect(
    await rules.take(
      aRequest({ operationId: 'getViewerData', query: { viewToken: 'x' } }),
      '',
      SERVICE_STATUSES.getViewerData,
    ),
  ).toEqual({
    rule: { id: 'r2', session: '', when: {}, then: { code: 500 }, remaining: 0 },
    plan: { scenario: 'server-error', delayMs: 0, applied: ['code=500'] },
  });
  expect((await rules.list()).map((rule) => rule.id)).toEqual(['r1']);
});

test('a rule with times: 1 is used once and gone; one without times stays for every request', async () => {
  const rules = createRules();
  await rules.add({ then: { code: 404 }, times: 1 }, '');
  await rules.add({ then: { code: 500 } }, '');
  const codes: (string | undefined)[] = [];
  for (let i = 0; i < 3; i += 1)
    codes.push((await rules.take(aRequest(), '', SERVICE_STATUSES.getViewToken))?.plan.applied.join());
  expect(codes).toEqual(['code=404', 'code=500', 'code=500']);
  expect(await rules.list()).toEqual([{ id: 'r2', session: '', when: {}, then: { code: 500 }, remaining: null }]);
});

test('take with the version a store step already read asks the store neither for the version nor, while it is unchanged, for the rules', async () => {
  const store = createMemoryRuleStore();
  const asked = { version: 0, list: 0 };
  const counting = {
    ...store,
    version: (session: string) => {
      asked.version += 1;
      return store.version(session);
    },
    list: (session?: string) => {
      asked.list += 1;
      return store.list(session);
    },
  };
  const rules = createRules(SERVICE_STATUSES, counting);
  await rules.add({ then: { code: 503 } }, '');
  const version = await store.version('');
  expect(await rules.take(aRequest(), '', SERVICE_STATUSES.getViewToken, version)).toEqual({
    rule: (await store.list(''))[0],
    plan: { scenario: 'unavailable', delayMs: 0, applied: ['code=503'] },
  });
  expect(await rules.take(aRequest(), '', SERVICE_STATUSES.getViewToken, version)).toMatchObject({
    plan: { applied: ['code=503'] },
  });
  expect(asked).toEqual({ version: 0, list: 1 });
  await rules.clear('');
  expect(await rules.take(aRequest(), '', SERVICE_STATUSES.getViewToken)).toBeUndefined();
  expect(asked.version).toBe(1);
});

test('the configured rules go into the global session once, skipping any that fail their check, and again after everything is cleared', async () => {
  const rules = createRules();
  // 418 is no status any operation documents: the check skips it (the config's check would have refused it).
  const configured = [
    { then: { code: 503 } },
    { then: { code: 418 } },
    { when: { param: 'fileId', equals: '2' }, then: { scenario: 'not-found' }, times: 2 },
  ] as never[];
  await rules.seed(configured);
  await rules.seed(configured);
  expect(await rules.list()).toEqual([
    { id: 'r1', session: '', when: {}, then: { code: 503 }, remaining: null },
    { id: 'r2', session: '', when: { param: 'fileId', equals: '2' }, then: { scenario: 'not-found' }, remaining: 2 },
  ]);
  expect(await rules.clear('')).toBe(2);
  await rules.seed(configured);
  expect(await rules.list()).toEqual([]);
  await rules.add({ then: { code: 500 } }, 'qa');
  expect(await rules.clear()).toBe(1);
  await rules.seed(configured);
  expect((await rules.list()).map((rule) => rule.id)).toEqual(['r4', 'r5']);
});

test('the memory rule store: ids in creation order, per-session lists and tallies, uses counted down, restore in id order', async () => {
  const store = createMemoryRuleStore();
  const a = await store.add({ session: 'a', when: {}, then: { code: 503 }, remaining: 2 });
  await store.add({ session: 'b', when: {}, then: { code: 500 }, remaining: null });
  await store.add({ session: 'a', when: {}, then: { code: 404 }, remaining: 1 });
  expect(a.id).toBe('r1');
  expect(await store.tally('a')).toEqual({ inSession: 2, sessions: 2 });
  expect(await store.tally('c')).toEqual({ inSession: 0, sessions: 2 });
  expect((await store.list('a')).map((rule) => rule.id)).toEqual(['r1', 'r3']);
  expect(await store.use('r1')).toMatchObject({ rule: { id: 'r1', remaining: 1 }, passed: false });
  expect(await store.use('r1')).toMatchObject({ rule: { id: 'r1', remaining: 0 }, passed: false });
  expect(await store.use('r1')).toBeUndefined();
  expect(await store.use('r2')).toMatchObject({ rule: { id: 'r2', remaining: null }, passed: false });
  expect(await store.use('r2')).toMatchObject({ rule: { id: 'r2', remaining: null }, passed: false });
  expect(await store.remove('r3')).toBe(true);
  expect(await store.remove('r3')).toBe(false);
  await store.restore([
    { id: 'r10', session: '', when: {}, then: { code: 503 }, remaining: null },
    { id: 'r7', session: 'x', when: {}, then: { code: 500 }, remaining: 1 },
  ]);
  expect((await store.list()).map((rule) => rule.id)).toEqual(['r7', 'r10']);
  expect((await store.add({ session: '', when: {}, then: { code: 404 }, remaining: null })).id).toBe('r11');
  await store.seed([{ session: '', when: {}, then: { code: 401 }, remaining: null }]);
  expect(await store.list()).toHaveLength(3);
});

test('a listed rule is a copy: changing it changes nothing in the store', async () => {
  const store = createMemoryRuleStore();
  await store.add({ session: '', when: {}, then: { code: 503 }, remaining: 2 });
  const [listed] = await store.list();
  if (listed) listed.remaining = 99;
  expect((await store.list())[0]?.remaining).toBe(2);
});

test.each([
  ['r12', 12],
  ['r0', 0],
  ['rx', 0],
  ['r', 0],
  ['', 0],
])('rule id %j has number %i', (id, number) => {
  expect(toRuleNumber(id)).toBe(number);
});

test("a rule's equals must be text or a number", () => {
  expect(checkRule({ when: { param: 'fileId', equals: { value: 1 } }, then: { code: 403 } })).toEqual({
    kind: 'invalid',
    detail: '"when.equals" must be a string or an integer',
  });
});

test('a rule on an access token needs Bearer as the whole first word', async () => {
  const rules = createRules();
  await rules.add({ when: { accessToken: 'tester-7' }, then: { code: 500 } }, '');
  expect(
    await rules.take(aRequest({ headers: { authorization: 'xBearer tester-7' } }), '', [200, 500]),
  ).toBeUndefined();
});

test('removing a rule keeps every other rule', async () => {
  const store = createMemoryRuleStore();
  for (const code of [503, 500, 404] as const)
    await store.add({ session: '', when: {}, then: { code }, remaining: null });
  expect(await store.remove('r2')).toBe(true);
  expect((await store.list()).map((rule) => rule.id)).toEqual(['r1', 'r3']);
});

const ALL_PARAMETERS = [
  'clashDetectiveId',
  'compareId',
  'databagId',
  'elementId',
  'fileId',
  'includeArea',
  'includeDrawingSheet',
  'includeOverrides',
  'includeRoom',
  'integrateId',
  'moduleDataId',
  'objectId',
  'sceneId',
  'sheetId',
  'submodelId',
  'treeType',
  'v',
  'viewToken',
  'view_token',
];
const ID_PARAMETERS = [
  'compareId',
  'fileId',
  'integrateId',
  'sceneId',
  'submodelId',
  'clashDetectiveId',
  'moduleDataId',
];
const OPERATION_IDS = OPERATIONS.split(', ');

test.each<[string, unknown, unknown]>([
  [
    'a key that is no part of a rule',
    { colour: 1, then: { code: 403 } },
    {
      detail: '"colour" is not part of a rule; use when, then, times, after',
      allowed: { rule: ['when', 'then', 'times', 'after'] },
    },
  ],
  [
    'a misspelt then',
    { thne: { code: 403 } },
    {
      detail: '"thne" is not part of a rule (did you mean then?); use when, then, times, after',
      allowed: { rule: ['when', 'then', 'times', 'after'] },
      nearest: { rule: 'then' },
    },
  ],
  [
    'a misspelt condition',
    { when: { oparation: 'getViewToken' }, then: { code: 403 } },
    {
      detail:
        '"when.oparation" is not a condition (did you mean operation?); use operation, param, equals, accessToken',
      allowed: { when: ['operation', 'param', 'equals', 'accessToken'] },
      nearest: { when: 'operation' },
    },
  ],
  [
    'a misspelt outcome',
    { then: { cod: 403 } },
    {
      detail: '"then.cod" is not an outcome (did you mean code?); use code, scenario, delay, fault',
      allowed: { then: ['code', 'scenario', 'delay', 'fault'] },
      nearest: { then: 'code' },
    },
  ],
  [
    'an operation nothing is near',
    { when: { operation: 'xyzzy' }, then: { code: 403 } },
    {
      detail: `"when.operation" xyzzy is not a service operation; use ${OPERATIONS}`,
      allowed: { operation: OPERATION_IDS },
    },
  ],
  [
    'a misspelt operation',
    { when: { operation: 'getViewTokn' }, then: { code: 403 } },
    {
      detail: `"when.operation" getViewTokn is not a service operation (did you mean getViewToken?); use ${OPERATIONS}`,
      allowed: { operation: OPERATION_IDS },
      nearest: { operation: 'getViewToken' },
    },
  ],
  [
    'a param no operation has',
    { when: { param: 'nothing' }, then: { code: 403 } },
    {
      detail: `"when.param" nothing: no service operation has it; use ${ALL_PARAMETERS.join(', ')}`,
      allowed: { param: ALL_PARAMETERS },
    },
  ],
  [
    'a misspelt param',
    { when: { param: 'fileid' }, then: { code: 403 } },
    {
      detail: `"when.param" fileid: no service operation has it (did you mean fileId?); use ${ALL_PARAMETERS.join(', ')}`,
      allowed: { param: ALL_PARAMETERS },
      nearest: { param: 'fileId' },
    },
  ],
  [
    'a param of another operation',
    { when: { operation: 'getViewToken', param: 'viewToken' }, then: { code: 403 } },
    {
      detail: `"when.param" viewToken: getViewToken does not have it; use ${ID_PARAMETERS.join(', ')}`,
      allowed: { param: ID_PARAMETERS },
    },
  ],
  [
    'a param for an operation with none',
    { when: { operation: 'issueAccessToken', param: 'fileId' }, then: { code: 403 } },
    { detail: '"when.param" fileId: issueAccessToken does not have it; use none', allowed: { param: [] } },
  ],
  [
    'after 0.4',
    { then: { code: 401 }, after: 0.4 },
    {
      detail: '"after" 0.4 must be an integer from 0 (did you mean 0?)',
      allowed: { after: ['0..'] },
      nearest: { after: 0 },
    },
  ],
  [
    'times 0.4',
    { then: { code: 403 }, times: 0.4 },
    {
      detail: '"times" 0.4 must be a positive integer (did you mean 1?)',
      allowed: { times: ['1..'] },
      nearest: { times: 1 },
    },
  ],
  [
    'times 2.4',
    { then: { code: 403 }, times: 2.4 },
    {
      detail: '"times" 2.4 must be a positive integer (did you mean 2?)',
      allowed: { times: ['1..'] },
      nearest: { times: 2 },
    },
  ],
  [
    'times NaN',
    { then: { code: 403 }, times: Number.NaN },
    {
      detail: '"times" NaN must be a positive integer (did you mean 1?)',
      allowed: { times: ['1..'] },
      nearest: { times: 1 },
    },
  ],
  [
    'times Infinity',
    { then: { code: 403 }, times: Number.POSITIVE_INFINITY },
    {
      detail: '"times" Infinity must be a positive integer (did you mean 1?)',
      allowed: { times: ['1..'] },
      nearest: { times: 1 },
    },
  ],
])(
  'a rule with %s is unprocessable: the whole refusal names what is allowed and the nearest',
  (_label, input, refusal) => {
    expect(checkRule(input)).toEqual({ kind: 'invalid', unprocessable: true, ...(refusal as object) });
  },
);

test.each<[string, unknown, unknown]>([
  [
    'equals a negative integer',
    { when: { param: 'fileId', equals: -7 }, then: { code: 403 } },
    { kind: 'ok', rule: { when: { param: 'fileId', equals: -7 }, then: { code: 403 }, remaining: null } },
  ],
  [
    'equals the largest safe integer',
    { when: { param: 'fileId', equals: Number.MAX_SAFE_INTEGER }, then: { code: 403 } },
    {
      kind: 'ok',
      rule: { when: { param: 'fileId', equals: Number.MAX_SAFE_INTEGER }, then: { code: 403 }, remaining: null },
    },
  ],
  [
    'equals one past it (2^53, not exact)',
    { when: { param: 'fileId', equals: 2 ** 53 }, then: { code: 403 } },
    { kind: 'invalid', detail: '"when.equals" must be a string or an integer' },
  ],
  [
    'equals 1.5',
    { when: { param: 'fileId', equals: 1.5 }, then: { code: 403 } },
    { kind: 'invalid', detail: '"when.equals" must be a string or an integer' },
  ],
  [
    'a param given as a number',
    { when: { param: 7 }, then: { code: 403 } },
    { kind: 'invalid', detail: '"when.param" must be a string' },
  ],
  [
    'a path parameter of its operation',
    { when: { operation: 'getChildFileViewToken', param: 'integrateId', equals: '10' }, then: { code: 403 } },
    {
      kind: 'ok',
      rule: {
        when: { operation: 'getChildFileViewToken', param: 'integrateId', equals: '10' },
        then: { code: 403 },
        remaining: null,
      },
    },
  ],
  [
    'its param and operation',
    { when: { operation: 'getViewerData', param: 'viewToken', equals: 'abc' }, then: { code: 401 }, times: 2 },
    {
      kind: 'ok',
      rule: {
        when: { operation: 'getViewerData', param: 'viewToken', equals: 'abc' },
        then: { code: 401 },
        remaining: 2,
      },
    },
  ],
])('a rule with %s: the whole outcome of its check', (_label, input, outcome) => {
  expect(checkRule(input)).toEqual(outcome);
});

test(`the indexes of at most ${MAX_RULE_SESSIONS} sessions are kept: a take in one more session drops them all, and each is read again once`, async () => {
  const store = createMemoryRuleStore();
  const listed: string[] = [];
  const counting = {
    ...store,
    list: (session?: string) => {
      listed.push(session ?? '*');
      return store.list(session);
    },
  };
  const rules = createRules(SERVICE_STATUSES, counting);
  const take = (session: string) => rules.take(aRequest(), session, SERVICE_STATUSES.getViewToken);
  const sessions = Array.from({ length: MAX_RULE_SESSIONS }, (_unused, i) => `s${i}`);
  for (const session of sessions) await rules.add({ then: { code: 503 } }, session);
  for (const session of sessions) await take(session);
  // All kept: a second take in any of them reads nothing again.
  await take('s0');
  await take('s999');
  expect(listed).toEqual(sessions);
  // s0's rules go (its index is still kept), a new session takes its place, and takes: every index is dropped.
  await rules.clear('s0');
  await rules.add({ then: { code: 503 } }, 'new');
  listed.length = 0;
  await take('new');
  await take('s1');
  await take('s1');
  await take('new');
  expect(listed).toEqual(['new', 's1']);
});

test('"after": N lets the first N matching calls through (no rule answers them), then the rule answers, its times counted from there', async () => {
  const rules = createRules();
  const added = await rules.add({ when: { operation: 'getViewToken' }, then: { code: 401 }, after: 3, times: 2 }, '');
  expect(added).toEqual({
    kind: 'added',
    rule: { id: 'r1', session: '', when: { operation: 'getViewToken' }, then: { code: 401 }, remaining: 2, after: 3 },
  });
  const outcomes = [];
  for (let call = 1; call <= 7; call += 1) {
    const taken = await rules.take(aRequest(), '', SERVICE_STATUSES.getViewToken);
    outcomes.push(
      taken === undefined
        ? 'real'
        : `${taken.plan.applied.join()} (after ${taken.rule.after}, ${taken.rule.remaining} left)`,
    );
  }
  expect(outcomes).toEqual([
    'real',
    'real',
    'real',
    'code=401 (after 0, 1 left)',
    'code=401 (after 0, 0 left)',
    'real',
    'real',
  ]);
  // Its two answers given, the rule is gone.
  expect(await rules.list()).toEqual([]);
});

test('a call let through by an "after" rule meets the rules after it; "after" without "times" answers for good', async () => {
  const rules = createRules();
  await rules.add({ then: { code: 401 }, after: 1 }, '');
  await rules.add({ then: { delay: 10 } }, '');
  await rules.add({ when: { operation: 'getViewerData' }, then: { code: 500 }, after: 0, times: 1 }, '');
  const taken = async (request: ServiceRequest, statuses: readonly number[]) =>
    (await rules.take(request, '', statuses))?.plan.applied.join();
  expect(await taken(aRequest(), SERVICE_STATUSES.getViewToken)).toBe('delay=10');
  expect(await taken(aRequest(), SERVICE_STATUSES.getViewToken)).toBe('code=401');
  expect(await taken(aRequest(), SERVICE_STATUSES.getViewToken)).toBe('code=401');
  // The viewer's call is matched by the first rule too (a 401 it documents), and "after": 0 lets nothing through.
  const use = aRequest({ operationId: 'getViewerData', query: { viewToken: 'x' }, headers: {} });
  expect(await taken(use, SERVICE_STATUSES.getViewerData)).toBe('code=401');
  expect((await rules.list()).map((rule) => [rule.id, rule.after, rule.remaining])).toEqual([
    ['r1', 0, null],
    ['r2', undefined, null],
    ['r3', 0, 1],
  ]);
});
