import type { Request, Response, Router } from 'express';
import express from 'express';
import type { ServiceRequest } from '../core/service-request';
import { SERVICE_ROUTES } from '../core/service-routes';
import type { ServiceRouteDeps } from './service-routes';
import { createOperationRunner } from './service-routes';

/** The same operations as an Express router, for requests that do not come through the listener's dispatcher (supertest, mounting). */
export function createServiceRouter(deps: ServiceRouteDeps): Router {
  // Strict like a real server: case-sensitive, `/view/token/` is not `/view/token`.
  const router = express.Router({ strict: true, caseSensitive: true });
  const run = createOperationRunner(deps);
  for (const [method, path, operationId] of SERVICE_ROUTES) {
    router[method](path, (req: Request, res: Response) => run(req, res, {
      operationId, method: req.method, path: req.path, query: req.query as ServiceRequest['query'],
      pathParams: req.params as Record<string, string>, headers: req.headers as ServiceRequest['headers'],
    }));
  }
  return router;
}
