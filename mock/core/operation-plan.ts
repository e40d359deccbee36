import type { Authentication } from './access-tokens';
import type { Core } from './create-core';
import type { ServiceRequest, Validation } from './service-request';
import { EXPIRES_AT_HEADER } from './service-request';
import type { Answer } from './service-answers';
import { fromServiceFailure } from './service-answers';
import { toNewRecordFields, toUseOutcome } from './service';
import type { ViewTokenRecord } from './token-store';
import type { TargetSelection } from './target';
import { findMisspeltParameter, selectChildFileTarget, selectQueryTarget } from './target';
import { hasTwoCredentials } from './view-token-credential';
import type { NewRecordFields, TokenUse } from './view-tokens';

/**
 * A View Token request decided as far as it can be without the store: a fixed answer (400, 401,
 * 403, 404), or the one store step it takes (issue a token, use one). Both ways of running a
 * request share it: step by step over the stores (run-operation.ts) or in one round trip (one-trip.ts).
 */
export type OperationPlan =
  { kind: 'answer'; answer: Answer } | { kind: 'issue'; fields: NewRecordFields } | { kind: 'use'; token: string };

/**
 * An issue (`getViewToken`, the child-file routes), once the caller's Access Token is checked: the
 * 401 comes before any 400, as the real service answers.
 */
export function planIssue(
  core: Core,
  request: ServiceRequest,
  session: string,
  validate: () => Validation,
  auth: Authentication,
): OperationPlan {
  if (auth.kind === 'rejected') return answer(fromServiceFailure({ kind: 'unauthenticated', reason: auth.reason }));
  const validation = validate();
  if (validation.kind === 'invalid') return invalidParameter(validation);
  // Two credentials: the Access Token was taken; the View Token beside it is refused, not ignored.
  if (hasTwoCredentials(request))
    return invalidParameter({
      parameter: 'view_token',
      reason: "sent with an Authorization header; give the Access Token or the integration's View Token, not both",
    });
  const selection = selectTarget(request);
  if (selection.kind === 'invalid') return invalidParameter(selection);
  const resolved = toNewRecordFields(core.directory, selection.target, auth.app, session);
  return resolved.kind === 'resolved'
    ? { kind: 'issue', fields: resolved.fields }
    : answer(fromServiceFailure(resolved));
}

/** A use (`getViewerData`, the viewer's data call, which carries no Access Token). */
export function planUse(request: ServiceRequest, validate: () => Validation): OperationPlan {
  const viewToken = request.query.viewToken;
  const misspelt = viewToken === undefined ? findMisspeltParameter(request.query, ['viewToken']) : undefined;
  if (misspelt) return invalidParameter(misspelt);
  const validation = validate();
  if (validation.kind === 'invalid') return invalidParameter(validation);
  if (typeof viewToken !== 'string') return invalidParameter({ parameter: 'viewToken', reason: 'is required once' });
  return { kind: 'use', token: viewToken };
}

/** The answer to an issue: the token, and when it expires unless used. */
export function toIssuedAnswer(core: Core, record: ViewTokenRecord): Answer {
  return success(record.token, { [EXPIRES_AT_HEADER]: new Date(core.viewTokens.expiresAtMs(record)).toISOString() });
}

/** The answer to a use: the viewer's data (and the new expiry), or 401 for an unknown or expired token. */
export function toUsedAnswer(use: TokenUse): Answer {
  const outcome = toUseOutcome(use);
  if (outcome.kind !== 'used') return fromServiceFailure(outcome);
  return success(outcome.viewer, { [EXPIRES_AT_HEADER]: new Date(outcome.expiresAtMs).toISOString() });
}

/** The service's success envelope. */
export function success(data: unknown, headers: Record<string, string> = {}): Answer {
  return { status: 200, headers, body: { code: 'success', data, message: '' } };
}

function selectTarget(request: ServiceRequest): TargetSelection {
  if (request.operationId === 'getViewToken') return selectQueryTarget(request.query);
  return selectChildFileTarget({
    integrateId: request.pathParams.integrateId ?? '',
    fileId: request.pathParams.fileId ?? '',
  });
}

function answer(fixed: Answer): OperationPlan {
  return { kind: 'answer', answer: fixed };
}

function invalidParameter(invalid: { parameter: string; reason: string }): OperationPlan {
  return answer(
    fromServiceFailure({ kind: 'invalid-parameter', parameter: invalid.parameter, reason: invalid.reason }),
  );
}
