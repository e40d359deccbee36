import type { ServiceOperationId } from './handle-service-request';

/**
 * The statuses spec/mock.openapi.yaml documents for each service route (a test holds this table
 * against the spec), so the core can check switches without the spec engine (MSW runs without it).
 */
export const SERVICE_STATUSES = {
  getViewToken: [200, 400, 401, 403, 404, 422, 500, 503],
  getChildFileViewToken: [200, 201, 400, 401, 403, 404, 422, 500, 503],
  getChildFileViewTokenByGet: [200, 400, 401, 403, 404, 422, 500, 503],
  issueAccessToken: [200, 401, 422, 500, 503],
  getViewerData: [200, 400, 401, 422, 500, 503],
} as const satisfies Record<ServiceOperationId, readonly number[]>;

export function isServiceOperation(name: string): name is ServiceOperationId {
  return Object.hasOwn(SERVICE_STATUSES, name);
}
