import { loadDiffer } from '../../contracts/diff/load-differ';
import { compareSpecs } from '../../contracts/diff/spec-changes';

// The diff's judgement of small spec pairs built in-process: where each change is (the operation, the
// part of it, the side), and our rules on top of the differ: each case with the rule that judged it and
// the reason a user reads.

const differ = loadDiffer();
const DIFFER = `api-smart-diff ${differ.version}`;
const OK = { '200': { description: 'OK' } };
const BEARER = { components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } };

const aSpec = (paths: Record<string, unknown>, root: Record<string, unknown> = {}, openapi = '3.0.3') => ({
  openapi,
  info: { title: 'Items', version: '1.0.0' },
  paths,
  ...root,
});
const getWith = (operation: Record<string, unknown>, root?: Record<string, unknown>) =>
  aSpec({ '/items': { get: { responses: OK, ...operation } } }, root);

/** Each change as [impact, side, operation, where, change, judged by, reason]. */
const judged = (before: unknown, after: unknown) =>
  compareSpecs(differ, before, after).map((change) => [
    change.impact,
    change.side,
    change.operation,
    change.where,
    change.change,
    change.judgedBy,
    change.reason,
  ]);

test.each<[string, Record<string, unknown>, Record<string, unknown>]>([
  ['an operation that now allows callers without credentials ([{}])', { security: [{}] }, {}],
  ['an operation whose credentials are now optional ([{}, bearer])', { security: [{}, { bearer: [] }] }, BEARER],
])("%s: added, it breaks no caller (the differ's verdict stands)", (_name, operation, root) => {
  expect(judged(getWith({}, root), getWith(operation, root))).toEqual([
    ['non-breaking', 'request', 'GET /items', 'security', 'added', DIFFER, 'what callers send is still accepted'],
  ]);
});

test('a global security that allows callers without credentials ([{}]), added, breaks no caller', () => {
  expect(judged(getWith({}), getWith({}, { security: [{}] }))).toEqual([
    ['non-breaking', 'request', undefined, 'security', 'added', DIFFER, 'what callers send is still accepted'],
  ]);
});

test("an operation's credentials added under a global security that allows callers without any: breaking, by our rule", () => {
  const root = { ...BEARER, security: [{}] };
  expect(judged(getWith({}, root), getWith({ security: [{ bearer: [] }] }, root))).toEqual([
    [
      'breaking',
      'request',
      'GET /items',
      'security',
      'added',
      'rule security-added',
      'callers that send no credentials are refused',
    ],
  ]);
});
