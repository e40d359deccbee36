import type { Core } from '../core/create-core';
import type { ServiceHooks } from '../core/handle-service-request';
import type { AdminDeps } from './admin-operations';
import { createAdminOperations } from './admin-operations';
import { createAdminScenarioOperations } from './admin-scenario-operations';
import type { FrontLogger } from './failure';
import type { ModelCatalog } from '../viewer/model/model-catalog';
import { createModelCatalog } from '../viewer/model/model-catalog';
import type { BuiltFileReader } from '../viewer/viewer-files';
import { createModelOperations } from './model-operations';
import type { Operations } from './operation';
import { createServiceOperations } from './service-operations';
import { createFileLoadJournal, createUnmatchedJournal } from './unmatched';
import { createViewerFileOperations } from './viewer-file-operations';

/** What the operations every adapter serves are built from. */
export interface OperationDeps extends AdminDeps {
  core: Core;
  /** Prefix of every service route, '' for none. */
  basePath: string;
  logger: FrontLogger;
  /** `--proxy` / `--validate-responses`: what runs around the core's real outcome. */
  hooks?: ServiceHooks | undefined;
  /** The viewer's model of each object (default: every building generated from its object's id). */
  models?: ModelCatalog | undefined;
  /** The stand-in's files the build writes (three.js); none where the runtime has no build to read. */
  readBuiltFile?: BuiltFileReader | undefined;
}

/**
 * The operations of the route table, by operationId, that run anywhere (Node and browsers): the
 * service's and the viewer's, the admin API, the viewer loader's static host. A new operation is one
 * more entry: `operationId: handler`, a handler being `(request, match) => reply` (mock/front/operation.ts).
 * @example createFront({ ..., operations: { ...createOperations(deps), getDashboard } })
 */
export function createOperations(deps: OperationDeps): Operations {
  const { core, basePath } = deps;
  return {
    ...createServiceOperations(core, deps.hooks),
    ...createAdminOperations(deps),
    ...createAdminScenarioOperations({ core, basePath }),
    ...createViewerFileOperations({
      basePath,
      journalUnmatched: createUnmatchedJournal(core, deps.logger),
      journalFileLoad: createFileLoadJournal(core, deps.logger),
      readBuiltFile: deps.readBuiltFile,
    }),
    ...createModelOperations(core, deps.models ?? createModelCatalog(), deps.hooks),
  };
}
