// A team's own model, from its glTF 2.0 / GLB file: every node whose `extras` has an `elementId`
// is a component (its subtree's meshes its geometry), with the data the extras give (category,
// family, type, level, properties). Levels come from the elements' `levelName`s.
import { unionOf } from './boxes';
import type { GltfDocument, GltfNode } from './gltf-document';
import { readGltfDocument } from './gltf-document';
import type { Matrix } from './gltf-transforms';
import { IDENTITY, fromTrs, multiply, toModelBox } from './gltf-transforms';
import type { BoundingBox, BuildingModel, Level, ModelElement, PropertyGroup } from './model-types';

export type ModelReading =
  { kind: 'read'; model: BuildingModel; format: 'glb' | 'gltf' } | { kind: 'invalid'; reason: string };

const EXAMPLE = '{ "extras": { "elementId": "312345", "categoryId": "-2000011", "levelName": "F1" } }';

function localMatrix(node: GltfNode): Matrix {
  if (node.matrix !== undefined) return node.matrix;
  return fromTrs(node.translation ?? [0, 0, 0], node.rotation ?? [0, 0, 0, 1], node.scale ?? [1, 1, 1]);
}

/** The model-space boxes of the meshes under a node (itself included). */
function meshBoxes(document: GltfDocument, index: number, parent: Matrix, seen: Set<number>): BoundingBox[] {
  const node = document.nodes?.[index];
  if (node === undefined || seen.has(index)) return [];
  seen.add(index);
  const world = multiply(parent, localMatrix(node));
  const own = (document.meshes?.[node.mesh ?? -1]?.primitives ?? []).flatMap((primitive) => {
    const accessor = document.accessors?.[primitive.attributes.POSITION ?? -1];
    return accessor?.min && accessor.max ? [toModelBox(world, accessor.min, accessor.max)] : [];
  });
  return [...own, ...(node.children ?? []).flatMap((child) => meshBoxes(document, child, world, seen))];
}

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;

/** The extras' `properties` when they have the platform's shape, else a Basic group from the other extras. */
function toProperties(
  extras: Record<string, unknown>,
  element: Omit<ModelElement, 'properties' | 'solids'>,
): PropertyGroup[] {
  const given = extras.properties;
  const isGroups =
    Array.isArray(given) &&
    given.every(
      (group: { group?: unknown; items?: unknown }) =>
        typeof group?.group === 'string' &&
        Array.isArray(group.items) &&
        group.items.every(
          (item: { key?: unknown; valueType?: unknown }) =>
            typeof item?.key === 'string' && [1, 2, 3, 4].includes(item.valueType as number),
        ),
    );
  if (isGroups) return given as PropertyGroup[];
  const basic = [
    ['Category', element.categoryName],
    ['Family', element.family],
    ['Family Type', element.familyType],
    ['Level', element.levelName ?? ''],
  ] as const;
  return [{ group: 'Basic', items: basic.map(([key, value]) => ({ key, value, unit: '', valueType: 1 as const })) }];
}

/** The components: element nodes found from the scene's roots, or why the file cannot be served. */
function findElements(document: GltfDocument): ModelElement[] | string {
  const scene = document.scenes?.[document.scene ?? 0];
  const roots = scene?.nodes ?? (document.nodes ?? []).map((_, index) => index);
  const elements: ModelElement[] = [];
  const where = new Map<string, number>();
  const visit = (index: number, parent: Matrix): string | undefined => {
    const node = document.nodes?.[index];
    if (node === undefined) return `node ${index} is referenced but does not exist`;
    const world = multiply(parent, localMatrix(node));
    const extras = node.extras ?? {};
    if (extras.elementId === undefined) {
      for (const child of node.children ?? []) {
        const problem = visit(child, world);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    const elementId = text(extras.elementId, '');
    if (!/^[0-9]+$/.test(elementId))
      return `node ${index} has extras.elementId ${JSON.stringify(extras.elementId)}: an element id is a string of digits`;
    const earlier = where.get(elementId);
    if (earlier !== undefined)
      return `element id ${elementId} is on node ${earlier} and node ${index}: ids must be unique`;
    where.set(elementId, index);
    const boxes = meshBoxes(document, index, parent, new Set());
    if (boxes.length === 0) return `node ${index} (element ${elementId}) has no mesh with POSITION min/max under it`;
    const levelName = extras.levelName === undefined ? undefined : text(extras.levelName, '');
    const familyType = text(extras.familyType, text(extras.name, node.name ?? elementId));
    const element = {
      elementId,
      name: text(extras.name, node.name ?? familyType),
      categoryId: text(extras.categoryId, ''),
      categoryName: text(extras.categoryName, ''),
      family: text(extras.family, ''),
      familyType,
      levelId: undefined,
      levelName,
      specialty: text(extras.specialty, ''),
      guid: text(extras.guid, ''),
      familyGuid: text(extras.familyGuid, '-1'),
      boundingBox: unionOf(boxes),
    };
    elements.push({ ...element, properties: toProperties(extras, element), solids: [] });
    return undefined;
  };
  for (const root of roots) {
    const problem = visit(root, IDENTITY);
    if (problem !== undefined) return problem;
  }
  return elements.length > 0
    ? elements
    : `no node carries extras.elementId: each component's node needs one, e.g. ${EXAMPLE}`;
}

/** Levels from the elements' level names, lowest first; each element gets its level's id. */
function toLevels(elements: ModelElement[]): Level[] {
  const lowest = new Map<string, number>();
  for (const element of elements) {
    if (element.levelName === undefined) continue;
    const z = element.boundingBox.min.z;
    lowest.set(element.levelName, Math.min(lowest.get(element.levelName) ?? z, z));
  }
  const sorted = [...lowest].sort((a, b) => a[1] - b[1]);
  const levels = sorted.map(([name, elevation], index) => ({
    id: String(1001 + index),
    name,
    elevation,
    height: index + 1 < sorted.length ? (sorted[index + 1] as [string, number])[1] - elevation : 0,
  }));
  const ids = new Map(levels.map((level) => [level.name, level.id]));
  for (const element of elements)
    element.levelId = element.levelName === undefined ? undefined : ids.get(element.levelName);
  return levels;
}

/**
 * A team's model from its file's bytes, or the reason it cannot be served (for the start-up error).
 * @example readGltfModel(readFileSync('tower.glb'), 'tower.glb') // { kind: 'read', model, format: 'glb' }
 */
export function readGltfModel(bytes: Uint8Array, source: string): ModelReading {
  const reading = readGltfDocument(bytes);
  if (reading.kind === 'invalid') return reading;
  const elements = findElements(reading.document);
  if (typeof elements === 'string') return { kind: 'invalid', reason: elements };
  const levels = toLevels(elements);
  const model = {
    source,
    levels,
    rooms: [],
    elements,
    boundingBox: unionOf(elements.map((element) => element.boundingBox)),
  };
  return { kind: 'read', model, format: reading.format };
}
