import type { Core } from './create-core';
import type { ServiceRequest, Validation } from './handle-service-request';
import { EXPIRES_AT_HEADER } from './handle-service-request';
import type { Answer } from './service-answers';
import { fromServiceFailure } from './service-answers';
import type { TargetSelection } from './target';
import { findMisspeltParameter, selectChildFileTarget, selectQueryTarget } from './target';

/** The real outcome of a service request (no scenario forced). */
export async function runOperation(core: Core, request: ServiceRequest, session: string, validate: () => Validation): Promise<Answer> {
  switch (request.operationId) {
    case 'getViewToken':
      return issue(core, request, session, validate, () => selectQueryTarget(request.query));
    case 'getChildFileViewToken':
    case 'getChildFileViewTokenByGet':
      return issue(core, request, session, validate, () => selectChildFileTarget({ integrateId: request.pathParams.integrateId ?? '', fileId: request.pathParams.fileId ?? '' }));
    case 'issueAccessToken': {
      const outcome = await core.service.issueAccessToken(request.headers.authorization);
      if (outcome.kind !== 'granted') return fromServiceFailure(outcome);
      return success({ token: outcome.token, expireTime: core.platformTime(outcome.expiresAtMs) });
    }
    case 'getViewerData': {
      const viewToken = request.query.viewToken;
      const misspelt = viewToken === undefined ? findMisspeltParameter(request.query, ['viewToken']) : undefined;
      if (misspelt) return invalidParameter(misspelt);
      const validation = validate();
      if (validation.kind === 'invalid') return invalidParameter(validation);
      if (typeof viewToken !== 'string') return invalidParameter({ parameter: 'viewToken', reason: 'is required once' });
      const outcome = await core.service.getViewerData(viewToken);
      if (outcome.kind !== 'used') return fromServiceFailure(outcome);
      return success(outcome.viewer, { [EXPIRES_AT_HEADER]: new Date(outcome.expiresAtMs).toISOString() });
    }
  }
}

async function issue(core: Core, request: ServiceRequest, session: string, validate: () => Validation, select: () => TargetSelection): Promise<Answer> {
  const authorization = request.headers.authorization;
  const auth = await core.accessTokens.authenticate(authorization);
  if (auth.kind === 'rejected') return fromServiceFailure({ kind: 'unauthenticated', reason: auth.reason });
  const validation = validate();
  if (validation.kind === 'invalid') return invalidParameter(validation);
  const selection = select();
  if (selection.kind === 'invalid') return invalidParameter(selection);
  const outcome = await core.service.issueViewToken({ authorization, target: selection.target, session });
  if (outcome.kind !== 'issued') return fromServiceFailure(outcome);
  return success(outcome.record.token, { [EXPIRES_AT_HEADER]: new Date(outcome.expiresAtMs).toISOString() });
}

function success(data: unknown, headers: Record<string, string> = {}): Answer {
  return { status: 200, headers, body: { code: 'success', data, message: '' } };
}

function invalidParameter(invalid: { parameter: string; reason: string }): Answer {
  return fromServiceFailure({ kind: 'invalid-parameter', parameter: invalid.parameter, reason: invalid.reason });
}
