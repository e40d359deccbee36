// The identifier checks judged in-process on hand-made answers and options: verdicts, skip reasons and the texts a user reads.
import {
  FORBIDDEN_OBJECT_REJECTED,
  INT64_BOUNDARIES_ACCEPTED,
  LENIENT_ID_REJECTION,
  MISSING_OBJECT_NOT_FOUND,
  NEGATIVE_DATA_REJECTION,
  PATH_IDS_DECIDE,
} from '../../contracts/checks/ids';
import type { Check, Control } from '../../contracts/check-types';
import type { ContractOperation } from '../../contracts/contract-spec';
import { defaultSpecPath, loadContractSpec } from '../../contracts/contract-spec';
import type { IdName } from '../../contracts/options';
import { answer, facts, options, probe } from '../support/check-inputs';

const SPEC = loadContractSpec(defaultSpecPath());
const judge = (check: Check, status: number, operation: ContractOperation = 'getViewToken'): string | undefined =>
  check.judge(answer(status), probe(check.intents[0] ?? 'success', {}, operation), SPEC, facts());
const BY_NAME: Record<string, Check> = Object.fromEntries(
  [MISSING_OBJECT_NOT_FOUND, FORBIDDEN_OBJECT_REJECTED].map((check) => [check.name, check]),
);
const NO_ID =
  'no object id given: add --file-id (or --integrate-id, --compare-id, --scene-id, --submodel-id, --clash-detective-id, --module-data-id; --integrate-id with --child-file-id for the POST)';

test.each<[number, string | undefined]>([
  [199, undefined],
  [200, 'status 200: invalid input was accepted'],
  [299, 'status 299: invalid input was accepted'],
  [300, undefined],
  [400, undefined],
])('negative_data_rejection: an invalid id answered %i is judged %j', (status, reason) => {
  expect(judge(NEGATIVE_DATA_REJECTION, status)).toBe(reason);
});

test.each<[number, string | undefined]>([
  [199, undefined],
  [200, "status 200: an id a lenient parser reads as an object's id was accepted"],
  [299, "status 299: an id a lenient parser reads as an object's id was accepted"],
  [300, undefined],
  [404, undefined],
])('lenient_id_rejection: a lenient id answered %i is judged %j', (status, reason) => {
  expect(judge(LENIENT_ID_REJECTION, status)).toBe(reason);
});

test.each<[string, number, string | undefined]>([
  ['missing_object_not_found', 404, undefined],
  ['missing_object_not_found', 403, 'status 403'],
  ['missing_object_not_found', 200, 'status 200'],
  ['forbidden_object_rejected', 403, undefined],
  ['forbidden_object_rejected', 404, 'status 404'],
  ['forbidden_object_rejected', 401, 'status 401'],
])('%s: answered %i is judged %j', (name, status, reason) => {
  expect(judge(BY_NAME[name] as Check, status)).toBe(reason);
});

test.each<[number, string | undefined]>([
  [404, undefined],
  [500, 'status 500: a server error for a valid int64 id'],
  [503, 'status 503: a server error for a valid int64 id'],
  [422, 'status 422 is not documented: a valid int64 id was refused as malformed'],
])('int64_boundaries_accepted: an int64 edge answered %i is judged %j', (status, reason) => {
  expect(judge(INT64_BOUNDARIES_ACCEPTED, status)).toBe(reason);
});

test.each<[string, Partial<Record<IdName, string>>, string | undefined]>([
  ['missing_object_not_found', { fileId: '11', missingId: '999' }, undefined],
  ['missing_object_not_found', { fileId: '11' }, 'add --missing-id N (an id that names no object)'],
  ['missing_object_not_found', {}, `add --missing-id N (an id that names no object); ${NO_ID}`],
  ['forbidden_object_rejected', { fileId: '11', forbiddenFileId: '99' }, undefined],
  ['forbidden_object_rejected', { fileId: '11' }, 'add --forbidden-file-id N (a file of another application)'],
  ['forbidden_object_rejected', { forbiddenFileId: '99' }, NO_ID],
])('%s with the ids %j is skipped with %j', (name, ids, reason) => {
  expect(BY_NAME[name]?.skipReason?.(options(ids))).toBe(reason);
});

const POST_IDS =
  'add --integrate-id and --child-file-id (the POST), with --missing-id or --forbidden-file-id for its body';
const BODY_IDS = 'add --missing-id or --forbidden-file-id (ids for the POST body to name)';

test.each<[Partial<Record<IdName, string>>, string | undefined]>([
  [{ integrateId: '1', childFileId: '2', missingId: '9' }, undefined],
  [{ integrateId: '1', childFileId: '2', forbiddenFileId: '8' }, undefined],
  [{ integrateId: '1', childFileId: '2', missingId: '9', forbiddenFileId: '8' }, undefined],
  [{ integrateId: '1', childFileId: '2' }, BODY_IDS],
  [{ integrateId: '1', missingId: '9' }, POST_IDS],
  [{ childFileId: '2', missingId: '9' }, POST_IDS],
  [{ fileId: '11', missingId: '9', forbiddenFileId: '8' }, POST_IDS],
])('path_ids_decide with the ids %j is skipped with %j', (ids, reason) => {
  expect(PATH_IDS_DECIDE.skipReason?.(options(ids))).toBe(reason);
});

const DECIDED = (status: number): string =>
  `status ${status}: the body's ids decided the answer, not the path's (which names a file of the caller's)`;
const pathAlone = (succeeded: boolean, status: number): Control => ({
  probe: 'issue child file',
  succeeded,
  outcome: `status ${status}`,
});

test.each<[number, Control | undefined, string | undefined]>([
  [200, pathAlone(true, 200), undefined],
  [201, pathAlone(true, 201), undefined],
  [404, pathAlone(true, 200), DECIDED(404)],
  [403, pathAlone(true, 201), DECIDED(403)],
  [500, pathAlone(true, 200), DECIDED(500)],
  // The path alone failed too (or was not asked): the body's answer shows nothing (the check skips).
  [403, pathAlone(false, 403), undefined],
  [500, pathAlone(false, 500), undefined],
  [404, undefined, undefined],
])(
  'path_ids_decide: the POST with other ids in its body answered %i, the path alone %j, is judged %j',
  (status, control, reason) => {
    const known = { ...facts(), controls: new Map(control ? [['getChildFileViewToken' as const, control]] : []) };
    const sent = probe('body-ids', {}, 'getChildFileViewToken');
    expect(PATH_IDS_DECIDE.judge(answer(status), sent, SPEC, known)).toBe(reason);
  },
);
