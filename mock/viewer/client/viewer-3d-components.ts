// The 3D viewer's component calls beyond the shared ones (selection, colour by id, hide by id):
// isolation, colour and visibility by object data, translucency, blinking. Each changes the viewer's
// state, which the scene draws as looks on the next frame.
import { refuse } from './lacking';
import { matchingIds, toConditions } from './object-data';
import type { ViewerConfig } from './viewer-base';
import { Viewer3DData } from './viewer-3d-data';
import { describe, toIds, toRgba } from './viewer-state';

/** `Glodon.Bimface.Viewer.IsolateOption` values. */
export const ISOLATE_OPTIONS = ['HideOthers', 'MakeOthersTranslucent'] as const;

function toIsolateOption(call: string, option: unknown): string {
  if (option === undefined) return 'MakeOthersTranslucent';
  if (typeof option === 'string' && (ISOLATE_OPTIONS as readonly string[]).includes(option)) return option;
  return refuse(
    call,
    `takes Glodon.Bimface.Viewer.IsolateOption.HideOthers or .MakeOthersTranslucent, got ${describe(option)}`,
  );
}

export abstract class Viewer3DComponents extends Viewer3DData {
  protected constructor(owner: string, config: ViewerConfig, host: HTMLElement) {
    super(owner, config, host);
  }

  isolateComponentsById(ids: unknown, option?: unknown): void {
    const call = 'isolateComponentsById(ids, option)';
    this._set({ isolation: { ids: toIds(call, ids), option: toIsolateOption(call, option) } });
  }

  isolateComponentsByObjectData(conditions: unknown, option?: unknown): void {
    const call = 'isolateComponentsByObjectData(conditions, option)';
    this._set({ isolation: { ids: this._matching(call, conditions), option: toIsolateOption(call, option) } });
  }

  clearIsolation(): void {
    this._set({ isolation: null });
  }

  overrideComponentsColorByObjectData(conditions: unknown, color: unknown): void {
    const call = 'overrideComponentsColorByObjectData(conditions, color)';
    this.overrideComponentsColorById(this._matching(call, conditions), color);
  }

  restoreComponentsColorByObjectData(conditions: unknown): void {
    this.restoreComponentsColorById(this._matching('restoreComponentsColorByObjectData(conditions)', conditions));
  }

  hideComponentsByObjectData(conditions: unknown): void {
    this.hideComponentsById(this._matching('hideComponentsByObjectData(conditions)', conditions));
  }

  showComponentsByObjectData(conditions: unknown): void {
    this.showComponentsById(this._matching('showComponentsByObjectData(conditions)', conditions));
  }

  hideAllComponents(): void {
    const ids = this._elements().map((element) => element.objectId);
    this._set({ hidden: [...new Set([...this._outOfScope(this._state.hidden), ...ids])] });
  }

  transparentComponentsById(ids: unknown): void {
    this._set({
      translucent: [...new Set([...this._state.translucent, ...toIds('transparentComponentsById(ids)', ids)])],
    });
  }

  transparentComponentsByObjectData(conditions: unknown): void {
    this.transparentComponentsById(this._matching('transparentComponentsByObjectData(conditions)', conditions));
  }

  transparentAllComponents(): void {
    const ids = this._elements().map((element) => element.objectId);
    this._set({ translucent: [...new Set([...this._outOfScope(this._state.translucent), ...ids])] });
  }

  opaqueComponentsById(ids: unknown): void {
    const opaque = toIds('opaqueComponentsById(ids)', ids);
    this._set({ translucent: this._state.translucent.filter((id) => !opaque.includes(id)) });
  }

  opaqueComponentsByObjectData(conditions: unknown): void {
    this.opaqueComponentsById(this._matching('opaqueComponentsByObjectData(conditions)', conditions));
  }

  opaqueAllComponents(): void {
    this._set({ translucent: this._outOfScope(this._state.translucent) });
  }

  enableBlinkComponents(enabled: unknown): void {
    this._set({ blink: { ...this._state.blink, enabled: enabled !== false } });
  }

  addBlinkComponentsById(ids: unknown): void {
    const added = toIds('addBlinkComponentsById(ids)', ids);
    this._set({ blink: { ...this._state.blink, ids: [...new Set([...this._state.blink.ids, ...added])] } });
  }

  setBlinkColor(color: unknown): void {
    this._set({ blink: { ...this._state.blink, color: toRgba('setBlinkColor(color)', color) } });
  }

  setBlinkIntervalTime(ms: unknown): void {
    if (typeof ms !== 'number' || ms < 50)
      refuse('setBlinkIntervalTime(ms)', `takes milliseconds (50 or more), got ${describe(ms)}`);
    this._set({ blink: { ...this._state.blink, intervalMs: ms } });
  }

  clearAllBlinkComponents(): void {
    this._set({ blink: { ...this._state.blink, ids: this._outOfScope(this._state.blink.ids) } });
  }

  private _matching(call: string, conditions: unknown): string[] {
    return matchingIds(this._elements(), toConditions(call, conditions));
  }
}
