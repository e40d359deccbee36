// The model behind a View Token, in the platform's terms: millimetres, Z up, x east, y north. One
// shape for the generated building and for a team's own glTF/GLB, so the data routes, the geometry
// and (next) integrated models and drawings all read the same records.

/** A point in model space (mm). */
export interface Point3 {
  x: number;
  y: number;
  z: number;
}

/** An axis-aligned box in model space, as the platform writes bounding boxes. */
export interface BoundingBox {
  min: Point3;
  max: Point3;
}

/**
 * One solid of an element: an axis-aligned box and what it is drawn with. The generated building is
 * made of these; a team's model has its own meshes instead.
 */
export interface Solid {
  box: BoundingBox;
  material: MaterialKey;
}

/** The look of each kind of solid (sRGB, alpha 1 unless glass). */
export const MATERIALS = {
  wall: { color: [0.86, 0.84, 0.8], alpha: 1 },
  interiorWall: { color: [0.93, 0.92, 0.9], alpha: 1 },
  slab: { color: [0.62, 0.62, 0.64], alpha: 1 },
  column: { color: [0.55, 0.57, 0.6], alpha: 1 },
  glass: { color: [0.45, 0.68, 0.86], alpha: 0.55 },
  frame: { color: [0.3, 0.32, 0.36], alpha: 1 },
  door: { color: [0.55, 0.38, 0.24], alpha: 1 },
  roof: { color: [0.62, 0.27, 0.2], alpha: 1 },
  stair: { color: [0.7, 0.68, 0.64], alpha: 1 },
} as const satisfies Record<string, { color: readonly [number, number, number]; alpha: number }>;

export type MaterialKey = keyof typeof MATERIALS;

/** `valueType` as the platform returns it: 1 text, 2 number, 3 GUID, 4 enumeration. */
export type ValueType = 1 | 2 | 3 | 4;

/** One property as `getComponentProperty` returns it. */
export interface PropertyItem {
  key: string;
  value: string | number;
  unit: string;
  valueType: ValueType;
}

/** A group of properties (`{group, items}`), as the platform returns them. */
export interface PropertyGroup {
  group: string;
  items: PropertyItem[];
}

/** A level of the building (`getFloors`): elevations and height in mm. */
export interface Level {
  id: string;
  name: string;
  elevation: number;
  /** Floor-to-floor height (mm); the top level's is 0. */
  height: number;
}

/** A room on a level: its plan outline (mm, counter-clockwise) and the walls around it. */
export interface Room {
  id: string;
  name: string;
  levelId: string;
  outline: { x: number; y: number }[];
  boundarySegments: string[];
}

/** One component: what the platform's data APIs say of it, and (for generated models) its solids. */
export interface ModelElement {
  /** A numeric string, stable for the same model. */
  elementId: string;
  /** The element's type name (what the platform returns as `name`). */
  name: string;
  /** The platform's (Revit's) category id, e.g. `-2000011` walls. */
  categoryId: string;
  categoryName: string;
  family: string;
  familyType: string;
  /** The level it stands on (id and name), if any. */
  levelId: string | undefined;
  levelName: string | undefined;
  specialty: string;
  guid: string;
  familyGuid: string;
  boundingBox: BoundingBox;
  properties: PropertyGroup[];
  /** Empty for a team's model (its geometry is its glTF meshes). */
  solids: Solid[];
}

/** A building: its levels, rooms and elements; the same for a generated model and a team's file. */
export interface BuildingModel {
  /** Where the model came from, for messages (`generated from seed 10001`, `tower.glb`). */
  source: string;
  levels: Level[];
  rooms: Room[];
  elements: ModelElement[];
  boundingBox: BoundingBox;
}
