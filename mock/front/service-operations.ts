import type { Core } from '../core/create-core';
import type { ServiceHooks, ServiceResult } from '../core/handle-service-request';
import { handleServiceRequest } from '../core/handle-service-request';
import type { MatchedRoute } from '../core/routing/match-route';
import type { ServiceOperationId } from '../core/routing/route-table';
import type { Answer } from '../core/service-answers';
import { validateMatched } from '../core/routing/validate-request';
import type { RequestValidator, ServiceRequest } from '../core/service-request';
import type { OperationRequest } from './front-request';
import type { Operation } from './operation';
import { checkingOwn } from './operation';
import type { Reply } from './reply';
import { problem } from './reply';

/** The operations the core's own real outcome knows (run-operation.ts): the View Token service's. */
type CoreOperationId =
  'getViewToken' | 'getChildFileViewToken' | 'getChildFileViewTokenByGet' | 'issueAccessToken' | 'getViewerData';

/**
 * The service's and the viewer's operations: the core decides (switches, rules, the real outcome,
 * the journal), with the validator compiled from the spec checking the parameters where the core
 * says (after authentication). The hot path: nothing is built per request but the core's request.
 */
export function createServiceOperations(
  core: Core,
  hooks: ServiceHooks | undefined,
): Record<CoreOperationId, Operation> {
  const validators = new Map<string, RequestValidator>();
  const validatorOf = (match: MatchedRoute): RequestValidator => {
    // An undecodable parameter is this request's own: its validator is not shared.
    if (match.undecodable !== undefined) return (clean) => validateMatched(match.route, clean, match.undecodable);
    let validate = validators.get(match.operationId);
    if (validate === undefined) {
      validate = (clean) => validateMatched(match.route, clean, undefined);
      validators.set(match.operationId, validate);
    }
    return validate;
  };
  const run = checkingOwn('own', (request, match) =>
    handleServiceRequest(core, toServiceRequest(request, match), validatorOf(match), hooks).then(toReply),
  );
  return {
    getViewToken: run,
    getChildFileViewToken: run,
    getChildFileViewTokenByGet: run,
    issueAccessToken: run,
    getViewerData: run,
  };
}

/**
 * A service-like operation with its own real outcome, run through the core like the service's: the
 * request's switches and its session's rules first, the journal after (and forwarded instead under
 * `--proxy`). The front checks its parameters against the spec first, unless it is wrapped with
 * `checkingOwn('own', …)` and `real` checks them (mock/front/model-operations.ts). `real` sees the
 * method: a HEAD must change nothing (no token used).
 * @example getElementProperties: serviceOperation(core, hooks, (request, match) => answerElement(request, match))
 */
export function serviceOperation(
  core: Core,
  hooks: ServiceHooks | undefined,
  real: (request: ServiceRequest, match: MatchedRoute) => Promise<Answer>,
): Operation {
  const forward = hooks?.forward;
  return (request, match) => {
    const own: ServiceHooks = { ...hooks, forward: forward ?? ((clean) => real(clean, match)) };
    return handleServiceRequest(core, toServiceRequest(request, match), undefined, own).then(toReply);
  };
}

function toServiceRequest(request: OperationRequest, match: MatchedRoute): ServiceRequest {
  return {
    operationId: match.operationId as ServiceOperationId,
    method: request.method,
    path: request.path,
    query: request.query,
    pathParams: match.params,
    headers: request.headers,
  };
}

/** Refused switches are a 422 problem naming what is allowed; every other result is already a reply. */
function toReply(result: ServiceResult): Reply {
  if (result.kind !== 'rejected-preference') return result;
  const { detail, allowed, nearest } = result;
  return problem('preference-rejected', detail, nearest === undefined ? { allowed } : { allowed, nearest });
}
