// A model data route's use of the View Token in its query (`view_token=`), judged as the platform's:
// a use like `/inside/databag` (the expiry slides; expired or unknown → 401), and the token must be
// the object's the route names (another object's → 403 naming both, after the use).
import type { Core } from '../core/create-core';
import { parseInt64 } from '../core/int64';
import { toUseOutcome } from '../core/service';
import type { Answer } from '../core/service-answers';
import { fromServiceFailure, toErrorAnswer } from '../core/service-answers';
import { EXPIRES_AT_HEADER } from '../core/service-request';
import { requestClock } from '../core/session-clocks';
import type { ViewTokenRecord } from '../core/token-store';
import type { ModelCatalog, ServedIntegration, ServedModel } from './model/model-catalog';

/** What a model route reads of a request: its path parameters (decoded) and its query. */
export interface ModelRequest {
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string | readonly string[] | undefined>>;
}

export interface ModelRouteDeps {
  core: Core;
  models: ModelCatalog;
}

/** A use that went through: what it opened, and the expiry header every answer carries. */
export type Use<T> = { kind: 'used'; opened: T; headers: Record<string, string> } | { kind: 'refused'; answer: Answer };

/** The one value of a query parameter (the validator has let only such through). */
export const single = (value: string | readonly string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.[0];

/** The same int64 written two ways (`010001`, `10001`) is one id. */
const sameId = (a: string, b: string): boolean => {
  const [left, right] = [parseInt64(a), parseInt64(b)];
  return left.kind === 'ok' && right.kind === 'ok' && left.value === right.value;
};

const describeObject = (record: ViewTokenRecord): string =>
  `${record.objectType === 'childFile' ? 'file' : record.objectType} ${record.objectId}`;

function forAnotherObject(record: ViewTokenRecord, asked: string): Answer {
  return toErrorAnswer(
    'permission.denied',
    `This View Token is for ${describeObject(record)}, not ${asked}: a View Token reads the data of its own object only.`,
  );
}

/** Uses the request's token; the record, or the answer refusing it. */
async function useRecord(
  deps: ModelRouteDeps,
  request: ModelRequest,
): Promise<
  { kind: 'used'; record: ViewTokenRecord; headers: Record<string, string> } | { kind: 'refused'; answer: Answer }
> {
  const token = single(request.query.view_token) ?? '';
  const outcome = toUseOutcome(await deps.core.viewTokens.use(token, requestClock(deps.core.clocks)));
  if (outcome.kind !== 'used') return { kind: 'refused', answer: fromServiceFailure(outcome) };
  const headers = { [EXPIRES_AT_HEADER]: new Date(outcome.expiresAtMs).toISOString() };
  return { kind: 'used', record: outcome.record, headers };
}

/** A file's data route: the token must be the file's (or the child file's, whose model is its integration's part). */
export async function useForFile(deps: ModelRouteDeps, request: ModelRequest): Promise<Use<ServedModel>> {
  const use = await useRecord(deps, request);
  if (use.kind === 'refused') return use;
  const { record, headers } = use;
  const fileId = request.params.fileId ?? '';
  const isFile = record.objectType === 'file' || record.objectType === 'childFile';
  if (!isFile || !sameId(record.objectId, fileId))
    return { kind: 'refused', answer: forAnotherObject(record, `file ${fileId}`) };
  const opened =
    record.integrateId === undefined
      ? deps.models.modelOf(record.objectType, record.objectId)
      : deps.models.fileOf(record.integrateId, record.objectId);
  return { kind: 'used', opened, headers };
}

/** An integration's data route: the token must be the integration's. */
export async function useForIntegration(deps: ModelRouteDeps, request: ModelRequest): Promise<Use<ServedIntegration>> {
  const use = await useRecord(deps, request);
  if (use.kind === 'refused') return use;
  const { record, headers } = use;
  const integrateId = request.params.integrateId ?? '';
  if (record.objectType !== 'integration' || !sameId(record.objectId, integrateId))
    return { kind: 'refused', answer: forAnotherObject(record, `integration ${integrateId}`) };
  return { kind: 'used', opened: deps.models.integrationOf(record.objectId), headers };
}
