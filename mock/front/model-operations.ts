import type { Core } from '../core/create-core';
import type { ModelOperationId } from '../core/routing/route-table';
import type { ModelCatalog } from '../viewer/model/model-catalog';
import { createModelHandlers } from '../viewer/model-routes';
import type { Operation } from './operation';
import { toReply } from './reply';

/**
 * The viewer's model routes (element properties, floors, tree, geometry; mock/viewer/model-routes.ts)
 * as operations: their parameters checked against the spec by the front, then the model answers.
 */
export function createModelOperations(core: Core, models: ModelCatalog): Record<ModelOperationId, Operation> {
  const handlers = createModelHandlers({ core, models });
  const operations = Object.entries(handlers).map(([operationId, handle]): [string, Operation] => [
    operationId,
    (request, match) => handle({ params: match.params, query: request.query }).then(toReply),
  ]);
  return Object.fromEntries(operations) as Record<ModelOperationId, Operation>;
}
