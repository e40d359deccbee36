// The building behind an object by default: generated from a seed (the object's id), so the same id
// always gives the same building. Levels with slabs, a column grid, exterior walls with windows and
// an entrance, a corridor with rooms either side (partition walls, doors), stairs, a flat roof with
// a parapet. A few hundred elements; at most a few thousand within the
// config schema's bounds (12 levels, a 60 m footprint).
import { boxOf, unionOf } from './boxes';
import type { BuildingOptions, BuildingShape } from './building-shape';
import { toBuildingShape } from './building-shape';
import { FAMILY_TYPES } from './categories';
import type { ElementFactory } from './element-factory';
import { createElementFactory } from './element-factory';
import { toDiscipline } from './disciplines';
import type { BuildingModel, Level, ModelElement, Room, Solid } from './model-types';
import { placeWalls } from './building-walls';
import { createSeeded } from './seeded';

const SLAB_MM = 200;
const COLUMN_MM = 500;
const ROOF_MM = 400;
const PARAPET_MM = 900;

/**
 * The generated building of an object, shaped by the config's options where given.
 * @example generateBuilding('10001', {}).elements.length // the same on every run
 */
export function generateBuilding(objectId: string, options: BuildingOptions = {}): BuildingModel {
  const shape = toBuildingShape(objectId, options);
  const random = createSeeded(`elements:${shape.seed}`);
  const factory = createElementFactory(random);
  const levels = toLevels(shape, random.int(300, 900));
  const elements: ModelElement[] = [];
  const rooms: Room[] = [];
  for (const [index, level] of levels.slice(0, -1).entries()) {
    const height = shape.storeyHeights[index] as number;
    elements.push(slab(factory, shape, level), ...columns(factory, shape, level, height));
    const placed = placeWalls(factory, shape, level, height, index === 0);
    elements.push(...placed.elements);
    rooms.push(...placed.rooms);
    if (index < levels.length - 2) elements.push(stair(factory, shape, level, height));
  }
  elements.push(roof(factory, shape, levels[levels.length - 1] as Level));
  const building = {
    source: `generated from seed ${shape.seed}`,
    levels,
    rooms,
    elements,
    boundingBox: unionOf(elements.map((element) => element.boundingBox)),
  };
  return options.discipline === undefined ? building : toDiscipline(building, options.discipline);
}

/** Storeys F1…Fn, then the roof level; ids numeric strings. */
function toLevels(shape: BuildingShape, firstId: number): Level[] {
  let elevation = 0;
  const levels = shape.storeyHeights.map((height, index) => {
    const level = { id: String(firstId + index * 2), name: `F${index + 1}`, elevation, height };
    elevation += height;
    return level;
  });
  return [...levels, { id: String(firstId + levels.length * 2), name: 'Roof', elevation, height: 0 }];
}

const width = (shape: BuildingShape): number => shape.gridX[shape.gridX.length - 1] as number;
const depth = (shape: BuildingShape): number => shape.gridY[shape.gridY.length - 1] as number;

function slab(factory: ElementFactory, shape: BuildingShape, level: Level): ModelElement {
  const box = boxOf(
    { x: 0, y: 0, z: level.elevation - SLAB_MM },
    { x: width(shape), y: depth(shape), z: level.elevation },
  );
  return factory.make(FAMILY_TYPES.slab, level, [{ box, material: 'slab' }]);
}

function columns(factory: ElementFactory, shape: BuildingShape, level: Level, height: number): ModelElement[] {
  const half = COLUMN_MM / 2;
  return shape.gridY.flatMap((y) =>
    shape.gridX.map((x) => {
      const box = boxOf(
        { x: x - half, y: y - half, z: level.elevation },
        { x: x + half, y: y + half, z: level.elevation + height - SLAB_MM },
      );
      return factory.make(FAMILY_TYPES.column, level, [{ box, material: 'column' }]);
    }),
  );
}

/** A straight flight in the corridor's first bay, one solid per step, up to the next level. */
function stair(factory: ElementFactory, shape: BuildingShape, level: Level, height: number): ModelElement {
  const risers = Math.ceil(height / 190);
  const rise = height / risers;
  const going = 280;
  const x0 = (shape.gridX[0] as number) + COLUMN_MM;
  const middle = depth(shape) / 2;
  const solids: Solid[] = Array.from({ length: risers }, (_, step) => ({
    box: boxOf(
      { x: x0 + step * going, y: middle - 550, z: level.elevation },
      { x: x0 + (step + 1) * going, y: middle + 550, z: level.elevation + (step + 1) * rise },
    ),
    material: 'stair' as const,
  }));
  return factory.make(FAMILY_TYPES.stair, level, solids);
}

/** A flat roof slab over the footprint (with an overhang) and a parapet round it. */
function roof(factory: ElementFactory, shape: BuildingShape, level: Level): ModelElement {
  const [w, d, z] = [width(shape), depth(shape), level.elevation];
  const o = 300;
  const top = z + ROOF_MM;
  const rim = (a: [number, number], b: [number, number]): Solid => ({
    box: boxOf({ x: a[0], y: a[1], z: top }, { x: b[0], y: b[1], z: top + PARAPET_MM }),
    material: 'roof',
  });
  return factory.make(FAMILY_TYPES.roof, level, [
    { box: boxOf({ x: -o, y: -o, z }, { x: w + o, y: d + o, z: top }), material: 'roof' },
    rim([-o, -o], [w + o, -o + 200]),
    rim([-o, d + o - 200], [w + o, d + o]),
    rim([-o, -o + 200], [-o + 200, d + o - 200]),
    rim([w + o - 200, -o + 200], [w + o, d + o - 200]),
  ]);
}
