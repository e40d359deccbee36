// Writes a generated building as glTF 2.0 (GLB), the one geometry format the stand-in reads: one
// node per element carrying its data in `extras` (elementId, category, family, type, level), one
// child node per solid instancing a shared unit cube. glTF is metres and Y up; the model is mm and
// Z up: (x, y, z) mm is written (x, z, -y) / 1000, which the stand-in turns back.
import { centerOf, sizeOf } from './boxes';
import { writeGlb } from './glb-container';
import type { BuildingModel, MaterialKey, ModelElement, Point3 } from './model-types';
import { MATERIALS } from './model-types';

/** What the stand-in reads from each element node's `extras`. */
interface ElementExtras {
  elementId: string;
  name: string;
  categoryId: string;
  categoryName: string;
  family: string;
  familyType: string;
  levelName: string | undefined;
  specialty: string;
}

const FACES: readonly (readonly [Point3, Point3, Point3])[] = [
  // normal, then the two axes spanning the face
  [
    { x: 1, y: 0, z: 0 },
    { x: 0, y: 1, z: 0 },
    { x: 0, y: 0, z: 1 },
  ],
  [
    { x: -1, y: 0, z: 0 },
    { x: 0, y: 0, z: 1 },
    { x: 0, y: 1, z: 0 },
  ],
  [
    { x: 0, y: 1, z: 0 },
    { x: 0, y: 0, z: 1 },
    { x: 1, y: 0, z: 0 },
  ],
  [
    { x: 0, y: -1, z: 0 },
    { x: 1, y: 0, z: 0 },
    { x: 0, y: 0, z: 1 },
  ],
  [
    { x: 0, y: 0, z: 1 },
    { x: 1, y: 0, z: 0 },
    { x: 0, y: 1, z: 0 },
  ],
  [
    { x: 0, y: 0, z: -1 },
    { x: 0, y: 1, z: 0 },
    { x: 1, y: 0, z: 0 },
  ],
];

/** A unit cube centred on the origin: positions, normals (4 vertices a face) and triangles, as bytes. */
function unitCube(): Uint8Array {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (const [normal, u, v] of FACES) {
    const base = positions.length / 3;
    for (const [a, b] of [
      [-0.5, -0.5],
      [0.5, -0.5],
      [0.5, 0.5],
      [-0.5, 0.5],
    ] as const) {
      positions.push(
        normal.x / 2 + u.x * a + v.x * b,
        normal.y / 2 + u.y * a + v.y * b,
        normal.z / 2 + u.z * a + v.z * b,
      );
      normals.push(normal.x, normal.y, normal.z);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  const bin = new Uint8Array(288 + 288 + 72);
  new Float32Array(bin.buffer, 0, 72).set(positions);
  new Float32Array(bin.buffer, 288, 72).set(normals);
  new Uint16Array(bin.buffer, 576, 36).set(indices);
  return bin;
}

/** sRGB (as the materials are written) to the linear factors glTF takes. */
const toLinear = (value: number): number => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);

const toGltfPoint = (point: Point3): number[] => [point.x / 1000, point.z / 1000, -point.y / 1000];
const toGltfSize = (size: Point3): number[] => [size.x / 1000, size.z / 1000, size.y / 1000];

/** The `extras` of an element's node. */
function toElementExtras(element: ModelElement): ElementExtras {
  const { elementId, name, categoryId, categoryName, family, familyType, levelName, specialty } = element;
  return { elementId, name, categoryId, categoryName, family, familyType, levelName, specialty };
}

/**
 * The building as GLB bytes: deterministic (same model, same bytes).
 * @example writeBuildingGlb(generateBuilding('10001')).length // a few tens of kilobytes
 */
export function writeBuildingGlb(model: BuildingModel): Uint8Array {
  const materialKeys = Object.keys(MATERIALS) as MaterialKey[];
  const nodes: object[] = [];
  const roots: number[] = [];
  for (const element of model.elements) {
    const children = element.solids.map((solid) => {
      nodes.push({
        mesh: materialKeys.indexOf(solid.material),
        translation: toGltfPoint(centerOf(solid.box)),
        scale: toGltfSize(sizeOf(solid.box)),
      });
      return nodes.length - 1;
    });
    nodes.push({ name: element.elementId, children, extras: toElementExtras(element) });
    roots.push(nodes.length - 1);
  }
  const json = {
    asset: { version: '2.0', generator: 'view-token-mock (generated building)' },
    scene: 0,
    scenes: [{ name: model.source, nodes: roots }],
    nodes,
    meshes: materialKeys.map((key, index) => ({
      name: key,
      primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, indices: 2, material: index }],
    })),
    materials: materialKeys.map((key) => {
      const { color, alpha } = MATERIALS[key];
      return {
        name: key,
        pbrMetallicRoughness: {
          baseColorFactor: [...color.map(toLinear), alpha],
          metallicFactor: 0,
          roughnessFactor: 0.9,
        },
        ...(alpha < 1 ? { alphaMode: 'BLEND' } : {}),
      };
    }),
    buffers: [{ byteLength: 648 }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 288, target: 34962 },
      { buffer: 0, byteOffset: 288, byteLength: 288, target: 34962 },
      { buffer: 0, byteOffset: 576, byteLength: 72, target: 34963 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 24, type: 'VEC3', min: [-0.5, -0.5, -0.5], max: [0.5, 0.5, 0.5] },
      { bufferView: 1, componentType: 5126, count: 24, type: 'VEC3' },
      { bufferView: 2, componentType: 5123, count: 36, type: 'SCALAR' },
    ],
  };
  return writeGlb(json, unitCube());
}
