import type { Authentication } from './access-tokens';
import type { Core } from './create-core';
import { parseInt64 } from './int64';
import { toUseOutcome } from './service';
import type { Answer } from './service-answers';
import { fromServiceFailure, toErrorAnswer } from './service-answers';
import type { ServiceRequest } from './service-request';
import type { RequestClock } from './session-clocks';
import type { TokenUse } from './view-tokens';

/** The routes the platform's viewer SDK reaches with a View Token (`Data.FileManager.getViewToken`). */
const BY_VIEW_TOKEN = new Set(['getChildFileViewToken', 'getChildFileViewTokenByGet']);

/**
 * Whether the request asks for a child file's token with the integration's View Token instead of
 * the Access Token: a child-file route, `view_token` in the query, no Authorization header.
 */
export function isViewTokenIssue(request: ServiceRequest): boolean {
  return (
    BY_VIEW_TOKEN.has(request.operationId) &&
    request.headers.authorization === undefined &&
    request.query.view_token !== undefined
  );
}

/** A child-file request with both the Authorization header and `view_token`: refused (400), not half-read. */
export function hasTwoCredentials(request: ServiceRequest): boolean {
  return (
    BY_VIEW_TOKEN.has(request.operationId) &&
    request.headers.authorization !== undefined &&
    request.query.view_token !== undefined
  );
}

/**
 * The integration's View Token as the child-file route's credential: a use of it (its expiry slides;
 * expired or unknown → 401), then it must be the token of the integration the path names (another
 * object's → 403 naming both). Accepted as the application owning the integration, whose files it may
 * then ask for, as with that application's Access Token.
 */
export async function authenticateByViewToken(
  core: Core,
  request: ServiceRequest,
  nowOf: RequestClock,
  mode: 'use' | 'peek' = 'use',
): Promise<Authentication | Answer> {
  const given = request.query.view_token;
  const token = typeof given === 'string' ? given : (given?.[0] ?? '');
  const use = mode === 'use' ? await core.viewTokens.use(token, nowOf) : await peekUse(core, token, nowOf);
  const outcome = toUseOutcome(use);
  if (outcome.kind !== 'used') return fromServiceFailure(outcome);
  const { record } = outcome;
  const integrateId = parseInt64(request.pathParams.integrateId ?? '');
  if (record.objectType !== 'integration' || integrateId.kind !== 'ok' || integrateId.value !== record.objectId) {
    const object = `${record.objectType === 'childFile' ? 'file' : record.objectType} ${record.objectId}`;
    return toErrorAnswer(
      'permission.denied',
      `This View Token is for ${object}, not integration ${request.pathParams.integrateId ?? ''}: a child file's View Token is asked for with its integration's.`,
    );
  }
  const owner = core.directory.find('integration', record.objectId, null);
  return { kind: 'accepted', app: owner.kind === 'found' ? owner.object.owner : null };
}

/** What a use would find, without using (a HEAD changes nothing). */
async function peekUse(core: Core, token: string, nowOf: RequestClock): Promise<TokenUse> {
  const record = await core.viewTokens.peek(token);
  if (record === undefined) return { kind: 'unknown' };
  const expiresAtMs = core.viewTokens.expiresAtMs(record);
  if (core.viewTokens.stateOf(record, await nowOf(record.session)) === 'expired')
    return { kind: 'expired', record, expiredAtMs: expiresAtMs };
  return { kind: 'valid', record, expiresAtMs };
}
