// `Glodon.Bimface.Viewer.ViewerDrawing`: the drawing viewer a WebApplicationDrawing wraps, or a page makes itself.
import type { StandInComponent } from './components';
import { FRAME, PLAN } from './components';
import { EVENT_NAMES } from './events';
import { refuse, withLoudMethods } from './lacking';
import type { ViewerConfig } from './viewer-base';
import { ViewerBase, toDomElement } from './viewer-base';
import { describe } from './viewer-state';

export class ViewerDrawing extends ViewerBase {
  private _drawingId: string | null = null;

  constructor(config: unknown, call = 'new Glodon.Bimface.Viewer.ViewerDrawing(config)') {
    super('ViewerDrawing', 'drawing', EVENT_NAMES.drawing, config as ViewerConfig, toDomElement(call, config), PLAN);
    return withLoudMethods(this, 'Glodon.Bimface.Viewer.ViewerDrawing');
  }

  /** Uses the token on the mock, draws the plan, then fires Loaded (after this call returns). */
  load(viewToken: unknown, drawingId?: unknown): void {
    if (drawingId !== undefined && drawingId !== null) this._drawingId = String(drawingId);
    this._open('load(viewToken)', viewToken, (model, apiHost) => {
      this._show(model, apiHost);
      this._emitLater('Loaded', this);
    });
  }

  /** The sheet's frames: the stand-in's plan has one, around its rooms. */
  getDrawingFrame(callback: unknown): void {
    if (typeof callback !== 'function')
      refuse('ViewerDrawing.getDrawingFrame(callback)', `takes a function, got ${describe(callback)}`);
    const name = this._shown.status === 'shown' ? this._shown.model.name : '';
    setTimeout(
      () =>
        (callback as (frames: unknown[]) => void)([
          { id: FRAME.id, name, boundingBox: structuredClone(FRAME.boundingBox) },
        ]),
      0,
    );
  }

  zoomToObject(objectId: unknown): void {
    if (typeof objectId !== 'string' && typeof objectId !== 'number')
      refuse('ViewerDrawing.zoomToObject(objectId)', `takes a component id, got ${describe(objectId)}`);
    this._set({ zoomedTo: String(objectId) });
  }

  protected override _extras(): string[] {
    return [
      ...(this._drawingId === null ? [] : [`drawing: ${this._drawingId}`]),
      ...(this._state.zoomedTo ? [`zoomed to: ${this._state.zoomedTo}`] : []),
    ];
  }

  protected _clickPayloads(
    component: StandInComponent | null,
    event: MouseEvent,
    position: { x: number; y: number },
  ): { clicked: unknown; selection: unknown } {
    const worldPosition =
      component === null
        ? { x: position.x * 100, y: position.y * 100 }
        : { x: component.world.x, y: component.world.y };
    const clicked = {
      worldPosition,
      clientPosition: { x: event.clientX, y: event.clientY },
      objectId: component?.elementId ?? null,
      clientX: event.clientX,
      clientY: event.clientY,
      event,
    };
    return { clicked, selection: component === null ? [] : [component.elementId] };
  }
}
