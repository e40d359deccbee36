import type { NewRule, RuleStore } from '../../mock/core/scenarios/rule-store';
import { createMemoryRuleStore } from '../../mock/core/scenarios/rule-store';
import { createRedisRuleStore } from '../../mock/stores/redis-rule-store';
import { useTestRedis } from '../support/redis-server';

const testRedis = useTestRedis();

const aRule = (fields: Partial<NewRule> = {}): NewRule => ({
  session: '',
  when: {},
  then: { code: '503' },
  remaining: null,
  ...fields,
});

describe.each([
  ['memory', (): RuleStore => createMemoryRuleStore()],
  ['redis', (): RuleStore => createRedisRuleStore({ redis: testRedis.client(), prefix: testRedis.prefix() })],
])('the %s rule store', (_name, create) => {
  test('names rules r1, r2, … and lists them in creation order, per session or all', async () => {
    const store = create();
    const first = await store.add(
      aRule({ when: { param: 'fileId', equals: '9223372036854775807' }, then: { scenario: 'forbidden' } }),
    );
    await store.add(aRule({ session: 'qa' }));
    const third = await store.add(aRule({ remaining: 2 }));
    expect(first).toEqual({
      id: 'r1',
      ...aRule({ when: { param: 'fileId', equals: '9223372036854775807' }, then: { scenario: 'forbidden' } }),
    });
    expect((await store.list()).map((rule) => rule.id)).toEqual(['r1', 'r2', 'r3']);
    expect(await store.list('')).toEqual([first, third]);
    expect((await store.list('qa')).map((rule) => rule.session)).toEqual(['qa']);
  });

  test('addAll stores rules in order under the next ids, as add does, and lists them with the others', async () => {
    const store = create();
    const before = await store.add(aRule());
    const added = await store.addAll([aRule({ session: 'qa', after: 3, remaining: 1 }), aRule({ session: 'qa' })]);
    expect(added).toEqual([
      { id: 'r2', ...aRule({ session: 'qa', after: 3, remaining: 1 }) },
      { id: 'r3', ...aRule({ session: 'qa' }) },
    ]);
    expect(await store.list('qa')).toEqual(added);
    expect(await store.list()).toEqual([before, ...added]);
    expect(await store.tally('qa')).toEqual({ inSession: 2, sessions: 2 });
  });

  test('a use counts down and the last use removes the rule; a rule without times never runs out', async () => {
    const store = create();
    const limited = await store.add(aRule({ remaining: 2 }));
    const endless = await store.add(aRule());
    expect(await store.use(limited.id)).toEqual({ rule: { ...limited, remaining: 1 }, passed: false });
    expect(await store.use(limited.id)).toEqual({ rule: { ...limited, remaining: 0 }, passed: false });
    expect(await store.use(limited.id)).toBeUndefined();
    expect(await store.use(endless.id)).toEqual({ rule: endless, passed: false });
    expect((await store.list()).map((rule) => rule.id)).toEqual([endless.id]);
  });

  test('a rule with calls to let through (after) lets them pass, counting down to 0, then answers its times', async () => {
    const store = create();
    const rule = await store.add(aRule({ remaining: 2, after: 2 }));
    expect(await store.use(rule.id)).toEqual({ rule: { ...rule, after: 1 }, passed: true });
    expect(await store.use(rule.id)).toEqual({ rule: { ...rule, after: 0 }, passed: true });
    expect(await store.list()).toEqual([{ ...rule, after: 0 }]);
    expect(await store.use(rule.id)).toEqual({ rule: { ...rule, after: 0, remaining: 1 }, passed: false });
    expect(await store.use(rule.id)).toEqual({ rule: { ...rule, after: 0, remaining: 0 }, passed: false });
    expect(await store.use(rule.id)).toBeUndefined();
  });

  test('twenty calls at once meeting a rule that lets three through and answers five: three pass, five are answered', async () => {
    const store = create();
    const rule = await store.add(aRule({ remaining: 5, after: 3 }));
    const met = await Promise.all(Array.from({ length: 20 }, () => store.use(rule.id)));
    const answered = met.filter((one) => one !== undefined && !one.passed).map((one) => one?.rule.remaining);
    const passed = met.filter((one) => one?.passed).map((one) => one?.rule.after);
    expect([passed.sort(), answered.sort()]).toEqual([
      [0, 1, 2],
      [0, 1, 2, 3, 4],
    ]);
  });

  test('twenty uses at once of a rule with five uses left: exactly five succeed', async () => {
    const store = create();
    const rule = await store.add(aRule({ remaining: 5 }));
    const uses = await Promise.all(Array.from({ length: 20 }, () => store.use(rule.id)));
    expect(
      uses
        .filter((use) => use !== undefined)
        .map((use) => use?.rule.remaining)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
  });

  test('remove and clear report what went; clear of one session keeps the others', async () => {
    const store = create();
    const kept = await store.add(aRule({ session: 'b' }));
    const gone = await store.add(aRule({ session: 'a' }));
    await store.add(aRule({ session: 'a' }));
    expect(await store.remove(gone.id)).toBe(true);
    expect(await store.remove(gone.id)).toBe(false);
    expect(await store.clear('a')).toBe(1);
    expect(await store.list()).toEqual([kept]);
    expect(await store.clear()).toBe(1);
    expect(await store.list()).toEqual([]);
  });

  test('seeding stores the configured rules once; a full clear lets the next seed store them again', async () => {
    const store = create();
    const configured = [aRule({ then: { scenario: 'unavailable' } }), aRule({ remaining: 1 })];
    await store.seed(configured);
    await store.seed(configured);
    expect(await store.list()).toHaveLength(2);
    await store.clear();
    await store.seed(configured);
    expect((await store.list()).map((rule) => rule.then)).toEqual([{ scenario: 'unavailable' }, { code: '503' }]);
  });

  test('restore puts saved rules back with their uses left, and new ids continue after them', async () => {
    const store = create();
    await store.restore([
      { id: 'r7', ...aRule({ remaining: 2 }) },
      { id: 'r3', ...aRule({ session: 's' }) },
    ]);
    expect((await store.list()).map((rule) => [rule.id, rule.remaining])).toEqual([
      ['r3', null],
      ['r7', 2],
    ]);
    expect((await store.add(aRule())).id).toBe('r8');
  });

  test("tally counts the session's rules and the sessions holding any, through adds, last uses, removes, clears, seeds and restores", async () => {
    const store = create();
    expect(await store.tally('a')).toEqual({ inSession: 0, sessions: 0 });
    const once = await store.add(aRule({ session: 'a', remaining: 1 }));
    const other = await store.add(aRule({ session: 'a' }));
    await store.add(aRule({ session: 'b', remaining: 2 }));
    expect(await store.tally('a')).toEqual({ inSession: 2, sessions: 2 });
    await store.use(once.id);
    expect(await store.tally('a')).toEqual({ inSession: 1, sessions: 2 });
    await store.use(other.id);
    expect(await store.tally('a')).toEqual({ inSession: 1, sessions: 2 });
    expect(await store.remove(other.id)).toBe(true);
    expect(await store.remove(other.id)).toBe(false);
    expect(await store.tally('a')).toEqual({ inSession: 0, sessions: 1 });
    await store.seed([aRule(), aRule()]);
    expect(await store.tally('')).toEqual({ inSession: 2, sessions: 2 });
    expect(await store.clear('b')).toBe(1);
    expect(await store.tally('b')).toEqual({ inSession: 0, sessions: 1 });
    await store.restore([
      { id: 'r7', ...aRule({ session: 'c' }) },
      { id: 'r8', ...aRule({ session: 'c' }) },
    ]);
    expect(await store.tally('c')).toEqual({ inSession: 2, sessions: 1 });
    await store.clear();
    expect(await store.tally('c')).toEqual({ inSession: 0, sessions: 0 });
  });
});

test('rules a Redis deployment stored without their counts (an earlier build) are counted when the next process starts', async () => {
  const prefix = testRedis.prefix();
  const redis = testRedis.client();
  const store = createRedisRuleStore({ redis, prefix });
  await store.seed([]);
  await store.add(aRule({ session: 'qa' }));
  await store.add(aRule({ session: 'qa' }));
  await redis.del(`{${prefix}}rules:sessions`);
  expect(await store.tally('qa')).toEqual({ inSession: 0, sessions: 0 });
  await createRedisRuleStore({ redis, prefix }).seed([aRule()]);
  expect(await store.tally('qa')).toEqual({ inSession: 2, sessions: 1 });
  expect(await store.list('')).toEqual([]);
});

test('two Redis rule stores on one prefix are one rule set: a rule added through one is used up through the other', async () => {
  const prefix = testRedis.prefix();
  const [a, b] = [
    createRedisRuleStore({ redis: testRedis.client(), prefix }),
    createRedisRuleStore({ redis: testRedis.client(), prefix }),
  ];
  const rule = await a.add(aRule({ remaining: 1 }));
  expect(await b.list()).toEqual([rule]);
  expect(await b.use(rule.id)).toEqual({ rule: { ...rule, remaining: 0 }, passed: false });
  expect(await a.use(rule.id)).toBeUndefined();
  expect(await a.list()).toEqual([]);
});

test('two arrays of rules added at once through two Redis stores on one prefix are each one run of ids: one step each', async () => {
  const prefix = testRedis.prefix();
  const [a, b] = [
    createRedisRuleStore({ redis: testRedis.client(), prefix }),
    createRedisRuleStore({ redis: testRedis.client(), prefix }),
  ];
  const twenty = (session: string) => Array.from({ length: 20 }, () => aRule({ session }));
  const [ours, theirs] = await Promise.all([a.addAll(twenty('a')), b.addAll(twenty('b'))]);
  for (const added of [ours, theirs]) {
    const numbers = added.map((rule) => Number(rule.id.slice(1)));
    expect(numbers).toEqual(numbers.map((_number, index) => (numbers[0] ?? 0) + index));
  }
  expect(await b.list('a')).toEqual(ours);
  expect(await a.list('b')).toEqual(theirs);
});

describe.each([
  ['memory', (): RuleStore => createMemoryRuleStore()],
  ['redis', (): RuleStore => createRedisRuleStore({ redis: testRedis.client(), prefix: testRedis.prefix() })],
])('pages and versions of the %s rule store', (_name, create) => {
  const ids = (page: { rules: { id: string }[]; nextCursor?: string } | undefined): [string[], boolean] => [
    page?.rules.map((rule) => rule.id) ?? [],
    page?.nextCursor !== undefined,
  ];

  test('rules page in creation order, of all sessions or one, after a cursor even when its rule went since; a cursor not given is refused', async () => {
    const store = create();
    for (let i = 1; i <= 7; i += 1) await store.add(aRule({ session: i % 2 === 0 ? 'qa ✓' : '' }));
    const first = await store.page({ limit: 3 });
    expect(ids(first)).toEqual([['r1', 'r2', 'r3'], true]);
    await store.remove('r3');
    await store.remove('r4');
    expect(ids(await store.page({ limit: 3, cursor: first?.nextCursor as string }))).toEqual([
      ['r5', 'r6', 'r7'],
      false,
    ]);
    const ofQa = await store.page({ limit: 1, session: 'qa ✓' });
    expect([
      ids(ofQa),
      ids(await store.page({ limit: 5, session: 'qa ✓', cursor: ofQa?.nextCursor as string })),
    ]).toEqual([
      [['r2'], true],
      [['r6'], false],
    ]);
    expect([ids(await store.page({ limit: 0 })), ids(await store.page({ limit: 5, session: 'nobody' }))]).toEqual([
      [[], false],
      [[], false],
    ]);
    for (const cursor of ['', 'r2', '0', '-1', '1.5'])
      expect([cursor, await store.page({ limit: 1, cursor })]).toEqual([cursor, undefined]);
  });

  test("a session's version changes when a rule of it comes or goes (not when a use is counted), and is gone with its last rule", async () => {
    const store = create();
    expect(await store.version('qa')).toBeUndefined();
    const limited = await store.add(aRule({ session: 'qa', remaining: 2 }));
    const v1 = await store.version('qa');
    await store.add(aRule({ session: 'other' }));
    expect(await store.version('qa')).toBe(v1);
    await store.use(limited.id);
    expect(await store.version('qa')).toBe(v1);
    const endless = await store.add(aRule({ session: 'qa' }));
    const v2 = await store.version('qa');
    await store.use(limited.id);
    const v3 = await store.version('qa');
    await store.remove(endless.id);
    const versions = [v1, v2, v3];
    expect([
      new Set(versions).size,
      versions.every((version) => typeof version === 'string'),
      await store.version('qa'),
    ]).toEqual([3, true, undefined]);
    await store.add(aRule({ session: 'qa' }));
    expect(versions).not.toContain(await store.version('qa'));
    await store.clear('other');
    expect(await store.version('other')).toBeUndefined();
  });
});

test('rules a Redis deployment stored before their indexes and versions (0.2) are indexed when the next process starts', async () => {
  const prefix = testRedis.prefix();
  const redis = testRedis.client();
  const store = createRedisRuleStore({ redis, prefix });
  await store.seed([]);
  await store.add(aRule({ session: 'qa' }));
  await store.add(aRule({ session: '' }));
  await redis.del(`{${prefix}}rules:order`, `{${prefix}}rules:by-session`, `{${prefix}}rules:versions`);
  await createRedisRuleStore({ redis, prefix }).seed([aRule()]);
  expect([
    (await store.page({ limit: 5 }))?.rules.map((rule) => rule.id),
    (await store.list('qa')).map((rule) => rule.id),
    typeof (await store.version('qa')),
  ]).toEqual([['r1', 'r2'], ['r1'], 'string']);
});
