import type { components } from '../../spec/generated/mock';
import type { ViewTokens } from '../core/view-tokens';
import type { ViewTokenRecord } from '../core/token-store';

export type ViewTokenWire = components['schemas']['ViewTokenRecord'];

/** The admin API's view of a token record. */
export function toViewTokenWire(record: ViewTokenRecord, viewTokens: ViewTokens): ViewTokenWire {
  return {
    token: record.token,
    objectType: record.objectType,
    objectId: record.objectId,
    ...(record.integrateId === undefined ? {} : { integrateId: record.integrateId }),
    session: record.session,
    issuedAt: new Date(record.issuedAtMs).toISOString(),
    lastUsedAt: record.lastUsedAtMs === null ? null : new Date(record.lastUsedAtMs).toISOString(),
    expiresAt: new Date(viewTokens.expiresAtMs(record)).toISOString(),
    state: viewTokens.stateOf(record),
    uses: record.uses,
  };
}
