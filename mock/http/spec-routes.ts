import type { Request, Response, Router } from 'express';
import express from 'express';
import type { SpecEngine } from '../spec-engine/spec-engine';
import { toEngineRequest } from './request-shape';

/**
 * Answers every spec operation that no stateful handler took, from the spec's examples and
 * schemas (prism's mocker). Mounted after the stateful routers, so a handler always wins.
 */
export function createSpecRouter(engine: SpecEngine, basePath: string): Router {
  // Strict like a real server: case-sensitive, `/view/token/` is not `/view/token`.
  const router = express.Router({ strict: true, caseSensitive: true });
  for (const operation of engine.operations) {
    const path = `${operation.path.startsWith('/__admin') ? '' : basePath}${operation.path.replace(/\{([^}]+)\}/g, ':$1')}`;
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
    router[method](path, async (req: Request, res: Response) => {
      const answer = await engine.respondFromSpec(operation.operationId, { ...toEngineRequest(req), method: operation.method });
      res.status(answer.status).set(answer.headers).send(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  }
  return router;
}
