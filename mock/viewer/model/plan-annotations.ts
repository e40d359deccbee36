// A plan's annotation: the column grid (dashed lines, bubbles numbered along x and lettered along y),
// dimension strings along the bays and overall, room names, and the sheet's title; and the frame
// that holds them all. Drawing units are mm, Y up.
import type { ModelElement, Room } from './model-types';
import type { DrawingEntity, Point2 } from './drawing-types';
import { PLAN_LAYERS } from './plan-layers';

const BUBBLE_MM = 450;
const GRID_OVERRUN_MM = 2_400;
const DIMENSION_OFFSET_MM = 1_000;
const TEXT_MM = 350;
const TITLE_MM = 600;

interface AnnotationSource {
  footprint: { min: Point2; max: Point2 };
  columns: readonly ModelElement[];
  rooms: readonly Room[];
  title: string;
}

/** Distinct values, sorted, within a millimetre. */
const lines = (values: readonly number[]): number[] =>
  [...new Set(values.map((value) => Math.round(value)))].sort((a, b) => a - b);

const letter = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : `${letter(Math.floor(index / 26) - 1)}${letter(index % 26)}`;

/** Grid lines through the columns' centres, a bubble at one end of each. */
function grid(source: AnnotationSource): DrawingEntity[] {
  const layer = PLAN_LAYERS.grids.id;
  const { min, max } = source.footprint;
  const centres = source.columns.map((column) => ({
    x: (column.boundingBox.min.x + column.boundingBox.max.x) / 2,
    y: (column.boundingBox.min.y + column.boundingBox.max.y) / 2,
  }));
  const xs = lines(centres.map((centre) => centre.x));
  const ys = lines(centres.map((centre) => centre.y));
  if (xs.length < 2 || ys.length < 2) return [];
  const bubble = (at: Point2, text: string): DrawingEntity[] => [
    { kind: 'arc', layer, center: at, radius: BUBBLE_MM, from: 0, to: 360 },
    { kind: 'text', layer, at: { x: at.x, y: at.y - TEXT_MM / 2 }, text, size: TEXT_MM, anchor: 'middle' },
  ];
  const bottom = min.y - GRID_OVERRUN_MM;
  const left = min.x - GRID_OVERRUN_MM;
  return [
    ...xs.flatMap((x, index) => [
      { kind: 'line' as const, layer, points: [x, bottom, x, max.y + BUBBLE_MM], dashed: true },
      ...bubble({ x, y: bottom - BUBBLE_MM }, String(index + 1)),
    ]),
    ...ys.flatMap((y, index) => [
      { kind: 'line' as const, layer, points: [left, y, max.x + BUBBLE_MM, y], dashed: true },
      ...bubble({ x: left - BUBBLE_MM, y }, letter(index)),
    ]),
  ];
}

/** A dimension string along x at `y` through `stops`: the line, a tick at each stop, each length above. */
function dimensionAlongX(stops: readonly number[], y: number): DrawingEntity[] {
  const layer = PLAN_LAYERS.dimensions.id;
  const first = stops[0] as number;
  const last = stops[stops.length - 1] as number;
  const tick = 150;
  return [
    { kind: 'line', layer, points: [first, y, last, y] },
    ...stops.map((x): DrawingEntity => ({ kind: 'line', layer, points: [x - tick, y - tick, x + tick, y + tick] })),
    ...stops.slice(1).map((x, index): DrawingEntity => {
      const from = stops[index] as number;
      return {
        kind: 'text',
        layer,
        at: { x: (from + x) / 2, y: y + 120 },
        text: String(Math.round(x - from)),
        size: 280,
        anchor: 'middle',
      };
    }),
  ];
}

/** The same along y at `x`, each length beside its span. */
function dimensionAlongY(stops: readonly number[], x: number): DrawingEntity[] {
  const layer = PLAN_LAYERS.dimensions.id;
  const first = stops[0] as number;
  const last = stops[stops.length - 1] as number;
  const tick = 150;
  return [
    { kind: 'line', layer, points: [x, first, x, last] },
    ...stops.map((y): DrawingEntity => ({ kind: 'line', layer, points: [x - tick, y - tick, x + tick, y + tick] })),
    ...stops.slice(1).map((y, index): DrawingEntity => {
      const from = stops[index] as number;
      return {
        kind: 'text',
        layer,
        at: { x: x - 150, y: (from + y) / 2 },
        text: String(Math.round(y - from)),
        size: 280,
        anchor: 'end',
      };
    }),
  ];
}

/** Room names at their centres. */
function roomNames(rooms: readonly Room[]): DrawingEntity[] {
  return rooms.map((room) => {
    const xs = room.outline.map((point) => point.x);
    const ys = room.outline.map((point) => point.y);
    const at = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
    return { kind: 'text', layer: PLAN_LAYERS.text.id, at, text: room.name, size: TEXT_MM, anchor: 'middle' };
  });
}

/**
 * The annotation of a plan and the frame around the whole sheet.
 * @example toAnnotations({ footprint, columns, rooms, title: 'F1 Floor Plan' }).frame
 */
export function toAnnotations(source: AnnotationSource): {
  entities: DrawingEntity[];
  frame: { min: Point2; max: Point2 };
} {
  const { min, max } = source.footprint;
  const gridEntities = grid(source);
  const xs = lines(source.columns.map((column) => (column.boundingBox.min.x + column.boundingBox.max.x) / 2));
  const ys = lines(source.columns.map((column) => (column.boundingBox.min.y + column.boundingBox.max.y) / 2));
  const alongX = xs.length >= 2 ? xs : [min.x, max.x];
  const alongY = ys.length >= 2 ? ys : [min.y, max.y];
  const frame = {
    min: { x: min.x - GRID_OVERRUN_MM - 2 * BUBBLE_MM - 1_000, y: min.y - GRID_OVERRUN_MM - 2 * BUBBLE_MM - 2_200 },
    max: { x: max.x + 1_500, y: max.y + 1_500 },
  };
  const title: DrawingEntity = {
    kind: 'text',
    layer: PLAN_LAYERS.text.id,
    at: { x: frame.min.x + 400, y: frame.min.y + 500 },
    text: `${source.title}  1:100`,
    size: TITLE_MM,
    anchor: 'start',
  };
  return {
    entities: [
      ...gridEntities,
      ...dimensionAlongX(alongX, min.y - DIMENSION_OFFSET_MM),
      ...dimensionAlongX([min.x, max.x], min.y - DIMENSION_OFFSET_MM - 700),
      ...dimensionAlongY(alongY, min.x - DIMENSION_OFFSET_MM),
      ...roomNames(source.rooms),
      title,
    ],
    frame,
  };
}
