// `Glodon.Bimface.Viewer.Viewer3D`: the 3D viewer a WebApplication3D wraps, or a page makes itself.
import type { StandInComponent } from './components';
import { BOX, matchesObjectData } from './components';
import type { ViewerData } from './databag';
import { EVENT_NAMES } from './events';
import { refuse, withLoudMethods } from './lacking';
import type { ViewerConfig } from './viewer-base';
import { ViewerBase, toDomElement } from './viewer-base';
import type { CameraStatus } from './viewer-state';
import { VIEW_OPTIONS, cameraFor, copyOf, describe, toCameraStatus, toIds, toRgba } from './viewer-state';

/** `Glodon.Bimface.Viewer.IsolateOption` values. */
export const ISOLATE_OPTIONS = ['HideOthers', 'MakeOthersTranslucent'] as const;

function toConditions(call: string, conditions: unknown): Record<string, unknown>[] {
  if (
    !Array.isArray(conditions) ||
    !conditions.every((condition) => typeof condition === 'object' && condition !== null)
  ) {
    refuse(call, `takes an array of object-data conditions such as [{ levelName: 'F1' }], got ${describe(conditions)}`);
  }
  return conditions as Record<string, unknown>[];
}

function toIsolateOption(call: string, option: unknown): string {
  if (typeof option === 'string' && (ISOLATE_OPTIONS as readonly string[]).includes(option)) return option;
  return refuse(
    call,
    `takes Glodon.Bimface.Viewer.IsolateOption.HideOthers or .MakeOthersTranslucent, got ${describe(option)}`,
  );
}

export class Viewer3D extends ViewerBase {
  constructor(config: unknown, call = 'new Glodon.Bimface.Viewer.Viewer3D(config)') {
    super('Viewer3D', '3D', EVENT_NAMES['3D'], config as ViewerConfig, toDomElement(call, config), BOX);
    return withLoudMethods(this, 'Glodon.Bimface.Viewer.Viewer3D');
  }

  /** Uses the token on the mock, draws the model, then fires ViewLoading and ViewAdded (after this call returns). */
  addView(viewToken: unknown): void {
    this._open('addView(viewToken)', viewToken, () => this._added());
  }

  /** Shows a model from the loader's metadata without asking the mock again (as the SDK does). */
  addModel(viewMetaData: unknown): void {
    const model = viewMetaData as Partial<ViewerData> | null;
    if (typeof model !== 'object' || model === null || typeof model.name !== 'string')
      refuse(
        'Viewer3D.addModel(viewMetaData)',
        `takes the metadata the loader's success callback got, got ${describe(viewMetaData)}`,
      );
    if (this._shown.status === 'loading' || this._shown.status === 'shown')
      refuse('Viewer3D.addModel(viewMetaData)', 'this viewer has a model already (the stand-in shows one per viewer)');
    this._show(copyOf(model) as ViewerData, performance.now());
    this._added();
  }

  setView(option: unknown): void {
    if (typeof option !== 'string' || !VIEW_OPTIONS.includes(option))
      refuse(
        'Viewer3D.setView(option)',
        `takes a Glodon.Bimface.Viewer.ViewOption (${VIEW_OPTIONS.join(', ')}), got ${describe(option)}`,
      );
    this._set({ view: option, camera: cameraFor(option) });
  }

  getCameraStatus(): CameraStatus {
    return copyOf(this._state.camera);
  }

  setCameraStatus(status: unknown, callback?: unknown): void {
    this._set({ camera: toCameraStatus('Viewer3D.setCameraStatus(status)', status), view: 'Custom' });
    if (typeof callback === 'function') setTimeout(() => (callback as () => void)(), 0);
  }

  zoomToSelectedComponents(_margin?: unknown, callback?: unknown): void {
    this._set({ zoomedTo: this._state.selected.length > 0 ? this._state.selected.join(', ') : null });
    if (typeof callback === 'function') setTimeout(() => (callback as () => void)(), 0);
  }

  zoomToBoundingBox(box: unknown): void {
    const given = box as { min?: unknown; max?: unknown } | null;
    if (typeof given !== 'object' || given === null || typeof given.min !== 'object' || typeof given.max !== 'object')
      refuse('Viewer3D.zoomToBoundingBox(box)', `takes { min: {x,y,z}, max: {x,y,z} }, got ${describe(box)}`);
    this._set({ zoomedTo: `box ${JSON.stringify(given.min)} – ${JSON.stringify(given.max)}` });
  }

  isolateComponentsById(ids: unknown, option: unknown): void {
    this._set({
      isolation: {
        ids: toIds('isolateComponentsById(ids, option)', ids),
        option: toIsolateOption('isolateComponentsById(ids, option)', option),
      },
    });
  }

  isolateComponentsByObjectData(conditions: unknown, option: unknown): void {
    const matching = this._matching('isolateComponentsByObjectData(conditions, option)', conditions);
    this._set({
      isolation: {
        ids: matching,
        option: toIsolateOption('isolateComponentsByObjectData(conditions, option)', option),
      },
    });
  }

  clearIsolation(): void {
    this._set({ isolation: null });
  }

  overrideComponentsColorByObjectData(conditions: unknown, color: unknown): void {
    const rgba = toRgba('overrideComponentsColorByObjectData(conditions, color)', color);
    const colors = { ...this._state.colors };
    for (const id of this._matching('overrideComponentsColorByObjectData(conditions, color)', conditions))
      colors[id] = rgba;
    this._set({ colors });
  }

  protected override _extras(): string[] {
    const { view, zoomedTo, isolation } = this._state;
    return [
      `camera: ${view}`,
      ...(isolation ? [`isolated: ${isolation.ids.join(', ') || 'nothing'} (${isolation.option})`] : []),
      ...(zoomedTo ? [`zoomed to: ${zoomedTo}`] : []),
    ];
  }

  protected _clickPayloads(
    component: StandInComponent | null,
    event: MouseEvent,
    screenPosition: { x: number; y: number },
  ): { clicked: unknown; selection: unknown } {
    const base = {
      click: 1,
      screenPosition,
      clientPosition: { x: event.clientX, y: event.clientY },
      eventType: 'Click',
    };
    if (component === null || this._shown.status !== 'shown') return { clicked: base, selection: base };
    const { x, y, z } = component.world;
    const hit = {
      ...base,
      objectId: component.elementId,
      elementId: component.elementId,
      fileId: this._shown.model.modelId,
      objectType: 'Component',
      worldPosition: { x, y, z },
      boundingBox: { min: { x: x - 1500, y: y - 1500, z: z - 1500 }, max: { x: x + 1500, y: y + 1500, z: z + 1500 } },
    };
    return { clicked: hit, selection: hit };
  }

  private _matching(call: string, conditions: unknown): string[] {
    const given = toConditions(call, conditions);
    return BOX.filter((component) => matchesObjectData(component, given)).map((component) => component.elementId);
  }

  private _added(): void {
    this._emitLater('ViewLoading', { loaded: 1, total: 1, progress: 100 });
    this._emitLater('ViewAdded', this);
  }
}
