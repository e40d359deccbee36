import type { Answer, ProbeResult } from '../check-types';
import type { ContractSpec, DeclaredResponse } from '../contract-spec';
import type { ContractOptions } from '../options';
import { viewTokenOf } from '../issued-token';
import type { Probe } from '../probe-planner';

const ANY_QUERY_ID = [
  'fileId',
  'integrateId',
  'compareId',
  'sceneId',
  'submodelId',
  'clashDetectiveId',
  'moduleDataId',
] as const;

export const hasQueryId = (options: ContractOptions): boolean =>
  ANY_QUERY_ID.some((name) => options.ids[name] !== undefined);
const hasChildIds = (options: ContractOptions): boolean =>
  options.ids.integrateId !== undefined && options.ids.childFileId !== undefined;

/** Skips a check that needs a View Token issued, naming the flags that would give one. */
export const needsAnId = (options: ContractOptions): string | undefined =>
  hasQueryId(options) || hasChildIds(options)
    ? undefined
    : 'no object id given: add --file-id (or --integrate-id, --compare-id, --scene-id, --submodel-id, --clash-detective-id, --module-data-id; --integrate-id with --child-file-id for the POST)';

/** The objects whose View Tokens a run asks for: each query id given, and the child file (`fileId=<child>`). */
function objectsGiven(options: ContractOptions): Set<string> {
  const objects = new Set(
    ANY_QUERY_ID.filter((name) => options.ids[name] !== undefined).map((name) => `${name}=${options.ids[name] ?? ''}`),
  );
  if (hasChildIds(options)) objects.add(`fileId=${options.ids.childFileId ?? ''}`);
  return objects;
}

/** Skips a check that compares the View Tokens of different objects when fewer than two are asked for. */
export const needsTwoObjects = (options: ContractOptions): string | undefined =>
  needsAnId(options) ??
  (objectsGiven(options).size >= 2
    ? undefined
    : 'one object id given, and one View Token cannot show this: give a second object id (--integrate-id, --compare-id, --scene-id, --submodel-id, --clash-detective-id, --module-data-id; --integrate-id with --child-file-id)');

/** What a check still needs, each said once (undefined: nothing). */
export const needsAll = (...reasons: (string | undefined)[]): string | undefined => {
  const given = reasons.filter((reason) => reason !== undefined);
  return given.length === 0 ? undefined : given.join('; ');
};

export const isSuccessStatus = (probe: Probe, status: number): boolean =>
  status === 200 || (probe.operation === 'getChildFileViewToken' && status === 201);
export const isRefusal = (status: number): boolean => status >= 400 && status < 500;
export const declared = (response: Answer, probe: Probe, spec: ContractSpec): DeclaredResponse | undefined =>
  spec.operations[probe.operation].response(response.status);

/** A check's `enough` when it judges the View Tokens issued: none issued, it shows nothing. */
export const needsAViewToken = (judged: readonly ProbeResult[]): string | undefined =>
  judged.some(({ exchange }) => viewTokenOf(exchange) !== undefined)
    ? undefined
    : 'no View Token was issued in this run (see success_envelope)';
