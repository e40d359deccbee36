// What the platform's view-token data routes answer about a model, as its SDK reads them:
// `getComponentProperty` (an element), `getFloors` (levels, rooms on request), `getModelTree` (the
// format-2.0 tree: floor → category → family → type). Pure: the server and MSW handlers answer from it.
import type { BoundingBox, BuildingModel, ModelElement, PropertyGroup, Room } from './model-types';

/** `data` of `GET /data/v2/files/{fileId}/elements/{elementId}`. */
export interface ElementAnswer {
  boundingBox: BoundingBox;
  elementId: string;
  familyGuid: string;
  guid: string;
  name: string;
  properties: PropertyGroup[];
}

interface RoomAnswer {
  boundary: { loops: { x: number; y: number; z: number }[][][]; version: '2.0' };
  boundarySegments: string[];
  id: string;
  levelId: string;
  maxPt: { x: number; y: number; z: number };
  minPt: { x: number; y: number; z: number };
  name: string;
}

/** One entry of `data` of `GET /data/v2/files/{fileId}/floors`. */
export interface FloorAnswer {
  archElev: number;
  areas: null;
  elevation: number;
  height: number;
  id: string;
  miniMap: null;
  name: string;
  rooms: RoomAnswer[] | null;
  structElev: number;
}

/** A node of the format-2.0 model tree. */
export interface TreeNode {
  actualName: string;
  data: null;
  elementCount: number;
  id: string;
  items: TreeNode[];
  name: string;
  type: 'specialty' | 'floor' | 'category' | 'family' | 'type';
}

/** `data` of `GET /data/v2/files/{fileId}/tree?v=2.0`. */
export interface TreeAnswer {
  root: 'floor';
  items: TreeNode[];
}

/** An element's answer, or undefined when the model has no such element. */
export function toElementAnswer(model: BuildingModel, elementId: string): ElementAnswer | undefined {
  const element = model.elements.find((candidate) => candidate.elementId === elementId);
  if (element === undefined) return undefined;
  const { boundingBox, familyGuid, guid, name, properties } = element;
  return { boundingBox, elementId, familyGuid, guid, name, properties };
}

/** The levels, lowest first; with their rooms when `includeRooms`. */
export function toFloorsAnswer(model: BuildingModel, includeRooms: boolean): FloorAnswer[] {
  return model.levels.map((level) => ({
    archElev: level.elevation,
    areas: null,
    elevation: level.elevation,
    height: level.height,
    id: level.id,
    miniMap: null,
    name: level.name,
    rooms: includeRooms ? model.rooms.filter((room) => room.levelId === level.id).map(toRoomAnswer) : null,
    structElev: level.elevation,
  }));
}

function toRoomAnswer(room: Room): RoomAnswer {
  const points = room.outline.map(({ x, y }) => ({ x, y, z: 0 }));
  const edges = points.map((point, index) => [point, points[(index + 1) % points.length] as typeof point]);
  const xs = room.outline.map((point) => point.x);
  const ys = room.outline.map((point) => point.y);
  return {
    boundary: { loops: [edges], version: '2.0' },
    boundarySegments: [...room.boundarySegments],
    id: room.id,
    levelId: room.levelId,
    maxPt: { x: Math.max(...xs), y: Math.max(...ys), z: 0 },
    minPt: { x: Math.min(...xs), y: Math.min(...ys), z: 0 },
    name: room.name,
  };
}

/** Groups items by a key, keeping first-seen order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function node(type: TreeNode['type'], id: string, name: string, items: TreeNode[], count: number): TreeNode {
  return { actualName: name, data: null, elementCount: count, id, items, name, type };
}

/** The format-2.0 tree: floors (elements without a level under `Unassigned`), categories, families, types. */
export function toTreeAnswer(model: BuildingModel): TreeAnswer {
  const floorNames = new Map(model.levels.map((level) => [level.id, level.name]));
  const byFloor = groupBy(model.elements, (element) => element.levelId ?? '');
  const items = [...byFloor].map(([levelId, elements]) =>
    node('floor', levelId, floorNames.get(levelId) ?? 'Unassigned', categoryNodes(elements), elements.length),
  );
  return { root: 'floor', items };
}

function categoryNodes(elements: readonly ModelElement[]): TreeNode[] {
  return [...groupBy(elements, (element) => element.categoryId)].map(([categoryId, inCategory]) => {
    const families = [...groupBy(inCategory, (element) => element.family)].map(([family, inFamily]) => {
      const types = [...groupBy(inFamily, (element) => element.familyType)].map(([familyType, inType]) =>
        node('type', `${family}/${familyType}`, familyType, [], inType.length),
      );
      return node('family', family, family, types, inFamily.length);
    });
    return node('category', categoryId, (inCategory[0] as ModelElement).categoryName, families, inCategory.length);
  });
}
