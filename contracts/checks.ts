import type { ContractSpec } from './contract-spec';
import type { Exchange } from './http-exchange';
import { bodyViolation, contentTypeViolation, headersViolation } from './judge-response';
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

type Answer = Extract<Exchange, { kind: 'response' }>;

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
  judge: (response: Answer, probe: Probe, spec: ContractSpec) => string | undefined;
  /** For a rule about several answers together: the results that break it, each with why. */
  judgeTogether?: (results: readonly ProbeResult[]) => { result: ProbeResult; reason: string }[];
}

const ANY_QUERY_ID = ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'] as const;
const ALL_INTENTS: readonly ProbeIntent[] = ['success', 'repeat', 'auth', 'missing', 'forbidden', 'negative', 'boundary'];
const needsAnId = (options: ContractOptions): string | undefined =>
  ANY_QUERY_ID.some((name) => options.ids[name] !== undefined) || (options.ids.integrateId && options.ids.childFileId)
    ? undefined
    : 'no object id given: add --file-id (or --integrate-id, --compare-id, --scene-id, --submodel-id, --clash-detective-id, --module-data-id; --integrate-id with --child-file-id for the POST)';
const needsTwoObjects = (options: ContractOptions): string | undefined =>
  ANY_QUERY_ID.filter((name) => options.ids[name] !== undefined).length + (options.ids.integrateId && options.ids.childFileId ? 1 : 0) >= 2
    ? undefined
    : 'needs View Tokens for two objects: give two id flags (e.g. --file-id and --integrate-id, or --integrate-id with --child-file-id)';
const isSuccessStatus = (probe: Probe, status: number): boolean => status === 200 || (probe.operation === 'getChildFileViewToken' && status === 201);
const declared = (response: Answer, probe: Probe, spec: ContractSpec) => spec.operations[probe.operation].response(response.status);

/** Every check of the harness, in the order they are reported. */
export const CHECKS: readonly Check[] = [
  {
    name: 'response_schema_conformance',
    summary: 'every answer with a documented status has the body the spec declares for that status (none declared: any body)',
    source: '200: GeneralResponse of string; data holds <VIEW_TOKEN> (201, 401, 403, 404: no body type given)',
    intents: ALL_INTENTS,
    expected: 'a body satisfying the schema of the media type it was sent as',
    judge: (response, probe, spec) => {
      const contract = declared(response, probe, spec);
      return contract ? bodyViolation(contract, response.headers, response.bodyText) : undefined;
    },
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
      if (response.status === 201) return undefined; // 201: no body type given
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
    summary: 'an answer whose status declares content carries one of the media types declared for it',
    source: 'Response content types: */* and application/json',
    intents: ALL_INTENTS,
    expected: 'a Content-Type matching one of the documented media types',
    judge: (response, probe, spec) => {
      const contract = declared(response, probe, spec);
      return contract ? contentTypeViolation(contract, response.headers) : undefined;
    },
  },
  {
    name: 'response_headers_conformance',
    summary: 'an answer carries the headers the spec declares for its status, with values of their schema',
    source: 'the response headers of the contract (the interface document declares none)',
    intents: ALL_INTENTS,
    expected: 'every required declared header, each of its declared schema',
    judge: (response, probe, spec) => {
      const contract = declared(response, probe, spec);
      return contract ? headersViolation(contract, response.headers) : undefined;
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
    name: 'view_token_object_scoped',
    summary: 'View Tokens issued for different objects differ',
    source: 'A View Token ... allows access only to the data of the object it was issued for.',
    intents: ['success', 'repeat'],
    skipReason: needsTwoObjects,
    expected: 'a View Token no other object was given',
    judge: () => undefined,
    judgeTogether: (results) => {
      const firstObject = new Map<string, string>();
      const broken: { result: ProbeResult; reason: string }[] = [];
      for (const result of results) {
        const token = issuedToken(result);
        if (token === undefined || result.probe.object === undefined) continue;
        const earlier = firstObject.get(token);
        if (earlier === undefined) firstObject.set(token, result.probe.object);
        else if (earlier !== result.probe.object) broken.push({ result, reason: `the View Token for ${result.probe.object} is the one issued for ${earlier}` });
      }
      return broken;
    },
  },
  {
    name: 'ignored_auth',
    summary: 'requests without the Access Token under the Bearer scheme are refused (4xx)',
    source: 'Both operations require the header Authorization with the value Bearer followed by the application Access Token.',
    intents: ['auth'],
    expected: 'a refusal (401, or another 4xx)',
    judge: (response) => (response.status >= 400 && response.status < 500 ? undefined : `status ${response.status}${response.status < 300 ? ': the request was accepted without valid credentials' : ''}`),
  },
  {
    name: 'missing_object_not_found',
    summary: 'an unknown object id is answered 404, on every id parameter of both operations',
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
    skipReason: (options) => (options.ids.forbiddenFileId === undefined ? 'add --forbidden-file-id N (a file of another application)' : undefined),
    expected: '403',
    judge: (response) => (response.status === 403 ? undefined : `status ${response.status}`),
  },
  {
    name: 'int64_boundaries_accepted',
    summary: 'every int64 id parameter at min, max, 0 and -1 is answered as a valid id (a documented status), never refused as malformed',
    source: 'All identifiers are integers (int64).',
    intents: ['boundary'],
    expected: 'a documented status (e.g. 404 for an id that names no object), not 400 and not 5xx',
    judge: (response, probe, spec) => {
      if (response.status >= 500) return `status ${response.status}: a server error for a valid int64 id`;
      return declared(response, probe, spec) ? undefined : `status ${response.status} is not documented: a valid int64 id was refused as malformed`;
    },
  },
  {
    name: 'negative_data_rejection',
    summary: 'malformed ids, out-of-range int64s, no id or several ids are never accepted',
    source: 'All identifiers are integers (int64); exactly one of the ID query parameters is given per request.',
    intents: ['negative'],
    expected: 'not 2xx',
    judge: (response) => (response.status >= 200 && response.status < 300 ? `status ${response.status}: invalid input was accepted` : undefined),
  },
  {
    name: 'not_a_server_error',
    summary: 'no request of the run is answered with a server error',
    source: 'Errors: 401, 403, 404 (no server error is part of the interface)',
    intents: ALL_INTENTS,
    expected: 'not 5xx',
    judge: (response) => (response.status >= 500 ? `status ${response.status}` : undefined),
  },
  {
    name: 'status_code_conformance',
    summary: 'every status received for valid input is one the spec documents for that operation',
    source: 'Responses: 200, 201 (POST), 401, 403, 404',
    intents: ['success', 'repeat', 'auth', 'missing', 'forbidden', 'boundary'],
    expected: 'a documented status',
    judge: (response, probe, spec) => {
      const contract = spec.operations[probe.operation];
      return contract.response(response.status) ? undefined : `status ${response.status} is not documented (${contract.statuses.join(', ')})`;
    },
  },
];

/** The View Token a success answer carries, if it carries one. */
function issuedToken({ exchange }: ProbeResult): string | undefined {
  if (exchange.kind !== 'response' || exchange.status !== 200) return undefined;
  const data = (parseBody(exchange.bodyText) as { data?: unknown } | undefined)?.data;
  return typeof data === 'string' && data !== '' ? data : undefined;
}

export function parseBody(text: string): unknown {
  if (text === '') return '';
  try { return JSON.parse(text) as unknown; } catch { return text; }
}
