// Where the camera goes: the SDK's ViewOption directions (from the model's centre towards the
// camera, Z up), framing a box, and the camera status shape pages read and give back.
import type { Three } from './three-loading';
import type { CameraStatus, Vector3 } from './camera-types';

/** `Glodon.Bimface.Viewer.ViewOption` keys and the direction each looks from. */
export const VIEW_DIRECTIONS: Readonly<Record<string, Vector3>> = {
  Home: { x: 1, y: -1.35, z: 0.95 },
  Top: { x: 0, y: 0, z: 1 },
  Bottom: { x: 0, y: 0, z: -1 },
  North: { x: 0, y: 1, z: 0.12 },
  South: { x: 0, y: -1, z: 0.12 },
  West: { x: -1, y: 0, z: 0.12 },
  East: { x: 1, y: 0, z: 0.12 },
  SouthEast: { x: 1, y: -1, z: 0.9 },
  SouthWest: { x: -1, y: -1, z: 0.9 },
  NorthEast: { x: 1, y: 1, z: 0.9 },
  NorthWest: { x: -1, y: 1, z: 0.9 },
};

export const VIEW_OPTIONS = Object.keys(VIEW_DIRECTIONS);

const FOV = 45;

export interface Box {
  min: Vector3;
  max: Vector3;
}

/**
 * The camera status that frames `box` looking from `direction` (mm, Z up); `margin` widens the frame
 * (0.5 by default, as the SDK's zoomToBoundingBox). Looking straight down or up, north is up the screen.
 */
export function framing(box: Box, direction: Vector3, margin = 0.5): CameraStatus {
  const center = { x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2, z: (box.min.z + box.max.z) / 2 };
  const radius = Math.max(1, Math.hypot(box.max.x - box.min.x, box.max.y - box.min.y, box.max.z - box.min.z) / 2);
  const length = Math.hypot(direction.x, direction.y, direction.z) || 1;
  const distance = (radius / Math.sin((FOV * Math.PI) / 360)) * (1 + margin / 2);
  const vertical = Math.abs(direction.z) / length > 0.999;
  return {
    name: 'persp',
    position: {
      x: center.x + (direction.x / length) * distance,
      y: center.y + (direction.y / length) * distance,
      z: center.z + (direction.z / length) * distance,
    },
    target: center,
    up: vertical ? { x: 0, y: 1, z: 0 } : { x: 0, y: 0, z: 1 },
    fov: FOV,
    version: 1,
  };
}

/** The direction the camera looks from now (camera minus target). */
export function directionOf(status: CameraStatus): Vector3 {
  return {
    x: status.position.x - status.target.x,
    y: status.position.y - status.target.y,
    z: status.position.z - status.target.z,
  };
}

/** Puts a three.js camera (and its orbit target) where a status says; near and far from the distance. */
export function applyStatus(
  camera: InstanceType<Three['PerspectiveCamera']>,
  target: InstanceType<Three['Vector3']>,
  status: CameraStatus,
): void {
  camera.up.set(status.up.x, status.up.y, status.up.z);
  camera.position.set(status.position.x, status.position.y, status.position.z);
  target.set(status.target.x, status.target.y, status.target.z);
  camera.fov = status.fov;
  const distance = camera.position.distanceTo(target);
  camera.near = Math.max(10, distance / 200);
  camera.far = distance * 20 + 100_000;
  camera.lookAt(target);
  camera.updateProjectionMatrix();
}

/** The status of a three.js camera looking at `target`. */
export function statusOf(
  camera: InstanceType<Three['PerspectiveCamera']>,
  target: InstanceType<Three['Vector3']>,
): CameraStatus {
  const round = (value: number): number => Math.round(value * 1000) / 1000;
  const point = (vector: { x: number; y: number; z: number }): Vector3 => ({
    x: round(vector.x),
    y: round(vector.y),
    z: round(vector.z),
  });
  return {
    name: 'persp',
    position: point(camera.position),
    target: point(target),
    up: point(camera.up),
    fov: camera.fov,
    version: 1,
  };
}
