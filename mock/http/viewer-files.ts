import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { Core } from '../core/create-core';
import { recordUnmatched } from '../core/handle-service-request';
import type { ServiceRequest } from '../core/service-request';
import type { ViewerFileAnswer, ViewerFileOperationId } from '../viewer/viewer-files';
import { PLAIN_TEXT, lookUpViewerFile } from '../viewer/viewer-files';
import { toTargetPath } from './request-limits';

export interface ViewerFileDeps {
  core: Core;
  logger: Logger;
  /** `--base-path`: the static host lives under it, as the service routes do. */
  basePath: string;
}

type Params = Record<string, string | undefined>;

/** The path each operation serves, rebuilt from its parameters (spec/mock.openapi.yaml, `x-area: static`). */
const PATH_OF: Record<ViewerFileOperationId, (params: Params) => string> = {
  getViewerSdkFile: ({ version = '', file = '' }) => `/Glodon/${version}/${file}`,
  getViewerSdkLibFile: ({ version = '', file = '' }) => `/Glodon/${version}/lib/loaders/${file}`,
  getViewerSdkFileUnderApi: ({ version = '', file = '' }) => `/api/Glodon/${version}/${file}`,
  getViewerSdkLibFileUnderApi: ({ version = '', file = '' }) => `/api/Glodon/${version}/lib/loaders/${file}`,
  getViewerSdkLoader: ({ file = '' }) => `/api/BimfaceSDKLoader/${file}`,
};

/**
 * The loader's static host, keyed by operationId: each handler answers its file with its content
 * type, or the text/plain 404 naming it (never JSON, which Chromium blocks for a script), and
 * journals the miss as unmatched with its whole path.
 * @example createViewerFileHandlers(deps).getViewerSdkFile(req, res, { version: 'Bimface@3.6.36-standin', file: 'Application.js' })
 */
export function createViewerFileHandlers(deps: ViewerFileDeps): Record<ViewerFileOperationId, (req: Request, res: Response, params: Params) => void> {
  const handlers = {} as Record<ViewerFileOperationId, (req: Request, res: Response, params: Params) => void>;
  for (const [operationId, toPath] of Object.entries(PATH_OF) as [ViewerFileOperationId, (params: Params) => string][]) {
    handlers[operationId] = (req, res, params) => sendViewerFile(req, res, lookUpViewerFile(toPath(params)) ?? { kind: 'missing', message: `404 Not Found: ${req.path}\n` }, deps);
  }
  return handlers;
}

/**
 * Today's mount of the static host (the route table will dispatch to the handlers above): every GET
 * or HEAD under `{basePath}/Glodon/`, `{basePath}/api/Glodon/` and `{basePath}/api/BimfaceSDKLoader/`,
 * matched exactly (case-sensitive); anything else goes on.
 */
export function createViewerFilesRoute(deps: ViewerFileDeps): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = toTargetPath(req.originalUrl);
    if (deps.basePath !== '' && !path.startsWith(`${deps.basePath}/`)) return next();
    const answer = lookUpViewerFile(path.slice(deps.basePath.length));
    if (answer === undefined) return next();
    sendViewerFile(req, res, answer, deps);
  };
}

function sendViewerFile(req: Request, res: Response, answer: ViewerFileAnswer, deps: ViewerFileDeps): void {
  res.set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' });
  if (answer.kind === 'file') return void res.status(200).type(answer.contentType).send(answer.body);
  res.status(404).type(PLAIN_TEXT).send(answer.message);
  const request = { method: req.method, path: toTargetPath(req.originalUrl), query: req.query as ServiceRequest['query'], headers: req.headers as ServiceRequest['headers'] };
  recordUnmatched(deps.core, request, 404, answer.nearest === undefined ? undefined : `GET ${answer.nearest}`, { wholePath: true })
    .catch((error: unknown) => deps.logger.error({ err: error }, 'journaling an unmatched request failed'));
}
