import type { Core } from './create-core';
import type { QueryValues, TargetSelection } from './target';
import { selectChildFileTarget, selectQueryTarget } from './target';
import type { Answer } from './service-answers';
import { fromServiceFailure } from './service-answers';

/** The service routes, by operationId. */
export type ServiceOperationId = 'getViewToken' | 'getChildFileViewToken' | 'getChildFileViewTokenByGet' | 'issueAccessToken' | 'getViewerData';

/** A framework-neutral service request (header names lower-case). */
export interface ServiceRequest {
  operationId: ServiceOperationId;
  query: QueryValues;
  pathParams: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string | undefined>>;
}

export type Validation = { kind: 'valid' } | { kind: 'invalid'; parameter: string; reason: string };

/** Schema validation from outside the core (the spec engine); the core's own rules always apply. */
export type RequestValidator = (request: ServiceRequest) => Validation;

/** The header that tells a client when its View Token expires unless used again. */
export const EXPIRES_AT_HEADER = 'X-View-Token-Expires-At';
/** The header that scopes tokens, rules and the journal to one tester or CI worker. */
export const SESSION_HEADER = 'x-mock-session';

const valid: RequestValidator = () => ({ kind: 'valid' });

/**
 * Runs one service request through the core and returns the answer to write: the one
 * implementation behind the Express routes and the MSW handlers alike.
 * @example await handleServiceRequest(core, { operationId: 'getViewToken', query: { fileId: '1' }, pathParams: {}, headers: { authorization: 'Bearer x' } })
 */
export async function handleServiceRequest(core: Core, request: ServiceRequest, validate: RequestValidator = valid): Promise<Answer> {
  const { headers } = request;
  switch (request.operationId) {
    case 'getViewToken':
      return issue(core, request, validate, () => selectQueryTarget(request.query));
    case 'getChildFileViewToken':
    case 'getChildFileViewTokenByGet':
      return issue(core, request, validate, () => selectChildFileTarget({ integrateId: request.pathParams.integrateId ?? '', fileId: request.pathParams.fileId ?? '' }));
    case 'issueAccessToken': {
      const outcome = core.service.issueAccessToken(headers.authorization);
      if (outcome.kind !== 'granted') return fromServiceFailure(outcome);
      return success({ token: outcome.token, expireTime: toPlatformTime(outcome.expiresAtMs) });
    }
    case 'getViewerData': {
      const validation = validate(request);
      if (validation.kind === 'invalid') return invalidParameter(validation);
      const viewToken = request.query.viewToken;
      if (typeof viewToken !== 'string') return invalidParameter({ parameter: 'viewToken', reason: 'is required once' });
      const outcome = await core.service.getViewerData(viewToken);
      if (outcome.kind !== 'used') return fromServiceFailure(outcome);
      return success(outcome.viewer, { [EXPIRES_AT_HEADER]: new Date(outcome.expiresAtMs).toISOString() });
    }
  }
}

async function issue(core: Core, request: ServiceRequest, validate: RequestValidator, select: () => TargetSelection): Promise<Answer> {
  const authorization = request.headers.authorization;
  const auth = core.accessTokens.authenticate(authorization);
  if (auth.kind === 'rejected') return fromServiceFailure({ kind: 'unauthenticated', reason: auth.reason });
  const validation = validate(request);
  if (validation.kind === 'invalid') return invalidParameter(validation);
  const selection = select();
  if (selection.kind === 'invalid') return invalidParameter(selection);
  const outcome = await core.service.issueViewToken({ authorization, target: selection.target, session: request.headers[SESSION_HEADER] ?? '' });
  if (outcome.kind !== 'issued') return fromServiceFailure(outcome);
  return success(outcome.record.token, { [EXPIRES_AT_HEADER]: new Date(outcome.expiresAtMs).toISOString() });
}

function success(data: unknown, headers: Record<string, string> = {}): Answer {
  return { status: 200, headers, body: { code: 'success', data, message: '' } };
}

function invalidParameter(invalid: { parameter: string; reason: string }): Answer {
  return fromServiceFailure({ kind: 'invalid-parameter', parameter: invalid.parameter, reason: invalid.reason });
}

/** The platform's `yyyy-MM-dd HH:mm:ss` (UTC). */
export function toPlatformTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
