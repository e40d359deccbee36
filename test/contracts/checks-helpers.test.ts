// What the checks share: which ids let a check run (and the text naming the flags when they do not), successes, refusals.
import {
  hasQueryId,
  isRefusal,
  isSuccessStatus,
  needsAll,
  needsAnId,
  needsTwoObjects,
} from '../../contracts/checks/helpers';
import type { ContractOperation } from '../../contracts/contract-spec';
import type { IdName } from '../../contracts/options';
import { options, probe } from '../support/check-inputs';

const NO_ID =
  'no object id given: add --file-id (or --integrate-id, --compare-id, --scene-id, --submodel-id, --clash-detective-id, --module-data-id; --integrate-id with --child-file-id for the POST)';
const ONE_OBJECT =
  'one object id given, and one View Token cannot show this: give a second object id (--integrate-id, --compare-id, --scene-id, --submodel-id, --clash-detective-id, --module-data-id; --integrate-id with --child-file-id)';

test.each<[Partial<Record<IdName, string>>, boolean, string | undefined]>([
  [{}, false, NO_ID],
  [{ missingId: '9', forbiddenFileId: '8' }, false, NO_ID],
  [{ childFileId: '2' }, false, NO_ID],
  [{ fileId: '11' }, true, undefined],
  [{ moduleDataId: '7' }, true, undefined],
  [{ integrateId: '1', childFileId: '2' }, true, undefined],
])(
  'with the ids %j: a query id given is %p, and a check needing a View Token is skipped with %j',
  (ids, query, reason) => {
    expect(hasQueryId(options(ids))).toBe(query);
    expect(needsAnId(options(ids))).toBe(reason);
  },
);

test.each<[Partial<Record<IdName, string>>, string | undefined]>([
  [{}, NO_ID],
  [{ fileId: '11' }, ONE_OBJECT],
  [{ integrateId: '1' }, ONE_OBJECT],
  [{ fileId: '11', childFileId: '12' }, ONE_OBJECT],
  [{ fileId: '11', missingId: '9', forbiddenFileId: '8' }, ONE_OBJECT],
  [{ fileId: '11', compareId: '11' }, undefined],
  [{ fileId: '11', compareId: '12' }, undefined],
  [{ integrateId: '1', childFileId: '2' }, undefined],
  [{ sceneId: '3', submodelId: '4', clashDetectiveId: '5' }, undefined],
])('with the ids %j, a check comparing the View Tokens of two objects is skipped with %j', (ids, reason) => {
  expect(needsTwoObjects(options(ids))).toBe(reason);
});

test.each<[(string | undefined)[], string | undefined]>([
  [[], undefined],
  [[undefined, undefined], undefined],
  [['add --missing-id N', undefined], 'add --missing-id N'],
  [[undefined, 'add --file-id'], 'add --file-id'],
  [['add --missing-id N', 'add --file-id'], 'add --missing-id N; add --file-id'],
])('needsAll(%j) is %j', (reasons, reason) => {
  expect(needsAll(...reasons)).toBe(reason);
});

test.each<[ContractOperation, number, boolean]>([
  ['getViewToken', 200, true],
  ['getViewToken', 201, false],
  ['getViewToken', 204, false],
  ['getViewToken', 404, false],
  ['getChildFileViewToken', 200, true],
  ['getChildFileViewToken', 201, true],
  ['getChildFileViewToken', 202, false],
  ['getChildFileViewToken', 403, false],
])('%s answered %i is a success: %p', (operation, status, success) => {
  expect(isSuccessStatus(probe('success', {}, operation), status)).toBe(success);
});

test.each<[number, boolean]>([
  [399, false],
  [400, true],
  [404, true],
  [499, true],
  [500, false],
  [200, false],
])('status %i is a refusal: %p', (status, refusal) => {
  expect(isRefusal(status)).toBe(refusal);
});
