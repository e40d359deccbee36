// `Glodon.Bimface.Viewer.ViewerDrawing`: the drawing viewer a WebApplicationDrawing wraps, or a page
// makes itself. It shows the plan sheets of the object's model (a drawing's, or a 3D model's when a
// page forces the drawing view) as vectors on a canvas: sheets listed and switched (`load(token,
// sheetId)`, `getViews`, v3 `loadDrawing`), layers listed and toggled, elements picked by a click
// (their ids, the point in drawing units with Y up), pan and zoom; its state is the drawing's.
import type { Point2, SheetSummary } from './drawing-wire';
import { Drawing2D } from './drawing-2d';
import { fetchSheet, fetchSheetList } from './drawing-data';
import type { DrawingLook } from './drawing-paint';
import { DrawingView } from './drawing-view';
import type { OpenedModel } from './databag';
import { EVENT_NAMES } from './events';
import { refuse, withLoudMethods } from './lacking';
import type { ViewerConfig } from './viewer-base';
import { ViewerBase, toDomElement } from './viewer-base';
import { DrawingLayers } from './drawing-layers';
import type { DrawingState } from './drawing-state';
import { toDrawingState } from './drawing-state';
import { copyOf, describe } from './viewer-state';

/** The drawing a viewer shows: the model it is of, where it came from, its sheets. */
interface OpenedDrawing {
  model: OpenedModel;
  apiHost: string;
  resourceHost: string;
  sheets: SheetSummary[];
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

export class ViewerDrawing extends ViewerBase {
  private _view: DrawingView | undefined;
  private _drawing: OpenedDrawing | undefined;
  private readonly _layers = new DrawingLayers();
  private _opacity = 1;
  private readonly _afterRender: (() => void)[] = [];

  constructor(config: unknown, call = 'new Glodon.Bimface.Viewer.ViewerDrawing(config)') {
    super('ViewerDrawing', 'drawing', EVENT_NAMES.drawing, config as ViewerConfig, toDomElement(call, config));
    return withLoudMethods(this, 'Glodon.Bimface.Viewer.ViewerDrawing');
  }

  /** Uses the token on the mock, loads the drawing's sheet (`drawingId`, else its first), then fires Loaded. */
  load(viewToken: unknown, drawingId?: unknown): void {
    this._load('load(viewToken, drawingId)', viewToken, drawingId);
  }

  /** v3: `{ viewToken, sheetId? | frameId?, modelId? }`; then Loaded. */
  loadDrawing(options: unknown): void {
    const given = options as { viewToken?: unknown; sheetId?: unknown; frameId?: unknown } | null;
    if (typeof given !== 'object' || given === null)
      refuse('ViewerDrawing.loadDrawing(options)', `takes { viewToken, sheetId?, frameId? }, got ${describe(options)}`);
    this._load('loadDrawing({ viewToken })', given.viewToken, given.sheetId ?? given.frameId);
  }

  /** A frame (the stand-in's sheets are one frame each) by its id. */
  loadFrame(viewToken: unknown, frameId: unknown): void {
    this._load('loadFrame(viewToken, frameId)', viewToken, frameId);
  }

  /** v3: the drawing object (its layers, its elements' selection and visibility). */
  getDrawing(modelId?: unknown): Drawing2D {
    const drawing = this._drawing;
    if (drawing === undefined)
      return refuse('ViewerDrawing.getDrawing(modelId)', 'no drawing yet: call it after Loaded');
    if (modelId !== undefined && modelId !== null && String(modelId) !== drawing.model.modelId)
      refuse(
        'ViewerDrawing.getDrawing(modelId)',
        `this viewer shows ${drawing.model.modelId}, not ${describe(modelId)}`,
      );
    return new Drawing2D(this, drawing.model.modelId);
  }

  /** The drawing's sheets (`{ id, name, levelName, frame }`), returned and given to `callback` when one is passed. */
  getViews(callback?: unknown): SheetSummary[] {
    const views = copyOf(this._drawing?.sheets ?? []);
    if (typeof callback === 'function') setTimeout(() => (callback as (views: SheetSummary[]) => void)(views), 0);
    return views;
  }

  /** Shows another sheet of the drawing (then Loaded). */
  showViewById(id: unknown): void {
    const drawing = this._drawing;
    if (drawing === undefined) return refuse('ViewerDrawing.showViewById(id)', 'no drawing yet: call it after Loaded');
    this._showSheet(drawing, this._sheetIdOf('showViewById(id)', drawing, id));
  }

  /** The sheet's frames: the stand-in's sheets are one frame each. */
  getDrawingFrame(callback: unknown): void {
    if (typeof callback !== 'function')
      refuse('ViewerDrawing.getDrawingFrame(callback)', `takes a function, got ${describe(callback)}`);
    const sheet = this._view?.sheet;
    const frames = sheet === undefined ? [] : [{ id: sheet.id, name: sheet.name, boundingBox: copyOf(sheet.frame) }];
    setTimeout(() => (callback as (frames: unknown[]) => void)(frames), 0);
  }

  getLayers(): { id: string; name: string; color: string; visible: boolean }[] {
    return this._layers.list(this._view?.sheet);
  }
  hideLayer(id: unknown): void {
    this._layers.hide('ViewerDrawing.hideLayer(id)', this._view?.sheet, id);
    this._redraw();
  }
  showLayer(id: unknown): void {
    this._layers.show('ViewerDrawing.showLayer(id)', this._view?.sheet, id);
    this._redraw();
  }
  showAllLayers(): void {
    this._layers.showAll();
    this._redraw();
  }
  /** `[{ id, visible }]` (what `getLayers()` gives, changed): each layer shown or hidden. */
  changeLayers(layers: unknown): void {
    this._layers.change('ViewerDrawing.changeLayers(layers)', this._view?.sheet, layers);
    this._redraw();
  }

  clearSelection(): void {
    this.clearSelectedComponents();
  }
  getSelectedObjects(): string[] {
    return this.getSelectedComponents();
  }
  clearHighlight(): void {
    this.clearSelectedComponents();
  }
  showAllElements(): void {
    this.showAllComponents();
  }

  /** The drawing's element ids are its model's (the stand-in draws the model's elements). */
  toModelId(id: unknown): string {
    return String(id);
  }
  toDrawingId(id: unknown): string {
    return String(id);
  }

  /** The drawing's state: its sheet, view, layers and elements' looks; `setState` takes it back. */
  getCurrentState(): DrawingState {
    return toDrawingState(this._view?.sheet?.id ?? null, this._view?.viewport, this._layers.hidden(), this._state);
  }
  getState(): DrawingState {
    return this.getCurrentState();
  }
  setState(state: unknown): void {
    const given = state as Partial<DrawingState> | null;
    if (
      typeof given !== 'object' ||
      given === null ||
      !Array.isArray(given.hiddenLayers) ||
      typeof given.zoom !== 'number'
    )
      refuse('ViewerDrawing.setState(state)', `takes what getCurrentState() returned, got ${describe(state)}`);
    const { sheetId, center, zoom, hiddenLayers, ...components } = copyOf(given) as DrawingState;
    const apply = (): void => {
      this._layers.setHidden(hiddenLayers);
      this._set({ ...this._state, ...components });
      if (this._view !== undefined) this._view.viewport = { center, zoom };
    };
    const drawing = this._drawing;
    if (drawing !== undefined && sheetId !== null && sheetId !== this._view?.sheet?.id)
      return this._showSheet(drawing, sheetId, apply);
    apply();
  }

  zoomToObject(objectId: unknown): void {
    if (typeof objectId !== 'string' && typeof objectId !== 'number')
      refuse('ViewerDrawing.zoomToObject(objectId)', `takes a component id, got ${describe(objectId)}`);
    const box = this._boxOf(String(objectId));
    if (box !== undefined) this._view?.fit(box, 1);
    this._set({ zoomedTo: String(objectId) });
  }
  /** The whole sheet in view. */
  home(): void {
    this._view?.fit();
  }
  /** Pixels per drawing unit (mm). */
  getZoomFactor(): number {
    return this._view?.viewport.zoom ?? 1;
  }
  clientToWorld(point: unknown): Point2 {
    const given = this._point('ViewerDrawing.clientToWorld(point)', point);
    const rect = this.getRootElement().getBoundingClientRect();
    const at = this._viewOrRefuse('clientToWorld').toSheetPoint(rect.left + given.x, rect.top + given.y);
    return { x: round(at.x), y: round(at.y) };
  }
  worldToClient(point: unknown): Point2 {
    const at = this._viewOrRefuse('worldToClient').toElementPoint(
      this._point('ViewerDrawing.worldToClient(point)', point),
    );
    return { x: Math.round(at.x), y: Math.round(at.y) };
  }
  /** The sheet as a PNG data URL, returned and given to `callback` when one is passed. */
  createSnapshot(callback?: unknown): string {
    const url = this._viewOrRefuse('createSnapshot').canvas.toDataURL('image/png');
    if (typeof callback === 'function') setTimeout(() => (callback as (data: string) => void)(url), 0);
    return url;
  }

  override render(): void {
    this._view?.paint();
    super.render();
  }
  override resize(width?: unknown, height?: unknown): void {
    super.resize(width, height);
    this._view?.resize();
  }
  override destroy(): void {
    this._view?.destroy();
    super.destroy();
  }

  /** Runs after every paint (drawables follow the sheet). @internal */
  _onEachRender(listener: () => void): void {
    this._afterRender.push(listener);
  }
  /** Where a sheet point is in the viewer's element (z ignored). @internal */
  _project(point: { x: number; y: number }): { x: number; y: number; inFront: boolean } | undefined {
    return this._view === undefined ? undefined : { ...this._view.toElementPoint(point), inFront: true };
  }
  /** Every element id the sheet draws. @internal */
  _elementIds(): string[] {
    return [
      ...new Set(
        (this._view?.sheet?.entities ?? []).flatMap((entity) =>
          entity.objectId === undefined ? [] : [entity.objectId],
        ),
      ),
    ];
  }
  /** @internal */
  _setOpacity(opacity: number): void {
    this._opacity = opacity;
    this._redraw();
  }

  protected override _redraw(): void {
    super._redraw();
    if (!this._destroyed) this._view?.setLook(this._look());
  }

  protected override _extras(): string[] {
    const sheet = this._view?.sheet;
    return [
      ...(sheet === undefined ? [] : [`sheet: ${sheet.name} (${sheet.id})`]),
      ...(this._state.zoomedTo ? [`zoomed to: ${this._state.zoomedTo}`] : []),
    ];
  }

  private _look(): DrawingLook {
    const { isolation } = this._state;
    return {
      hiddenLayers: new Set(this._layers.hidden()),
      selected: new Set(this._state.selected),
      hidden: new Set(this._state.hidden),
      colors: this._state.colors,
      isolation:
        isolation === null ? null : { ids: new Set(isolation.ids), hideOthers: isolation.option === 'HideOthers' },
      opacity: this._opacity,
    };
  }

  private _load(call: string, viewToken: unknown, sheetId: unknown): void {
    const wanted = sheetId === undefined || sheetId === null ? undefined : String(sheetId);
    this._open(call, viewToken, (model, apiHost) => void this._opened(model, apiHost, wanted));
  }

  /** After the token's use: the sheet list, then the sheet (`wanted`, else the first). */
  private async _opened(model: OpenedModel, apiHost: string, wanted: string | undefined): Promise<void> {
    const configured = this._config.resourceHost;
    const resourceHost = typeof configured === 'string' && configured !== '' ? configured.replace(/\/+$/, '') : apiHost;
    const list = await fetchSheetList(resourceHost, model.databagId);
    if (this._destroyed) return;
    if (list.kind === 'failed') return this._failed(list.status, 'drawing.not.found', list.message);
    const drawing = { model, apiHost, resourceHost, sheets: list.value };
    const sheetId = wanted ?? list.value[0]?.id;
    if (sheetId === undefined || !list.value.some((sheet) => sheet.id === sheetId))
      return this._failed(
        404,
        'drawing.not.found',
        `${model.name} has no sheet ${wanted ?? ''}; its sheets are ${list.value.map((sheet) => `${sheet.id} (${sheet.name})`).join(', ') || 'none'}`,
      );
    this._drawing = drawing;
    this._shown = { status: 'shown', model, apiHost };
    this._showSheet(drawing, sheetId);
  }

  /** Loads and shows a sheet of the drawing (fitted, selection kept), then Loaded (or `then`). */
  private _showSheet(drawing: OpenedDrawing, sheetId: string, then?: () => void): void {
    void fetchSheet(drawing.resourceHost, drawing.model.databagId, sheetId).then((loaded) => {
      if (this._destroyed) return;
      if (loaded.kind === 'failed') return this._failed(loaded.status, 'drawing.not.found', loaded.message);
      this._view ??= this._createView();
      this._view.show(loaded.value, this._look());
      this._redraw();
      if (then !== undefined) return then();
      this._emitLater('Loaded', this);
    });
  }

  private _failed(status: number, code: string, message: string): void {
    this._store.emit('Error', { status, code, message, data: null, url: '' });
  }

  private _sheetIdOf(call: string, drawing: OpenedDrawing, id: unknown): string {
    const sheetId = String(id);
    if (!drawing.sheets.some((sheet) => sheet.id === sheetId))
      refuse(
        `ViewerDrawing.${call}`,
        `this drawing's sheets are ${drawing.sheets.map((sheet) => `${sheet.id} (${sheet.name})`).join(', ')}, not ${describe(id)}`,
      );
    return sheetId;
  }

  private _createView(): DrawingView {
    return new DrawingView(
      this._placeholder.root,
      {
        click: (event) => this._clicked(event, 'Click'),
        rightClick: (event) => this._clicked(event, 'RightClick'),
        doubleClick: () => undefined,
        hover: () => undefined,
        viewChanged: (kind) => {
          if (kind === 'zoomed') this._store.emit('ViewZoomed', this);
          else this._store.emit('ViewMoved', this);
          this._store.emit('ViewChanged', this);
        },
      },
      () => {
        for (const listener of this._afterRender) listener();
      },
    );
  }

  /** A click: the element under it (or none) and where, in drawing units with Y up. */
  private _clicked(event: MouseEvent, eventType: 'Click' | 'RightClick'): void {
    const view = this._view;
    const sheet = view?.sheet;
    if (view === undefined || sheet === undefined) return;
    const at = view.toSheetPoint(event.clientX, event.clientY);
    const objectId = view.pick(at, this._look());
    const payload = {
      eventType,
      objectId,
      worldPosition: { x: round(at.x), y: round(at.y) },
      clientPosition: { x: event.clientX, y: event.clientY },
      clientX: event.clientX,
      clientY: event.clientY,
      event,
    };
    this._store.emit('MouseClicked', payload);
    if (eventType === 'RightClick') return;
    this._set({ selected: objectId === null ? [] : [objectId] });
    this._store.emit('ComponentsSelectionChanged', objectId === null ? [] : [objectId]);
  }

  private _boxOf(objectId: string): { min: Point2; max: Point2 } | undefined {
    const points = (this._view?.sheet?.entities ?? [])
      .filter((entity) => entity.objectId === objectId && entity.kind === 'polygon')
      .flatMap((entity) => (entity.kind === 'polygon' ? entity.points : []));
    if (points.length === 0) return undefined;
    const xs = points.filter((_, index) => index % 2 === 0);
    const ys = points.filter((_, index) => index % 2 === 1);
    return { min: { x: Math.min(...xs), y: Math.min(...ys) }, max: { x: Math.max(...xs), y: Math.max(...ys) } };
  }

  private _point(call: string, point: unknown): Point2 {
    const given = point as Partial<Point2> | null;
    if (typeof given !== 'object' || given === null || typeof given.x !== 'number' || typeof given.y !== 'number')
      refuse(call, `takes a point { x, y }, got ${describe(point)}`);
    return { x: given.x as number, y: given.y as number };
  }

  private _viewOrRefuse(call: string): DrawingView {
    return this._view ?? refuse(`ViewerDrawing.${call}()`, 'no drawing yet: call it after Loaded');
  }
}
