import type { Core } from '../core/create-core';
import type { ServiceHooks } from '../core/handle-service-request';
import type { MatchedRoute } from '../core/routing/match-route';
import type { ModelOperationId } from '../core/routing/route-table';
import { isServiceOperation } from '../core/routing/route-table';
import type { Answer } from '../core/service-answers';
import type { ServiceRequest } from '../core/service-request';
import { lookingOnly } from '../core/view-tokens';
import type { ModelCatalog } from '../viewer/model/model-catalog';
import type { ModelHandler } from '../viewer/model-routes';
import { createModelHandlers } from '../viewer/model-routes';
import { checkParameters } from './dispatch';
import type { Operation } from './operation';
import { checkingOwn } from './operation';
import { toReply } from './reply';
import { serviceOperation } from './service-operations';

/**
 * The viewer's model routes (element properties, floors, tree, geometry; mock/viewer/model-routes.ts)
 * as operations. Every one the core runs (all but the stand-in's countdown poll: isServiceOperation)
 * goes through it as the service's routes do: the request's switches, its session's rules (the session
 * of the View Token it carries), the journal. Its parameters are checked against the spec inside, so a
 * 400 is journaled too; a HEAD looks the token up without using it.
 */
export function createModelOperations(
  core: Core,
  models: ModelCatalog,
  hooks?: ServiceHooks | undefined,
): Record<ModelOperationId, Operation> {
  const handlers = createModelHandlers({ core, models });
  const looking = createModelHandlers({ core: { ...core, viewTokens: lookingOnly(core.viewTokens) }, models });
  const operations = Object.entries(handlers).map(([operationId, handle]): [string, Operation] => {
    if (!isServiceOperation(operationId))
      return [operationId, (request, match) => handle({ params: match.params, query: request.query }).then(toReply)];
    const real = (request: ServiceRequest, match: MatchedRoute): Promise<Answer> => {
      const refused = checkParameters(match, request);
      // Refusals of the model's area are envelopes: answers, never faults.
      if (refused?.kind === 'answer') return Promise.resolve(refused.answer);
      const handler = request.method === 'HEAD' ? (looking[operationId as ModelOperationId] as ModelHandler) : handle;
      return handler({ params: match.params, query: request.query });
    };
    return [operationId, checkingOwn('own', serviceOperation(core, hooks, real))];
  });
  return Object.fromEntries(operations) as Record<ModelOperationId, Operation>;
}
