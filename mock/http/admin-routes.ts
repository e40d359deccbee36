import type { Request, Response, Router } from 'express';
import express from 'express';
import type { components } from '../../spec/generated/mock';
import type { Core } from '../core/create-core';
import { isMockTimeInRange } from '../core/clock';
import { parseDuration } from '../core/duration';
import { fromListCursor, readListQuery, toListCursor } from './admin-pages';
import { sendProblem } from './problem';
import { toViewTokenWire } from './view-token-wire';

type ClockWire = components['schemas']['Clock'];

export interface AdminRouteDeps {
  core: Core;
  version: string;
  /** Why the mock is degraded (e.g. the state file cannot be written), or undefined. */
  degradedReason?: () => string | undefined;
}

/** The admin API under `/__admin`, one handler per operationId; errors are problem+json. */
export function createAdminRouter({ core, version, degradedReason = () => undefined }: AdminRouteDeps): Router {
  const router = express.Router();
  const { clock, viewTokens, store } = core;
  const clockWire = (): ClockWire => {
    const state = clock.state();
    return { now: new Date(clock.now()).toISOString(), frozen: state.frozenAtMs !== null, offsetMs: state.offsetMs };
  };

  router.get('/health', async function getHealth(_req, res) {
    const now = new Date(clock.now()).toISOString();
    try {
      const viewTokenCount = await store.count();
      const degraded = degradedReason();
      res.json(degraded === undefined ? { status: 'ok', version, now, viewTokens: viewTokenCount } : { status: 'degraded', detail: degraded, version, now, viewTokens: viewTokenCount });
    } catch (error) {
      res.status(503).json({ status: 'unavailable', version, now, viewTokens: 0, detail: (error as Error).message });
    }
  });
  router.post('/reset', async function resetMock(_req, res) {
    await core.reset();
    res.status(204).end();
  });
  router.get('/view-tokens', async function listViewTokens(req, res) {
    const header = req.headers['x-mock-session'];
    const query = readListQuery(req, typeof header === 'string' ? header : undefined);
    if (query.kind === 'invalid') return sendProblem(res, 'bad-request', query.detail);
    const page = await store.page({ limit: query.limit, ...(query.session === undefined ? {} : { session: query.session }), ...(query.cursor === undefined ? {} : { cursor: fromListCursor(query.cursor) }) });
    if (!page) return sendProblem(res, 'bad-request', '"cursor" is not one this list gave out.');
    const nextCursor = page.nextCursor === undefined ? {} : { nextCursor: toListCursor(page.nextCursor) };
    res.json({ now: new Date(clock.now()).toISOString(), viewTokens: page.items.map((record) => toViewTokenWire(record, viewTokens)), ...nextCursor });
  });
  router.get('/view-tokens/:token', async function getViewTokenRecord(req: Request<{ token: string }>, res) {
    const record = await viewTokens.peek(req.params.token);
    if (!record) return sendProblem(res, 'not-found', `No View Token "${req.params.token}".`);
    res.json(toViewTokenWire(record, viewTokens));
  });
  router.delete('/view-tokens/:token', async function revokeViewToken(req: Request<{ token: string }>, res) {
    if (!(await store.delete(req.params.token))) return sendProblem(res, 'not-found', `No View Token "${req.params.token}".`);
    res.status(204).end();
  });
  router.get('/clock', function getClock(_req, res) { res.json(clockWire()); });
  router.put('/clock', function setClock(req, res) {
    const body = objectBody(req, res);
    if (!body) return;
    const { now, frozen } = body;
    if (now !== undefined && (typeof now !== 'string' || Number.isNaN(Date.parse(now)))) {
      return sendProblem(res, 'bad-request', `"now" must be an ISO 8601 date-time; got ${describeValue(now)}.`);
    }
    if (frozen !== undefined && typeof frozen !== 'boolean') return sendProblem(res, 'bad-request', `"frozen" must be true or false; got ${describeValue(frozen)}.`);
    if (now === undefined && frozen === undefined) return sendProblem(res, 'bad-request', 'Give "now" (ISO 8601), "frozen" (boolean) or both.');
    const target = now === undefined ? clock.now() : Date.parse(now);
    if (!isMockTimeInRange(target)) return sendProblem(res, 'bad-request', OUT_OF_RANGE);
    clock.set(target, frozen ?? clock.state().frozenAtMs !== null);
    res.json(clockWire());
  });
  router.post('/clock/advance', function advanceClock(req, res) {
    const body = objectBody(req, res);
    if (!body) return;
    const by = body.by;
    const duration = typeof by === 'string' || typeof by === 'number' ? parseDuration(by) : undefined;
    if (duration?.kind !== 'ok') {
      return sendProblem(res, 'bad-request', `"by" must be a duration such as "12h", "PT12H" or milliseconds; got ${describeValue(by)}.`);
    }
    if (!isMockTimeInRange(clock.now() + duration.ms)) return sendProblem(res, 'bad-request', OUT_OF_RANGE);
    clock.advance(duration.ms);
    res.json(clockWire());
  });
  router.post('/clock/reset', function resetClock(_req, res) {
    clock.reset();
    res.json(clockWire());
  });
  return router;
}

const OUT_OF_RANGE = 'The mock\'s clock stays between 1970-01-01 and 9999-12-31; this would move it outside. POST /__admin/clock/reset goes back to real time.';

/** A short, safe description of a client's value for an error message (never a deep or huge echo). */
function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  return typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
}

function objectBody(req: Request, res: Response): Record<string, unknown> | undefined {
  const body: unknown = req.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  sendProblem(res, 'bad-request', 'Send a JSON object with Content-Type: application/json.');
  return undefined;
}
