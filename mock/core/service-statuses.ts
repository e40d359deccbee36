import type { ServiceOperationId } from './service-request';

/** Which statuses each service route documents: switches may force only these. */
export type ServiceStatuses = Readonly<Record<ServiceOperationId, readonly number[]>>;

/**
 * The statuses spec/mock.openapi.yaml documents for each service route (a test holds this table
 * against the spec). The server hands the core the spec engine's own map; this copy is the
 * default for runtimes without the spec engine (MSW in a browser).
 */
export const SERVICE_STATUSES = {
  getViewToken: [200, 400, 401, 403, 404, 422, 500, 503],
  getChildFileViewToken: [200, 201, 400, 401, 403, 404, 422, 500, 503],
  getChildFileViewTokenByGet: [200, 400, 401, 403, 404, 422, 500, 503],
  issueAccessToken: [200, 401, 422, 500, 503],
  getViewerData: [200, 400, 401, 422, 500, 503],
} as const satisfies Record<ServiceOperationId, readonly number[]>;

/**
 * The statuses of every service route out of a spec's operations; a route the spec lacks keeps
 * the built-in table's statuses.
 * @example toServiceStatuses(engine.operations)
 */
export function toServiceStatuses(operations: readonly { operationId: string; statuses: readonly number[] }[]): ServiceStatuses {
  const statuses: Record<ServiceOperationId, readonly number[]> = { ...SERVICE_STATUSES };
  for (const operation of operations) {
    if (isServiceOperation(operation.operationId)) statuses[operation.operationId] = [...operation.statuses];
  }
  return statuses;
}

export function isServiceOperation(name: string): name is ServiceOperationId {
  return Object.hasOwn(SERVICE_STATUSES, name);
}
