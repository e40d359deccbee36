import type { AccessTokens, AuthenticationFailure, GrantRefusal } from './access-tokens';
import type { ObjectDescription, ObjectDirectory } from './object-directory';
import type { DirectoryType } from './object-types';
import type { Target } from './target';
import type { ViewTokenRecord } from './token-store';
import type { ViewerData } from './viewer-data';
import { toViewerData } from './viewer-data';
import type { ViewTokens } from './view-tokens';

/** Every way a service operation can fail; the HTTP layer maps each to the service's envelope. */
export type ServiceFailure =
  | { kind: 'unauthenticated'; reason: AuthenticationFailure | 'unknown-view-token' | 'expired-view-token' | 'bad-basic-credentials'; refusal?: GrantRefusal }
  | { kind: 'forbidden'; type: DirectoryType }
  | { kind: 'not-found'; type: DirectoryType }
  | { kind: 'invalid-parameter'; parameter: string; reason: string };

export type IssueOutcome = { kind: 'issued'; record: ViewTokenRecord; expiresAtMs: number } | ServiceFailure;
export type UseOutcome = { kind: 'used'; record: ViewTokenRecord; expiresAtMs: number; viewer: ViewerData } | ServiceFailure;
export type GrantOutcome = { kind: 'granted'; token: string; expiresAtMs: number } | ServiceFailure;

/** The service's operations, named after the spec's operationIds, free of any framework. */
export interface ViewTokenService {
  issueViewToken(request: { authorization: string | undefined; target: Target; session: string }): Promise<IssueOutcome>;
  getViewerData(viewToken: string): Promise<UseOutcome>;
  issueAccessToken(authorization: string | undefined): Promise<GrantOutcome>;
}

/** Creates the service over the core's parts. */
export function createViewTokenService(deps: { accessTokens: AccessTokens; directory: ObjectDirectory; viewTokens: ViewTokens }): ViewTokenService {
  const { accessTokens, directory, viewTokens } = deps;
  return {
    async issueViewToken({ authorization, target, session }) {
      const auth = await accessTokens.authenticate(authorization);
      if (auth.kind === 'rejected') return { kind: 'unauthenticated', reason: auth.reason };
      const resolved = resolveTarget(directory, target, auth.app);
      if (resolved.kind !== 'found') return resolved;
      const { object } = resolved;
      const record = await viewTokens.issue({
        objectType: target.kind === 'childFile' ? 'childFile' : object.type,
        objectId: object.id,
        ...(target.kind === 'childFile' ? { integrateId: target.integrateId } : {}),
        ...(object.extension === undefined ? {} : { extension: object.extension }),
        name: object.name,
        session,
      });
      return { kind: 'issued', record, expiresAtMs: viewTokens.expiresAtMs(record) };
    },
    async getViewerData(viewToken) {
      const use = await viewTokens.use(viewToken);
      if (use.kind === 'unknown') return { kind: 'unauthenticated', reason: 'unknown-view-token' };
      if (use.kind === 'expired') return { kind: 'unauthenticated', reason: 'expired-view-token' };
      return { kind: 'used', record: use.record, expiresAtMs: use.expiresAtMs, viewer: toViewerData(use.record, use.expiresAtMs) };
    },
    async issueAccessToken(authorization) {
      const grant = await accessTokens.grant(authorization);
      if (grant.kind === 'rejected') {
        const { kind: _rejected, ...refusal } = grant;
        return { kind: 'unauthenticated', reason: 'bad-basic-credentials', refusal };
      }
      return { kind: 'granted', token: grant.token, expiresAtMs: grant.expiresAtMs };
    },
  };
}

type Resolution = { kind: 'found'; object: ObjectDescription } | ServiceFailure;

function resolveTarget(directory: ObjectDirectory, target: Target, caller: string | null): Resolution {
  if (target.kind === 'object') return resolveObject(directory, target.type, target.id, caller);
  const integration = resolveObject(directory, 'integration', target.integrateId, caller);
  if (integration.kind !== 'found') return integration;
  const file = resolveObject(directory, 'file', target.fileId, caller);
  if (file.kind !== 'found') return file;
  return directory.isChild(target.integrateId, target.fileId) ? file : { kind: 'not-found', type: 'file' };
}

function resolveObject(directory: ObjectDirectory, type: DirectoryType, id: ObjectDescription['id'], caller: string | null): Resolution {
  const lookup = directory.find(type, id, caller);
  if (lookup.kind === 'found') return lookup;
  return lookup.kind === 'missing' ? { kind: 'not-found', type } : { kind: 'forbidden', type };
}
