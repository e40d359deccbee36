// What a generated building looks like before its elements are placed: levels, the column grid and
// the seed, from an object's id (the default) or from the config file's `model` of that object.
import type { Discipline } from './disciplines';
import { createSeeded } from './seeded';

/** How the config file may shape a generated building (every field optional). */
export interface BuildingOptions {
  /** Number of storeys above ground (1 to 12). */
  levels?: number | undefined;
  /** Plan size in mm (each 6,000 to 60,000). */
  footprint?: { width: number; depth: number } | undefined;
  /** What the building is generated from (default: the object's id). */
  seed?: string | number | undefined;
  /** One discipline's part of the building (an integrated model's file); default the whole building. */
  discipline?: Discipline | undefined;
}

/** A building's shape, decided: everything the element generator needs. */
export interface BuildingShape {
  seed: string;
  /** Column lines along x and along y (mm, from 0). */
  gridX: number[];
  gridY: number[];
  /** Floor-to-floor heights, one per storey (mm). */
  storeyHeights: number[];
}

/** The target bay: a footprint is divided into bays near this size. */
const BAY_MM = 7_200;

/** Evenly spaced lines from 0 to `length`, `bays` bays. */
function gridLines(length: number, bays: number): number[] {
  return Array.from({ length: bays + 1 }, (_, index) => Math.round((length * index) / bays));
}

/**
 * The shape of the building for an object: its own seed (the object id unless the config gives
 * one), and the config's levels and footprint where given, the seed's choice otherwise.
 * @example toBuildingShape('10001', {}).storeyHeights.length // the same count on every run
 */
export function toBuildingShape(objectId: string, options: BuildingOptions): BuildingShape {
  const seed = options.seed === undefined ? objectId : String(options.seed);
  const random = createSeeded(`building:${seed}`);
  const baysX = random.int(3, 6);
  const baysY = random.int(2, 3);
  const bayX = random.pick([6_000, 6_600, 7_200, 7_800, 8_400]);
  const bayY = random.pick([6_000, 6_600, 7_200]);
  const levels = options.levels ?? random.int(2, 6);
  const width = options.footprint?.width ?? baysX * bayX;
  const depth = options.footprint?.depth ?? baysY * bayY;
  const firstStorey = random.pick([4_200, 4_500]);
  const storey = random.pick([3_600, 3_900]);
  return {
    seed,
    gridX: gridLines(width, Math.max(1, Math.round(width / BAY_MM))),
    gridY: gridLines(depth, Math.max(1, Math.round(depth / BAY_MM))),
    storeyHeights: Array.from({ length: levels }, (_, index) => (index === 0 ? firstStorey : storey)),
  };
}
