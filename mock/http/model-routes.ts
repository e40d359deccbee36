import type { Core } from '../core/create-core';
import type { ModelOperationId } from '../core/routing/route-table';
import type { ModelCatalog } from '../viewer/model/model-catalog';
import { createModelCatalog } from '../viewer/model/model-catalog';
import { createModelHandlers } from '../viewer/model-routes';
import type { OperationHandler } from './operation-dispatch';
import { sendAnswer } from './service-routes';

/**
 * The model's routes (mock/viewer/model-routes.ts, framework-neutral) as the dispatch's handlers:
 * the matched path parameters and the parsed query in, the answer written as the service writes its own.
 */
export function createModelRouteHandlers(deps: {
  core: Core;
  models?: ModelCatalog | undefined;
}): Record<ModelOperationId, OperationHandler> {
  const handlers = createModelHandlers({ core: deps.core, models: deps.models ?? createModelCatalog() });
  const entries = Object.entries(handlers).map(([operationId, handle]): [string, OperationHandler] => [
    operationId,
    (req, res, match) =>
      handle({ params: match.params, query: req.query as Record<string, string> }).then((answer) =>
        sendAnswer(res, answer),
      ),
  ]);
  return Object.fromEntries(entries) as Record<ModelOperationId, OperationHandler>;
}
