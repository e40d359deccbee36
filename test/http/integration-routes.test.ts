import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { createModelCatalog } from '../../mock/viewer/model/model-catalog';
import { toFilesAnswer } from '../../mock/viewer/model/integration-answers';
import { toFloorsAnswer } from '../../mock/viewer/model/model-answers';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

// An integrated model's data routes as the viewer SDK calls them when modelType is not singleModel:
// its files, floors, tree by specialty, and a component `fileId.elementId`, with the integration's
// View Token (a use, as /inside/databag).
const HOUR = 3_600_000;
const integration = createModelCatalog().integrationOf('20001');
const [architecture, structure] = integration.files;
let mock: MockServer;
let token: string;

beforeAll(async () => {
  useMockSpec();
  mock = await aMock();
});
beforeEach(async () => {
  token = (await request(mock.app).get('/view/token?integrateId=20001').set(BEARER)).body.data as string;
});
afterEach(() => mock.reset());

test("the viewer data of an integration says integrationModel, and its files are the building's architecture and structure", async () => {
  const databag = await request(mock.app).get(`/inside/databag?viewToken=${token}`);
  expect(databag.body.data).toMatchObject({
    modelId: '20001',
    modelType: 'integrationModel',
    databagId: 'integration-20001-databag',
  });
  await request(mock.app).post('/__admin/clock/advance').send({ by: '3h' });
  const res = await request(mock.app)
    .get(`/data/v2/integrations/20001/files?includeDrawingSheet=true&view_token=${token}`)
    .set('Origin', 'http://page.example');
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({ code: 'success', message: '', data: toFilesAnswer(integration, true) });
  expect(res.body.data.map((file: { fileId: number; specialty: string }) => [file.fileId, file.specialty])).toEqual([
    [200011, 'Architecture'],
    [200012, 'Structure'],
  ]);
  expect(res.headers['x-view-token-expires-at']).toBe(new Date(T0 + 15 * HOUR).toISOString());
  expect(res.headers['access-control-allow-origin']).toBe('*');
});

test('floors merge the files’ levels; the tree is by specialty (treeType=specialty), every element counted once', async () => {
  const floors = await request(mock.app).get(`/data/v2/integrations/20001/floors?includeRoom=true&view_token=${token}`);
  expect(floors).toSatisfyApiSpec();
  expect(floors.body.data).toEqual(toFloorsAnswer(integration.combined.model, true));
  const tree = await request(mock.app).get(`/data/v2/integrations/20001/tree?treeType=specialty&view_token=${token}`);
  expect(tree).toSatisfyApiSpec();
  expect(tree.body.data.root).toBe('specialty');
  expect(
    tree.body.data.items.map((item: { name: string; elementCount: number }) => [item.name, item.elementCount]),
  ).toEqual([
    ['Architecture', architecture?.served.model.elements.length],
    ['Structure', structure?.served.model.elements.length],
  ]);
});

test('a component fileId.elementId: the same answer by file and element or by its id, from that file’s model', async () => {
  const column = structure?.served.model.elements.find((element) => element.categoryName === 'Structural Columns');
  const byFile = await request(mock.app).get(
    `/data/v2/integrations/20001/files/200012/elements/${column?.elementId}?view_token=${token}`,
  );
  expect(byFile.status).toBe(200);
  expect(byFile).toSatisfyApiSpec();
  expect(byFile.body.data).toMatchObject({
    elementId: column?.elementId,
    guid: column?.guid,
    properties: column?.properties,
  });
  const byId = await request(mock.app).get(
    `/data/v2/integrations/20001/elements/200012.${column?.elementId}?view_token=${token}`,
  );
  expect(byId.body).toEqual(byFile.body);
  // The architecture file has no columns: the structural column is not there.
  const wrongFile = await request(mock.app).get(
    `/data/v2/integrations/20001/files/200011/elements/${column?.elementId}?view_token=${token}`,
  );
  expect([wrongFile.status, wrongFile.body.code]).toEqual([404, 'element.not.found']);
  expect(wrongFile.body.message).toBe(
    `File 200011 of integration 20001 has no element ${column?.elementId} (its model: generated from seed 20001 (architecture), ${architecture?.served.model.elements.length} elements).`,
  );
  const noFile = await request(mock.app).get(`/data/v2/integrations/20001/files/7/elements/1?view_token=${token}`);
  expect(noFile.status).toBe(404);
  expect(noFile).toSatisfyApiSpec();
  expect(noFile.body).toEqual({
    code: 'file.not.found',
    data: null,
    message: 'Integration 20001 has no file 7; its files are 200011, 200012.',
  });
  const malformed = await request(mock.app).get(`/data/v2/integrations/20001/elements/200012-1?view_token=${token}`);
  expect([malformed.status, malformed.body.message]).toEqual([
    404,
    'No such item: "objectId": must match pattern "^[0-9]+\\.[0-9]+$"; got "200012-1".',
  ]);
});

test('a file’s token or another integration’s is refused there (403 naming both); an expired one 401', async () => {
  const file = (await request(mock.app).get('/view/token?fileId=200011').set(BEARER)).body.data as string;
  const refused = await request(mock.app).get(`/data/v2/integrations/20001/files?view_token=${file}`);
  expect(refused.status).toBe(403);
  expect(refused).toSatisfyApiSpec();
  expect(refused.body.message).toBe(
    'This View Token is for file 200011, not integration 20001: a View Token reads the data of its own object only.',
  );
  const other = await request(mock.app).get(`/data/v2/integrations/20002/tree?view_token=${token}`);
  expect(other.body.message).toBe(
    'This View Token is for integration 20001, not integration 20002: a View Token reads the data of its own object only.',
  );
  await request(mock.app).post('/__admin/clock/advance').send({ by: '12h' });
  const expired = await request(mock.app).get(`/data/v2/integrations/20001/floors?view_token=${token}`);
  expect(expired.body).toEqual({ code: 'authentication.failed', data: null, message: 'View token has expired.' });
});

test("a child file's token reads its file as the integration's part: the structure file's data routes answer from the structure", async () => {
  const child = (await request(mock.app).post(`/data/v2/integrations/20001/files/200012/viewToken`).set(BEARER)).body
    .data as string;
  const tree = await request(mock.app).get(`/data/v2/files/200012/tree?v=2.0&view_token=${child}`);
  expect(tree.status).toBe(200);
  const count = tree.body.data.items.reduce(
    (sum: number, floor: { elementCount: number }) => sum + floor.elementCount,
    0,
  );
  expect(count).toBe(structure?.served.model.elements.length);
});
