import type { ServiceOperationId } from './routing/route-table';
import { ROUTE_TABLE, isServiceOperation } from './routing/route-table';

/** Which statuses each service route documents: switches may force only these. */
export type ServiceStatuses = Readonly<Record<ServiceOperationId, readonly number[]>>;

/**
 * The statuses spec/mock.openapi.yaml documents for each service route, from the route table built
 * from it (spec/generated/routes.ts): what the core uses in every runtime (MSW in a browser too).
 */
export const SERVICE_STATUSES: ServiceStatuses = Object.fromEntries(
  ROUTE_TABLE.filter((route) => isServiceOperation(route.operationId)).map((route) => [
    route.operationId,
    route.statuses,
  ]),
) as Record<ServiceOperationId, readonly number[]>;

/**
 * The statuses of every service route out of a spec's operations; a route the spec lacks keeps
 * the built-in table's statuses.
 * @example toServiceStatuses(engine.operations)
 */
export function toServiceStatuses(
  operations: readonly { operationId: string; statuses: readonly number[] }[],
): ServiceStatuses {
  const statuses: Record<ServiceOperationId, readonly number[]> = { ...SERVICE_STATUSES };
  for (const operation of operations) {
    if (isServiceOperation(operation.operationId)) statuses[operation.operationId] = [...operation.statuses];
  }
  return statuses;
}
