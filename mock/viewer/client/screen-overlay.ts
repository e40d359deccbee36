// Page elements pinned to model points: a layer over the 3D viewer whose items are moved to where
// their world position is on screen after every frame (hidden when the point is behind the camera).
import type { Vector3 } from './viewer-state';

/** What the overlay needs of a 3D viewer. */
export interface PinningViewer {
  getRootElement(): HTMLElement;
  _onEachRender(listener: () => void): void;
  _project(point: Vector3): { x: number; y: number; inFront: boolean } | undefined;
}

/** An element kept at a model point, `offset` pixels from it. */
export interface Pin {
  element: HTMLElement;
  worldPosition: Vector3;
  offset: { x: number; y: number };
  visible: boolean;
  /** Called after the pin moved (a lead label redraws its line). */
  moved?: (at: { x: number; y: number }) => void;
}

const overlays = new WeakMap<PinningViewer, Set<Pin>>();

export function isPinningViewer(viewer: unknown): viewer is PinningViewer {
  return typeof (viewer as Partial<PinningViewer> | null)?._onEachRender === 'function';
}

function place(viewer: PinningViewer, pin: Pin): void {
  const at = viewer._project(pin.worldPosition);
  const shown = pin.visible && at !== undefined && at.inFront;
  pin.element.style.display = shown ? '' : 'none';
  if (!shown || at === undefined) return;
  pin.element.style.transform = `translate(${at.x + pin.offset.x}px, ${at.y + pin.offset.y}px)`;
  pin.moved?.(at);
}

/** Adds a pin to the viewer's layer (made on first use), placed now and after every frame. */
export function pin(viewer: PinningViewer, added: Pin): void {
  let pins = overlays.get(viewer);
  if (pins === undefined) {
    const layer = new Set<Pin>();
    overlays.set(viewer, layer);
    viewer._onEachRender(() => layer.forEach((item) => place(viewer, item)));
    pins = layer;
  }
  Object.assign(added.element.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'auto' });
  viewer.getRootElement().append(added.element);
  pins.add(added);
  place(viewer, added);
}

export function unpin(viewer: PinningViewer, removed: Pin): void {
  overlays.get(viewer)?.delete(removed);
  removed.element.remove();
}

/** Places one pin again (after its position or visibility changed). */
export function replace(viewer: PinningViewer, moved: Pin): void {
  place(viewer, moved);
}
