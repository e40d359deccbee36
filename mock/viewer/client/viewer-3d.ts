// `Glodon.Bimface.Viewer.Viewer3D`: the 3D viewer a WebApplication3D wraps, or a page makes itself.
// Both SDK generations: 3.6.x pages call the component and data methods on the viewer; v3 pages
// `loadModel({viewToken, modelId})`, hear `ModelAdded(modelId)` and call them on `getModel(modelId)`.
import type { OpenedModel } from './databag';
import { refuse, withLoudMethods } from './lacking';
import { MODEL_METHODS, Model3D } from './model-3d';
import { Camera3D } from './camera-3d';
import { VIEW_DIRECTIONS, VIEW_OPTIONS, directionOf, framing } from './scene-camera';
import type { Box } from './scene-camera';
import type { ViewerConfig } from './viewer-base';
import { toDomElement } from './viewer-base';
import { Viewer3DComponents } from './viewer-3d-components';
export { ISOLATE_OPTIONS } from './viewer-3d-components';
import type { CameraStatus, ViewerState } from './viewer-state';
import { copyOf, describe, toCameraStatus, toIds, toRgba } from './viewer-state';

function toBox(call: string, box: unknown): Box {
  const given = box as Partial<Box> | null;
  const isPoint = (value: unknown): boolean =>
    typeof value === 'object' &&
    value !== null &&
    ['x', 'y', 'z'].every((axis) => typeof (value as Record<string, unknown>)[axis] === 'number');
  if (typeof given !== 'object' || given === null || !isPoint(given.min) || !isPoint(given.max))
    refuse(call, `takes a box { min: {x,y,z}, max: {x,y,z} } (mm), got ${describe(box)}`);
  return given as Box;
}

const later = (callback: unknown): void => {
  if (typeof callback === 'function') setTimeout(() => (callback as () => void)(), 0);
};

export class Viewer3D extends Viewer3DComponents {
  private _viewHouse: HTMLElement | undefined;

  constructor(config: unknown, call = 'new Glodon.Bimface.Viewer.Viewer3D(config)') {
    super('Viewer3D', config as ViewerConfig, toDomElement(call, config));
    if ((config as ViewerConfig).enableViewHouse !== false) this._viewHouse = this._drawViewHouse();
    return withLoudMethods(this, 'Glodon.Bimface.Viewer.Viewer3D');
  }

  /** 3.6.x: uses the token on the mock, loads and draws the model (beside any shown), then ViewAdded (the first), ModelAdded. */
  addView(viewToken: unknown): void {
    this._openModel('addView(viewToken)', viewToken, undefined, (model) => this._added(model.modelId));
  }

  /** v3: `{ viewToken, modelId? }` (modelId defaults to the object's id); each a model of its own, ModelAdded(modelId) each. */
  loadModel(options: unknown): void {
    const given = options as { viewToken?: unknown; modelId?: unknown } | null;
    if (typeof given !== 'object' || given === null)
      refuse('Viewer3D.loadModel(options)', `takes { viewToken, modelId? }, got ${describe(options)}`);
    const modelId = given.modelId === undefined || given.modelId === null ? undefined : String(given.modelId);
    if (modelId !== undefined && this._models.some((model) => model.modelId === modelId))
      refuse(
        'Viewer3D.loadModel(options)',
        `this viewer shows model ${modelId} already: give another modelId, or removeModel(${modelId}) first`,
      );
    this._openModel('loadModel({ viewToken })', given.viewToken, modelId, (model) => this._added(model.modelId));
  }

  /** Shows a model from the loader's metadata without using the token again (as the SDK does), beside any shown. */
  addModel(viewMetaData: unknown): void {
    const model = viewMetaData as Partial<OpenedModel> | null;
    if (
      typeof model !== 'object' ||
      model === null ||
      typeof model.databagId !== 'string' ||
      typeof model.viewToken !== 'string'
    )
      refuse(
        'Viewer3D.addModel(viewMetaData)',
        `takes the metadata the loader's success callback got, got ${describe(viewMetaData)}`,
      );
    if (this._shown.status === 'empty') this._shown = { status: 'loading' };
    const opened = copyOf(model) as OpenedModel;
    void this._loadGeometry(opened, this._apiHost(), opened.modelId).then((loaded) => {
      if (loaded !== undefined) this._added(loaded.modelId);
    });
  }

  /** Takes a model out of the viewer (its components with it). */
  removeModel(modelId: unknown): void {
    const index = this._models.findIndex((model) => model.modelId === String(modelId));
    if (index < 0)
      refuse(
        'Viewer3D.removeModel(modelId)',
        `this viewer shows ${this._models.map((model) => model.modelId).join(', ') || 'no model'}, not ${describe(modelId)}`,
      );
    this._models.splice(index, 1);
    this._scene?.removeModel(String(modelId));
    this._redraw();
  }

  /** v3: a model's object (the first shown without an id), its component and data calls on that model alone. */
  getModel(modelId?: unknown): Model3D {
    const wanted = modelId === undefined || modelId === null ? undefined : String(modelId);
    const model =
      wanted === undefined ? this._models[0] : this._models.find((candidate) => candidate.modelId === wanted);
    if (model === undefined)
      return refuse(
        'Viewer3D.getModel(modelId)',
        this._models.length === 0
          ? 'no model yet: call it after ViewAdded (or ModelAdded)'
          : `this viewer shows ${this._models.map((candidate) => candidate.modelId).join(', ')}, not ${describe(modelId)}`,
      );
    return new Model3D(this, model.modelId);
  }

  /** The models shown, in the order they were added. */
  getModels(): Model3D[] {
    return this._models.map((model) => new Model3D(this, model.modelId));
  }

  /** ViewAdded once, when the viewer's first model is there; ModelAdded for each. */
  private _added(modelId: string): void {
    this._emitLater('ViewLoading', { loaded: 1, total: 1, progress: 100 });
    if (this._models.length === 1) this._emitLater('ViewAdded', this);
    this._emitLater('ModelAdded', modelId);
  }

  protected _homeCamera(): CameraStatus {
    return framing(
      this._scene?.modelBox ?? { min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } },
      VIEW_DIRECTIONS.Home as never,
      0.2,
    );
  }

  setView(option: unknown): void {
    if (typeof option !== 'string' || !VIEW_OPTIONS.includes(option))
      refuse(
        'Viewer3D.setView(option)',
        `takes a Glodon.Bimface.Viewer.ViewOption (${VIEW_OPTIONS.join(', ')}), got ${describe(option)}`,
      );
    const box = this._scene?.modelBox;
    const camera = box === undefined ? this._state.camera : framing(box, VIEW_DIRECTIONS[option] as never, 0.2);
    this._moveCamera(camera, option);
  }

  getCameraStatus(): CameraStatus {
    return copyOf(this._scene?.cameraStatus ?? this._state.camera);
  }

  setCameraStatus(status: unknown, callback?: unknown): void {
    this._moveCamera(toCameraStatus('Viewer3D.setCameraStatus(status)', status), 'Custom');
    later(callback);
  }

  /** The camera object of newer SDKs (`getStatus`, `setStatus`, `zoomToBoundingBox`). */
  getCamera(): Camera3D {
    return new Camera3D(this);
  }

  zoomToSelectedComponents(margin?: unknown, callback?: unknown): void {
    this._zoomTo(this._state.selected, typeof margin === 'number' ? margin : 0.5, 'the selection');
    later(callback);
  }

  zoomToComponentsById(ids: unknown, margin?: unknown): void {
    this._zoomTo(toIds('zoomToComponentsById(ids)', ids), typeof margin === 'number' ? margin : 0.5, 'components');
  }

  /** A box (`{min, max}`, mm) or, as newer SDKs take it, `{ boundingbox, margin }`. */
  zoomToBoundingBox(box: unknown, margin?: unknown): void {
    const wrapped = box as { boundingbox?: unknown; margin?: unknown } | null;
    const given =
      typeof wrapped === 'object' && wrapped !== null && 'boundingbox' in wrapped ? wrapped.boundingbox : box;
    const chosen = typeof wrapped?.margin === 'number' ? wrapped.margin : typeof margin === 'number' ? margin : 0.5;
    const checked = toBox('Viewer3D.zoomToBoundingBox(box)', given);
    this._moveCamera(
      framing(checked, directionOf(this.getCameraStatus()), chosen),
      'Custom',
      `box ${JSON.stringify(checked)}`,
    );
  }

  private _zoomTo(ids: readonly string[], margin: number, what: string): void {
    const boxes = this._elements()
      .filter((element) => ids.includes(element.objectId))
      .map((element) => element.boundingBox);
    if (boxes.length === 0) return;
    const union = boxes.reduce((a, b) => ({
      min: { x: Math.min(a.min.x, b.min.x), y: Math.min(a.min.y, b.min.y), z: Math.min(a.min.z, b.min.z) },
      max: { x: Math.max(a.max.x, b.max.x), y: Math.max(a.max.y, b.max.y), z: Math.max(a.max.z, b.max.z) },
    }));
    this._moveCamera(
      framing(union, directionOf(this.getCameraStatus()), margin),
      'Custom',
      `${what}: ${ids.join(', ')}`,
    );
  }

  private _moveCamera(camera: CameraStatus, view: string, zoomedTo: string | null = null): void {
    if (this._scene !== undefined) this._scene.cameraStatus = camera;
    this._set({ camera, view, zoomedTo });
  }

  /** The viewer's state (selection, looks, camera); `setState` takes it back. */
  getCurrentState(): ViewerState {
    return copyOf(this._state);
  }

  setState(state: unknown): void {
    const given = state as Partial<ViewerState> | null;
    if (typeof given !== 'object' || given === null || !Array.isArray(given.selected))
      refuse(`${this._owner}.setState(state)`, `takes what getCurrentState() returned, got ${describe(state)}`);
    this._set(copyOf(given));
    if (this._scene !== undefined) this._scene.cameraStatus = this._state.camera;
  }

  /** Sizes the viewer's element and the picture (pixels). */
  override resize(width?: unknown, height?: unknown): void {
    super.resize(width, height);
    if (typeof width === 'number' && typeof height === 'number') this._scene?.resize(width, height);
  }

  /** The picture as a PNG data URL, returned and given to `callback` when one is passed. */
  createSnapshot(callback?: unknown): string {
    if (this._scene === undefined)
      return refuse('Viewer3D.createSnapshot()', 'no model shown yet (call it after ViewAdded)');
    const url = this._scene.snapshot();
    if (typeof callback === 'function') setTimeout(() => (callback as (data: string) => void)(url), 0);
    return url;
  }

  /** Where a model point ({x,y,z}, mm) is in the viewer's element (pixels from its top left). */
  worldToClient(point: unknown): { x: number; y: number } {
    const given = toBox('Viewer3D.worldToClient(point)', { min: point, max: point }).min;
    if (this._scene === undefined) return refuse('Viewer3D.worldToClient(point)', 'no model shown yet');
    return this._scene.worldToClient(given);
  }

  startAutoRotate(speed?: unknown, point?: unknown): void {
    const around =
      point === undefined ? undefined : toBox('Viewer3D.startAutoRotate(speed, point)', { min: point, max: point }).min;
    this._scene?.autoRotate(typeof speed === 'number' ? speed : 2, around);
  }

  stopAutoRotate(): void {
    this._scene?.autoRotate(null);
  }

  setBackgroundColor(color: unknown, _second?: unknown): void {
    this._scene?.setBackground(toRgba('setBackgroundColor(color)', color));
  }

  hideViewHouse(): void {
    if (this._viewHouse !== undefined) this._viewHouse.style.display = 'none';
  }

  showViewHouse(): void {
    if (this._viewHouse !== undefined) this._viewHouse.style.display = '';
  }

  /** The view house: a compass in the corner (the platform's is a cube; `hideViewHouse` hides both). */
  private _drawViewHouse(): HTMLElement {
    const house = document.createElement('div');
    house.className = 'vtm-standin-viewhouse';
    house.textContent = 'N ↑';
    Object.assign(house.style, {
      position: 'absolute',
      right: '12px',
      bottom: '44px',
      padding: '6px 8px',
      border: '1px solid rgba(255,255,255,0.5)',
      borderRadius: '4px',
      fontSize: '11px',
      pointerEvents: 'none',
    });
    this._placeholder.root.append(house);
    return house;
  }

  protected override _extras(): string[] {
    const { view, zoomedTo, isolation } = this._state;
    const models =
      this._models.length > 1 ? [`models: ${this._models.map((model) => model.opened.name).join(', ')}`] : [];
    return [
      ...models,
      ...(this._notDrawn === undefined ? [] : [this._notDrawn]),
      `camera: ${view}`,
      ...(isolation ? [`isolated: ${isolation.ids.length} components (${isolation.option})`] : []),
      ...(zoomedTo ? [`zoomed to: ${zoomedTo.slice(0, 80)}`] : []),
    ];
  }
}

export type { ViewerState };

// Every method a v3 model object hands on is one the viewer has.
MODEL_METHODS satisfies readonly (keyof Viewer3D)[];
