// Boxes in model space (mm): making them, joining them, measuring them.
import type { BoundingBox, Point3 } from './model-types';

/** The box between two corners (in any order). */
export function boxOf(a: Point3, b: Point3): BoundingBox {
  return {
    min: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), z: Math.min(a.z, b.z) },
    max: { x: Math.max(a.x, b.x), y: Math.max(a.y, b.y), z: Math.max(a.z, b.z) },
  };
}

/** The smallest box holding all of them (the first one's copy for one box). */
export function unionOf(boxes: readonly BoundingBox[]): BoundingBox {
  const [first, ...rest] = boxes;
  if (first === undefined) throw new Error('unionOf: no boxes');
  return rest.reduce(
    (union, box) => ({
      min: {
        x: Math.min(union.min.x, box.min.x),
        y: Math.min(union.min.y, box.min.y),
        z: Math.min(union.min.z, box.min.z),
      },
      max: {
        x: Math.max(union.max.x, box.max.x),
        y: Math.max(union.max.y, box.max.y),
        z: Math.max(union.max.z, box.max.z),
      },
    }),
    { min: { ...first.min }, max: { ...first.max } },
  );
}

/** Its size along each axis. */
export function sizeOf(box: BoundingBox): Point3 {
  return { x: box.max.x - box.min.x, y: box.max.y - box.min.y, z: box.max.z - box.min.z };
}

/** Its centre. */
export function centerOf(box: BoundingBox): Point3 {
  return { x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2, z: (box.min.z + box.max.z) / 2 };
}
