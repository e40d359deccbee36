import { writeGlb } from '../../mock/viewer/model/glb-container';
import { writeBuildingGlb } from '../../mock/viewer/model/glb-writer';
import { generateBuilding } from '../../mock/viewer/model/generate-building';
import { readGltfModel } from '../../mock/viewer/model/gltf-model';

// The generated building written as GLB and read back by the reader a team's own model goes through:
// the same elements, data and boxes; and the files the reader refuses, each with the reason a user reads.
const building = generateBuilding('10001');
const glb = writeBuildingGlb(building);

test('the GLB is glTF 2.0 and deterministic (same building, same bytes)', () => {
  expect(new TextDecoder().decode(glb.subarray(0, 4))).toBe('glTF');
  expect(new DataView(glb.buffer, glb.byteOffset).getUint32(4, true)).toBe(2);
  expect(new DataView(glb.buffer, glb.byteOffset).getUint32(8, true)).toBe(glb.length);
  expect(writeBuildingGlb(generateBuilding('10001'))).toEqual(glb);
});

test('read back, every element keeps its id, category, family, type and level, and its box (mm, Z up) to a thousandth of a mm', () => {
  const read = readGltfModel(glb, 'model.glb');
  if (read.kind !== 'read') throw new Error(read.reason);
  expect(read.format).toBe('glb');
  expect(read.model.elements).toHaveLength(building.elements.length);
  for (const [index, element] of read.model.elements.entries()) {
    const original = building.elements[index];
    expect([
      element.elementId,
      element.categoryId,
      element.categoryName,
      element.family,
      element.familyType,
      element.levelName,
    ]).toEqual([
      original?.elementId,
      original?.categoryId,
      original?.categoryName,
      original?.family,
      original?.familyType,
      original?.levelName,
    ]);
    for (const corner of ['min', 'max'] as const)
      for (const axis of ['x', 'y', 'z'] as const)
        expect(Math.abs(element.boundingBox[corner][axis] - (original?.boundingBox[corner][axis] ?? NaN))).toBeLessThan(
          0.001,
        );
  }
  expect(read.model.levels.map((level) => level.name)).toEqual(building.levels.map((level) => level.name));
});

const gltf = (document: object): Uint8Array => new TextEncoder().encode(JSON.stringify(document));
const BOX = {
  meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
  accessors: [{ min: [0, 0, 0], max: [1, 2, 3] }],
  asset: { version: '2.0' },
};

test("a team's .gltf: an element node's extras give its data; the box is its meshes' (metres, Y up) in mm, Z up", () => {
  const read = readGltfModel(
    gltf({
      ...BOX,
      nodes: [
        {
          translation: [10, 0, 0],
          children: [1],
          extras: {
            elementId: 7,
            categoryId: '-2000011',
            categoryName: 'Walls',
            family: 'W',
            familyType: 'W1',
            levelName: 'L2',
          },
        },
        { mesh: 0 },
      ],
      scenes: [{ nodes: [0] }],
    }),
    'team.gltf',
  );
  if (read.kind !== 'read') throw new Error(read.reason);
  expect(read.format).toBe('gltf');
  expect(read.model.elements[0]).toMatchObject({
    elementId: '7',
    categoryId: '-2000011',
    family: 'W',
    familyType: 'W1',
    levelName: 'L2',
    levelId: '1001',
    boundingBox: { min: { x: 10_000, y: -3_000, z: 0 }, max: { x: 11_000, y: 0, z: 2_000 } },
    properties: [
      { group: 'Basic', items: expect.arrayContaining([{ key: 'Level', value: 'L2', unit: '', valueType: 1 }]) },
    ],
  });
  expect(read.model.levels).toEqual([{ id: '1001', name: 'L2', elevation: 0, height: 0 }]);
});

test.each([
  ['not glTF', new TextEncoder().encode('hello'), 'neither a GLB nor glTF JSON (unreadable glTF)'],
  ['glTF 1.0', gltf({ asset: { version: '1.0' } }), 'asset.version is 1.0; glTF 2.0 is read'],
  ['no asset', gltf({ nodes: [] }), 'no asset.version: not a glTF document'],
  [
    'an external buffer',
    gltf({ ...BOX, buffers: [{ uri: 'model.bin', byteLength: 4 }] }),
    'buffer 0 is not inside the file (model.bin): give one self-contained .glb (e.g. `npx gltf-pipeline -i model.gltf -o model.glb`)',
  ],
  [
    'no element ids',
    gltf({ ...BOX, nodes: [{ mesh: 0 }] }),
    'no node carries extras.elementId: each component\'s node needs one, e.g. { "extras": { "elementId": "312345", "categoryId": "-2000011", "levelName": "F1" } }',
  ],
  [
    'an id that is not digits',
    gltf({ ...BOX, nodes: [{ mesh: 0, extras: { elementId: 'wall-1' } }] }),
    'node 0 has extras.elementId "wall-1": an element id is a string of digits',
  ],
  [
    'a duplicate id',
    gltf({
      ...BOX,
      nodes: [
        { mesh: 0, extras: { elementId: '5' } },
        { mesh: 0, extras: { elementId: '5' } },
      ],
    }),
    'element id 5 is on node 0 and node 1: ids must be unique',
  ],
  [
    'an element without geometry',
    gltf({ ...BOX, nodes: [{ extras: { elementId: '5' } }] }),
    'node 0 (element 5) has no mesh with POSITION min/max under it',
  ],
  [
    'a GLB cut short',
    writeGlb({ asset: { version: '2.0' } }, new Uint8Array(8)).subarray(0, 30),
    'the header says 64 bytes, the file has 30 (cut short?)',
  ],
])('a file with %s is refused, saying why', (_, bytes, reason) => {
  expect(readGltfModel(bytes, 'x')).toEqual({ kind: 'invalid', reason });
});
