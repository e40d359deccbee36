import type { components } from '../../spec/generated/mock';
import type { Core } from '../core/create-core';
import { isMockTimeInRange } from '../core/clock';
import { parseDuration } from '../core/duration';
import { describeValue } from '../core/routing/request-messages';
import { pageOfTokens, readListQuery } from './admin-pages';
import type { OperationHandlers } from './operation-dispatch';
import { sendProblem } from './problem';
import { toViewTokenWire } from './view-token-wire';
import type { StoreDescription } from '../stores/store-description';

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
 * The admin API's health, tokens and clock, one handler per operationId; errors are problem+json.
 * Bodies and parameters arrive checked against the spec (operation-dispatch.ts): what is left here
 * is what a schema cannot say (a duration's text, the clock's range).
 */
export function createAdminHandlers({ core, version, store: description, degradedReason = () => undefined }: AdminRouteDeps): OperationHandlers {
  const { clock, viewTokens, store } = core;
  const clockWire = (): ClockWire => {
    const state = clock.state();
    return { now: new Date(clock.now()).toISOString(), frozen: state.frozenAtMs !== null, offsetMs: state.offsetMs };
  };
  return {
    async getHealth(_req, res) {
      const now = new Date(clock.now()).toISOString();
      try {
        const viewTokenCount = await store.count();
        const degraded = degradedReason();
        res.json(degraded === undefined ? { status: 'ok', version, now, viewTokens: viewTokenCount, store: description } : { status: 'degraded', detail: degraded, version, now, viewTokens: viewTokenCount, store: description });
      } catch (error) {
        res.status(503).json({ status: 'unavailable', version, now, viewTokens: 0, store: description, detail: (error as Error).message });
      }
    },
    async resetMock(_req, res) {
      await core.reset();
      res.status(204).end();
    },
    async listViewTokens(req, res) {
      const header = req.headers['x-mock-session'];
      const query = readListQuery(req.query as Record<string, string | undefined>, typeof header === 'string' ? header : undefined);
      const records = await store.list(query.session === undefined ? {} : { session: query.session });
      const page = pageOfTokens(records, query.limit, query.cursor);
      if (!page) return sendProblem(res, 'bad-request', '"cursor" is not one this list gave out.');
      const nextCursor = page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor };
      res.json({ now: new Date(clock.now()).toISOString(), viewTokens: page.items.map((record) => toViewTokenWire(record, viewTokens)), ...nextCursor });
    },
    async getViewTokenRecord(_req, res, match) {
      const token = match.params.token ?? '';
      const record = await viewTokens.peek(token);
      if (!record) return sendProblem(res, 'not-found', `No View Token "${token}".`);
      res.json(toViewTokenWire(record, viewTokens));
    },
    async revokeViewToken(_req, res, match) {
      const token = match.params.token ?? '';
      if (!(await store.delete(token))) return sendProblem(res, 'not-found', `No View Token "${token}".`);
      res.status(204).end();
    },
    getClock(_req, res) { res.json(clockWire()); },
    setClock(req, res) {
      const { now, frozen } = req.body as SetClockBody;
      const target = now === undefined ? clock.now() : Date.parse(now);
      if (!isMockTimeInRange(target)) return sendProblem(res, 'bad-request', OUT_OF_RANGE);
      clock.set(target, frozen ?? clock.state().frozenAtMs !== null);
      res.json(clockWire());
    },
    advanceClock(req, res) {
      const { by } = req.body as { by: string | number };
      const duration = parseDuration(by);
      if (duration.kind !== 'ok') {
        return sendProblem(res, 'bad-request', `"by" must be a duration such as "12h", "PT12H" or milliseconds; got ${describeValue(by)}.`);
      }
      if (!isMockTimeInRange(clock.now() + duration.ms)) return sendProblem(res, 'bad-request', OUT_OF_RANGE);
      clock.advance(duration.ms);
      res.json(clockWire());
    },
    resetClock(_req, res) {
      clock.reset();
      res.json(clockWire());
    },
  };
}

const OUT_OF_RANGE = 'The mock\'s clock stays between 1970-01-01 and 9999-12-31; this would move it outside. POST /__admin/clock/reset goes back to real time.';
