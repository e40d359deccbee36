import type { AuthenticationFailure, GrantRefusal } from './access-tokens';
import type { ObjectDescription, ObjectDirectory } from './object-directory';
import type { DirectoryType } from './object-types';
import type { Target } from './target';
import type { ViewTokenRecord } from './token-store';
import type { ViewerData } from './viewer-data';
import { toViewerData } from './viewer-data';
import type { NewRecordFields, TokenUse } from './view-tokens';

/** Every way a service operation can fail; the HTTP layer maps each to the service's envelope. */
export type ServiceFailure =
  | {
      kind: 'unauthenticated';
      reason: AuthenticationFailure | 'unknown-view-token' | 'expired-view-token' | 'bad-basic-credentials';
      refusal?: GrantRefusal;
    }
  | { kind: 'forbidden'; type: DirectoryType }
  | { kind: 'not-found'; type: DirectoryType }
  | { kind: 'invalid-parameter'; parameter: string; reason: string };

/** A View Token's use: the token and the viewer's data, or why it is refused. */
export type UseOutcome =
  { kind: 'used'; record: ViewTokenRecord; expiresAtMs: number; viewer: ViewerData } | ServiceFailure;

type Resolution = { kind: 'found'; object: ObjectDescription } | ServiceFailure;

/**
 * What a View Token for the target records, once the caller's application may see it; the
 * failure (403, 404) otherwise. Pure: the one decision both ways of issuing share.
 */
export function toNewRecordFields(
  directory: ObjectDirectory,
  target: Target,
  caller: string | null,
  session: string,
): { kind: 'resolved'; fields: NewRecordFields } | ServiceFailure {
  const resolved = resolveTarget(directory, target, caller);
  if (resolved.kind !== 'found') return resolved;
  const { object } = resolved;
  return {
    kind: 'resolved',
    fields: {
      objectType: target.kind === 'childFile' ? 'childFile' : object.type,
      objectId: object.id,
      ...(target.kind === 'childFile' ? { integrateId: target.integrateId } : {}),
      ...(object.extension === undefined ? {} : { extension: object.extension }),
      name: object.name,
      session,
    },
  };
}

/** What a use of a View Token means to the viewer: its data, or why the token is refused. */
export function toUseOutcome(use: TokenUse): UseOutcome {
  if (use.kind === 'unknown') return { kind: 'unauthenticated', reason: 'unknown-view-token' };
  if (use.kind === 'expired') return { kind: 'unauthenticated', reason: 'expired-view-token' };
  return {
    kind: 'used',
    record: use.record,
    expiresAtMs: use.expiresAtMs,
    viewer: toViewerData(use.record, use.expiresAtMs),
  };
}

function resolveTarget(directory: ObjectDirectory, target: Target, caller: string | null): Resolution {
  if (target.kind === 'object') return resolveObject(directory, target.type, target.id, caller);
  const integration = resolveObject(directory, 'integration', target.integrateId, caller);
  if (integration.kind !== 'found') return integration;
  const file = resolveObject(directory, 'file', target.fileId, caller);
  if (file.kind !== 'found') return file;
  return directory.isChild(target.integrateId, target.fileId) ? file : { kind: 'not-found', type: 'file' };
}

function resolveObject(
  directory: ObjectDirectory,
  type: DirectoryType,
  id: ObjectDescription['id'],
  caller: string | null,
): Resolution {
  const lookup = directory.find(type, id, caller);
  if (lookup.kind === 'found') return lookup;
  return lookup.kind === 'missing' ? { kind: 'not-found', type } : { kind: 'forbidden', type };
}
