import type { components } from '../../spec/generated/mock';
import type { ClockBook } from './session-clocks';
import type { ViewTokens } from './view-tokens';
import type { ViewTokenRecord } from './token-store';

/** A View Token as the admin API and the library show it. */
export type ViewTokenInfo = components['schemas']['ViewTokenRecord'];

/** A token record as shown: its times as ISO 8601, its state on the clock of the session it was issued in. */
export function toViewTokenInfo(record: ViewTokenRecord, viewTokens: ViewTokens, clocks: ClockBook): ViewTokenInfo {
  const nowMs = clocks.now(record.session);
  return {
    token: record.token,
    objectType: record.objectType,
    objectId: record.objectId,
    ...(record.integrateId === undefined ? {} : { integrateId: record.integrateId }),
    session: record.session,
    issuedAt: new Date(record.issuedAtMs).toISOString(),
    lastUsedAt: record.lastUsedAtMs === null ? null : new Date(record.lastUsedAtMs).toISOString(),
    expiresAt: new Date(viewTokens.expiresAtMs(record)).toISOString(),
    expiresInMs: viewTokens.expiresAtMs(record) - nowMs,
    state: viewTokens.stateOf(record, nowMs),
    uses: record.uses,
    ...(record.lastForced === undefined
      ? {}
      : {
          lastForced: {
            outcome: record.lastForced.outcome,
            rule: record.lastForced.rule,
            at: new Date(record.lastForced.atMs).toISOString(),
          },
        }),
  };
}
