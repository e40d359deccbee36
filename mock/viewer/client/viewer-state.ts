// What a viewer remembers of a page's calls, so the page reads back what it set (selection, camera,
// isolation, colours, hidden components) and the placeholder shows it.
import { refuse } from './lacking';
import type { CameraStatus, Vector3 } from './camera-types';
import { VIEW_DIRECTIONS, framing } from './scene-camera';

export type { CameraStatus, Vector3 } from './camera-types';

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
  /** Drawn translucent (transparentComponentsById), not selectable. */
  translucent: string[];
  isolation: { ids: string[]; option: string } | null;
  colors: Record<string, RgbaColor>;
  camera: CameraStatus;
  /** The last `setView` option, or `Custom` after `setCameraStatus` or a move. */
  view: string;
  zoomedTo: string | null;
  blink: { enabled: boolean; ids: string[]; color: RgbaColor; intervalMs: number };
}

/** The camera before a model is shown: the Home view of a 20 m cube at the origin. */
function cameraFor(view: string): CameraStatus {
  return framing(
    { min: { x: -10_000, y: -10_000, z: 0 }, max: { x: 10_000, y: 10_000, z: 20_000 } },
    VIEW_DIRECTIONS[view] ?? (VIEW_DIRECTIONS.Home as Vector3),
  );
}

export function initialState(): ViewerState {
  return {
    selected: [],
    hidden: [],
    translucent: [],
    isolation: null,
    colors: {},
    camera: cameraFor('Home'),
    view: 'Home',
    zoomedTo: null,
    blink: { enabled: false, ids: [], color: { red: 255, green: 0, blue: 0, alpha: 0.8 }, intervalMs: 500 },
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
