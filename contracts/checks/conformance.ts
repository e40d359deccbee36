import type { Check, ProbeResult } from '../check-types';
import type { ContractSpec } from '../contract-spec';
import { parseBody } from '../issued-token';
import { bodyViolation, contentTypeViolation, headersViolation } from '../judge-response';
import { PROBE_INTENTS } from '../probe-planner';
import { declared, isSuccessStatus, needsAnId } from './helpers';
import { SENTENCE } from './sentences';

/**
 * Another route form or method than the operation's is no operation of the contract: its answers
 * are judged only for what they give away.
 */
export const OPERATION_INTENTS = PROBE_INTENTS.filter(
  (intent) => intent !== 'alias' && intent !== 'other-method' && intent !== 'other-method-anonymous',
);

/** Skips a check of what the contract declares per status when no answer had a status it documents. */
const someDocumented = (judged: readonly ProbeResult[], spec: ContractSpec): string | undefined =>
  judged.some(({ probe, exchange }) => exchange.kind === 'response' && declared(exchange, probe, spec) !== undefined)
    ? undefined
    : 'no answer of this run had a status the contract documents (see status_code_conformance)';

/** The checks of what the contract declares for each answer. */
export const RESPONSE_SCHEMA_CONFORMANCE: Check = {
  name: 'response_schema_conformance',
  since: 1,
  summary:
    'every answer with a documented status has the body the spec declares for that status (none declared: any body)',
  detail:
    "every answer whose status the contract documents has the body the contract declares for that status and media type (ajv over the contract's schemas); a status with no body type given (201, 401, 403, 404) may carry any body",
  source: `${SENTENCE.ok}; ${SENTENCE.noBodyType}`,
  intents: OPERATION_INTENTS,
  skipReason: needsAnId,
  enough: (judged, _facts, spec) => someDocumented(judged, spec),
  expected: 'a body satisfying the schema of the media type it was sent as',
  judge: (response, probe, spec) => {
    const contract = declared(response, probe, spec);
    return contract ? bodyViolation(contract, response.headers, response.bodyText) : undefined;
  },
};

export const SUCCESS_ENVELOPE: Check = {
  name: 'success_envelope',
  since: 1,
  summary: 'a View Token is issued: code "success", empty message, data a non-empty string, JSON body',
  detail:
    'View Token requests (each id given on `GET /view/token`, and the child-file `POST`) succeed: 200 (POST: 200 or 201; a 201 may carry any body) with `code` `"success"`, `message` `""`, `data` a non-empty string',
  source: SENTENCE.success,
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
    if (typeof body.data !== 'string' || body.data === '')
      return `data is ${JSON.stringify(body.data)}, not a non-empty string`;
    return undefined;
  },
};

export const CONTENT_TYPE_CONFORMANCE: Check = {
  name: 'content_type_conformance',
  since: 1,
  summary: 'an answer whose status declares content carries one of the media types declared for it',
  detail:
    'an answer whose status declares content carries one of the declared media types (`*/*`, `application/json`); a status that declares none may carry any media type or none',
  source: SENTENCE.contentTypes,
  intents: OPERATION_INTENTS,
  skipReason: needsAnId,
  enough: (judged, _facts, spec) => someDocumented(judged, spec),
  expected: 'a Content-Type matching one of the documented media types',
  judge: (response, probe, spec) => {
    const contract = declared(response, probe, spec);
    return contract ? contentTypeViolation(contract, response.headers) : undefined;
  },
};

export const RESPONSE_HEADERS_CONFORMANCE: Check = {
  name: 'response_headers_conformance',
  since: 1,
  summary: 'an answer carries the headers the spec declares for its status, with values of their schema',
  detail:
    "an answer carries every required header the contract declares for its status, each value of its schema (the shipped contract declares none; a provider's `--spec` may)",
  source: 'the response headers of the contract (the interface document declares none)',
  intents: OPERATION_INTENTS,
  skipReason: needsAnId,
  enough: (judged, _facts, spec) => someDocumented(judged, spec),
  expected: 'every required declared header, each of its declared schema',
  judge: (response, probe, spec) => {
    const contract = declared(response, probe, spec);
    return contract ? headersViolation(contract, response.headers) : undefined;
  },
};

export const NOT_A_SERVER_ERROR: Check = {
  name: 'not_a_server_error',
  since: 1,
  summary: 'no request of the run is answered with a server error',
  detail: 'no request of the run is answered 5xx',
  source: `${SENTENCE.errors} (no server error is part of the interface)`,
  intents: PROBE_INTENTS,
  skipReason: needsAnId,
  expected: 'not 5xx',
  judge: (response) => (response.status >= 500 ? `status ${response.status}` : undefined),
};

export const STATUS_CODE_CONFORMANCE: Check = {
  name: 'status_code_conformance',
  since: 1,
  summary: 'every status received for valid input is one the spec documents for that operation',
  detail:
    'every status received for a well-formed request (boundary ids, unknown objects and wrong credentials included) is documented for that operation (GET: 200, 401, 403, 404; POST: 200, 201, 401, 403, 404; `2XX`/`default` keys of a `--spec` count); malformed ids and credentials are not held to it',
  source: SENTENCE.statuses,
  intents: [
    'success',
    'repeat',
    'auth',
    'near-miss',
    'view-token-as-access',
    'missing',
    'forbidden',
    'boundary',
    'crossed',
  ],
  skipReason: needsAnId,
  expected: 'a documented status',
  judge: (response, probe, spec) => {
    const contract = spec.operations[probe.operation];
    return contract.response(response.status)
      ? undefined
      : `status ${response.status} is not documented (${contract.statuses.join(', ')})`;
  },
};
