import type { Request, Response } from 'express';
import type { components } from '../../spec/generated/mock';
import type { ClockChange } from '../core/clock';
import type { Core } from '../core/create-core';
import { parseDuration } from '../core/duration';
import { describeValue } from '../core/routing/request-messages';
import { SESSION_HEADER } from '../core/service-request';
import type { ClockView } from '../core/session-clocks';
import { DEPLOYMENT } from '../core/session-clocks';
import { toViewTokenInfo } from '../core/view-token-info';
import type { StoreDescription } from '../stores/store-description';
import { fromListCursor, readListQuery, toListCursor } from './admin-pages';
import type { OperationHandlers } from './operation-dispatch';
import { sendProblem } from './problem';

type ClockWire = components['schemas']['Clock'];
type SetClockBody = NonNullable<components['schemas']['Clock']> & { now?: string; frozen?: boolean };

export interface AdminRouteDeps {
  core: Core;
  version: string;
  /** Which store the mock runs on, as health names it. */
  store: StoreDescription;
  /** Why the mock is degraded (e.g. the state file cannot be written), or undefined. */
  degradedReason?: () => string | undefined;
}

/**
 * The admin API's health, tokens, clocks and reset, one handler per operationId; errors are
 * problem+json. Bodies and parameters arrive checked against the spec (operation-dispatch.ts): what is
 * left here is what a schema cannot say (a duration's text, the clock's range). The clock endpoints and
 * reset act on the session `?session=` or `X-Mock-Session` names, and answer once the change is stored.
 */
export function createAdminHandlers({
  core,
  version,
  store: description,
  degradedReason = () => undefined,
}: AdminRouteDeps): OperationHandlers {
  const { clocks, viewTokens, store } = core;
  const changeClock = async (req: Request, res: Response, change: ClockChange): Promise<void> => {
    const changed = await clocks.change(sessionOf(req) ?? DEPLOYMENT, change);
    if (changed.kind === 'refused')
      return sendProblem(res, changed.reason === 'full' ? 'too-many-clocks' : 'bad-request', changed.detail);
    res.json(toClockWire(changed.clock));
  };
  return {
    async getHealth(_req, res) {
      try {
        const [now, viewTokenCount] = await Promise.all([clocks.view(DEPLOYMENT), store.count()]);
        const base = {
          version,
          now: new Date(now.nowMs).toISOString(),
          viewTokens: viewTokenCount,
          store: description,
        };
        const degraded = degradedReason();
        res.json(
          degraded === undefined ? { status: 'ok', ...base } : { status: 'degraded', detail: degraded, ...base },
        );
      } catch (error) {
        res.status(503).json({
          status: 'unavailable',
          version,
          now: new Date(clocks.realNow()).toISOString(),
          viewTokens: 0,
          store: description,
          detail: (error as Error).message,
        });
      }
    },
    async resetMock(req, res) {
      await core.reset(sessionOf(req));
      res.status(204).end();
    },
    async listViewTokens(req, res) {
      const header = req.headers[SESSION_HEADER];
      const query = readListQuery(
        req.query as Record<string, string | undefined>,
        typeof header === 'string' ? header : undefined,
      );
      const page = await store.page({
        limit: query.limit,
        ...(query.session === undefined ? {} : { session: query.session }),
        ...(query.cursor === undefined ? {} : { cursor: fromListCursor(query.cursor) }),
      });
      if (!page) return sendProblem(res, 'bad-request', '"cursor" is not one this list gave out.');
      const nextCursor = page.nextCursor === undefined ? {} : { nextCursor: toListCursor(page.nextCursor) };
      // `now`: the listed session's clock (the deployment's for every session); each token is judged on its own session's.
      const book = await clocks.read([
        ...new Set([query.session ?? DEPLOYMENT, ...page.items.map((record) => record.session)]),
      ]);
      res.json({
        now: new Date(book.now(query.session ?? DEPLOYMENT)).toISOString(),
        viewTokens: page.items.map((record) => toViewTokenInfo(record, viewTokens, book)),
        ...nextCursor,
      });
    },
    async getViewTokenRecord(_req, res, match) {
      const token = match.params.token ?? '';
      const record = await viewTokens.peek(token);
      if (!record) return sendProblem(res, 'not-found', `No View Token "${token}".`);
      res.json(toViewTokenInfo(record, viewTokens, await clocks.read([record.session])));
    },
    async revokeViewToken(_req, res, match) {
      const token = match.params.token ?? '';
      if (!(await store.delete(token))) return sendProblem(res, 'not-found', `No View Token "${token}".`);
      res.status(204).end();
    },
    async getClock(req, res) {
      res.json(toClockWire(await clocks.view(sessionOf(req) ?? DEPLOYMENT)));
    },
    setClock(req, res) {
      const { now, frozen } = req.body as SetClockBody;
      return changeClock(req, res, {
        kind: 'set',
        ...(now === undefined ? {} : { atMs: Date.parse(now) }),
        ...(frozen === undefined ? {} : { frozen }),
      });
    },
    advanceClock(req, res) {
      const { by } = req.body as { by: string | number };
      const duration = parseDuration(by);
      if (duration.kind !== 'ok') {
        return sendProblem(
          res,
          'bad-request',
          `"by" must be a duration such as "12h", "PT12H" or milliseconds; got ${describeValue(by)}.`,
        );
      }
      return changeClock(req, res, { kind: 'advance', byMs: duration.ms });
    },
    resetClock: (req, res) => changeClock(req, res, { kind: 'reset' }),
  };
}

/** `?session=` first, then the X-Mock-Session header (already checked by the front); undefined: neither. */
function sessionOf(req: Request): string | undefined {
  if (typeof req.query.session === 'string') return req.query.session;
  const header = req.headers[SESSION_HEADER];
  return typeof header === 'string' ? header : undefined;
}

function toClockWire(clock: ClockView): ClockWire {
  return {
    session: clock.session,
    now: new Date(clock.nowMs).toISOString(),
    frozen: clock.frozen,
    offsetMs: clock.offsetMs,
    ownClock: clock.ownClock,
  };
}
