// A provider's own Jest suite checking its implementation against the View Token contract, in-process.
// In a provider's project the import is 'view-token-mock/contracts/jest'; here the provider's app is this mock.
import request from 'supertest';
import { describeContracts, useViewTokenSpec } from '../../contracts/jest';
import { createMockServer } from '../../mock/index';

const ID_TYPES = ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'];
const provider = createMockServer({
  logLevel: 'silent',
  config: {
    missing: Object.fromEntries(ID_TYPES.map((name) => [name, ['404404']])),
    forbidden: { fileId: ['403403'] },
    applications: [{ appKey: 'ci', appSecret: 'secret', accessTokens: ['ci-token'] }],
  },
});
afterAll(async () => (await provider).close());

// The three lines a provider adds: one Jest test per contract check.
describeContracts({
  target: provider.then((mock) => mock.app),
  accessToken: 'ci-token',
  ids: { fileId: '1001', integrateId: '2001', childFileId: '1002', missingId: '404404', forbiddenFileId: '403403' },
});

// Opt-in, for the provider's own response tests: jest-openapi's toSatisfyApiSpec bound to the View Token contract.
test("a provider's own response test holds an answer to the View Token contract with toSatisfyApiSpec", async () => {
  useViewTokenSpec();
  const response = await request((await provider).app)
    .get('/view/token?fileId=1001')
    .set('Authorization', 'Bearer ci-token');
  expect(response.status).toBe(200);
  expect(response).toSatisfyApiSpec();
});
