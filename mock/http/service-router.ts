import type { Request, Response, Router } from 'express';
import express from 'express';
import type { ServiceRequest } from '../core/handle-service-request';
import { SERVICE_ROUTES } from '../core/service-routes';
import type { ServiceRouteDeps } from './service-routes';
import { createOperationRunner } from './service-routes';

/** The same operations as an Express router, for what the dispatcher leaves (trailing slash, case, HEAD). */
export function createServiceRouter(deps: ServiceRouteDeps): Router {
  const router = express.Router();
  const run = createOperationRunner(deps);
  for (const [method, path, operationId] of SERVICE_ROUTES) {
    router[method](path, (req: Request, res: Response) => run(req, res, {
      operationId, method: req.method, path: req.path, query: req.query as ServiceRequest['query'],
      pathParams: req.params as Record<string, string>, headers: req.headers as ServiceRequest['headers'],
    }));
  }
  return router;
}
