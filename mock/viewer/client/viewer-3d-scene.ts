// The 3D viewer's models on screen: after the token's use, each model's geometry from the mock
// (`{resourceHost}/{databagId}/resource/model`, no token, as the platform's SDK loads its own; an
// integrated model's from each of its files), drawn together with three.js; the page's state drawn as
// looks; the mouse read as the platform's. A v3 model object's calls are scoped to its model.
import type { OpenedModel } from './databag';
import { resolveResourceHost } from './databag';
import { EVENT_NAMES } from './events';
import { fetchData } from './model-data';
import type { SceneElement, SceneHit } from './scene-view';
import { SceneView } from './scene-view';
import type { Look } from './scene-materials';
import { SELECTION_COLOR } from './scene-materials';
import { listenToPointer } from './scene-pointer';
import type { Three } from './three-loading';
import { loadThree } from './three-loading';
import type { ViewerConfig } from './viewer-base';
import { ViewerBase } from './viewer-base';
import type { ViewerState } from './viewer-state';

/** A model a 3D viewer shows: its viewer data and token, where its data calls go, the id pages use. */
export interface LoadedModel {
  modelId: string;
  opened: OpenedModel;
  apiHost: string;
  /** An integrated model (`modelType` other than `singleModel`): ids `fileId.elementId`, integration routes. */
  integration: boolean;
}

async function fetchGeometry(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response.arrayBuffer();
}

export abstract class Viewer3DScene extends ViewerBase {
  protected _scene: SceneView | undefined;
  protected readonly _models: LoadedModel[] = [];
  /** The model a v3 model object's call is about, while it runs. */
  private _scopeModelId: string | undefined;
  private _stopPointer = (): void => undefined;
  private readonly _afterRender: (() => void)[] = [];
  private _blinkTimer = 0;
  private _blinkOn = true;
  private _hovered: string | undefined;
  /** Why a model has no picture, when one has none. */
  protected _notDrawn: string | undefined;

  protected constructor(owner: string, config: ViewerConfig, host: HTMLElement) {
    super(owner, '3D', EVENT_NAMES['3D'], config, host);
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

  /** Runs a v3 model object's call on its model alone. @internal */
  _inModel<T>(modelId: string, call: () => T): T {
    const outer = this._scopeModelId;
    this._scopeModelId = modelId;
    try {
      return call();
    } finally {
      this._scopeModelId = outer;
    }
  }

  /** The model a scoped call is about (undefined outside a model object's call). */
  protected _scopeModel(): LoadedModel | undefined {
    return this._models.find((model) => model.modelId === this._scopeModelId);
  }

  protected override _inScope(id: string): boolean {
    if (this._scopeModelId === undefined) return true;
    return this._elements().some((element) => element.objectId === id);
  }

  /** Uses the token, loads the geometry, draws it (framed from Home when it is the first), then `shown`. */
  protected _openModel(
    call: string,
    viewToken: unknown,
    modelId: string | undefined,
    shown: (model: LoadedModel) => void,
  ): void {
    this._open(call, viewToken, (opened, apiHost) => {
      void this._loadGeometry(opened, apiHost, modelId ?? opened.modelId).then((model) => {
        if (model !== undefined) shown(model);
      });
    });
  }

  /**
   * Loads three.js and the model's geometry (an integrated model's, file by file) and draws it beside
   * the models already shown. When either cannot be had (a mock without its build, a file the mock
   * lacks) the model is shown without a picture, saying why: the token's use worked, so the page's
   * events still fire and the data calls still work.
   */
  protected async _loadGeometry(
    opened: OpenedModel,
    apiHost: string,
    modelId: string,
  ): Promise<LoadedModel | undefined> {
    const model: LoadedModel = { modelId, opened, apiHost, integration: opened.modelType === 'integrationModel' };
    this._emitLater('ViewLoading', { loaded: 0, total: 1, progress: 0 });
    try {
      // three.js first (the loader has usually loaded it already): without it the geometry is not asked for.
      const three = await loadThree();
      const parts = await this._fetchParts(model);
      if (this._destroyed) return undefined;
      const scene = this._scene ?? this._createScene(three);
      for (const part of parts) scene.addModel(modelId, await SceneView.parse(three, part.bytes), part.fileId);
    } catch (error) {
      this._notDrawn = `The model is not drawn: ${(error as Error).message}`;
      console.warn(`[view-token-mock stand-in] ${this._notDrawn}`);
    }
    if (this._destroyed) return undefined;
    const first = this._models.length === 0;
    this._models.push(model);
    this._show(opened, apiHost);
    if (this._scene === undefined) return model;
    if (first || this._state.view === 'Home') this._scene.cameraStatus = this._homeCamera();
    this._set({ camera: this._scene.cameraStatus, view: first ? 'Home' : this._state.view });
    this._scene.drawNow();
    return model;
  }

  /** The geometry files of a model: its own, or each file's of an integrated model (its files list says where). */
  private async _fetchParts(model: LoadedModel): Promise<{ bytes: ArrayBuffer; fileId: string | undefined }[]> {
    const resourceHost = resolveResourceHost(this._config.resourceHost, model.apiHost);
    if (!model.integration)
      return [
        { bytes: await fetchGeometry(`${resourceHost}/${model.opened.databagId}/resource/model`), fileId: undefined },
      ];
    const source = {
      apiHost: model.apiHost,
      modelId: model.opened.modelId,
      viewToken: model.opened.viewToken,
      integration: true,
    };
    const files = await fetchData(source, { kind: 'files' });
    if (files.code !== 'success' || !Array.isArray(files.data))
      throw new Error(`the integrated model's files could not be listed (${files.code}: ${files.message ?? ''})`);
    const listed = files.data as { fileId: number | string; databagId: string }[];
    return Promise.all(
      listed.map(async (file) => ({
        bytes: await fetchGeometry(`${resourceHost}/${file.databagId}/resource/model`),
        fileId: String(file.fileId),
      })),
    );
  }

  private _createScene(three: Three): SceneView {
    const scene = new SceneView(three, this._placeholder.root, () => this._rendered());
    this._scene = scene;
    this._stopPointer = listenToPointer(scene.canvas, {
      click: (event) => this._canvasClicked(event, 'Click'),
      rightClick: (event) => this._canvasClicked(event, 'RightClick'),
      doubleClick: (event) => this._canvasClicked(event, 'DoubleClick'),
      hover: (event) => this._hover(event),
      dragged: () => this._set({ view: 'Custom' }),
    });
    return scene;
  }

  /** The Home view of every model shown. */
  protected abstract _homeCamera(): ViewerState['camera'];

  private _rendered(): void {
    if (this._scene !== undefined) this._state = { ...this._state, camera: this._scene.cameraStatus };
    for (const listener of this._afterRender) listener();
    this._store.emit('Rendered', this);
  }

  /** How an element looks under the page's state (hidden, selected, blinking, coloured, translucent). */
  protected _lookOf(state: ViewerState, element: SceneElement): Look {
    const id = element.objectId;
    const { isolation } = state;
    const outside = isolation !== null && !isolation.ids.includes(id);
    if (state.hidden.includes(id) || (outside && isolation?.option === 'HideOthers')) return { kind: 'hidden' };
    if (state.selected.includes(id)) return { kind: 'color', color: SELECTION_COLOR };
    if (state.blink.enabled && this._blinkOn && state.blink.ids.includes(id))
      return { kind: 'color', color: state.blink.color };
    const color = state.colors[id];
    if (color !== undefined) return { kind: 'color', color };
    if (outside || state.translucent.includes(id)) return { kind: 'translucent' };
    return { kind: 'own' };
  }

  protected override _redraw(): void {
    super._redraw();
    if (this._scene === undefined || this._destroyed) return;
    const state = this._state;
    this._scene.setLooks((element) => this._lookOf(state, element));
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
    if (hit === null) return base;
    const { objectId, elementId, modelId, fileId, boundingBox } = hit.element;
    return {
      ...base,
      modelId,
      objectId,
      elementId,
      fileId,
      objectType: 'Component',
      worldPosition: hit.worldPosition,
      normal: hit.normal,
      boundingBox: structuredClone(boundingBox),
    };
  }

  /** `SelectionChangedInModel`: each model's selected components, by model id. */
  private _selectionByModel(): Record<string, string[]> {
    const byModel: Record<string, string[]> = {};
    for (const element of this._elements())
      if (this._state.selected.includes(element.objectId)) (byModel[element.modelId] ??= []).push(element.objectId);
    return byModel;
  }

  private _canvasClicked(event: MouseEvent, eventType: 'Click' | 'RightClick' | 'DoubleClick'): void {
    if (this._scene === undefined) return;
    const hit = this._scene.pick(event.clientX, event.clientY);
    const payload = this._payload(hit, event, eventType);
    if (eventType === 'DoubleClick') return this._store.emit('MouseDoubleClicked', payload);
    this._store.emit('MouseClicked', payload);
    if (eventType === 'RightClick') {
      const { width, height } = this._placeholder.root.getBoundingClientRect();
      return this._store.emit('ContextMenu', { ...payload, containerBox: { width, height } });
    }
    this._set({ selected: hit === null ? [] : [hit.element.objectId] });
    this._store.emit('ComponentsSelectionChanged', payload);
    this._store.emit('SelectionChangedInModel', this._selectionByModel());
  }

  private _hover(event: MouseEvent): void {
    const hit = this._scene?.pick(event.clientX, event.clientY) ?? null;
    const objectId = hit?.element.objectId;
    if (objectId === this._hovered) return;
    this._hovered = objectId;
    this._store.emit('ComponentsHoverChanged', { objectId });
  }

  /** The elements shown (a model object's call: its model's only; none before a model is shown). */
  protected _elements(): SceneElement[] {
    const all = this._scene?.elements ?? [];
    return this._scopeModelId === undefined
      ? [...all]
      : all.filter((element) => element.modelId === this._scopeModelId);
  }

  override destroy(): void {
    window.clearInterval(this._blinkTimer);
    this._stopPointer();
    this._scene?.destroy();
    this._scene = undefined;
    super.destroy();
  }
}
