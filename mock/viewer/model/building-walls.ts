// One storey's walls: exterior walls between the columns (windows in every bay, the entrance on the
// ground floor's south side), a corridor along x with doors into the rooms either side, partition
// walls on the inner grid lines, and the rooms they enclose.
import { boxOf } from './boxes';
import type { BuildingShape } from './building-shape';
import { FAMILY_TYPES } from './categories';
import type { ElementFactory } from './element-factory';
import type { Level, ModelElement, Room, Solid } from './model-types';

const EXTERIOR_MM = 250;
const INTERIOR_MM = 120;
const COLUMN_HALF_MM = 250;
const SLAB_MM = 200;
/** Half the corridor's width (between the corridor walls' centre lines). */
const CORRIDOR_HALF_MM = 1_000;
const WINDOW = { width: 1_500, sill: 900, height: 1_500, every: 3_000 };

type Span = readonly [from: number, to: number];

/** What a storey's walls make: walls, doors, windows, and the rooms. */
export interface PlacedWalls {
  elements: ModelElement[];
  rooms: Room[];
}

/** Consecutive pairs of grid lines, each shortened by a column's half at both ends. */
function bays(lines: readonly number[]): Span[] {
  return lines.slice(1).map((to, index) => [(lines[index] as number) + COLUMN_HALF_MM, to - COLUMN_HALF_MM]);
}

/** The solid of a wall along x (`along: 'x'`, at y = `at`) or along y, `thickness` thick. */
function wallBox(along: 'x' | 'y', at: number, span: Span, z: Span, thickness: number): Solid['box'] {
  const half = thickness / 2;
  return along === 'x'
    ? boxOf({ x: span[0], y: at - half, z: z[0] }, { x: span[1], y: at + half, z: z[1] })
    : boxOf({ x: at - half, y: span[0], z: z[0] }, { x: at + half, y: span[1], z: z[1] });
}

/** What the wall placers share for one storey. */
interface Storey {
  shape: BuildingShape;
  level: Level;
  z: Span;
  width: number;
  depth: number;
  ground: boolean;
  wall(type: 'exteriorWall' | 'interiorWall', box: Solid['box']): ModelElement;
  opening(type: 'window' | 'door' | 'entrance', box: Solid['box']): void;
}

/** Places a storey's walls and openings on `level`, `height` tall (floor to floor), and its rooms. */
export function placeWalls(
  factory: ElementFactory,
  shape: BuildingShape,
  level: Level,
  height: number,
  ground: boolean,
): PlacedWalls {
  const elements: ModelElement[] = [];
  const storey: Storey = {
    shape,
    level,
    z: [level.elevation, level.elevation + height - SLAB_MM],
    width: shape.gridX[shape.gridX.length - 1] as number,
    depth: shape.gridY[shape.gridY.length - 1] as number,
    ground,
    wall(type, box) {
      const material = type === 'exteriorWall' ? 'wall' : 'interiorWall';
      const made = factory.make(FAMILY_TYPES[type], level, [{ box, material }]);
      elements.push(made);
      return made;
    },
    opening(type, box) {
      elements.push(factory.make(FAMILY_TYPES[type], level, [{ box, material: type === 'window' ? 'glass' : 'door' }]));
    },
  };
  const facades = exteriorWalls(storey);
  const corridor = corridorWalls(storey);
  const rooms = partitionsAndRooms(storey, facades, corridor);
  return { elements, rooms };
}

/** One wall per bay on each side (south and north along x, west and east along y), windows in each, the entrance. */
function exteriorWalls(storey: Storey): { south: string[]; north: string[] } {
  const { shape, z } = storey;
  const facades = [
    { along: 'x', at: 0, spans: bays(shape.gridX) },
    { along: 'x', at: storey.depth, spans: bays(shape.gridX) },
    { along: 'y', at: 0, spans: bays(shape.gridY) },
    { along: 'y', at: storey.width, spans: bays(shape.gridY) },
  ] as const;
  const ids = { south: [] as string[], north: [] as string[] };
  const entranceBay = Math.floor((shape.gridX.length - 1) / 2);
  for (const [side, facade] of facades.entries()) {
    for (const [bay, span] of facade.spans.entries()) {
      const made = storey.wall('exteriorWall', wallBox(facade.along, facade.at, span, z, EXTERIOR_MM));
      if (side < 2) ids[side === 0 ? 'south' : 'north'].push(made.elementId);
      if (storey.ground && side === 0 && bay === entranceBay) {
        const middle = (span[0] + span[1]) / 2;
        const door = wallBox('x', 0, [middle - 900, middle + 900], [z[0], z[0] + 2_400], EXTERIOR_MM + 60);
        storey.opening('entrance', door);
        continue;
      }
      const count = Math.max(1, Math.floor((span[1] - span[0]) / WINDOW.every));
      for (let index = 0; index < count; index += 1) {
        const middle = span[0] + ((index + 0.5) * (span[1] - span[0])) / count;
        const sill = z[0] + WINDOW.sill;
        const across: Span = [middle - WINDOW.width / 2, middle + WINDOW.width / 2];
        const pane = wallBox(facade.along, facade.at, across, [sill, sill + WINDOW.height], EXTERIOR_MM + 60);
        storey.opening('window', pane);
      }
    }
  }
  return ids;
}

/** The corridor along x through the middle: a wall each side per bay, each with a door into its room. */
function corridorWalls(storey: Storey): { south: number; north: number; walls: { south: string[]; north: string[] } } {
  const middle = storey.depth / 2;
  const corridor = { south: middle - CORRIDOR_HALF_MM, north: middle + CORRIDOR_HALF_MM };
  const walls = { south: [] as string[], north: [] as string[] };
  for (const [bay, span] of bays(storey.shape.gridX).entries()) {
    for (const side of ['south', 'north'] as const) {
      walls[side].push(
        storey.wall('interiorWall', wallBox('x', corridor[side], span, storey.z, INTERIOR_MM)).elementId,
      );
      // The stair takes the corridor's first bay: its rooms' doors open from the next.
      const at = bay === 0 ? span[1] - 900 : (span[0] + span[1]) / 2;
      const door = wallBox(
        'x',
        corridor[side],
        [at - 450, at + 450],
        [storey.z[0], storey.z[0] + 2_100],
        INTERIOR_MM + 40,
      );
      storey.opening('door', door);
    }
  }
  return { ...corridor, walls };
}

/** Partition walls on the inner grid lines either side of the corridor, and the rooms they close. */
function partitionsAndRooms(
  storey: Storey,
  facades: { south: string[]; north: string[] },
  corridor: ReturnType<typeof corridorWalls>,
): Room[] {
  const { shape, level, depth, z } = storey;
  const partitions = new Map<number, { south: string; north: string }>();
  for (const x of shape.gridX.slice(1, -1)) {
    const south = wallBox('y', x, [EXTERIOR_MM / 2, corridor.south - INTERIOR_MM / 2], z, INTERIOR_MM);
    const north = wallBox('y', x, [corridor.north + INTERIOR_MM / 2, depth - EXTERIOR_MM / 2], z, INTERIOR_MM);
    partitions.set(x, {
      south: storey.wall('interiorWall', south).elementId,
      north: storey.wall('interiorWall', north).elementId,
    });
  }
  return shape.gridX.slice(1).flatMap((to, bay) => {
    const from = shape.gridX[bay] as number;
    return (['south', 'north'] as const).map((side, sideIndex) => {
      const [y0, y1] = side === 'south' ? [0, corridor.south] : [corridor.north, depth];
      const number = bay * 2 + sideIndex + 1;
      const walls = [
        facades[side][bay],
        corridor.walls[side][bay],
        partitions.get(from)?.[side],
        partitions.get(to)?.[side],
      ];
      return {
        id: String(Number(level.id) * 100 + number),
        name: `${level.name.slice(1)}${String(number).padStart(2, '0')}`,
        levelId: level.id,
        outline: [
          { x: from, y: y0 },
          { x: to, y: y0 },
          { x: to, y: y1 },
          { x: from, y: y1 },
        ],
        boundarySegments: walls.filter((id): id is string => id !== undefined),
      };
    });
  });
}
