// The 3D marker plugin (`Glodon.Bimface.Plugins.Marker3D`): an image or canvas of `size` pixels
// centred on a model point, following it as the camera moves, with a tooltip and a click handler.
import { refuse, withLoudMethods } from './lacking';
import type { Pin, PinningViewer } from './screen-overlay';
import { isPinningViewer, pin, replace, unpin } from './screen-overlay';
import type { Vector3 } from './viewer-state';
import { describe } from './viewer-state';

let nextMarkerId = 1;

export function Marker3DContainerConfig(): Record<string, unknown> {
  return { viewer: null };
}

export function Marker3DConfig(): Record<string, unknown> {
  return {
    src: null,
    canvas: null,
    size: 32,
    worldPosition: null,
    tooltip: null,
    modelId: null,
    objectId: null,
    id: null,
  };
}

export class Marker3D {
  readonly id: string;
  readonly position: Vector3;
  readonly modelId: unknown;
  readonly objectId: unknown;
  readonly _pin: Pin;

  constructor(config: unknown) {
    const call = 'new Glodon.Bimface.Plugins.Marker3D.Marker3D(config)';
    const given = (
      typeof config === 'object' && config !== null
        ? config
        : refuse(call, `takes a Marker3DConfig, got ${describe(config)}`)
    ) as Record<string, unknown>;
    const point = given.worldPosition as Partial<Vector3> | null;
    if (
      typeof point !== 'object' ||
      point === null ||
      ![point.x, point.y, point.z].every((axis) => typeof axis === 'number')
    )
      refuse(call, `config.worldPosition must be a model point {x, y, z} (mm), got ${describe(point)}`);
    const size = typeof given.size === 'number' ? given.size : 32;
    let element: HTMLElement;
    if (given.canvas instanceof HTMLCanvasElement) element = given.canvas;
    else {
      const image = document.createElement('img');
      if (typeof given.src === 'string') image.src = given.src;
      element = image;
    }
    Object.assign(element.style, { width: `${size}px`, height: `${size}px`, cursor: 'pointer' });
    element.classList.add('vtm-standin-marker3d');
    if (typeof given.tooltip === 'string') element.title = given.tooltip;
    this.id = given.id === null || given.id === undefined ? `marker-${nextMarkerId++}` : String(given.id);
    element.dataset.markerId = this.id;
    this.position = { x: point.x as number, y: point.y as number, z: point.z as number };
    this.modelId = given.modelId;
    this.objectId = given.objectId;
    this._pin = { element, worldPosition: this.position, offset: { x: -size / 2, y: -size / 2 }, visible: true };
    return withLoudMethods(this, 'Glodon.Bimface.Plugins.Marker3D.Marker3D');
  }

  /** Calls `handler(marker)` when the marker is clicked. */
  onClick(handler: unknown): void {
    if (typeof handler !== 'function')
      refuse('Marker3D.onClick(handler)', `takes a function, got ${describe(handler)}`);
    this._pin.element.addEventListener('click', (event) => {
      event.stopPropagation();
      (handler as (marker: Marker3D) => void)(this);
    });
  }
}

export class Marker3DContainer {
  private readonly _viewer: PinningViewer;
  private readonly _markers: Marker3D[] = [];

  constructor(config: unknown) {
    const viewer = (config as { viewer?: unknown } | null)?.viewer;
    if (!isPinningViewer(viewer))
      refuse(
        'new Glodon.Bimface.Plugins.Marker3D.Marker3DContainer(config)',
        `config.viewer must be a Viewer3D (app.getViewer()), got ${describe(viewer)}`,
      );
    this._viewer = viewer;
    return withLoudMethods(this, 'Glodon.Bimface.Plugins.Marker3D.Marker3DContainer');
  }

  addItem(marker: unknown): void {
    if (!(marker instanceof Marker3D))
      refuse('Marker3DContainer.addItem(marker)', `takes a Marker3D, got ${describe(marker)}`);
    this._markers.push(marker);
    pin(this._viewer, marker._pin);
  }
  getAllItems(): Marker3D[] {
    return [...this._markers];
  }
  getItemById(id: unknown): Marker3D | null {
    return this._markers.find((marker) => marker.id === String(id)) ?? null;
  }
  removeItemById(id: unknown): void {
    this._remove((marker) => marker.id === String(id));
  }
  clear(): void {
    this._remove(() => true);
  }
  showItemsById(ids: unknown): void {
    this._show(ids, true);
  }
  hideItemsById(ids: unknown): void {
    this._show(ids, false);
  }
  showAllItems(): void {
    this._show(
      this._markers.map((marker) => marker.id),
      true,
    );
  }
  hideAllItems(): void {
    this._show(
      this._markers.map((marker) => marker.id),
      false,
    );
  }
  update(): void {
    for (const marker of this._markers) replace(this._viewer, marker._pin);
  }

  private _show(ids: unknown, visible: boolean): void {
    if (!Array.isArray(ids))
      refuse(
        `Marker3DContainer.${visible ? 'show' : 'hide'}ItemsById(ids)`,
        `takes an array of marker ids, got ${describe(ids)}`,
      );
    const wanted = ids.map(String);
    for (const marker of this._markers) if (wanted.includes(marker.id)) marker._pin.visible = visible;
    this.update();
  }

  private _remove(gone: (marker: Marker3D) => boolean): void {
    for (const marker of this._markers.filter(gone)) unpin(this._viewer, marker._pin);
    this._markers.splice(0, this._markers.length, ...this._markers.filter((marker) => !gone(marker)));
  }
}
