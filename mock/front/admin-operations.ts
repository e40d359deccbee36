import type { components } from '../../spec/generated/mock';
import type { ClockChange } from '../core/clock';
import type { Core } from '../core/create-core';
import { formatDuration, parseDuration } from '../core/duration';
import { describeValue } from '../core/routing/request-messages';
import type { ClockView } from '../core/session-clocks';
import { DEPLOYMENT } from '../core/session-clocks';
import { listSessions, longestIdleClocks } from '../core/session-list';
import { toViewTokenInfo } from '../core/view-token-info';
import { fromListCursor, readListQuery, sessionOf, toListCursor } from './admin-pages';
import type { OperationRequest } from './front-request';
import type { Operation } from './operation';
import type { Reply } from './reply';
import { json, noContent, problem } from './reply';

type ClockWire = components['schemas']['Clock'];
type SetClockBody = NonNullable<components['schemas']['Clock']> & { now?: string; frozen?: boolean };
type AdminOperationId =
  | 'getHealth'
  | 'resetMock'
  | 'listViewTokens'
  | 'getViewTokenRecord'
  | 'revokeViewToken'
  | 'getClock'
  | 'setClock'
  | 'advanceClock'
  | 'resetClock'
  | 'listSessions';

export interface AdminDeps {
  core: Core;
  version: string;
  /** Which store the mock runs on, as health names it. */
  store: components['schemas']['StoreDescription'];
  /** Why the mock is degraded (e.g. the state file cannot be written), or undefined. */
  degradedReason?: (() => string | undefined) | undefined;
}

/**
 * The admin API's health, tokens, clocks and reset, one handler per operationId; errors are
 * problem+json. Parameters and bodies arrive checked against the spec: what is left here is what a
 * schema cannot say (a duration's text, the clock's range). The clock endpoints and reset act on the
 * session `?session=` or `X-Mock-Session` names, and answer once the change is stored.
 */
export function createAdminOperations(deps: AdminDeps): Record<AdminOperationId, Operation> {
  const { core } = deps;
  const { clocks, viewTokens, store } = core;
  const changeClock = async (request: OperationRequest, change: ClockChange): Promise<Reply> => {
    const changed = await clocks.change(sessionOf(request) ?? DEPLOYMENT, change);
    if (changed.kind === 'changed') return json(200, toClockWire(changed.clock));
    if (changed.reason !== 'full') return problem('bad-request', changed.detail);
    return problem('too-many-clocks', await fullClocksDetail(core, changed.detail));
  };
  return {
    getHealth: () => health(deps),
    async resetMock(request) {
      await core.reset(sessionOf(request));
      return noContent();
    },
    async listViewTokens(request) {
      const query = readListQuery(request);
      const page = await store.page({
        limit: query.limit,
        ...(query.session === undefined ? {} : { session: query.session }),
        ...(query.cursor === undefined ? {} : { cursor: fromListCursor(query.cursor) }),
      });
      if (!page) return problem('bad-request', '"cursor" is not one this list gave out.');
      // `now`: the listed session's clock (the deployment's for every session); each token is judged on its own session's.
      const listed = query.session ?? DEPLOYMENT;
      const book = await clocks.read([...new Set([listed, ...page.items.map((record) => record.session)])]);
      return json(200, {
        now: new Date(book.now(listed)).toISOString(),
        viewTokens: page.items.map((record) => toViewTokenInfo(record, viewTokens, book)),
        ...(page.nextCursor === undefined ? {} : { nextCursor: toListCursor(page.nextCursor) }),
      });
    },
    async getViewTokenRecord(_request, match) {
      const token = match.params.token ?? '';
      const record = await viewTokens.peek(token);
      if (!record) return problem('not-found', `No View Token "${token}".`);
      return json(200, toViewTokenInfo(record, viewTokens, await clocks.read([record.session])));
    },
    async revokeViewToken(_request, match) {
      const token = match.params.token ?? '';
      if (!(await store.delete(token))) return problem('not-found', `No View Token "${token}".`);
      return noContent();
    },
    getClock: async (request) => json(200, toClockWire(await clocks.view(sessionOf(request) ?? DEPLOYMENT))),
    setClock(request) {
      const { now, frozen } = request.body as SetClockBody;
      return changeClock(request, {
        kind: 'set',
        ...(now === undefined ? {} : { atMs: Date.parse(now) }),
        ...(frozen === undefined ? {} : { frozen }),
      });
    },
    advanceClock(request) {
      const { by } = request.body as { by: string | number };
      const duration = parseDuration(by);
      if (duration.kind !== 'ok')
        return problem(
          'bad-request',
          `"by" must be a duration such as "12h", "PT12H" or milliseconds; got ${describeValue(by)}.`,
        );
      return changeClock(request, { kind: 'advance', byMs: duration.ms });
    },
    resetClock: (request) => changeClock(request, { kind: 'reset' }),
    listSessions: async () => json(200, { sessions: await listSessions(core) }),
  };
}

/** The clocks are full: the core's detail, the three sessions quiet longest (to reset one of), and when the first goes on its own. */
async function fullClocksDetail(core: Core, detail: string): Promise<string> {
  const quiet = longestIdleClocks(await listSessions(core), 3);
  const idle = quiet.map(
    ({ session, lastRequest }) =>
      `${JSON.stringify(session)} (${lastRequest === null ? 'no request in the journal' : `last request #${lastRequest.id}`})`,
  );
  const idleMs = core.clocks.idle.idleMs;
  const first = quiet[0]?.clock.forgetAt;
  const onItsOwn =
    idleMs === null || first === null || first === undefined
      ? 'idle clocks are never forgotten on their own (--session-idle off)'
      : `${JSON.stringify(quiet[0]?.session)} is forgotten on its own at ${first} ` +
        `(${formatDuration(idleMs)} without a request or clock change, --session-idle)`;
  return `${detail} Quiet longest: ${idle.join(', ')}; ${onItsOwn}; GET /__admin/sessions lists every session.`;
}

/** 200 ok or degraded (saying why), or 503 when the store cannot be read. */
async function health({ core, version, store, degradedReason }: AdminDeps): Promise<Reply> {
  const { clocks } = core;
  try {
    const [now, viewTokens] = await Promise.all([clocks.view(DEPLOYMENT), core.store.count()]);
    const base = { version, now: new Date(now.nowMs).toISOString(), viewTokens, store };
    const degraded = degradedReason?.();
    return json(
      200,
      degraded === undefined ? { status: 'ok', ...base } : { status: 'degraded', detail: degraded, ...base },
    );
  } catch (error) {
    const now = new Date(clocks.realNow()).toISOString();
    const detail = (error as Error).message;
    return json(503, { status: 'unavailable', version, now, viewTokens: 0, store, detail });
  }
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
