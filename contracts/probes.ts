import { randomBytes } from 'node:crypto';
import type { ContractOperation, ContractSpec, IdParameter } from './contract-spec';
import type { ProbeRequest } from './http-exchange';
import type { ContractOptions, IdName } from './options';

/** Why a probe is sent: what a conformant implementation must answer. */
export type ProbeIntent = 'success' | 'repeat' | 'auth' | 'missing' | 'forbidden' | 'negative' | 'boundary';

/** One named request of the run. */
export interface Probe {
  id: string;
  operation: ContractOperation;
  intent: ProbeIntent;
  request: ProbeRequest;
  /** The object a success probe asks a View Token for (`fileId=11`; the child-file POST: its `fileId`). */
  object?: string;
}

const INT64_OVERFLOW = '9223372036854775808';
const INT64_UNDERFLOW = '-9223372036854775809';
/** Which id flag fills each path parameter of the child-file operation. */
const PATH_ID_SOURCE: Record<string, IdName> = { integrateId: 'integrateId', fileId: 'childFileId' };

/** What every planning step needs: the ids, the operations' requests, and where probes go. */
interface Planner {
  ids: ContractOptions['ids'];
  accessToken: string;
  queryIds: readonly IdParameter[];
  pathIds: readonly IdParameter[];
  /** The query ids given, with their values. */
  given: readonly (readonly [string, string])[];
  /** The query id the single-id probes use, and its value. */
  first: readonly [string, string];
  /** The path values of the child-file operation, when every one was given. */
  childIds: Record<string, string> | undefined;
  get(query: string, headers?: Record<string, string>): ProbeRequest;
  post(values: Record<string, string>, headers?: Record<string, string>): ProbeRequest;
  /** Path values for the child-file operation: the given ones (else the first id), with some replaced. */
  childWith(replace: Record<string, string>): Record<string, string>;
  add(id: string, operation: ContractOperation, intent: ProbeIntent, request: ProbeRequest, object?: string): void;
}

/**
 * Every request the run can make with the ids it was given, derived from the contract's operations
 * and their int64 parameters. Checks choose among them by intent; a probe whose ids were not given
 * is simply not planned (its checks say which flag is missing).
 */
export function planProbes(options: ContractOptions, spec: ContractSpec): Probe[] {
  const probes: Probe[] = [];
  const planner = createPlanner(options, spec, probes);
  for (const step of [planIssues, planRefusals, planMissingAndForbidden, planBoundaries, planMalformed]) step(planner);
  return probes;
}

function createPlanner({ ids, accessToken }: ContractOptions, spec: ContractSpec, probes: Probe[]): Planner {
  const view = spec.operations.getViewToken;
  const child = spec.operations.getChildFileViewToken;
  const bearer = { Authorization: `Bearer ${accessToken}` };
  const queryIds = view.idParameters.filter((parameter) => parameter.in === 'query');
  const pathIds = child.idParameters.filter((parameter) => parameter.in === 'path');
  const given = queryIds.filter(({ name }) => ids[name as IdName] !== undefined).map(({ name }) => [name, ids[name as IdName] ?? ''] as const);
  const first = given[0] ?? [queryIds[0]?.name ?? 'fileId', ids.missingId ?? '1'] as const;
  const childIds = pathIds.every(({ name }) => PATH_ID_SOURCE[name] && ids[PATH_ID_SOURCE[name]] !== undefined)
    ? Object.fromEntries(pathIds.map(({ name }) => [name, ids[PATH_ID_SOURCE[name] as IdName] ?? ''])) : undefined;
  return {
    ids, accessToken, queryIds, pathIds, given, first, childIds,
    get: (query, headers = bearer) => ({ method: view.method, path: `${view.path}${query}`, headers }),
    post: (values, headers = bearer) => ({ method: child.method, path: fillPath(child.path, values), headers: { ...headers, 'Content-Type': 'application/json' } }),
    childWith: (replace) => ({ ...Object.fromEntries(pathIds.map(({ name }) => [name, childIds?.[name] ?? first[1]])), ...replace }),
    add: (id, operation, intent, request, object) => { probes.push({ id, operation, intent, request, ...(object === undefined ? {} : { object }) }); },
  };
}

function planIssues({ given, first: [firstName, firstId], childIds, ids, get, post, add }: Planner): void {
  for (const [name, id] of given) add(`issue ${name}`, 'getViewToken', 'success', get(`?${name}=${id}`), `${name}=${id}`);
  if (given[0]) add(`issue ${firstName} again`, 'getViewToken', 'repeat', get(`?${firstName}=${firstId}`), `${firstName}=${firstId}`);
  // The child file is a file: a token shared with `GET ?fileId=` of the same id is not a scoping fault.
  if (childIds) add('issue child file', 'getChildFileViewToken', 'success', post(childIds), `fileId=${ids.childFileId ?? ''}`);
}

function planRefusals({ accessToken, first: [firstName, firstId], childIds, get, post, add }: Planner): void {
  for (const [label, headers] of refusals(accessToken)) {
    add(`GET with ${label}`, 'getViewToken', 'auth', get(`?${firstName}=${firstId}`, headers));
    if (childIds) add(`POST with ${label}`, 'getChildFileViewToken', 'auth', post(childIds, headers));
  }
}

function planMissingAndForbidden({ ids, queryIds, pathIds, childIds, get, post, childWith, add }: Planner): void {
  if (ids.missingId !== undefined) {
    for (const { name } of queryIds) add(`missing ${name}`, 'getViewToken', 'missing', get(`?${name}=${ids.missingId}`));
    for (const { name } of pathIds) {
      if (name === pathIds[0]?.name || childIds) add(`missing ${name} in the path`, 'getChildFileViewToken', 'missing', post(childWith({ [name]: ids.missingId })));
    }
  }
  if (ids.forbiddenFileId === undefined) return;
  if (queryIds.some(({ name }) => name === 'fileId')) add('forbidden fileId', 'getViewToken', 'forbidden', get(`?fileId=${ids.forbiddenFileId}`));
  if (ids.integrateId !== undefined && pathIds.some(({ name }) => name === 'fileId')) {
    add('forbidden child fileId', 'getChildFileViewToken', 'forbidden', post(childWith({ integrateId: ids.integrateId, fileId: ids.forbiddenFileId })));
  }
}

function planBoundaries({ queryIds, pathIds, get, post, childWith, add }: Planner): void {
  for (const parameter of queryIds) {
    for (const value of boundaries(parameter)) add(`${parameter.name}=${value}`, 'getViewToken', 'boundary', get(`?${parameter.name}=${value}`));
  }
  for (const parameter of pathIds) {
    for (const value of boundaries(parameter)) add(`${parameter.name}=${value} in the path`, 'getChildFileViewToken', 'boundary', post(childWith({ [parameter.name]: value })));
  }
}

function planMalformed({ queryIds, pathIds, first: [firstName, firstId], get, post, childWith, add }: Planner): void {
  const malformed: [string, string][] = [['abc', 'abc'], ['1.5', '1.5'], ['empty', ''], ['int64 overflow', INT64_OVERFLOW], ['int64 underflow', INT64_UNDERFLOW]];
  for (const [label, value] of malformed) add(`${firstName}=${label}`, 'getViewToken', 'negative', get(`?${firstName}=${encodeURIComponent(value)}`));
  add('no id at all', 'getViewToken', 'negative', get(''));
  const second = queryIds.find(({ name }) => name !== firstName)?.name;
  if (second) add('two ids at once', 'getViewToken', 'negative', get(`?${firstName}=${firstId}&${second}=${firstId}`));
  for (const { name } of pathIds) {
    add(`${name}=abc in the path`, 'getChildFileViewToken', 'negative', post(childWith({ [name]: 'abc' })));
    add(`${name} int64 overflow in the path`, 'getChildFileViewToken', 'negative', post(childWith({ [name]: INT64_OVERFLOW })));
  }
}

/** The refusals of the Bearer sentence: no header, an unknown token, and the real token under no or another scheme. */
function refusals(accessToken: string): [string, Record<string, string>][] {
  return [
    ['no Authorization header', {}],
    ['an unknown bearer token', { Authorization: `Bearer ${randomBytes(16).toString('hex')}` }],
    ['"Bearer" and no token', { Authorization: 'Bearer' }],
    ['the Access Token without a scheme', { Authorization: accessToken }],
    ['the Access Token under the Basic scheme', { Authorization: `Basic ${accessToken}` }],
    ['the Access Token under the Token scheme', { Authorization: `Token ${accessToken}` }],
    ['Basic credentials', { Authorization: `Basic ${Buffer.from('user:password').toString('base64')}` }],
  ];
}

/** The valid values at the edges of an int64 parameter's range: min, max, 0 and -1 where the schema allows them. */
export function boundaries(parameter: IdParameter): string[] {
  const values = [parameter.minimum, parameter.maximum, 0n, -1n].filter((value) => value >= parameter.minimum && value <= parameter.maximum);
  return [...new Set(values.map(String))];
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : encodeURIComponent(values[name])));
}
