// `Glodon.Bimface.Viewer.ViewerDrawing`: the drawing viewer a WebApplicationDrawing wraps, or a page
// makes itself. It shows the plan sheets of the object's model (a drawing's, or a 3D model's when a
// page forces the drawing view) as vectors on a canvas: sheets listed and switched (`load(token,
// sheetId)`, `getViews`, v3 `loadDrawing`), layers listed and toggled, elements picked by a click
// (their ids, the point in drawing units with Y up), pan and zoom; its state is the drawing's.
import type { Point2, SheetSummary } from './drawing-wire';
import { Drawing2D } from './drawing-2d';
import { EVENT_NAMES } from './events';
import { refuse, withLoudMethods } from './lacking';
import type { ViewerConfig } from './viewer-base';
import { toDomElement } from './viewer-base';
import type { DrawingState } from './drawing-state';
import { toDrawingState } from './drawing-state';
import { DrawingViewerBase, round } from './drawing-viewer-base';
import { copyOf, describe } from './viewer-state';

export class ViewerDrawing extends DrawingViewerBase {
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
}
