// The model behind a View Token, over HTTP: the platform's view-token data routes the viewer SDK
// calls (`getComponentProperty`, `getFloors`, `getModelTree`: `view_token=` in the query, the
// service's envelope) and the geometry the stand-in renders. Framework-neutral handlers (a request's
// path parameters and query in, an answer out), keyed by operationId, which any front can run.
import type { Core } from '../core/create-core';
import { parseInt64 } from '../core/int64';
import type { ModelOperationId } from '../core/routing/route-table';
import { toUseOutcome } from '../core/service';
import type { Answer } from '../core/service-answers';
import { fromServiceFailure, toErrorAnswer } from '../core/service-answers';
import { EXPIRES_AT_HEADER } from '../core/service-request';
import { requestClock } from '../core/session-clocks';
import type { ViewTokenRecord } from '../core/token-store';
import type { ModelCatalog, ModelObjectType, ServedModel } from './model/model-catalog';
import { PARAMETER_OF } from './model/model-catalog';
import { toElementAnswer, toFloorsAnswer, toTreeAnswer } from './model/model-answers';

/** What a model route reads of a request: its path parameters (decoded) and its query. */
export interface ModelRequest {
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string | readonly string[] | undefined>>;
}

export type ModelHandler = (request: ModelRequest) => Promise<Answer>;

export interface ModelRouteDeps {
  core: Core;
  models: ModelCatalog;
}

const success = (data: unknown, headers: Record<string, string> = {}): Answer => ({
  status: 200,
  headers,
  body: { code: 'success', data, message: '' },
});

/** The one value of a query parameter (the validator has let only such through). */
const single = (value: string | readonly string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.[0];

/** The same int64 written two ways (`010001`, `10001`) is one id. */
const sameId = (a: string, b: string): boolean => {
  const [left, right] = [parseInt64(a), parseInt64(b)];
  return left.kind === 'ok' && right.kind === 'ok' && left.value === right.value;
};

/**
 * A use of the token for a file's data: the record and its model, or the answer that refuses it
 * (401 expired or unknown, as `/inside/databag`; 403 for a token of another object, after the use).
 */
async function useForFile(
  deps: ModelRouteDeps,
  request: ModelRequest,
): Promise<
  { kind: 'used'; served: ServedModel; headers: Record<string, string> } | { kind: 'refused'; answer: Answer }
> {
  const outcome = toUseOutcome(
    await deps.core.viewTokens.use(single(request.query.view_token) ?? '', requestClock(deps.core.clocks)),
  );
  if (outcome.kind !== 'used') return { kind: 'refused', answer: fromServiceFailure(outcome) };
  const fileId = request.params.fileId ?? '';
  const { record } = outcome;
  const isFile = record.objectType === 'file' || record.objectType === 'childFile';
  if (!isFile || !sameId(record.objectId, fileId))
    return { kind: 'refused', answer: toErrorAnswer('permission.denied', forAnotherObject(record, fileId)) };
  const headers = { [EXPIRES_AT_HEADER]: new Date(outcome.expiresAtMs).toISOString() };
  return { kind: 'used', served: deps.models.modelOf(record.objectType, record.objectId), headers };
}

function forAnotherObject(record: ViewTokenRecord, fileId: string): string {
  const object = `${record.objectType === 'childFile' ? 'file' : record.objectType} ${record.objectId}`;
  return `This View Token is for ${object}, not file ${fileId}: a View Token reads the data of its own object only.`;
}

const DATABAG_ID = /^([A-Za-z]+)-(-?[0-9]+)-databag$/;

/**
 * The handlers of the model's routes (spec/mock.openapi.yaml, `x-area: model`).
 * @example await createModelHandlers({ core, models }).getFileFloors({ params: { fileId: '10001' }, query: { view_token: token } })
 */
export function createModelHandlers(deps: ModelRouteDeps): Record<ModelOperationId, ModelHandler> {
  return {
    async getFileElement(request) {
      const use = await useForFile(deps, request);
      if (use.kind === 'refused') return use.answer;
      const elementId = request.params.elementId ?? '';
      const answer = toElementAnswer(use.served.model, elementId);
      if (answer === undefined)
        return toErrorAnswer(
          'element.not.found',
          `File ${request.params.fileId ?? ''} has no element ${elementId} (its model: ${use.served.model.source}, ${use.served.model.elements.length} elements).`,
        );
      return success(answer, use.headers);
    },
    async getFileFloors(request) {
      const use = await useForFile(deps, request);
      if (use.kind === 'refused') return use.answer;
      return success(toFloorsAnswer(use.served.model, single(request.query.includeRoom) === 'true'), use.headers);
    },
    async getFileTree(request) {
      const use = await useForFile(deps, request);
      if (use.kind === 'refused') return use.answer;
      return success(toTreeAnswer(use.served.model), use.headers);
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
    getModelGeometry(request) {
      const [, type, id] = DATABAG_ID.exec(request.params.databagId ?? '') ?? [];
      // The spec's pattern let only known types through; the check keeps the lookup honest.
      if (type === undefined || id === undefined || !Object.hasOwn(PARAMETER_OF, type))
        return Promise.resolve(toErrorAnswer('route.not.found', `No model under ${request.params.databagId ?? ''}.`));
      const { bytes, contentType } = deps.models.modelOf(type as ModelObjectType, id).geometry();
      return Promise.resolve({
        status: 200,
        headers: { 'Content-Type': contentType, 'Cache-Control': 'no-cache' },
        body: bytes,
      });
    },
  };
}
