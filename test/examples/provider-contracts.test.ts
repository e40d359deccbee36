// A provider's own Jest suite checking its implementation against the View Token contract, in-process.
// In a provider's project the import is 'view-token-mock/contracts/jest'; here the provider's app is this mock.
import { describeContracts } from '../../contracts/jest';
import { createMockServer } from '../../mock/index';

const ID_TYPES = ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'];
const provider = createMockServer({
  logLevel: 'silent',
  config: { missing: Object.fromEntries(ID_TYPES.map((name) => [name, ['404404']])), forbidden: { fileId: ['403403'] }, applications: [{ appKey: 'ci', appSecret: 'secret', accessTokens: ['ci-token'] }] },
});
afterAll(async () => (await provider).close());

// The three lines a provider adds: one Jest test per contract check.
describeContracts({
  target: provider.then((mock) => mock.app),
  accessToken: 'ci-token',
  ids: { fileId: '1001', integrateId: '2001', childFileId: '1002', missingId: '404404', forbiddenFileId: '403403' },
});
