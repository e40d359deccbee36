import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { toDrawingSheets, toSheetSummaries } from '../../mock/viewer/model/drawing-sheets';
import { generateBuilding } from '../../mock/viewer/model/generate-building';
import { aMock, useMockSpec } from '../support/mock-app';

// A model's drawing where the drawing viewer loads it, under resourceHost without a token (as the
// platform's SDK loads its drawing files): the sheet list and each sheet's vectors.
let mock: MockServer;

beforeAll(async () => {
  useMockSpec();
  mock = await aMock({
    config: {
      objects: {
        fileId: {
          '30001': {
            name: 'Plans.dwg',
            extension: 'dwg',
            model: {
              levels: 3,
              sheets: [
                { name: 'A-101 Ground Floor', level: 'F1' },
                { name: 'A-102 First Floor', level: 'F2' },
              ],
            },
          },
        },
      },
    },
  });
});
afterAll(() => mock.close());

test("a file's sheet list is its storeys' plans: ids, names, levels and frames, not cached", async () => {
  const res = await request(mock.app)
    .get('/file-10001-databag/resource/drawing/index.json')
    .set('Origin', 'http://page.example');
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({ sheets: toSheetSummaries(toDrawingSheets(generateBuilding('10001'))) });
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers['access-control-allow-origin']).toBe('*');
});

test('a sheet is its vectors on layers; a sheet the drawing lacks is a 404 naming its sheets', async () => {
  const [first] = toDrawingSheets(generateBuilding('10001'));
  const res = await request(mock.app).get(`/file-10001-databag/resource/drawing/${first?.id}/index.json`);
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual(first);
  const missing = await request(mock.app).get('/file-10001-databag/resource/drawing/1/index.json');
  expect(missing.status).toBe(404);
  expect(missing).toSatisfyApiSpec();
  expect(missing.body.message).toMatch(
    /^file-10001-databag has no sheet 1; its sheets are 880001 \(F1 Floor Plan\), 880002 \(F2 Floor Plan\), /,
  );
});

test('a DWG object of the config has the sheets it names; an integration’s drawing draws both files', async () => {
  const dwg = await request(mock.app).get('/file-30001-databag/resource/drawing/index.json');
  expect(
    dwg.body.sheets.map((sheet: { id: string; name: string; levelName: string }) => [
      sheet.id,
      sheet.name,
      sheet.levelName,
    ]),
  ).toEqual([
    ['880001', 'A-101 Ground Floor', 'F1'],
    ['880002', 'A-102 First Floor', 'F2'],
  ]);
  const sheet = await request(mock.app).get('/integration-20001-databag/resource/drawing/880001/index.json');
  const files = new Set(
    (sheet.body.entities as { objectId?: string }[]).flatMap((entity) =>
      entity.objectId === undefined ? [] : [entity.objectId.split('.')[0]],
    ),
  );
  expect(files).toEqual(new Set(['200011', '200012']));
});

test("an integration's geometry is its files': its own databag says where, each file's is GLB", async () => {
  const own = await request(mock.app).get('/integration-20001-databag/resource/model');
  expect(own.status).toBe(404);
  expect(own).toSatisfyApiSpec();
  expect(own.body.message).toBe(
    "Integration 20001's geometry is its files': /integration-20001-file-200011-databag/resource/model, /integration-20001-file-200012-databag/resource/model (GET /data/v2/integrations/20001/files lists them).",
  );
  const file = await request(mock.app).get('/integration-20001-file-200012-databag/resource/model');
  expect([file.status, file.headers['content-type']]).toEqual([200, 'model/gltf-binary']);
});
