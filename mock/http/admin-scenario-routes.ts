import type { Request, Response, Router } from 'express';
import express from 'express';
import type { Core } from '../core/create-core';
import { SESSION_HEADER } from '../core/service-request';
import { toJournalMatch } from '../core/journal-match';
import type { SpecEngine } from '../spec-engine/spec-engine';
import { fromListCursor, journalCursor, readListQuery, toJournalBefore, toListCursor } from './admin-pages';
import { sendProblem } from './problem';
import { buildScenarioCatalog } from './scenario-catalog';

/** The admin API for scenarios (rules, catalog) and the request journal. */
export function createAdminScenarioRouter({ core, engine, basePath }: { core: Core; engine: SpecEngine; basePath: string }): Router {
  const router = express.Router();
  router.get('/scenarios/catalog', function getScenarioCatalog(req, res) {
    // The curl lines point where this request came in (its Host), under the service's base path.
    const serviceUrl = `${req.protocol}://${req.get('host') ?? '127.0.0.1:4010'}${basePath}`;
    res.json({ operations: buildScenarioCatalog(engine.operations, serviceUrl) });
  });
  router.get('/scenarios', async function listScenarioRules(req, res) {
    const query = readListQuery(req, sessionOf(req));
    if (query.kind === 'invalid') return sendProblem(res, 'bad-request', query.detail);
    const page = await core.rules.page({ limit: query.limit, ...withSession(query.session), ...(query.cursor === undefined ? {} : { cursor: fromListCursor(query.cursor) }) });
    if (!page) return sendProblem(res, 'bad-request', '"cursor" is not one this list gave out.');
    res.json({ rules: page.rules, ...(page.nextCursor === undefined ? {} : { nextCursor: toListCursor(page.nextCursor) }) });
  });
  router.post('/scenarios', async function createScenarioRule(req, res) {
    const added = await core.rules.add(req.body, sessionOf(req) ?? '');
    if (added.kind === 'invalid') return sendProblem(res, added.unprocessable ? 'preference-rejected' : 'bad-request', added.detail);
    if (added.kind === 'full') return sendProblem(res, added.of === 'sessions' ? 'too-many-sessions' : 'too-many-rules', added.detail);
    res.status(201).location(`/__admin/scenarios/${added.rule.id}`).json(added.rule);
  });
  router.delete('/scenarios', async function clearScenarioRules(req, res) {
    res.json({ removed: await core.rules.clear(sessionFilter(req)) });
  });
  router.delete('/scenarios/:id', async function deleteScenarioRule(req: Request<{ id: string }>, res) {
    if (!(await core.rules.remove(req.params.id))) return sendProblem(res, 'not-found', `No scenario rule "${req.params.id}".`);
    res.status(204).end();
  });
  /** A page of the journal, newest first; `unmatched`: only requests that matched no service route. */
  async function sendJournalPage(req: Request, res: Response, unmatched: boolean): Promise<void> {
    const query = readListQuery(req, sessionOf(req));
    if (query.kind === 'invalid') return sendProblem(res, 'bad-request', query.detail);
    const before = toJournalBefore(query.cursor);
    if (before === 'invalid') return sendProblem(res, 'bad-request', '"cursor" is not one this list gave out.');
    // One more than asked tells whether a next page exists.
    const entries = await core.journal.list({ ...withSession(query.session), limit: query.limit + 1, ...(before === undefined ? {} : { before }), ...(unmatched ? { unmatched } : {}) });
    const requests = entries.slice(0, query.limit);
    const last = requests.at(-1);
    res.json({ capacity: core.journal.capacity, requests, ...(entries.length > query.limit && last ? { nextCursor: journalCursor(last.id) } : {}) });
  }
  router.get('/requests', async function listRequests(req, res) {
    await sendJournalPage(req, res, false);
  });
  router.get('/requests/unmatched', async function listUnmatchedRequests(req, res) {
    // WireMock's name: the requests that matched no service route (or not with their method).
    await sendJournalPage(req, res, true);
  });
  router.delete('/requests', async function clearRequests(req, res) {
    await core.journal.clear(sessionFilter(req));
    res.status(204).end();
  });
  router.post('/requests/count', async function countRequests(req, res) {
    const checked = toJournalMatch(req.body);
    if (checked.kind === 'invalid') return sendProblem(res, 'bad-request', checked.detail);
    const match = checked.match;
    // A CI worker counting with its X-Mock-Session header counts its own requests only.
    const session = match.session ?? sessionOf(req);
    res.json({ count: await core.journal.count({ ...match, ...withSession(session) }) });
  });
  return router;
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
