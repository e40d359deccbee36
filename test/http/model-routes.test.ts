import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { MockServer } from '../../mock/server';
import { generateBuilding } from '../../mock/viewer/model/generate-building';
import { readGltfModel } from '../../mock/viewer/model/gltf-model';
import { writeBuildingGlb } from '../../mock/viewer/model/glb-writer';
import { BEARER, T0, aMock, useMockSpec } from '../support/mock-app';

// The view-token data routes the viewer SDK calls (getComponentProperty, getFloors, getModelTree)
// and the geometry it renders, answered from the object's model: judged like /inside/databag.
const HOUR = 3_600_000;
let mock: MockServer;

beforeAll(async () => {
  useMockSpec();
  mock = await aMock();
});
afterEach(() => mock.reset());

async function issueToken(query: string): Promise<string> {
  return (await request(mock.app).get(`/view/token?${query}`).set(BEARER)).body.data as string;
}
const advance = (by: string) => request(mock.app).post('/__admin/clock/advance').send({ by });

test("an element's properties come from the file's generated building: the platform's envelope and shape, a use that slides the expiry", async () => {
  const token = await issueToken('fileId=10001');
  const element = generateBuilding('10001').elements[7];
  await advance('11h');
  const res = await request(mock.app)
    .get(`/data/v2/files/10001/elements/${element?.elementId}?view_token=${token}`)
    .set('Origin', 'http://page.example');
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({
    code: 'success',
    message: '',
    data: {
      boundingBox: element?.boundingBox,
      elementId: element?.elementId,
      familyGuid: element?.familyGuid,
      guid: element?.guid,
      name: element?.name,
      properties: element?.properties,
    },
  });
  expect(res.headers['x-view-token-expires-at']).toBe(new Date(T0 + 23 * HOUR).toISOString());
  expect(res.headers['access-control-allow-origin']).toBe('*');
});

test('floors are the levels lowest first (rooms with includeRoom=true); the tree groups every element by floor, category, family and type', async () => {
  const token = await issueToken('fileId=10001');
  const building = generateBuilding('10001');
  const floors = await request(mock.app).get(`/data/v2/files/10001/floors?view_token=${token}`);
  expect(floors).toSatisfyApiSpec();
  expect(
    floors.body.data.map((floor: { name: string; elevation: number; rooms: null }) => [
      floor.name,
      floor.elevation,
      floor.rooms,
    ]),
  ).toEqual(building.levels.map((level) => [level.name, level.elevation, null]));
  const withRooms = await request(mock.app).get(`/data/v2/files/10001/floors?includeRoom=true&view_token=${token}`);
  expect(withRooms.body.message).toBe('');
  expect(withRooms).toSatisfyApiSpec();
  expect(withRooms.body.data[0].rooms).toHaveLength(
    building.rooms.filter((room) => room.levelId === building.levels[0]?.id).length,
  );
  expect(withRooms.body.data[0].rooms[0]).toMatchObject({ name: '101', levelId: building.levels[0]?.id });
  const tree = await request(mock.app).get(`/data/v2/files/10001/tree?v=2.0&view_token=${token}`);
  expect(tree).toSatisfyApiSpec();
  expect(tree.body.data.root).toBe('floor');
  const total = tree.body.data.items.reduce(
    (sum: number, floor: { elementCount: number }) => sum + floor.elementCount,
    0,
  );
  expect(total).toBe(building.elements.length);
  expect(tree.body.data.items[0].items.map((category: { id: string }) => category.id)).toEqual(
    expect.arrayContaining(['-2000011', '-2000032', '-2000100', '-2000023', '-2000014', '-2000120']),
  );
});

test.each([
  ['an unknown token', 'nope', 'View token was not recognized.'],
  ['a token that expired', 'expired', 'View token has expired.'],
])('%s fails there as on /inside/databag: 401 authentication.failed', async (_, kind, message) => {
  let token = 'f'.repeat(32);
  if (kind === 'expired') {
    token = await issueToken('fileId=10001');
    await advance('12h');
  }
  const res = await request(mock.app).get(`/data/v2/files/10001/floors?view_token=${token}`);
  expect(res.status).toBe(401);
  expect(res).toSatisfyApiSpec();
  expect(res.body).toEqual({ code: 'authentication.failed', data: null, message });
});

test('a token of another object gets 403 naming both; an element the model lacks 404 element.not.found; no token 400', async () => {
  const token = await issueToken('fileId=10001');
  const other = await request(mock.app).get(`/data/v2/files/10002/tree?view_token=${token}`);
  expect(other.status).toBe(403);
  expect(other).toSatisfyApiSpec();
  expect(other.body.message).toBe(
    'This View Token is for file 10001, not file 10002: a View Token reads the data of its own object only.',
  );
  const integration = await issueToken('integrateId=10002');
  expect((await request(mock.app).get(`/data/v2/files/10002/tree?view_token=${integration}`)).body.message).toBe(
    'This View Token is for integration 10002, not file 10002: a View Token reads the data of its own object only.',
  );
  const missing = await request(mock.app).get(`/data/v2/files/10001/elements/1?view_token=${token}`);
  expect(missing.status).toBe(404);
  expect(missing).toSatisfyApiSpec();
  expect(missing.body.code).toBe('element.not.found');
  expect(missing.body.message).toMatch(
    /^File 10001 has no element 1 \(its model: generated from seed 10001, \d+ elements\)\.$/,
  );
  const none = await request(mock.app).get('/data/v2/files/10001/floors');
  expect(none.status).toBe(400);
  expect(none.body.code).toBe('parameter.invalid');
});

test('the geometry is GLB under the databag id, without a token, and holds the elements the data routes describe', async () => {
  const res = await request(mock.app)
    .get('/file-10001-databag/resource/model')
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('model/gltf-binary');
  const read = readGltfModel(new Uint8Array(res.body as Buffer), 'model');
  if (read.kind !== 'read') throw new Error(read.reason);
  const building = generateBuilding('10001');
  expect(read.model.elements.map((element) => [element.elementId, element.categoryId, element.levelName])).toEqual(
    building.elements.map((element) => [element.elementId, element.categoryId, element.levelName]),
  );
  expect((await request(mock.app).get('/nothing-1-databag/resource/model')).status).toBe(404);
});

test("the stand-in's countdown route reads the token's session clock and expiry without using the token", async () => {
  const token = await issueToken('fileId=10001');
  await advance('2h');
  const res = await request(mock.app)
    .get(`/__viewer/token-clock?viewToken=${token}`)
    .set('Origin', 'http://page.example');
  expect(res.status).toBe(200);
  expect(res).toSatisfyApiSpec();
  expect(res.body.data).toEqual({
    now: new Date(T0 + 2 * HOUR).toISOString(),
    expiresAt: new Date(T0 + 12 * HOUR).toISOString(),
    frozen: false,
    state: 'valid',
  });
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect((await request(mock.app).get(`/__admin/view-tokens/${token}`)).body.uses).toBe(0);
  const unknown = await request(mock.app).get(`/__viewer/token-clock?viewToken=${'0'.repeat(32)}`);
  expect(unknown.status).toBe(401);
  expect(unknown.body).toEqual({
    code: 'authentication.failed',
    data: null,
    message: 'View token was not recognized.',
  });
});

describe('with a config naming a team model', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-model-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test("the team's GLB is served as given, and the data routes answer from its nodes' extras", async () => {
    const file = path.join(scratch, 'team.glb');
    const team = generateBuilding('777');
    writeFileSync(file, writeBuildingGlb(team));
    const withTeam = await aMock({ config: { objects: { fileId: { '5': { name: 'Team.rvt', model: { file } } } } } });
    const token = (await request(withTeam.app).get('/view/token?fileId=5').set(BEARER)).body.data as string;
    const element = team.elements[3];
    const res = await request(withTeam.app).get(`/data/v2/files/5/elements/${element?.elementId}?view_token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ elementId: element?.elementId, name: element?.name });
    const geometry = await request(withTeam.app)
      .get('/file-5-databag/resource/model')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(Buffer.compare(geometry.body as Buffer, Buffer.from(writeBuildingGlb(team)))).toBe(0);
    await withTeam.close();
  });

  test('a model naming a file and a building shape at once is refused, naming both', async () => {
    const config = { objects: { fileId: { '5': { model: { file: 'a.glb', levels: 3 } } } } };
    await expect(aMock({ config })).rejects.toThrow(
      'config: objects.fileId.5.model: "file" names the team\'s model; levels shape a generated building: give one or the other',
    );
  });

  test.each([
    [
      'not glTF at all',
      'garbage',
      /the model file .*bad\.glb cannot be served: neither a GLB nor glTF JSON \(unreadable glTF\)$/,
    ],
    [
      'glTF without element ids',
      JSON.stringify({ asset: { version: '2.0' }, nodes: [{ name: 'box' }] }),
      /cannot be served: no node carries extras\.elementId: each component's node needs one, e\.g\. \{ "extras": \{ "elementId": "312345"/,
    ],
    [
      'a missing file',
      undefined,
      /config: objects\.fileId\.5\.model\.file: cannot read the model file .*bad\.glb \(ENOENT\)$/,
    ],
  ])('a bad model file (%s) stops the start with a ConfigError naming it', async (_, content, message) => {
    const file = path.join(scratch, 'bad.glb');
    rmSync(file, { force: true });
    if (content !== undefined) writeFileSync(file, content);
    const config = { objects: { fileId: { '5': { model: { file } } } } };
    await expect(aMock({ config })).rejects.toThrow(message);
    await expect(aMock({ config })).rejects.toMatchObject({ name: 'ConfigError' });
  });
});
