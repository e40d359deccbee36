import path from 'node:path';
import { SERVICE_STATUSES } from '../../mock/core/service-statuses';
import { loadOperations, toOperationSummary } from '../../mock/spec-engine/load-operations';

const spec = (name: string) => path.resolve(__dirname, '../../spec', name);

/** What the mock's spec adds to a contract operation's parameters: the child-file route's View Token form (optional). */
const MOCK_ONLY_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  getChildFileViewToken: ['query:view_token:"string":undefined'],
  getViewToken: [],
};

test('the mock spec serves each contract operation with the same path and parameters (plus the View Token form of the child-file route), the same 200 body, and a superset of statuses', async () => {
  const contract = await loadOperations(spec('view-token.openapi.yaml'));
  const mock = await loadOperations(spec('mock.openapi.yaml'));
  expect(contract.map((operation) => operation.iid).sort()).toEqual(['getChildFileViewToken', 'getViewToken']);
  for (const operation of contract) {
    const served = mock.find((candidate) => candidate.iid === operation.iid);
    if (!served) throw new Error(`${operation.iid} missing from mock.openapi.yaml`);
    expect([served.method, served.path]).toEqual([operation.method, operation.path]);
    const names = (op: typeof operation) =>
      ['query', 'path']
        .flatMap((place) =>
          (op.request?.[place as 'query'] ?? []).map(
            (p) => `${place}:${p.name}:${JSON.stringify(p.schema?.type)}:${JSON.stringify(p.schema?.format)}`,
          ),
        )
        .sort();
    expect(names(served)).toEqual([...names(operation), ...(MOCK_ONLY_PARAMETERS[operation.iid ?? ''] ?? [])].sort());
    const added = served.request?.query?.find((parameter) => parameter.name === 'view_token');
    if (added !== undefined) expect(added.required).not.toBe(true);
    expect(toOperationSummary(served).statuses).toEqual(
      expect.arrayContaining([...toOperationSummary(operation).statuses]),
    );
  }
});

test('the contract spec has the 7 int64 query ids, 2 int64 path ids, and no invented status', async () => {
  const contract = await loadOperations(spec('view-token.openapi.yaml'));
  const summaries = contract.map(toOperationSummary);
  const get = summaries.find((summary) => summary.operationId === 'getViewToken');
  const post = summaries.find((summary) => summary.operationId === 'getChildFileViewToken');
  expect(get?.int64Parameters.map((p) => p.name).sort()).toEqual([
    'clashDetectiveId',
    'compareId',
    'fileId',
    'integrateId',
    'moduleDataId',
    'sceneId',
    'submodelId',
  ]);
  expect(post?.int64Parameters).toEqual([
    { name: 'integrateId', in: 'path' },
    { name: 'fileId', in: 'path' },
  ]);
  expect([...(get?.statuses ?? [])].sort()).toEqual([200, 401, 403, 404]);
  expect([...(post?.statuses ?? [])].sort()).toEqual([200, 201, 401, 403, 404]);
});

test("the core's table of service statuses is the one the mock spec documents", async () => {
  const mock = (await loadOperations(spec('mock.openapi.yaml'))).map(toOperationSummary);
  for (const [operationId, statuses] of Object.entries(SERVICE_STATUSES)) {
    expect([...(mock.find((summary) => summary.operationId === operationId)?.statuses ?? [])].sort()).toEqual(
      [...statuses].sort(),
    );
  }
});
