import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Core } from '../core/create-core';
import { recordUnmatched } from '../core/handle-service-request';
import type { ServiceRequest } from '../core/service-request';
import type { StaticOperationId } from '../core/routing/route-table';
import { STATIC_OPERATION_IDS, isStaticOperation } from '../core/routing/route-table';
import type { ViewerFileAnswer } from '../viewer/viewer-files';
import { PLAIN_TEXT, lookUpViewerFile } from '../viewer/viewer-files';
import { readBuiltViewerFile } from '../viewer/node/built-files';
import type { OperationHandler } from './operation-dispatch';

export interface ViewerFileDeps {
  core: Core;
  logger: Logger;
  /** `--base-path`: the static host lives under it; a miss is journaled with it, whole. */
  basePath: string;
}

/**
 * The loader's static host, keyed by operationId (spec/mock.openapi.yaml, `x-area: static`): the file
 * at the matched path with its content type, or the text/plain 404 naming it (never JSON, which
 * Chromium blocks for a script), the miss journaled as unmatched with its whole path.
 * @example app.use(createOperationDispatch(matchOf, engine, { ...createViewerFileHandlers({ core, logger }) }))
 */
export function createViewerFileHandlers(deps: ViewerFileDeps): Record<StaticOperationId, OperationHandler> {
  const answer: OperationHandler = (req, res, match) => {
    if (!isStaticOperation(match.operationId)) throw new Error(`${match.operationId} is not a static-host operation`);
    const path = `${deps.basePath}${match.path}`;
    sendViewerFile(req, res, path, lookUpViewerFile(match.operationId, match.params, path, readBuiltViewerFile), deps);
  };
  return Object.fromEntries(STATIC_OPERATION_IDS.map((operationId) => [operationId, answer])) as Record<
    StaticOperationId,
    OperationHandler
  >;
}

function sendViewerFile(
  req: Request,
  res: Response,
  path: string,
  answer: ViewerFileAnswer,
  deps: ViewerFileDeps,
): void {
  res.set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' });
  if (answer.kind === 'file') return void res.status(200).type(answer.contentType).send(answer.body);
  res.status(404).type(PLAIN_TEXT).send(answer.message);
  const request = {
    method: req.method,
    path,
    query: req.query as ServiceRequest['query'],
    headers: req.headers as ServiceRequest['headers'],
  };
  recordUnmatched(deps.core, request, 404, answer.nearest === undefined ? undefined : `GET ${answer.nearest}`).catch(
    (error: unknown) => deps.logger.error({ err: error }, 'journaling an unmatched request failed'),
  );
}
