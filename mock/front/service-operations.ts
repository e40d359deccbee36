import type { Core } from '../core/create-core';
import type { ServiceHooks, ServiceResult } from '../core/handle-service-request';
import { handleServiceRequest } from '../core/handle-service-request';
import type { MatchedRoute } from '../core/routing/match-route';
import type { ServiceOperationId } from '../core/routing/route-table';
import { ROUTE_TABLE, isServiceOperation } from '../core/routing/route-table';
import { validateMatched } from '../core/routing/validate-request';
import type { RequestValidator, ServiceRequest } from '../core/service-request';
import type { OperationRequest } from './front-request';
import type { Operation } from './operation';
import { checkingOwn } from './operation';
import type { Reply } from './reply';
import { problem } from './reply';

/**
 * The service's and the viewer's operations: the core decides (switches, rules, the real outcome,
 * the journal), with the validator compiled from the spec checking the parameters where the core
 * says (after authentication). The hot path: nothing is built per request but the core's request.
 */
export function createServiceOperations(
  core: Core,
  hooks: ServiceHooks | undefined,
): Record<ServiceOperationId, Operation> {
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
  const operations: Partial<Record<ServiceOperationId, Operation>> = {};
  for (const route of ROUTE_TABLE) if (isServiceOperation(route.operationId)) operations[route.operationId] = run;
  return operations as Record<ServiceOperationId, Operation>;
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
