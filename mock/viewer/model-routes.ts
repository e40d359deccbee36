// The model behind a View Token, over HTTP: the platform's view-token data routes the viewer SDK
// calls (`getComponentProperty`, `getFloors`, `getModelTree`, an integration's `getFiles`: `view_token=`
// in the query, the service's envelope) and the geometry and drawings the stand-in renders.
// Framework-neutral handlers (a request's path parameters and query in, an answer out), keyed by
// operationId, which any front can run.
import type { ModelOperationId } from '../core/routing/route-table';
import type { Answer } from '../core/service-answers';
import { fromServiceFailure, toErrorAnswer } from '../core/service-answers';
import { createDrawingHandlers } from './drawing-routes';
import { toFilesAnswer, toSpecialtyTreeAnswer } from './model/integration-answers';
import type { ServedIntegration, ServedModel } from './model/model-catalog';
import { toElementAnswer, toFloorsAnswer, toTreeAnswer } from './model/model-answers';
import type { ModelRequest, ModelRouteDeps } from './model-token-use';
import { single, useForFile, useForIntegration } from './model-token-use';

export type { ModelRouteDeps } from './model-token-use';

export type ModelHandler = (request: ModelRequest) => Promise<Answer>;

const success = (data: unknown, headers: Record<string, string> = {}): Answer => ({
  status: 200,
  headers,
  body: { code: 'success', data, message: '' },
});

/** An element of a model, or the 404 naming the model it is not in. */
function elementOf(served: ServedModel, elementId: string, where: string, headers: Record<string, string>): Answer {
  const answer = toElementAnswer(served.model, elementId);
  if (answer !== undefined) return success(answer, headers);
  const { source, elements } = served.model;
  return toErrorAnswer(
    'element.not.found',
    `${where} has no element ${elementId} (its model: ${source}, ${elements.length} elements).`,
  );
}

/** A file of an integration and one of its elements, or the 404 naming what the integration has. */
function integrationElement(
  integration: ServedIntegration,
  fileId: string,
  elementId: string,
  headers: Record<string, string>,
): Answer {
  const file = integration.files.find((candidate) => candidate.fileId === fileId);
  if (file === undefined)
    return toErrorAnswer(
      'file.not.found',
      `Integration ${integration.integrateId} has no file ${fileId}; its files are ${integration.files.map((candidate) => candidate.fileId).join(', ')}.`,
    );
  return elementOf(file.served, elementId, `File ${fileId} of integration ${integration.integrateId}`, headers);
}

/**
 * The handlers of the model's routes (spec/mock.openapi.yaml, `x-area: model`).
 * @example await createModelHandlers({ core, models }).getFileFloors({ params: { fileId: '10001' }, query: { view_token: token } })
 */
export function createModelHandlers(deps: ModelRouteDeps): Record<ModelOperationId, ModelHandler> {
  return {
    async getFileElement(request) {
      const use = await useForFile(deps, request);
      if (use.kind === 'refused') return use.answer;
      return elementOf(use.opened, request.params.elementId ?? '', `File ${request.params.fileId ?? ''}`, use.headers);
    },
    async getFileFloors(request) {
      const use = await useForFile(deps, request);
      if (use.kind === 'refused') return use.answer;
      return success(toFloorsAnswer(use.opened.model, single(request.query.includeRoom) === 'true'), use.headers);
    },
    async getFileTree(request) {
      const use = await useForFile(deps, request);
      if (use.kind === 'refused') return use.answer;
      return success(toTreeAnswer(use.opened.model), use.headers);
    },
    async getIntegrationFiles(request) {
      const use = await useForIntegration(deps, request);
      if (use.kind === 'refused') return use.answer;
      return success(toFilesAnswer(use.opened, single(request.query.includeDrawingSheet) === 'true'), use.headers);
    },
    async getIntegrationFloors(request) {
      const use = await useForIntegration(deps, request);
      if (use.kind === 'refused') return use.answer;
      const includeRooms = single(request.query.includeRoom) === 'true';
      return success(toFloorsAnswer(use.opened.combined.model, includeRooms), use.headers);
    },
    async getIntegrationTree(request) {
      const use = await useForIntegration(deps, request);
      if (use.kind === 'refused') return use.answer;
      return success(toSpecialtyTreeAnswer(use.opened), use.headers);
    },
    async getIntegrationFileElement(request) {
      const use = await useForIntegration(deps, request);
      if (use.kind === 'refused') return use.answer;
      const { fileId = '', elementId = '' } = request.params;
      return integrationElement(use.opened, fileId, elementId, use.headers);
    },
    async getIntegrationElement(request) {
      const use = await useForIntegration(deps, request);
      if (use.kind === 'refused') return use.answer;
      const [fileId = '', elementId = ''] = (request.params.objectId ?? '').split('.');
      return integrationElement(use.opened, fileId, elementId, use.headers);
    },
    async getViewTokenClock(request) {
      const record = await deps.core.viewTokens.peek(single(request.query.viewToken) ?? '');
      if (record === undefined) return fromServiceFailure({ kind: 'unauthenticated', reason: 'unknown-view-token' });
      const clock = await deps.core.clocks.view(record.session);
      const expiresAtMs = deps.core.viewTokens.expiresAtMs(record);
      return success({
        now: new Date(clock.nowMs).toISOString(),
        expiresAt: new Date(expiresAtMs).toISOString(),
        frozen: clock.frozen,
        state: deps.core.viewTokens.stateOf(record, clock.nowMs),
      });
    },
    ...createDrawingHandlers(deps.models),
  };
}
