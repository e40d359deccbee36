import type { ContractSpec } from './contract-spec';
import type { Exchange } from './http-exchange';
import type { ContractOptions } from './options';
import type { Probe, ProbeIntent } from './probes';

/** A probe and what came back. */
export interface ProbeResult {
  probe: Probe;
  exchange: Exchange;
}

/** Why one probe's answer breaks a check. */
export interface Violation {
  result: ProbeResult;
  expected: string;
  reason: string;
}

/** One named check: which probes it judges, the interface sentence it holds them to, and the rule. */
export interface Check {
  name: string;
  summary: string;
  /** The sentence of the interface document this check comes from. */
  source: string;
  intents: readonly ProbeIntent[];
  /** Why the check cannot run with these options (names the flag that would enable it). */
  skipReason?: (options: ContractOptions) => string | undefined;
  expected: string;
  /** Undefined when this answer satisfies the check, else why not. */
  judge: (response: Extract<Exchange, { kind: 'response' }>, probe: Probe, spec: ContractSpec) => string | undefined;
}

const ANY_QUERY_ID = ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'] as const;
const needsAnId = (options: ContractOptions): string | undefined =>
  ANY_QUERY_ID.some((name) => options.ids[name] !== undefined) || (options.ids.integrateId && options.ids.childFileId)
    ? undefined
    : 'no object id given: add --file-id (or --integrate-id, --compare-id, --scene-id, --submodel-id, --clash-detective-id, --module-data-id; --integrate-id with --child-file-id for the POST)';
const isSuccessStatus = (probe: Probe, status: number): boolean => status === 200 || (probe.operation === 'getChildFileViewToken' && status === 201);

/** Every check of the harness, in the order they are reported. */
export const CHECKS: readonly Check[] = [
  {
    name: 'response_schema_conformance',
    summary: 'a View Token response satisfies the spec (jest-openapi toSatisfyApiSpec)',
    source: '200: GeneralResponse of string; data holds <VIEW_TOKEN>',
    intents: ['success', 'repeat'],
    skipReason: needsAnId,
    expected: 'a status and body the spec documents for the operation',
    judge: (response, probe, spec) => spec.violation({ method: probe.request.method, path: new URL(response.request.url).pathname, status: response.status, body: parseBody(response.bodyText) }),
  },
  {
    name: 'success_envelope',
    summary: 'a View Token is issued: code "success", empty message, data a non-empty string, JSON body',
    source: 'A successful response has code "success" and an empty message.',
    intents: ['success', 'repeat'],
    skipReason: needsAnId,
    expected: '200 (POST: 200 or 201) with {"code":"success","data":"<token>","message":""}',
    judge: (response, probe) => {
      if (!isSuccessStatus(probe, response.status)) return `status ${response.status}, not a success`;
      if (response.status === 201) return undefined;
      const body = parseBody(response.bodyText) as { code?: unknown; message?: unknown; data?: unknown } | undefined;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body is not a JSON object';
      if (body.code !== 'success') return `code is ${JSON.stringify(body.code)}, not "success"`;
      if (body.message !== '') return `message is ${JSON.stringify(body.message)}, not ""`;
      if (typeof body.data !== 'string' || body.data === '') return `data is ${JSON.stringify(body.data)}, not a non-empty string`;
      return undefined;
    },
  },
  {
    name: 'content_type_conformance',
    summary: 'a success response declares a media type the spec lists for it',
    source: 'Response content types: */* and application/json',
    intents: ['success', 'repeat'],
    skipReason: needsAnId,
    expected: 'a Content-Type matching one of the documented media types',
    judge: (response, probe, spec) => {
      if (response.status !== 200) return undefined;
      const declared = response.headers['content-type'];
      if (!declared) return 'no Content-Type header';
      const media = declared.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!/^[\w.+-]+\/[\w.+-]+$/.test(media)) return `Content-Type "${declared}" is not a media type`;
      const documented = spec.mediaTypes(probe.operation, 200);
      return documented.some((type) => mediaMatches(type, media)) ? undefined : `Content-Type ${media} is not one of ${documented.join(', ')}`;
    },
  },
  {
    name: 'view_tokens_usable',
    summary: 'two requests for one object each give a usable token string',
    source: 'The caller passes the View Token to the interface of a front-end JavaScript component.',
    intents: ['repeat'],
    skipReason: (options) => (ANY_QUERY_ID.some((name) => options.ids[name] !== undefined) ? undefined : 'no query id given: add --file-id (or another id flag)'),
    expected: '200 with a non-empty string token, again',
    judge: (response) => {
      const data = (parseBody(response.bodyText) as { data?: unknown } | undefined)?.data;
      return response.status === 200 && typeof data === 'string' && data.trim() !== '' ? undefined : `status ${response.status}, data ${JSON.stringify(data)}`;
    },
  },
  {
    name: 'ignored_auth',
    summary: 'requests without a valid bearer Access Token are refused',
    source: 'Both operations require the header Authorization with the value Bearer followed by the application Access Token.',
    intents: ['auth'],
    expected: '401',
    judge: (response) => (response.status === 401 ? undefined : `status ${response.status}${response.status < 300 ? ': the request was accepted without valid credentials' : ''}`),
  },
  {
    name: 'missing_object_not_found',
    summary: 'an unknown object id is answered 404, on every id type and both path parameters',
    source: '404 Not Found',
    intents: ['missing'],
    skipReason: (options) => (options.ids.missingId === undefined ? 'add --missing-id N (an id that names no object)' : undefined),
    expected: '404',
    judge: (response) => (response.status === 404 ? undefined : `status ${response.status}`),
  },
  {
    name: 'forbidden_object_rejected',
    summary: "another application's file is answered 403 on both operations",
    source: '403 Forbidden; a View Token allows access only to the data of the object it was issued for',
    intents: ['forbidden'],
    skipReason: (options) => (options.ids.forbiddenFileId === undefined ? "add --forbidden-file-id N (a file of another application)" : undefined),
    expected: '403',
    judge: (response) => (response.status === 403 ? undefined : `status ${response.status}`),
  },
  {
    name: 'negative_data_rejection',
    summary: 'malformed ids, an out-of-range int64, no id or several ids are never accepted',
    source: 'All identifiers are integers (int64); exactly one of the ID query parameters is given per request.',
    intents: ['negative'],
    expected: 'not 2xx',
    judge: (response) => (response.status >= 200 && response.status < 300 ? `status ${response.status}: invalid input was accepted` : undefined),
  },
  {
    name: 'not_a_server_error',
    summary: 'no request of the run is answered with a server error',
    source: 'Errors: 401, 403, 404 (no server error is part of the interface)',
    intents: ['success', 'repeat', 'auth', 'missing', 'forbidden', 'negative'],
    expected: 'not 5xx',
    judge: (response) => (response.status >= 500 ? `status ${response.status}` : undefined),
  },
  {
    name: 'status_code_conformance',
    summary: 'every status received for valid input is one the spec documents for that operation',
    source: 'Responses: 200, 201 (POST), 401, 403, 404',
    intents: ['success', 'repeat', 'auth', 'missing', 'forbidden'],
    expected: 'a documented status',
    judge: (response, probe, spec) => {
      const documented = spec.statuses[probe.operation];
      return documented.includes(response.status) ? undefined : `status ${response.status} is not documented (${documented.join(', ')})`;
    },
  },
];

export function parseBody(text: string): unknown {
  if (text === '') return '';
  try { return JSON.parse(text) as unknown; } catch { return text; }
}

function mediaMatches(documented: string, actual: string): boolean {
  const [type, subtype] = documented.toLowerCase().split('/');
  const [actualType, actualSubtype] = actual.split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
}
