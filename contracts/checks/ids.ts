import type { Check } from '../check-types';
import { declared, isSuccessStatus, needsAll, needsAnId } from './helpers';
import { SENTENCE } from './sentences';

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** The checks of the identifier sentences: unknown and foreign objects, int64 edges, malformed and lenient ids. */
export const MISSING_OBJECT_NOT_FOUND: Check = {
  name: 'missing_object_not_found',
  since: 1,
  summary: 'an unknown object id is answered 404, on every id parameter of both operations',
  detail: '`--missing-id` on each query id and on each path parameter of the POST is answered 404',
  source: SENTENCE.notFound,
  intents: ['missing'],
  skipReason: (options) =>
    needsAll(
      options.ids.missingId === undefined ? 'add --missing-id N (an id that names no object)' : undefined,
      needsAnId(options),
    ),
  contrasted: true,
  expected: '404',
  judge: (response) => (response.status === 404 ? undefined : `status ${response.status}`),
};

export const FORBIDDEN_OBJECT_REJECTED: Check = {
  name: 'forbidden_object_rejected',
  since: 1,
  summary: "another application's file is answered 403 on both operations",
  detail: "`--forbidden-file-id` is answered 403 on `GET ?fileId=` and as the POST's child file",
  source: `${SENTENCE.forbidden}. ${SENTENCE.oneObject}`,
  intents: ['forbidden'],
  skipReason: (options) =>
    needsAll(
      options.ids.forbiddenFileId === undefined
        ? 'add --forbidden-file-id N (a file of another application)'
        : undefined,
      needsAnId(options),
    ),
  contrasted: true,
  expected: '403',
  judge: (response) => (response.status === 403 ? undefined : `status ${response.status}`),
};

export const INT64_BOUNDARIES_ACCEPTED: Check = {
  name: 'int64_boundaries_accepted',
  since: 1,
  summary:
    'every int64 id parameter at min, max, 0 and -1 is answered as a valid id (a documented status), never refused as malformed',
  detail:
    'every int64 id parameter of both operations at the int64 minimum, maximum, 0 and -1 (those its schema allows) is answered with a documented status, never 400/422 (refused as malformed) nor 5xx',
  source: SENTENCE.int64,
  intents: ['boundary'],
  skipReason: needsAnId,
  contrasted: true,
  expected: 'a documented status (e.g. 404 for an id that names no object), not 400 and not 5xx',
  judge: (response, probe, spec) => {
    if (response.status >= 500) return `status ${response.status}: a server error for a valid int64 id`;
    return declared(response, probe, spec)
      ? undefined
      : `status ${response.status} is not documented: a valid int64 id was refused as malformed`;
  },
};

export const NEGATIVE_DATA_REJECTION: Check = {
  name: 'negative_data_rejection',
  since: 1,
  summary: 'malformed ids, out-of-range int64s, no id or several ids are never accepted',
  detail:
    '`abc`, `1.5`, empty, `9223372036854775808`, `-9223372036854775809`, no id, two ids, and malformed or overflowing path ids are never accepted (not 2xx)',
  source: `${SENTENCE.int64} ${SENTENCE.exactlyOne}`,
  intents: ['negative'],
  skipReason: needsAnId,
  contrasted: true,
  expected: 'not 2xx',
  judge: (response) =>
    isSuccess(response.status) ? `status ${response.status}: invalid input was accepted` : undefined,
};

export const LENIENT_ID_REJECTION: Check = {
  name: 'lenient_id_rejection',
  since: 1,
  summary:
    "an object's id written as a lenient parser still reads it (1e0, 0x.., N.0, spaces, newline, NUL, letters, other digits) never yields a token",
  detail:
    'each given object id N, in the query and in each path parameter, written `Ne0`, in hexadecimal, `N.0`, with a leading or trailing space, a trailing newline or NUL, trailing letters, in Arabic-Indic or fullwidth digits (what `parseInt`, `Number`, `BigInt`, `strtol`, a `^\\d+$` regex and Unicode-digit parsers read as N) is never answered 2xx; `+N` and `0N` are not sent (strict decimal parsers read them as N)',
  source: `${SENTENCE.int64} ${SENTENCE.pathInt64}`,
  intents: ['lenient'],
  skipReason: needsAnId,
  contrasted: true,
  expected: 'not a success: the value is not an int64 as written (a 400 or 404 is fine)',
  judge: (response) =>
    isSuccess(response.status)
      ? `status ${response.status}: an id a lenient parser reads as an object's id was accepted`
      : undefined,
};

export const PATH_IDS_DECIDE: Check = {
  name: 'path_ids_decide',
  since: 2,
  summary:
    "a POST whose JSON body names other ids than its path gets the path's answer (a success), not the body's ids' answer",
  detail:
    "the child-file POST with a JSON body naming other ids than its path (`--missing-id` as integrateId and fileId, `--forbidden-file-id` as fileId) is answered as the path alone is, a success (200 or 201), not the 404 or 403 the body's ids would get: the path's ids decide, never the body's; judged only when the path alone got a success to compare with",
  source: `${SENTENCE.pathInt64}; ${SENTENCE.requestJson}; ${SENTENCE.oneObject}`,
  intents: ['body-ids'],
  skipReason: (options) =>
    options.ids.integrateId === undefined || options.ids.childFileId === undefined
      ? 'add --integrate-id and --child-file-id (the POST), with --missing-id or --forbidden-file-id for its body'
      : options.ids.missingId === undefined && options.ids.forbiddenFileId === undefined
        ? 'add --missing-id or --forbidden-file-id (ids for the POST body to name)'
        : undefined,
  contrasted: true,
  expected: "the path's answer: a success",
  // Beside a path-only request that failed too, a failure shows nothing of the body (contrasted: skipped).
  judge: (response, probe, _spec, facts) =>
    isSuccessStatus(probe, response.status) || facts.controls.get(probe.operation)?.succeeded !== true
      ? undefined
      : `status ${response.status}: the body's ids decided the answer, not the path's (which names a file of the caller's)`,
};
