import type { Request } from 'express';
import type { Core } from '../core/create-core';
import { SESSION_HEADER } from '../core/service-request';
import { toJournalMatch } from '../core/journal-match';
import type { OperationId } from '../core/routing/route-table';
import { ROUTE_TABLE } from '../core/routing/route-table';
import { fromListCursor, journalCursor, readListQuery, toJournalBefore, toListCursor } from './admin-pages';
import type { OperationHandler, OperationHandlers } from './operation-dispatch';
import { sendProblem } from './problem';
import { buildScenarioCatalog } from './scenario-catalog';

/**
 * A rule is checked by the core's checkRule alone (as the config file, a state file and the library
 * check it), not first by the schema: a misspelt scenario is the same 422 naming the allowed values
 * and the nearest one everywhere.
 */
export const OWN_BODY_CHECKS: ReadonlySet<OperationId> = new Set(['createScenarioRule']);

/** The admin API for scenarios (rules, catalog) and the request journal, one handler per operationId. */
export function createAdminScenarioHandlers({ core, basePath }: { core: Core; basePath: string }): OperationHandlers {
  /** A page of the journal, newest first; `unmatched`: only requests that matched no service route. */
  const journalPage =
    (unmatched: boolean): OperationHandler =>
    async (req, res) => {
      const query = readListQuery(req.query as Record<string, string | undefined>, sessionOf(req));
      const before = toJournalBefore(query.cursor);
      if (before === 'invalid') return sendProblem(res, 'bad-request', '"cursor" is not one this list gave out.');
      // One more than asked tells whether a next page exists.
      const entries = await core.journal.list({
        ...withSession(query.session),
        limit: query.limit + 1,
        ...(before === undefined ? {} : { before }),
        ...(unmatched ? { unmatched } : {}),
      });
      const requests = entries.slice(0, query.limit);
      const last = requests.at(-1);
      res.json({
        capacity: core.journal.capacity,
        requests,
        ...(entries.length > query.limit && last ? { nextCursor: journalCursor(last.id) } : {}),
      });
    };
  return {
    getScenarioCatalog(req, res) {
      // The curl lines point where this request came in (its Host), under the service's base path.
      const serviceUrl = `${req.protocol}://${req.get('host') ?? '127.0.0.1:4010'}${basePath}`;
      res.json({ operations: buildScenarioCatalog(ROUTE_TABLE, serviceUrl) });
    },
    async listScenarioRules(req, res) {
      const query = readListQuery(req.query as Record<string, string | undefined>, sessionOf(req));
      const page = await core.rules.page({
        limit: query.limit,
        ...withSession(query.session),
        ...(query.cursor === undefined ? {} : { cursor: fromListCursor(query.cursor) }),
      });
      if (!page) return sendProblem(res, 'bad-request', '"cursor" is not one this list gave out.');
      res.json({
        rules: page.rules,
        ...(page.nextCursor === undefined ? {} : { nextCursor: toListCursor(page.nextCursor) }),
      });
    },
    async createScenarioRule(req, res) {
      const added = await core.rules.add(req.body, sessionOf(req) ?? '');
      if (added.kind === 'invalid') {
        const { detail, unprocessable, allowed, nearest } = added;
        return unprocessable
          ? sendProblem(res, 'preference-rejected', detail, {
              ...(allowed ? { allowed } : {}),
              ...(nearest ? { nearest } : {}),
            })
          : sendProblem(res, 'bad-request', detail);
      }
      if (added.kind === 'full')
        return sendProblem(res, added.of === 'sessions' ? 'too-many-sessions' : 'too-many-rules', added.detail);
      res.status(201).location(`/__admin/scenarios/${added.rule.id}`).json(added.rule);
    },
    async clearScenarioRules(req, res) {
      res.json({ removed: await core.rules.clear(sessionFilter(req)) });
    },
    async deleteScenarioRule(_req, res, match) {
      const id = match.params.id ?? '';
      if (!(await core.rules.remove(id))) return sendProblem(res, 'not-found', `No scenario rule "${id}".`);
      res.status(204).end();
    },
    listRequests: journalPage(false),
    // WireMock's name: the requests that matched no service route (or not with their method).
    listUnmatchedRequests: journalPage(true),
    async clearRequests(req, res) {
      await core.journal.clear(sessionFilter(req));
      res.status(204).end();
    },
    async countRequests(req, res) {
      const checked = toJournalMatch(req.body);
      if (checked.kind === 'invalid') return sendProblem(res, 'bad-request', checked.detail);
      const match = checked.match;
      // A CI worker counting with its X-Mock-Session header counts its own requests only.
      const session = match.session ?? sessionOf(req);
      res.json({ count: await core.journal.count({ ...match, ...withSession(session) }) });
    },
  };
}

/** `?session=` first, then the X-Mock-Session header; undefined means every session. */
function sessionFilter(req: Request): string | undefined {
  return typeof req.query.session === 'string' ? req.query.session : sessionOf(req);
}

function sessionOf(req: Request): string | undefined {
  const header = req.headers[SESSION_HEADER];
  return typeof header === 'string' ? header : undefined;
}

function withSession(session: string | undefined): { session?: string } {
  return session === undefined ? {} : { session };
}
