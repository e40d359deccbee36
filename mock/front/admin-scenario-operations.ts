import type { Core } from '../core/create-core';
import { toJournalMatch } from '../core/journal-match';
import { ROUTE_TABLE } from '../core/routing/route-table';
import { SESSION_HEADER } from '../core/service-request';
import { fromListCursor, journalCursor, readListQuery, sessionOf, toJournalBefore, toListCursor } from './admin-pages';
import type { Operation } from './operation';
import { checkingOwn } from './operation';
import type { RulesAdd } from '../core/scenarios/rules';
import type { Reply } from './reply';
import { json, noContent, problem } from './reply';
import { buildScenarioCatalog } from './scenario-catalog';

type ScenarioOperationId =
  | 'getScenarioCatalog'
  | 'listScenarioRules'
  | 'createScenarioRule'
  | 'clearScenarioRules'
  | 'deleteScenarioRule'
  | 'listRequests'
  | 'listUnmatchedRequests'
  | 'clearRequests'
  | 'countRequests';

/** A rule (or an array of them) refused: 400 for a shape that is no rule's, 422 naming what is allowed or the cap. */
function refused(added: Exclude<RulesAdd, { kind: 'added' }>): Reply {
  if (added.kind === 'full')
    return problem(added.of === 'sessions' ? 'too-many-sessions' : 'too-many-rules', added.detail);
  const { detail, unprocessable, allowed, nearest, index } = added;
  const where = index === undefined ? {} : { index };
  if (!unprocessable) return problem('bad-request', detail, where);
  return problem('preference-rejected', detail, {
    ...where,
    ...(allowed ? { allowed } : {}),
    ...(nearest ? { nearest } : {}),
  });
}

/** The admin API for scenarios (rules, catalog) and the request journal, one handler per operationId. */
export function createAdminScenarioOperations({
  core,
  basePath,
}: {
  core: Core;
  basePath: string;
}): Record<ScenarioOperationId, Operation> {
  /** A page of the journal, newest first; `unmatched`: only requests that matched no service route. */
  const journalPage =
    (unmatched: boolean): Operation =>
    async (request) => {
      const query = readListQuery(request);
      const before = toJournalBefore(query.cursor);
      if (before === 'invalid') return problem('bad-request', '"cursor" is not one this list gave out.');
      // One more than asked tells whether a next page exists.
      const entries = await core.journal.list({
        ...(query.session === undefined ? {} : { session: query.session }),
        limit: query.limit + 1,
        ...(before === undefined ? {} : { before }),
        ...(unmatched ? { unmatched } : {}),
      });
      const requests = entries.slice(0, query.limit);
      const last = requests.at(-1);
      const next = entries.length > query.limit && last ? { nextCursor: journalCursor(last.id) } : {};
      return json(200, { capacity: core.journal.capacity, requests, ...next });
    };
  return {
    // The curl lines point where this request came in, under the service's base path.
    getScenarioCatalog: (request) =>
      json(200, { operations: buildScenarioCatalog(ROUTE_TABLE, `${request.origin}${basePath}`) }),
    async listScenarioRules(request) {
      const query = readListQuery(request);
      const page = await core.rules.page({
        limit: query.limit,
        ...(query.session === undefined ? {} : { session: query.session }),
        ...(query.cursor === undefined ? {} : { cursor: fromListCursor(query.cursor) }),
      });
      if (!page) return problem('bad-request', '"cursor" is not one this list gave out.');
      const next = page.nextCursor === undefined ? {} : { nextCursor: toListCursor(page.nextCursor) };
      return json(200, { rules: page.rules, ...next });
    },
    // A rule is checked by the core's checkRule alone (as the config file, a state file and the library
    // check it), not first by the schema: a misspelt scenario is the same 422 naming the allowed values
    // and the nearest one everywhere.
    createScenarioRule: checkingOwn('own-body', async (request) => {
      // Its session is the header's: the operation has no `?session=`.
      const session = request.headers[SESSION_HEADER] ?? '';
      // An array is a rules file: all of it or none, a refused rule named by its index.
      if (Array.isArray(request.body)) {
        const added = await core.rules.addAll(request.body, session);
        if (added.kind === 'added') return json(201, { rules: added.rules });
        return refused(added);
      }
      const added = await core.rules.add(request.body, session);
      if (added.kind !== 'added') return refused(added);
      return json(201, added.rule, { Location: `/__admin/scenarios/${added.rule.id}` });
    }),
    clearScenarioRules: async (request) => json(200, { removed: await core.rules.clear(sessionOf(request)) }),
    async deleteScenarioRule(_request, match) {
      const id = match.params.id ?? '';
      if (!(await core.rules.remove(id))) return problem('not-found', `No scenario rule "${id}".`);
      return noContent();
    },
    listRequests: journalPage(false),
    // WireMock's name: the requests that matched no service route (or not with their method).
    listUnmatchedRequests: journalPage(true),
    async clearRequests(request) {
      await core.journal.clear(sessionOf(request));
      return noContent();
    },
    async countRequests(request) {
      const checked = toJournalMatch(request.body);
      if (checked.kind === 'invalid') return problem('bad-request', checked.detail);
      const match = checked.match;
      // A CI worker counting with its X-Mock-Session header counts its own requests only.
      const session = match.session ?? request.headers[SESSION_HEADER];
      return json(200, {
        count: await core.journal.count({ ...match, ...(session === undefined ? {} : { session }) }),
      });
    },
  };
}
