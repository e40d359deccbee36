// The 3D viewer's model on screen: after the token's use, its geometry from the mock
// (`{resourceHost}/{databagId}/resource/model`, no token, as the platform's SDK loads its own),
// drawn with three.js; the page's state drawn as looks; the mouse read as the platform's.
import type { OpenedModel } from './databag';
import { EVENT_NAMES } from './events';
import type { SceneElement, SceneHit } from './scene-view';
import { SceneView } from './scene-view';
import type { Look } from './scene-materials';
import { SELECTION_COLOR } from './scene-materials';
import { listenToPointer } from './scene-pointer';
import { loadThree } from './three-loading';
import type { ViewerConfig } from './viewer-base';
import { ViewerBase } from './viewer-base';
import type { ViewerState } from './viewer-state';

/** The host the geometry comes from: the config's resourceHost (from window.hostConfig), else the API host. */
function resourceHostOf(config: ViewerConfig, apiHost: string): string {
  const configured = config.resourceHost;
  return typeof configured === 'string' && configured !== '' ? configured.replace(/\/+$/, '') : apiHost;
}

export abstract class Viewer3DScene extends ViewerBase {
  protected _scene: SceneView | undefined;
  protected _model: OpenedModel | undefined;
  private _stopPointer = (): void => undefined;
  private readonly _afterRender: (() => void)[] = [];
  private _blinkTimer = 0;
  private _blinkOn = true;
  private _hovered: string | undefined;
  /** Why the model has no picture, when it has none. */
  protected _notDrawn: string | undefined;

  protected constructor(owner: string, config: ViewerConfig, host: HTMLElement) {
    super(owner, '3D', EVENT_NAMES['3D'], config, host, []);
  }

  /** Runs after every frame (drawables follow the camera). @internal */
  _onEachRender(listener: () => void): void {
    this._afterRender.push(listener);
  }

  /** Where a model point is in the viewer's element, and whether it is in front of the camera. @internal */
  _project(point: { x: number; y: number; z: number }): { x: number; y: number; inFront: boolean } | undefined {
    if (this._scene === undefined) return undefined;
    return { ...this._scene.worldToClient(point), inFront: this._scene.isInFront(point) };
  }

  /** Uses the token, loads the geometry, draws it framed from Home, then `shown` (which fires the events). */
  protected _openModel(call: string, viewToken: unknown, shown: (model: OpenedModel) => void): void {
    this._open(call, viewToken, (model, apiHost) => void this._loadGeometry(model, apiHost).then(() => shown(model)));
  }

  /**
   * Loads three.js and the geometry and draws them. When either cannot be had (under MSW, which does
   * not serve them yet; a mock without its build) the model is shown without a picture, saying why:
   * the token's use worked, so ViewAdded still fires and the data calls still work.
   */
  protected async _loadGeometry(model: OpenedModel, apiHost: string): Promise<void> {
    const url = `${resourceHostOf(this._config, apiHost)}/${model.databagId}/resource/model`;
    this._emitLater('ViewLoading', { loaded: 0, total: 1, progress: 0 });
    let scene: SceneView | undefined;
    try {
      // three.js first (the loader has usually loaded it already): without it the geometry is not asked for.
      const three = await loadThree();
      const response = await fetch(url);
      if (!response.ok)
        throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      const bytes = await response.arrayBuffer();
      if (this._destroyed) return;
      scene = await SceneView.create(three, this._placeholder.root, bytes, () => this._rendered());
    } catch (error) {
      this._notDrawn = `The model is not drawn: ${(error as Error).message}`;
      console.warn(`[view-token-mock stand-in] ${this._notDrawn}`);
    }
    if (this._destroyed) return;
    this._model = model;
    this._scene = scene;
    this._show(model, apiHost);
    if (scene === undefined) return;
    this._stopPointer = listenToPointer(scene.canvas, {
      click: (event) => this._canvasClicked(event, 'Click'),
      rightClick: (event) => this._canvasClicked(event, 'RightClick'),
      doubleClick: (event) => this._canvasClicked(event, 'DoubleClick'),
      hover: (event) => this._hover(event),
      dragged: () => this._set({ view: 'Custom' }),
    });
    scene.cameraStatus = this._homeCamera();
    this._set({ camera: scene.cameraStatus, view: 'Home' });
    scene.drawNow();
  }

  /** The Home view of the whole model. */
  protected abstract _homeCamera(): ViewerState['camera'];

  /** The placeholder's own clicks (the drawing's rooms); the 3D viewer reads the canvas instead. */
  protected _clickPayloads(): { clicked: unknown; selection: unknown } {
    return { clicked: {}, selection: {} };
  }

  private _rendered(): void {
    if (this._scene !== undefined) this._state = { ...this._state, camera: this._scene.cameraStatus };
    for (const listener of this._afterRender) listener();
    this._store.emit('Rendered', this);
  }

  /** How an element looks under the page's state (hidden, selected, blinking, coloured, translucent). */
  protected _lookOf(state: ViewerState, elementId: string): Look {
    const { isolation } = state;
    const outside = isolation !== null && !isolation.ids.includes(elementId);
    if (state.hidden.includes(elementId) || (outside && isolation?.option === 'HideOthers')) return { kind: 'hidden' };
    if (state.selected.includes(elementId)) return { kind: 'color', color: SELECTION_COLOR };
    if (state.blink.enabled && this._blinkOn && state.blink.ids.includes(elementId))
      return { kind: 'color', color: state.blink.color };
    const color = state.colors[elementId];
    if (color !== undefined) return { kind: 'color', color };
    if (outside || state.translucent.includes(elementId)) return { kind: 'translucent' };
    return { kind: 'own' };
  }

  protected override _redraw(): void {
    super._redraw();
    if (this._scene === undefined || this._destroyed) return;
    const state = this._state;
    this._scene.setLooks((elementId) => this._lookOf(state, elementId));
    this._keepBlinking();
  }

  private _keepBlinking(): void {
    const { blink } = this._state;
    const wanted = blink.enabled && blink.ids.length > 0;
    if (!wanted || this._blinkTimer !== 0) {
      if (!wanted && this._blinkTimer !== 0) {
        window.clearInterval(this._blinkTimer);
        this._blinkTimer = 0;
        this._blinkOn = true;
      }
      return;
    }
    this._blinkTimer = window.setInterval(() => {
      this._blinkOn = !this._blinkOn;
      this._redraw();
    }, blink.intervalMs);
  }

  /** The platform's payload of a mouse event: where, and the component hit (its ids and box) when one was. */
  protected _payload(hit: SceneHit | null, event: MouseEvent, eventType: string): Record<string, unknown> {
    const rect = this._placeholder.root.getBoundingClientRect();
    const base = {
      eventType,
      click: eventType === 'DoubleClick' ? 2 : 1,
      screenPosition: { x: event.clientX - rect.left, y: event.clientY - rect.top },
      clientPosition: { x: event.clientX, y: event.clientY },
    };
    if (hit === null || this._model === undefined) return base;
    const { elementId, boundingBox } = hit.element;
    return {
      ...base,
      modelId: this._model.modelId,
      objectId: elementId,
      elementId,
      fileId: this._model.modelId,
      objectType: 'Component',
      worldPosition: hit.worldPosition,
      normal: hit.normal,
      boundingBox: structuredClone(boundingBox),
    };
  }

  private _canvasClicked(event: MouseEvent, eventType: 'Click' | 'RightClick' | 'DoubleClick'): void {
    if (this._scene === undefined || this._model === undefined) return;
    const hit = this._scene.pick(event.clientX, event.clientY);
    const payload = this._payload(hit, event, eventType);
    if (eventType === 'DoubleClick') return this._store.emit('MouseDoubleClicked', payload);
    this._store.emit('MouseClicked', payload);
    if (eventType === 'RightClick') {
      const { width, height } = this._placeholder.root.getBoundingClientRect();
      return this._store.emit('ContextMenu', { ...payload, containerBox: { width, height } });
    }
    this._set({ selected: hit === null ? [] : [hit.element.elementId] });
    this._store.emit('ComponentsSelectionChanged', payload);
    this._store.emit('SelectionChangedInModel', { [this._model.modelId]: [...this._state.selected] });
  }

  private _hover(event: MouseEvent): void {
    const hit = this._scene?.pick(event.clientX, event.clientY) ?? null;
    const objectId = hit?.element.elementId;
    if (objectId === this._hovered) return;
    this._hovered = objectId;
    this._store.emit('ComponentsHoverChanged', { objectId });
  }

  /** The elements the geometry holds (none before the model is shown). */
  protected _elements(): SceneElement[] {
    return [...(this._scene?.elements.values() ?? [])];
  }

  override destroy(): void {
    window.clearInterval(this._blinkTimer);
    this._stopPointer();
    this._scene?.destroy();
    this._scene = undefined;
    super.destroy();
  }
}
