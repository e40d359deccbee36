import type { MatchedRoute } from '../core/routing/match-route';
import type { OperationId } from '../core/routing/route-table';
import type { OperationRequest } from './front-request';
import type { Reply } from './reply';

/**
 * An operation's handler, found by the spec's operationId. By default the front checks its query,
 * path and header parameters and its JSON body against the spec first; `checks: 'own'` takes them
 * unchecked (the service operations: the core checks after authentication, so a 401 comes before a
 * 400), `'own-body'` checks its body itself (a rule, whose refusals say more than a schema can).
 */
export interface Operation {
  (request: OperationRequest, match: MatchedRoute): Reply | Promise<Reply>;
  readonly checks?: 'own' | 'own-body';
}

/** The handlers by operationId; one without a handler is answered by the front's `unhandled`. */
export type Operations = Partial<Record<OperationId, Operation>>;

/**
 * A handler that checks (some of) its input itself.
 * @example const createScenarioRule = checkingOwn('own-body', (request) => ...)
 */
export function checkingOwn(
  checks: NonNullable<Operation['checks']>,
  handler: (request: OperationRequest, match: MatchedRoute) => Reply | Promise<Reply>,
): Operation {
  return Object.assign(handler, { checks });
}
