import type { ChecksVersion } from './check-versions';
import type { ContractOperation, ContractSpec, IdParameter } from './contract-spec';
import type { ProbeRequest } from './http-exchange';
import type { ContractOptions, IdName } from './options';

/**
 * Why a probe is sent: what a conformant implementation must answer. `auth`, `near-miss` and
 * `view-token-as-access` carry well-formed wrong credentials (401); `near-miss-malformed`,
 * `misplaced` and `alias` only have to be refused; `lenient` ids never yield a token; `crossed`
 * sends one object's id under another id parameter (its View Token must not be that object's).
 * Since checks version 2: `other-method` and `other-method-anonymous` ask a route with a method
 * the interface does not give it, with and without the Access Token; `body-ids` name other ids in
 * the POST's JSON body than in its path.
 */
export const PROBE_INTENTS = [
  'success',
  'repeat',
  'auth',
  'near-miss',
  'near-miss-malformed',
  'misplaced',
  'view-token-as-access',
  'alias',
  'missing',
  'forbidden',
  'negative',
  'boundary',
  'lenient',
  'crossed',
  'other-method',
  'other-method-anonymous',
  'body-ids',
] as const;
export type ProbeIntent = (typeof PROBE_INTENTS)[number];

/** The checks version that first sends each kind of probe (a run pinned to an older one never sends it). */
export const INTENT_SINCE: Readonly<Record<ProbeIntent, ChecksVersion>> = {
  ...(Object.fromEntries(PROBE_INTENTS.map((intent) => [intent, 1])) as Record<ProbeIntent, ChecksVersion>),
  'other-method': 2,
  'other-method-anonymous': 2,
  'body-ids': 2,
};

/** One named request of the run. */
export interface Probe {
  id: string;
  operation: ContractOperation;
  intent: ProbeIntent;
  request: ProbeRequest;
  /** The object a probe asks a View Token for (`fileId=11`; the child-file POST: its `fileId`). */
  object?: string;
  /** Where it went, as findings list it: `GET /view/token`, `GET fileId`, `POST fileId (path)`. */
  where: string;
  /** What it tried there, as findings list it: `the Access Token without its last character`, `hexadecimal: 0xb`. */
  variant: string;
}

/** What every planning step needs: the ids, the operations' requests, and where probes go. */
export interface Planner {
  ids: ContractOptions['ids'];
  accessToken: string;
  spec: ContractSpec;
  queryIds: readonly IdParameter[];
  pathIds: readonly IdParameter[];
  /** The query ids given, with their values. */
  given: readonly (readonly [string, string])[];
  /** The query id the single-id probes use, and its value. */
  first: readonly [string, string];
  /** The path values of the child-file operation, when every one was given. */
  childIds: Record<string, string> | undefined;
  /** Which id flag fills each path parameter of the child-file operation. */
  pathIdSource: Readonly<Record<string, IdName>>;
  get(query: string, headers?: ProbeRequest['headers']): ProbeRequest;
  post(values: Record<string, string>, headers?: ProbeRequest['headers']): ProbeRequest;
  /** Path values for the child-file operation: the given ones (else the first id), with some replaced. */
  childWith(replace: Record<string, string>): Record<string, string>;
  add(probe: Probe): void;
}

const PATH_ID_SOURCE: Record<string, IdName> = { integrateId: 'integrateId', fileId: 'childFileId' };

/** The planning context over the probes planned so far. */
export function createPlanner({ ids, accessToken }: ContractOptions, spec: ContractSpec, probes: Probe[]): Planner {
  const view = spec.operations.getViewToken;
  const child = spec.operations.getChildFileViewToken;
  const bearer = { Authorization: `Bearer ${accessToken}` };
  const queryIds = view.idParameters.filter((parameter) => parameter.in === 'query');
  const pathIds = child.idParameters.filter((parameter) => parameter.in === 'path');
  const given = queryIds
    .filter(({ name }) => ids[name as IdName] !== undefined)
    .map(({ name }) => [name, ids[name as IdName] ?? ''] as const);
  const first = given[0] ?? ([queryIds[0]?.name ?? 'fileId', ids.missingId ?? '1'] as const);
  const childIds = pathIds.every(({ name }) => PATH_ID_SOURCE[name] && ids[PATH_ID_SOURCE[name]] !== undefined)
    ? Object.fromEntries(pathIds.map(({ name }) => [name, ids[PATH_ID_SOURCE[name] as IdName] ?? '']))
    : undefined;
  return {
    ids,
    accessToken,
    spec,
    queryIds,
    pathIds,
    given,
    first,
    childIds,
    pathIdSource: PATH_ID_SOURCE,
    get: (query, headers = bearer) => ({ method: view.method, path: `${view.path}${query}`, headers }),
    post: (values, headers = bearer) => ({
      method: child.method,
      path: fillPath(child.path, values),
      headers: { ...headers, 'Content-Type': 'application/json' },
    }),
    childWith: (replace) => ({
      ...Object.fromEntries(pathIds.map(({ name }) => [name, childIds?.[name] ?? first[1]])),
      ...replace,
    }),
    add: (probe) => {
      probes.push(probe);
    },
  };
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : encodeURIComponent(values[name]),
  );
}
