// What a viewer remembers of a page's calls, so the page reads back what it set (selection, camera,
// isolation, colours, hidden components) and the placeholder shows it.
import { refuse } from './lacking';

export interface Vector3 {
  x: number;
  y: number;
  z: number;
}

/** The camera as `getCameraStatus()` gives it and `setCameraStatus()` takes it back. */
export interface CameraStatus {
  name: string;
  position: Vector3;
  target: Vector3;
  up: Vector3;
  fov: number;
  version: number;
}

export interface RgbaColor {
  red: number;
  green: number;
  blue: number;
  alpha: number;
}

/** A viewer's state; `getCurrentState()` returns a copy and `setState()` takes one back. */
export interface ViewerState {
  selected: string[];
  hidden: string[];
  isolation: { ids: string[]; option: string } | null;
  colors: Record<string, RgbaColor>;
  camera: CameraStatus;
  /** The last `setView` option, or `Custom` after `setCameraStatus`. */
  view: string;
  zoomedTo: string | null;
}

/** `Glodon.Bimface.Viewer.ViewOption` keys, and where each puts the camera (looking at the origin). */
const VIEW_POSITIONS: Record<string, Vector3> = {
  Home: { x: 12000, y: -12000, z: 9000 },
  Top: { x: 0, y: 0, z: 20000 },
  Bottom: { x: 0, y: 0, z: -20000 },
  North: { x: 0, y: 20000, z: 0 },
  South: { x: 0, y: -20000, z: 0 },
  West: { x: -20000, y: 0, z: 0 },
  East: { x: 20000, y: 0, z: 0 },
  SouthEast: { x: 14000, y: -14000, z: 0 },
  SouthWest: { x: -14000, y: -14000, z: 0 },
  NorthEast: { x: 14000, y: 14000, z: 0 },
  NorthWest: { x: -14000, y: 14000, z: 0 },
};

export const VIEW_OPTIONS = Object.keys(VIEW_POSITIONS);

export function cameraFor(view: string): CameraStatus {
  const position = VIEW_POSITIONS[view] ?? (VIEW_POSITIONS.Home as Vector3);
  return {
    name: 'persp',
    position: { ...position },
    target: { x: 0, y: 0, z: 0 },
    up: { x: 0, y: 0, z: 1 },
    fov: 45,
    version: 1,
  };
}

export function initialState(): ViewerState {
  return {
    selected: [],
    hidden: [],
    isolation: null,
    colors: {},
    camera: cameraFor('Home'),
    view: 'Home',
    zoomedTo: null,
  };
}

/** A deep copy (what pages get, so changing it does not change the viewer). */
export function copyOf<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Component ids as pages pass them: an array of strings or numbers (numbers become strings). */
export function toIds(call: string, ids: unknown): string[] {
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' || typeof id === 'number')) {
    refuse(call, `takes an array of component ids (strings), got ${describe(ids)}`);
  }
  return ids.map(String);
}

/** A colour as `Glodon.Web.Graphics.Color` makes it. */
export function toRgba(call: string, color: unknown): RgbaColor {
  const candidate = color as Partial<RgbaColor> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    ![candidate.red, candidate.green, candidate.blue].every((part) => typeof part === 'number')
  ) {
    refuse(
      call,
      `takes a Glodon.Web.Graphics.Color (new Color(r, g, b, a) or new Color('#rrggbb', a)), got ${describe(color)}`,
    );
  }
  return {
    red: candidate.red as number,
    green: candidate.green as number,
    blue: candidate.blue as number,
    alpha: typeof candidate.alpha === 'number' ? candidate.alpha : 1,
  };
}

/** A camera status as `getCameraStatus()` gives it: position, target and up vectors at least. */
export function toCameraStatus(call: string, status: unknown): CameraStatus {
  const candidate = status as Partial<CameraStatus> | null;
  const isVector = (value: unknown): value is Vector3 =>
    typeof value === 'object' &&
    value !== null &&
    ['x', 'y', 'z'].every((axis) => typeof (value as Record<string, unknown>)[axis] === 'number');
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    !isVector(candidate.position) ||
    !isVector(candidate.target)
  ) {
    refuse(
      call,
      `takes a camera status as getCameraStatus() returns it ({ position: {x,y,z}, target: {x,y,z}, up, … }), got ${describe(status)}`,
    );
  }
  return { ...cameraFor('Home'), ...copyOf(candidate) } as CameraStatus;
}

export function describe(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value === 'string') return `'${value.slice(0, 40)}'`;
  try {
    return JSON.stringify(value)?.slice(0, 60) ?? typeof value;
  } catch {
    return typeof value;
  }
}

export const cssColor = (color: RgbaColor): string =>
  `rgba(${color.red}, ${color.green}, ${color.blue}, ${color.alpha})`;
