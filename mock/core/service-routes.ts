import type { ServiceOperationId } from './service-request';
import { ID_PARAMETERS } from './object-types';

/**
 * Where each service operation is served: method and path (`:name` marks a path parameter, as
 * Express and MSW both write it). The one table the HTTP adapter and the MSW handlers share.
 */
export const SERVICE_ROUTES: readonly (readonly [method: 'get' | 'post', path: string, operationId: ServiceOperationId])[] = [
  ['get', '/view/token', 'getViewToken'],
  ['post', '/data/v2/integrations/:integrateId/files/:fileId/viewToken', 'getChildFileViewToken'],
  ['get', '/data/v2/integrations/:integrateId/files/:fileId/viewToken', 'getChildFileViewTokenByGet'],
  ['post', '/oauth2/token', 'issueAccessToken'],
  ['get', '/inside/databag', 'getViewerData'],
];

/** The query and path parameters of each service operation (what a rule's `param` may name). */
export const PARAMETERS_OF: Readonly<Record<ServiceOperationId, readonly string[]>> = {
  getViewToken: ID_PARAMETERS,
  getChildFileViewToken: ['integrateId', 'fileId'],
  getChildFileViewTokenByGet: ['integrateId', 'fileId'],
  issueAccessToken: [],
  getViewerData: ['viewToken'],
};

/** Every parameter some service operation has. */
export const ALL_PARAMETERS: readonly string[] = [...new Set(Object.values(PARAMETERS_OF).flat())];
