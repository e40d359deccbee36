import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { Front } from '../front/front';
import { createFront } from '../front/front';
import type { FrontLogger } from '../front/failure';
import { handleRequest } from '../front/handle-request';
import type { OperationDeps } from '../front/operations';
import { createOperations } from '../front/operations';
import type { RouteMatch } from '../core/routing/match-route';
import type { SpecEngine } from '../spec-engine/spec-engine';
import { createAdminTokenCheck } from './admin-token';
import { readBuiltViewerFile } from '../viewer/node/built-files';
import { createDashboardOperations } from './dashboard-operations';
import { NodeRequest } from './node-request';
import { parseQuery } from './parse-query';
import { createSpecAnswers } from './spec-answers';
import { writeReply } from './write-reply';

/** What the front of a mock in Node is made of: the operations' pieces and the server's options. */
export interface NodeFrontOptions extends OperationDeps {
  logger: FrontLogger;
  /** The spec engine, for an operation without a handler (loaded when first needed). */
  engine: () => Promise<SpecEngine>;
  /** Allowed CORS origins; undefined: any. */
  corsOrigins?: readonly string[] | undefined;
  /** `--admin-token`; undefined: the admin API needs none. */
  adminToken?: string | undefined;
  /** `--allowed-hosts`: host names besides loopback and the bound host that may reach /__admin. */
  allowedHosts?: readonly string[] | undefined;
  /** The host the server listens on, once it does. */
  boundHost?: (() => string | undefined) | undefined;
  /** Requests handed on (the middleware's `next()`). */
  passOn?: ((match: RouteMatch) => boolean) | undefined;
}

/**
 * The front with Node's pieces: the dashboard (files of the build), answers from the spec (prism),
 * the admin token compared in constant time, `net.isIP`, node:querystring.
 */
export function createNodeFront(options: NodeFrontOptions): Front {
  const { adminToken, basePath } = options;
  return createFront({
    core: options.core,
    operations: {
      ...createOperations({ ...options, readBuiltFile: options.readBuiltFile ?? readBuiltViewerFile }),
      ...createDashboardOperations({ basePath }),
    },
    unhandled: createSpecAnswers(options.engine),
    basePath,
    corsOrigins: options.corsOrigins,
    guard: {
      allowedHosts: options.allowedHosts,
      boundHost: options.boundHost,
      isIp: (hostname) => isIP(hostname) !== 0,
    },
    checkAdminToken: adminToken === undefined ? undefined : createAdminTokenCheck(adminToken),
    parseQuery,
    passOn: options.passOn,
    logger: options.logger,
  });
}

/**
 * The front as a Node request listener (`http.createServer(listener)`, supertest): each request
 * translated, decided by handleRequest, its reply written; `next` takes what the front hands on
 * (by default nothing is: the listener answers every request).
 * @example http.createServer(createNodeListener(front)).listen(0)
 */
export function createNodeListener(
  front: Front,
): (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void {
  return (req, res, next) => {
    // handleRequest never rejects: what is left to fail is writing the reply.
    void handleRequest(front, new NodeRequest(req)).then((reply) => {
      try {
        if (reply !== undefined) return writeReply(req, res, reply);
        if (next === undefined) throw new Error(`${req.method} ${req.url}: handed on, with nothing to hand it to`);
        next();
      } catch (error) {
        front.logger.error({ err: error }, 'writing an answer failed');
        res.destroy();
      }
    });
  };
}
