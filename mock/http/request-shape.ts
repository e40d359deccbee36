import type { Request } from 'express';
import type { EngineRequest } from '../spec-engine/validate-request';

/** The framework-neutral shape of an Express request, for the spec engine. */
export function toEngineRequest(req: Request): EngineRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return {
    path: req.path,
    query: req.query as EngineRequest['query'],
    pathParams: req.params as Record<string, string>,
    headers,
    body: req.body,
  };
}

