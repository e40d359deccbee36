import fc from 'fast-check';
import type { Rule, RuleCondition } from '../../mock/core/scenarios/rule';
import type { RuleStore } from '../../mock/core/scenarios/rule-store';
import { createMemoryRuleStore } from '../../mock/core/scenarios/rule-store';
import { createRuleIndex, matches } from '../../mock/core/scenarios/rule-index';
import { createRules } from '../../mock/core/scenarios/rules';
import type { ServiceOperationId, ServiceRequest } from '../../mock/core/service-request';
import { SERVICE_STATUSES } from '../../mock/core/service-statuses';

// A session's rules indexed by operation and parameter value: the rules a request meets, in
// creation order, read without reading the others; read from the store once per change of them.

const OPERATIONS: ServiceOperationId[] = ['getViewToken', 'getChildFileViewToken', 'getViewerData'];
const aRequest = (
  operationId: ServiceOperationId,
  query: Record<string, string>,
  pathParams: Record<string, string> = {},
  authorization = 'Bearer a',
): ServiceRequest => ({
  operationId,
  method: 'GET',
  path: '/view/token',
  query,
  pathParams,
  headers: { authorization },
});
const aRule = (number: number, when: RuleCondition, remaining: number | null = null): Rule => ({
  id: `r${number}`,
  session: 'qa',
  when,
  then: { code: 503 },
  remaining,
});

test('the index finds exactly the rules a whole scan finds, in creation order, for any rules and request', () => {
  const value = fc.constantFrom('7', '007', '-0', '0', '9223372036854775807', 'abc', '');
  const condition = fc
    .record(
      {
        operation: fc.constantFrom(...OPERATIONS),
        param: fc.constantFrom('fileId', 'integrateId', 'viewToken'),
        equals: fc.oneof(value, fc.constantFrom(7, 0)),
        accessToken: fc.constantFrom('a', 'b'),
      },
      { requiredKeys: [] },
    )
    .filter((when) => when.equals === undefined || when.param !== undefined);
  fc.assert(
    fc.property(
      fc.array(condition, { maxLength: 30 }),
      fc.constantFrom(...OPERATIONS),
      fc.dictionary(fc.constantFrom('fileId', 'viewToken', 'sceneId'), value),
      fc.dictionary(fc.constantFrom('integrateId', 'fileId'), value),
      fc.constantFrom('Bearer a', 'bearer  b ', ''),
      (conditions, operation, query, pathParams, authorization) => {
        // Created in a shuffled order of ids: the index orders by creation (the id's number).
        const rules = conditions.map((when, i) => aRule(((i * 7) % 31) + i * 31, when));
        const request = aRequest(operation, query, pathParams, authorization);
        const scanned = [...rules]
          .sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)))
          .filter((rule) => matches(rule.when, request));
        expect([...createRuleIndex(rules).matching(request)]).toEqual(scanned);
      },
    ),
    { numRuns: 300 },
  );
});

test('among 1,000 rules on fileId values and 2 for any request, a request reads the conditions of the 3 that can apply, not 1,000', () => {
  let reads = 0;
  const counted = (rule: Rule): Rule => {
    const { when, ...rest } = rule;
    return Object.defineProperty(rest, 'when', {
      enumerable: true,
      get: () => {
        reads += 1;
        return when;
      },
    }) as Rule;
  };
  const rules = [
    ...Array.from({ length: 1_000 }, (_unused, i) =>
      aRule(i + 1, { operation: 'getViewToken', param: 'fileId', equals: String(i + 1) }),
    ),
    aRule(1_001, {}),
    aRule(1_002, { param: 'fileId' }),
  ].map(counted);
  const index = createRuleIndex(rules);
  reads = 0;
  const found = [...index.matching(aRequest('getViewToken', { fileId: '0500' }))];
  expect([found.map((rule) => rule.id), reads]).toEqual([['r500', 'r1001', 'r1002'], 3]);
  reads = 0;
  // The first match is usually all a request needs: the merge stops there.
  const matching = index.matching(aRequest('getViewToken', { fileId: '999' }));
  const first = matching[Symbol.iterator]().next().value as Rule;
  expect([first.id, reads]).toEqual(['r999', 1]);
});

/** A store counting its reads of a session's rules. */
function aCountingStore(): { store: RuleStore; lists: () => number } {
  const store = createMemoryRuleStore();
  let lists = 0;
  return {
    store: {
      ...store,
      list: (session) => {
        lists += 1;
        return store.list(session);
      },
    },
    lists: () => lists,
  };
}

test("a session's 1,000 rules are read from the store once per change of them, not per request; a use counted changes nothing, the last use does", async () => {
  const { store, lists } = aCountingStore();
  const rules = createRules(SERVICE_STATUSES, store);
  // 999 and one with uses: the 1,000 a session may hold.
  for (let id = 1; id <= 999; id += 1)
    await rules.add({ when: { param: 'fileId', equals: String(id) }, then: { code: 503 } }, 'qa');
  const limited = await rules.add({ when: { param: 'fileId', equals: '5000' }, then: { code: 404 }, times: 2 }, 'qa');
  expect(limited).toMatchObject({ kind: 'added', rule: { id: 'r1000', remaining: 2 } });
  const take = async (fileId: string): Promise<string | undefined> =>
    (await rules.take(aRequest('getViewToken', { fileId }), 'qa', SERVICE_STATUSES.getViewToken))?.rule.id;
  const taken: (string | undefined)[] = [];
  for (const fileId of ['1', '500', '999', '1000', '5000']) taken.push(await take(fileId));
  expect([taken, lists()]).toEqual([['r1', 'r500', 'r999', undefined, 'r1000'], 1]);
  expect([await take('5000'), lists()]).toEqual(['r1000', 1]);
  // Its last use removed it: the next request reads the rules again, once.
  expect([await take('5000'), await take('7'), lists()]).toEqual([undefined, 'r7', 2]);
  expect([
    await take('1'),
    await rules.take(aRequest('getViewToken', { fileId: '1' }), 'nobody', SERVICE_STATUSES.getViewToken),
    lists(),
  ]).toEqual(['r1', undefined, 2]);
});
