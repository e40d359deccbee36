// How each element is drawn on a floor plan, from what every model keeps (its category and its box):
// walls and columns as filled outlines, doors as a cut with a leaf and its swing, windows as a cut
// with the glass line, stairs as their outline and treads. Drawing units are mm, Y up.
import type { BoundingBox } from './model-types';
import type { DrawingEntity } from './drawing-types';
import { CATEGORIES } from './categories';
import { PLAN_LAYERS } from './plan-layers';

/** A tread's going (mm), as the generated stair's. */
const TREAD_MM = 280;

const rectangle = (box: BoundingBox): number[] => [
  box.min.x,
  box.min.y,
  box.max.x,
  box.min.y,
  box.max.x,
  box.max.y,
  box.min.x,
  box.max.y,
];

/** Whether the box runs along x (longer in x than in y). */
const alongX = (box: BoundingBox): boolean => box.max.x - box.min.x >= box.max.y - box.min.y;

/** A door: the wall cut, the leaf standing open at one jamb and the quarter circle it swings along. */
function door(box: BoundingBox, objectId: string): DrawingEntity[] {
  const layer = PLAN_LAYERS.doors.id;
  const x = alongX(box);
  const width = x ? box.max.x - box.min.x : box.max.y - box.min.y;
  const hinge = x ? { x: box.min.x, y: box.max.y } : { x: box.max.x, y: box.min.y };
  const open = x ? { x: hinge.x, y: hinge.y + width } : { x: hinge.x + width, y: hinge.y };
  return [
    { kind: 'polygon', layer, points: rectangle(box), fill: 'background', objectId },
    { kind: 'line', layer, points: [hinge.x, hinge.y, open.x, open.y], objectId },
    { kind: 'arc', layer, center: hinge, radius: width, from: x ? 0 : 90, to: x ? 90 : 180, objectId },
  ];
}

/** A window: the wall cut and the glass along its middle. */
function window(box: BoundingBox, objectId: string): DrawingEntity[] {
  const layer = PLAN_LAYERS.windows.id;
  const middle = alongX(box)
    ? [box.min.x, (box.min.y + box.max.y) / 2, box.max.x, (box.min.y + box.max.y) / 2]
    : [(box.min.x + box.max.x) / 2, box.min.y, (box.min.x + box.max.x) / 2, box.max.y];
  return [
    { kind: 'polygon', layer, points: rectangle(box), fill: 'background', objectId },
    { kind: 'line', layer, points: middle, objectId },
  ];
}

/** A stair: its outline, a tread line every going, and the walking line up its length. */
function stair(box: BoundingBox, objectId: string): DrawingEntity[] {
  const layer = PLAN_LAYERS.stairs.id;
  const x = alongX(box);
  const [from, to] = x ? [box.min.x, box.max.x] : [box.min.y, box.max.y];
  const treads: DrawingEntity[] = [];
  for (let at = from + TREAD_MM; at < to - 1; at += TREAD_MM) {
    const points = x ? [at, box.min.y, at, box.max.y] : [box.min.x, at, box.max.x, at];
    treads.push({ kind: 'line', layer, points, objectId });
  }
  const middle = x ? (box.min.y + box.max.y) / 2 : (box.min.x + box.max.x) / 2;
  const walk = x ? [from, middle, to, middle] : [middle, from, middle, to];
  return [
    { kind: 'polygon', layer, points: rectangle(box), fill: 'none', objectId },
    ...treads,
    { kind: 'line', layer, points: walk, objectId },
  ];
}

/** An element drawn as its filled outline on a layer (walls, columns). */
const solid =
  (layer: string) =>
  (box: BoundingBox, objectId: string): DrawingEntity[] => [
    { kind: 'polygon', layer, points: rectangle(box), fill: 'solid', objectId },
  ];

/** The categories a plan draws, each its way (others, such as slabs and roofs, are not cut by a plan). */
const DRAWN: ReadonlyMap<string, (box: BoundingBox, objectId: string) => DrawingEntity[]> = new Map([
  [CATEGORIES.walls.id, solid(PLAN_LAYERS.walls.id)],
  [CATEGORIES.columns.id, solid(PLAN_LAYERS.columns.id)],
  [CATEGORIES.structuralColumns.id, solid(PLAN_LAYERS.columns.id)],
  [CATEGORIES.doors.id, door],
  [CATEGORIES.windows.id, window],
  [CATEGORIES.stairs.id, stair],
]);

/** Whether a plan draws elements of this category. */
export const isDrawnOnPlan = (categoryId: string): boolean => DRAWN.has(categoryId);

/**
 * An element's entities on a plan (none for a category plans do not cut).
 * @example toPlanEntities('-2000011', box, '310019') // [{ kind: 'polygon', layer: '1', … }]
 */
export function toPlanEntities(categoryId: string, box: BoundingBox, objectId: string): DrawingEntity[] {
  return DRAWN.get(categoryId)?.(box, objectId) ?? [];
}
