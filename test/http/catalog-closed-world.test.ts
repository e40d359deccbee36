import request from 'supertest';
import { DEFAULT_CATALOG_SIZES, generateCatalog } from '../../mock/catalog/generate-catalog';
import { toMockConfig } from '../../mock/config/load-config';
import { aMock, useMockSpec } from '../support/mock-app';
import { runCli } from '../support/spawn-cli';

beforeAll(useMockSpec);

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const A = { appKey: 'app-a', appSecret: 'secret-a' };
const B = { appKey: 'app-b', appSecret: 'secret-b' };
const CONFIG = {
  applications: [A, B],
  catalog: {
    files: [
      { id: '900000000000000001', name: 'Tower - Architecture.rvt', extension: 'rvt', owner: 'app-a' },
      { id: '900000000000000002', name: 'Tower - Level-3.dwg', extension: 'dwg', owner: 'app-a' },
      { id: '900000000000000003', name: 'Annex - MEP.ifc', extension: 'ifc', owner: 'app-b' },
    ],
    integrations: [
      { id: '800000000000000001', name: 'Tower integrated', owner: 'app-a', fileIds: ['900000000000000001'] },
    ],
    scenes: [{ id: '700000000000000001', name: 'Lobby scene', owner: 'app-b' }],
  },
};

async function aClosedWorld() {
  const mock = await aMock({ config: CONFIG });
  const tokenOf = async (app: typeof A) =>
    (await request(mock.app).post('/oauth2/token').set('Authorization', basic(app.appKey, app.appSecret))).body.data
      .token as string;
  return { mock, tokenA: await tokenOf(A), tokenB: await tokenOf(B) };
}

test.each([
  ['the owner asks for its file', 'fileId=900000000000000001', 'a', 200, 'success'],
  ['another application asks for it', 'fileId=900000000000000001', 'b', 403, 'permission.denied'],
  ['an unlisted file', 'fileId=900000000000000009', 'a', 404, 'file.not.found'],
  ['the owner of a scene', 'sceneId=700000000000000001', 'b', 200, 'success'],
  ['an unlisted comparison', 'compareId=1', 'a', 404, 'comparison.not.found'],
])('closed world: %s → %d %s', async (_label, query, who, status, code) => {
  const { mock, tokenA, tokenB } = await aClosedWorld();
  const res = await request(mock.app)
    .get(`/view/token?${query}`)
    .set('Authorization', `Bearer ${who === 'a' ? tokenA : tokenB}`);
  expect(res.status).toBe(status);
  expect(res).toSatisfyApiSpec();
  expect(res.body.code).toBe(code);
});

test('a child file must belong to the integration: listed → 200, another file → 404 file.not.found', async () => {
  const { mock, tokenA } = await aClosedWorld();
  const member = await request(mock.app)
    .post('/data/v2/integrations/800000000000000001/files/900000000000000001/viewToken')
    .set('Authorization', `Bearer ${tokenA}`);
  expect(member.status).toBe(200);
  const stranger = await request(mock.app)
    .post('/data/v2/integrations/800000000000000001/files/900000000000000002/viewToken')
    .set('Authorization', `Bearer ${tokenA}`);
  expect(stranger.status).toBe(404);
  expect(stranger.body.code).toBe('file.not.found');
});

test('the viewer metadata comes from the catalog: a dwg opens in the drawing view, an rvt in the BIM view', async () => {
  const { mock, tokenA } = await aClosedWorld();
  const metadata = async (fileId: string) => {
    const token = (await request(mock.app).get(`/view/token?fileId=${fileId}`).set('Authorization', `Bearer ${tokenA}`))
      .body.data as string;
    const res = await request(mock.app).get(`/inside/databag?viewToken=${token}`);
    expect(res).toSatisfyApiSpec();
    return res.body.data as { renderType: string; name: string };
  };
  expect(await metadata('900000000000000002')).toMatchObject({
    renderType: 'drawingView',
    name: 'Tower - Level-3.dwg',
  });
  expect(await metadata('900000000000000001')).toMatchObject({
    renderType: 'bimView',
    name: 'Tower - Architecture.rvt',
  });
});

test('the same seed gives the same catalog, another seed another one, and the result is a valid config', () => {
  const first = generateCatalog(42, DEFAULT_CATALOG_SIZES);
  expect(generateCatalog(42, DEFAULT_CATALOG_SIZES)).toEqual(first);
  expect(generateCatalog(43, DEFAULT_CATALOG_SIZES)).not.toEqual(first);
  expect(first.catalog.files).toHaveLength(20);
  expect(first.catalog.files.every((file) => /^[1-9]\d{17}$/.test(file.id))).toBe(true);
  expect(new Set(first.catalog.files.map((file) => file.extension)).size).toBeGreaterThan(2);
  const config = toMockConfig(first);
  expect(config.catalog?.integrations.length).toBe(3);
  expect(config.applications.map((app) => app.appKey)).toEqual(first.applications.map((app) => app.appKey));
});

test('`view-token-mock catalog --seed N` prints the same JSON twice, and a bad size is exit 2', () => {
  const one = runCli(['catalog', '--seed', '7', '--files', '5']);
  expect(one.status).toBe(0);
  expect(runCli(['catalog', '--seed', '7', '--files', '5']).stdout).toBe(one.stdout);
  expect((JSON.parse(one.stdout) as { catalog: { files: unknown[] } }).catalog.files).toHaveLength(5);
  const bad = runCli(['catalog', '--files', 'many']);
  expect(bad.status).toBe(2);
  expect(bad.stderr).toMatch(/catalog --files many/);
});

test.each([
  [{ catalog: { files: [] } }, /needs "applications"/],
  [{ applications: [A], catalog: { files: [{ id: '1', name: 'x', owner: 'nobody' }] } }, /"owner" must be the appKey/],
  [{ applications: [A], catalog: { files: [{ id: 'x1', name: 'x', owner: 'app-a' }] } }, /not an int64 id/],
  [
    { applications: [A], catalog: { integrations: [{ id: '2', name: 'i', owner: 'app-a', fileIds: ['3'] }] } },
    /3 is not one of the catalog's files/,
  ],
])('a bad catalog is refused with a message naming the field (%#)', (config, message) => {
  expect(() => toMockConfig(config)).toThrow(message);
});
