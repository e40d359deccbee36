import { randomBytes } from 'node:crypto';
import type { ContractOperation } from './contract-spec';
import type { ProbeRequest } from './http-exchange';
import type { ContractOptions, IdName } from './options';

/** Why a probe is sent: what a conformant implementation must answer. */
export type ProbeIntent = 'success' | 'repeat' | 'auth' | 'missing' | 'forbidden' | 'negative';

/** One named request of the run. */
export interface Probe {
  id: string;
  operation: ContractOperation;
  intent: ProbeIntent;
  request: ProbeRequest;
}

/** The id query parameters of GET /view/token, with the flag that gives each. */
export const QUERY_IDS = [
  ['fileId', 'file-id'], ['integrateId', 'integrate-id'], ['compareId', 'compare-id'], ['sceneId', 'scene-id'],
  ['submodelId', 'submodel-id'], ['clashDetectiveId', 'clash-detective-id'], ['moduleDataId', 'module-data-id'],
] as const satisfies readonly (readonly [IdName, string])[];

const INT64_OVERFLOW = '9223372036854775808';

/**
 * Every request the run can make with the ids it was given. Checks choose among them by intent;
 * a probe whose ids were not given is simply not planned (its checks say which flag is missing).
 */
export function planProbes(options: ContractOptions): Probe[] {
  const { ids } = options;
  const bearer = { Authorization: `Bearer ${options.accessToken}` };
  const get = (query: string, headers: Record<string, string> = bearer): ProbeRequest => ({ method: 'GET', path: `/view/token${query}`, headers });
  const post = (integrateId: string, fileId: string, headers: Record<string, string> = bearer): ProbeRequest => ({
    method: 'POST', path: `/data/v2/integrations/${encodeURIComponent(integrateId)}/files/${encodeURIComponent(fileId)}/viewToken`,
    headers: { ...headers, 'Content-Type': 'application/json' },
  });
  const given = QUERY_IDS.filter(([name]) => ids[name] !== undefined);
  const [firstName, firstId] = given[0] ? [given[0][0], ids[given[0][0]] ?? '1'] : ['fileId', ids.missingId ?? '1'];
  const child = ids.integrateId !== undefined && ids.childFileId !== undefined ? { integrateId: ids.integrateId, fileId: ids.childFileId } : undefined;
  const probes: Probe[] = [];
  const add = (id: string, operation: ContractOperation, intent: ProbeIntent, request: ProbeRequest): void => { probes.push({ id, operation, intent, request }); };

  for (const [name] of given) add(`issue ${name}`, 'getViewToken', 'success', get(`?${name}=${ids[name]}`));
  if (given[0]) add(`issue ${firstName} again`, 'getViewToken', 'repeat', get(`?${firstName}=${firstId}`));
  if (child) add('issue child file', 'getChildFileViewToken', 'success', post(child.integrateId, child.fileId));

  const unknownToken = randomBytes(16).toString('hex');
  const refusals: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['an unknown bearer token', { Authorization: `Bearer ${unknownToken}` }],
    ['the Basic scheme', { Authorization: `Basic ${Buffer.from('user:password').toString('base64')}` }],
    ['the token without a scheme', { Authorization: options.accessToken }],
  ];
  for (const [label, headers] of refusals) {
    add(`GET with ${label}`, 'getViewToken', 'auth', get(`?${firstName}=${firstId}`, headers));
    if (child) add(`POST with ${label}`, 'getChildFileViewToken', 'auth', post(child.integrateId, child.fileId, headers));
  }

  if (ids.missingId !== undefined) {
    for (const [name] of QUERY_IDS) add(`missing ${name}`, 'getViewToken', 'missing', get(`?${name}=${ids.missingId}`));
    add('missing integrateId in the path', 'getChildFileViewToken', 'missing', post(ids.missingId, ids.childFileId ?? ids.missingId));
    if (ids.integrateId !== undefined) add('missing fileId in the path', 'getChildFileViewToken', 'missing', post(ids.integrateId, ids.missingId));
  }
  if (ids.forbiddenFileId !== undefined) {
    add('forbidden fileId', 'getViewToken', 'forbidden', get(`?fileId=${ids.forbiddenFileId}`));
    if (ids.integrateId !== undefined) add('forbidden child fileId', 'getChildFileViewToken', 'forbidden', post(ids.integrateId, ids.forbiddenFileId));
  }

  const malformed: [string, string][] = [['abc', 'abc'], ['1.5', '1.5'], ['empty', ''], ['int64 overflow', INT64_OVERFLOW]];
  for (const [label, value] of malformed) add(`${firstName}=${label}`, 'getViewToken', 'negative', get(`?${firstName}=${encodeURIComponent(value)}`));
  add('no id at all', 'getViewToken', 'negative', get(''));
  const second = firstName === 'sceneId' ? 'fileId' : 'sceneId';
  add('two ids at once', 'getViewToken', 'negative', get(`?${firstName}=${firstId}&${second}=${firstId}`));
  add('integrateId=abc in the path', 'getChildFileViewToken', 'negative', post('abc', child?.fileId ?? firstId));
  add('fileId int64 overflow in the path', 'getChildFileViewToken', 'negative', post(child?.integrateId ?? firstId, INT64_OVERFLOW));
  return probes;
}
