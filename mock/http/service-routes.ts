import type { Request, Response, Router } from 'express';
import express from 'express';
import type { Core } from '../core/create-core';
import type { IssueOutcome } from '../core/service';
import type { TargetSelection } from '../core/target';
import { selectChildFileTarget, selectQueryTarget } from '../core/target';
import type { SpecEngine } from '../spec-engine/spec-engine';
import type { ErrorAnswer } from './service-errors';
import { fromServiceFailure } from './service-errors';
import { sessionOf, toEngineRequest } from './request-shape';

/** The header that tells a client when its View Token expires unless used again. */
export const EXPIRES_AT_HEADER = 'X-View-Token-Expires-At';

export interface ServiceRouteDeps {
  core: Core;
  engine: SpecEngine;
}

/** Writes a service error answer in the envelope. */
export function sendErrorAnswer(res: Response, answer: ErrorAnswer): void {
  res.status(answer.status).set(answer.headers).json(answer.body);
}

/**
 * The service's routes, one handler per operationId. Each answers the envelope; a failure is
 * the same answer whether it really happened or was forced by a scenario.
 */
export function createServiceRouter({ core, engine }: ServiceRouteDeps): Router {
  const router = express.Router();
  const issue = async (req: Request, res: Response, operationId: string, select: () => TargetSelection): Promise<void> => {
    const auth = core.accessTokens.authenticate(req.headers.authorization);
    if (auth.kind === 'rejected') return sendErrorAnswer(res, fromServiceFailure({ kind: 'unauthenticated', reason: auth.reason }));
    const validation = engine.validate(operationId, toEngineRequest(req));
    if (validation.kind === 'invalid') return sendErrorAnswer(res, invalidParameter(validation));
    const selection = select();
    if (selection.kind === 'invalid') return sendErrorAnswer(res, invalidParameter(selection));
    const outcome = await core.service.issueViewToken({ authorization: req.headers.authorization, target: selection.target, session: sessionOf(req) });
    sendIssueOutcome(res, outcome);
  };
  const childFile = (operationId: string) => (req: Request<{ integrateId: string; fileId: string }>, res: Response) =>
    issue(req, res, operationId, () => selectChildFileTarget(req.params));

  router.get('/view/token', function getViewToken(req, res) {
    return issue(req, res, 'getViewToken', () => selectQueryTarget(req.query as Record<string, string | string[] | undefined>));
  });
  router.post('/data/v2/integrations/:integrateId/files/:fileId/viewToken', childFile('getChildFileViewToken'));
  router.get('/data/v2/integrations/:integrateId/files/:fileId/viewToken', childFile('getChildFileViewTokenByGet'));
  router.post('/oauth2/token', function issueAccessToken(req, res) {
    const outcome = core.service.issueAccessToken(req.headers.authorization);
    if (outcome.kind !== 'granted') return sendErrorAnswer(res, fromServiceFailure(outcome));
    res.json({ code: 'success', data: { token: outcome.token, expireTime: toPlatformTime(outcome.expiresAtMs) }, message: '' });
  });
  router.get('/inside/databag', async function getViewerData(req, res) {
    const validation = engine.validate('getViewerData', toEngineRequest(req));
    if (validation.kind === 'invalid') return sendErrorAnswer(res, invalidParameter(validation));
    const outcome = await core.service.getViewerData(String(req.query.viewToken));
    if (outcome.kind !== 'used') return sendErrorAnswer(res, fromServiceFailure(outcome));
    res.set(EXPIRES_AT_HEADER, new Date(outcome.expiresAtMs).toISOString()).json({ code: 'success', data: outcome.viewer, message: '' });
  });
  return router;
}

function invalidParameter(invalid: { parameter: string; reason: string }): ErrorAnswer {
  return fromServiceFailure({ kind: 'invalid-parameter', parameter: invalid.parameter, reason: invalid.reason });
}

function sendIssueOutcome(res: Response, outcome: IssueOutcome): void {
  if (outcome.kind !== 'issued') return sendErrorAnswer(res, fromServiceFailure(outcome));
  res.set(EXPIRES_AT_HEADER, new Date(outcome.expiresAtMs).toISOString()).json({ code: 'success', data: outcome.record.token, message: '' });
}

/** The platform's `yyyy-MM-dd HH:mm:ss` (UTC). */
export function toPlatformTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
