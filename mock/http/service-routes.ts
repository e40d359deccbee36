import type { Request, Response, Router } from 'express';
import express from 'express';
import type { Core } from '../core/create-core';
import type { ServiceOperationId, ServiceRequest, ServiceResult } from '../core/handle-service-request';
import { handleServiceRequest } from '../core/handle-service-request';
import type { Answer } from '../core/service-answers';
import type { SpecEngine } from '../spec-engine/spec-engine';
import { writeFault } from './faults';
import { sendProblem } from './problem';
import { toEngineRequest } from './request-shape';

export interface ServiceRouteDeps {
  core: Core;
  engine: SpecEngine;
}

/** Writes a framework-neutral answer (201 and other bodiless answers as an empty body). */
export function sendAnswer(res: Response, answer: Answer): void {
  res.status(answer.status).set(answer.headers);
  if (answer.body === undefined) res.end();
  else res.json(answer.body);
}

/** The service's routes: each one adapts Express to the core's one request handler. */
export function createServiceRouter({ core, engine }: ServiceRouteDeps): Router {
  const router = express.Router();
  const route = (operationId: ServiceOperationId) => async (req: Request, res: Response): Promise<void> => {
    const request = toServiceRequest(req, operationId);
    const result = await handleServiceRequest(core, request, (clean) => engine.validate(operationId, { ...toEngineRequest(req), query: clean.query }));
    await deliver(req, res, result);
  };
  router.get('/view/token', route('getViewToken'));
  router.post('/data/v2/integrations/:integrateId/files/:fileId/viewToken', route('getChildFileViewToken'));
  router.get('/data/v2/integrations/:integrateId/files/:fileId/viewToken', route('getChildFileViewTokenByGet'));
  router.post('/oauth2/token', route('issueAccessToken'));
  router.get('/inside/databag', route('getViewerData'));
  return router;
}

async function deliver(req: Request, res: Response, result: ServiceResult): Promise<void> {
  if (result.kind === 'rejected-preference') {
    return sendProblem(res, 'preference-rejected', result.detail, { allowed: result.allowed });
  }
  if (result.delayMs > 0 && !(await waitUnlessGone(req, result.delayMs))) return;
  if (result.kind === 'fault') return writeFault(res, result.fault, result.headers);
  sendAnswer(res, result.answer);
}

/** Waits; false when the client went away meanwhile (nothing left to answer). */
function waitUnlessGone(req: Request, delayMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { req.socket.off('close', gone); resolve(true); }, delayMs);
    const gone = (): void => { clearTimeout(timer); resolve(false); };
    req.socket.once('close', gone);
  });
}

function toServiceRequest(req: Request, operationId: ServiceOperationId): ServiceRequest {
  return {
    operationId,
    method: req.method,
    path: req.path,
    query: req.query as ServiceRequest['query'],
    pathParams: req.params as Record<string, string>,
    headers: req.headers as ServiceRequest['headers'],
  };
}
