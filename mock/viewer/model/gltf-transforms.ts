// The little matrix arithmetic reading a glTF's node transforms needs (column-major 4×4, as glTF
// writes `matrix`), and the turn from glTF's space (metres, Y up) to the platform's (mm, Z up).
import type { BoundingBox, Point3 } from './model-types';

export type Matrix = readonly number[];

export const IDENTITY: Matrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** a × b. */
export function multiply(a: Matrix, b: Matrix): Matrix {
  const out: number[] = [];
  for (let column = 0; column < 4; column += 1) {
    for (let row = 0; row < 4; row += 1) {
      let sum = 0;
      for (let k = 0; k < 4; k += 1) sum += (a[k * 4 + row] as number) * (b[column * 4 + k] as number);
      out.push(sum);
    }
  }
  return out;
}

/** The matrix of a translation, a rotation quaternion (x, y, z, w) and a scale: T × R × S. */
export function fromTrs(t: readonly number[], q: readonly number[], s: readonly number[]): Matrix {
  const [x, y, z, w] = q as [number, number, number, number];
  const [sx, sy, sz] = s as [number, number, number];
  return [
    (1 - 2 * (y * y + z * z)) * sx,
    2 * (x * y + z * w) * sx,
    2 * (x * z - y * w) * sx,
    0,
    2 * (x * y - z * w) * sy,
    (1 - 2 * (x * x + z * z)) * sy,
    2 * (y * z + x * w) * sy,
    0,
    2 * (x * z + y * w) * sz,
    2 * (y * z - x * w) * sz,
    (1 - 2 * (x * x + y * y)) * sz,
    0,
    t[0] as number,
    t[1] as number,
    t[2] as number,
    1,
  ];
}

function transform(m: Matrix, x: number, y: number, z: number): [number, number, number] {
  const at = (index: number): number => m[index] as number;
  return [
    at(0) * x + at(4) * y + at(8) * z + at(12),
    at(1) * x + at(5) * y + at(9) * z + at(13),
    at(2) * x + at(6) * y + at(10) * z + at(14),
  ];
}

/** A glTF point (metres, Y up) in the platform's space (mm, Z up). */
function toModelPoint([x, y, z]: readonly number[]): Point3 {
  return { x: (x as number) * 1000, y: -(z as number) * 1000, z: (y as number) * 1000 };
}

/** The model-space box of a local box (`min`, `max` in glTF units) under a node's world matrix. */
export function toModelBox(m: Matrix, min: readonly number[], max: readonly number[]): BoundingBox {
  const corners: Point3[] = [];
  for (const x of [min[0], max[0]])
    for (const y of [min[1], max[1]])
      for (const z of [min[2], max[2]]) corners.push(toModelPoint(transform(m, x as number, y as number, z as number)));
  const pick = (axis: keyof Point3, take: (...values: number[]) => number): number =>
    // + 0: -0 (a mirrored zero) is written 0.
    Math.round(take(...corners.map((corner) => corner[axis])) * 1000) / 1000 + 0;
  return {
    min: { x: pick('x', Math.min), y: pick('y', Math.min), z: pick('z', Math.min) },
    max: { x: pick('x', Math.max), y: pick('y', Math.max), z: pick('z', Math.max) },
  };
}
