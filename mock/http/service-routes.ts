import type { Request, Response, Router } from 'express';
import express from 'express';
import type { Core } from '../core/create-core';
import type { ServiceOperationId, ServiceRequest } from '../core/handle-service-request';
import { handleServiceRequest } from '../core/handle-service-request';
import type { Answer } from '../core/service-answers';
import type { SpecEngine } from '../spec-engine/spec-engine';
import { toEngineRequest } from './request-shape';

export interface ServiceRouteDeps {
  core: Core;
  engine: SpecEngine;
}

/** Writes a framework-neutral answer. */
export function sendAnswer(res: Response, answer: Answer): void {
  res.status(answer.status).set(answer.headers).json(answer.body);
}

/** The service's routes: each one adapts Express to the core's one request handler. */
export function createServiceRouter({ core, engine }: ServiceRouteDeps): Router {
  const router = express.Router();
  const route = (operationId: ServiceOperationId) => async (req: Request, res: Response): Promise<void> => {
    const request = toServiceRequest(req, operationId);
    sendAnswer(res, await handleServiceRequest(core, request, () => engine.validate(operationId, toEngineRequest(req))));
  };
  router.get('/view/token', route('getViewToken'));
  router.post('/data/v2/integrations/:integrateId/files/:fileId/viewToken', route('getChildFileViewToken'));
  router.get('/data/v2/integrations/:integrateId/files/:fileId/viewToken', route('getChildFileViewTokenByGet'));
  router.post('/oauth2/token', route('issueAccessToken'));
  router.get('/inside/databag', route('getViewerData'));
  return router;
}

function toServiceRequest(req: Request, operationId: ServiceOperationId): ServiceRequest {
  return {
    operationId,
    query: req.query as ServiceRequest['query'],
    pathParams: req.params as Record<string, string>,
    headers: req.headers as ServiceRequest['headers'],
  };
}
