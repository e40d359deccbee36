// What the drawing viewer is made of under its public calls: the sheet on screen (a DrawingView),
// loading a drawing's sheet list and a sheet from resourceHost after the token's use, a click's
// payload (the element under it, the point in mm with Y up), the look the page's calls give each
// element, and what drawables need of it. ViewerDrawing (viewer-drawing.ts) adds the SDK's calls.
import type { Point2, SheetSummary } from './drawing-wire';
import { fetchSheet, fetchSheetList } from './drawing-data';
import type { DrawingLook } from './drawing-paint';
import { DrawingView } from './drawing-view';
import type { OpenedModel } from './databag';
import { resolveResourceHost } from './databag';
import { refuse } from './lacking';
import { ViewerBase } from './viewer-base';
import { DrawingLayers } from './drawing-layers';
import { describe } from './viewer-state';

/** The drawing a viewer shows: the model it is of, where it came from, its sheets. */
export interface OpenedDrawing {
  model: OpenedModel;
  apiHost: string;
  resourceHost: string;
  sheets: SheetSummary[];
}

/** A drawing-unit figure as the SDK gives it: to the micrometre. */
export const round = (value: number): number => Math.round(value * 1000) / 1000;

export abstract class DrawingViewerBase extends ViewerBase {
  protected _view: DrawingView | undefined;
  protected _drawing: OpenedDrawing | undefined;
  protected readonly _layers = new DrawingLayers();
  private _opacity = 1;
  private readonly _afterRender: (() => void)[] = [];

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

  protected _look(): DrawingLook {
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

  protected _load(call: string, viewToken: unknown, sheetId: unknown): void {
    const wanted = sheetId === undefined || sheetId === null ? undefined : String(sheetId);
    this._open(call, viewToken, (model, apiHost) => void this._opened(model, apiHost, wanted));
  }

  /** After the token's use: the sheet list, then the sheet (`wanted`, else the first). */
  protected async _opened(model: OpenedModel, apiHost: string, wanted: string | undefined): Promise<void> {
    const resourceHost = resolveResourceHost(this._config.resourceHost, apiHost);
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
  protected _showSheet(drawing: OpenedDrawing, sheetId: string, then?: () => void): void {
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

  protected _failed(status: number, code: string, message: string): void {
    this._store.emit('Error', { status, code, message, data: null, url: '' });
  }

  protected _sheetIdOf(call: string, drawing: OpenedDrawing, id: unknown): string {
    const sheetId = String(id);
    if (!drawing.sheets.some((sheet) => sheet.id === sheetId))
      refuse(
        `ViewerDrawing.${call}`,
        `this drawing's sheets are ${drawing.sheets.map((sheet) => `${sheet.id} (${sheet.name})`).join(', ')}, not ${describe(id)}`,
      );
    return sheetId;
  }

  protected _createView(): DrawingView {
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
  protected _clicked(event: MouseEvent, eventType: 'Click' | 'RightClick'): void {
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

  protected _boxOf(objectId: string): { min: Point2; max: Point2 } | undefined {
    const points = (this._view?.sheet?.entities ?? [])
      .filter((entity) => entity.objectId === objectId && entity.kind === 'polygon')
      .flatMap((entity) => (entity.kind === 'polygon' ? entity.points : []));
    if (points.length === 0) return undefined;
    const xs = points.filter((_, index) => index % 2 === 0);
    const ys = points.filter((_, index) => index % 2 === 1);
    return { min: { x: Math.min(...xs), y: Math.min(...ys) }, max: { x: Math.max(...xs), y: Math.max(...ys) } };
  }

  protected _point(call: string, point: unknown): Point2 {
    const given = point as Partial<Point2> | null;
    if (typeof given !== 'object' || given === null || typeof given.x !== 'number' || typeof given.y !== 'number')
      refuse(call, `takes a point { x, y }, got ${describe(point)}`);
    return { x: given.x as number, y: given.y as number };
  }

  protected _viewOrRefuse(call: string): DrawingView {
    return this._view ?? refuse(`ViewerDrawing.${call}()`, 'no drawing yet: call it after Loaded');
  }
}
