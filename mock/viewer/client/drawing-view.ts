// A sheet on screen: a 2D canvas filling the viewer's element, the sheet fitted to it at first, moved
// by a drag (any button) and zoomed by the wheel about the pointer; drawn again on every change. The
// mouse as the 3D viewer reads it: a press and release without movement is a click, never a drag.
import type { DrawingSheet, Point2 } from './drawing-wire';
import type { DrawingLook, DrawingViewport } from './drawing-paint';
import { paintSheet, toScreen, toSheet } from './drawing-paint';
import { pickElement } from './drawing-pick';
import type { PointerHandlers } from './scene-pointer';
import { listenToPointer } from './scene-pointer';

/** The wheel's zoom step (one notch: ×1.2). */
const WHEEL_STEP = 1.2;

export interface DrawingViewEvents extends Pick<PointerHandlers, 'click' | 'rightClick' | 'doubleClick' | 'hover'> {
  /** The view moved (a drag) or zoomed (the wheel), once it settled. */
  viewChanged(kind: 'moved' | 'zoomed'): void;
}

export class DrawingView {
  readonly canvas: HTMLCanvasElement;
  private _sheet: DrawingSheet | undefined;
  private _viewport: DrawingViewport = { center: { x: 0, y: 0 }, zoom: 1 };
  private _look: DrawingLook | undefined;
  private readonly _stop: () => void;

  constructor(
    host: HTMLElement,
    private readonly _events: DrawingViewEvents,
    private readonly _afterPaint: () => void,
  ) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'vtm-standin-drawing';
    Object.assign(this.canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%' });
    host.prepend(this.canvas);
    this._size();
    const stopPointer = listenToPointer(this.canvas, { ..._events, dragged: () => _events.viewChanged('moved') });
    const stopPanning = this._listenToPanning();
    const wheel = (event: WheelEvent): void => this._wheel(event);
    this.canvas.addEventListener('wheel', wheel, { passive: false });
    this._stop = () => {
      stopPointer();
      stopPanning();
      this.canvas.removeEventListener('wheel', wheel);
    };
  }

  get sheet(): DrawingSheet | undefined {
    return this._sheet;
  }

  get viewport(): DrawingViewport {
    return { center: { ...this._viewport.center }, zoom: this._viewport.zoom };
  }

  set viewport(viewport: DrawingViewport) {
    this._viewport = { center: { ...viewport.center }, zoom: viewport.zoom };
    this.paint();
  }

  /** Shows a sheet, fitted to the canvas. */
  show(sheet: DrawingSheet, look: DrawingLook): void {
    this._sheet = sheet;
    this._look = look;
    this.fit(sheet.frame);
  }

  /** Frames a box of the sheet (its whole frame by default), with a little margin. */
  fit(box: { min: Point2; max: Point2 } | undefined = this._sheet?.frame, margin = 0.05): void {
    if (box === undefined) return;
    const width = Math.max(1, box.max.x - box.min.x);
    const height = Math.max(1, box.max.y - box.min.y);
    const zoom = Math.min(this.canvas.width / width, this.canvas.height / height) / (1 + 2 * margin);
    this.viewport = { center: { x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2 }, zoom };
  }

  /** Draws again with the page's state. */
  setLook(look: DrawingLook): void {
    this._look = look;
    this.paint();
  }

  paint(): void {
    const context = this.canvas.getContext('2d');
    if (context === null || this._sheet === undefined || this._look === undefined) return;
    paintSheet(context, this._sheet, this._viewport, this._look);
    this._afterPaint();
  }

  /** The element drawn at a sheet point, or null. */
  pick(at: Point2, look: DrawingLook): string | null {
    return this._sheet === undefined ? null : pickElement(this._sheet, at, this._viewport.zoom, look);
  }

  /** A client point (the page's) on the sheet (mm, Y up). */
  toSheetPoint(clientX: number, clientY: number): Point2 {
    const rect = this.canvas.getBoundingClientRect();
    return toSheet(this._viewport, this.canvas.width, this.canvas.height, {
      x: clientX - rect.left,
      y: clientY - rect.top,
    });
  }

  /** A sheet point in the viewer's element (pixels from its top left). */
  toElementPoint(point: Point2): Point2 {
    return toScreen(this._viewport, this.canvas.width, this.canvas.height, point);
  }

  /** Follows the element's size (after `resize`). */
  resize(): void {
    this._size();
    this.paint();
  }

  destroy(): void {
    this._stop();
    this.canvas.remove();
  }

  private _size(): void {
    const host = this.canvas.parentElement;
    this.canvas.width = Math.max(1, host?.clientWidth ?? 1);
    this.canvas.height = Math.max(1, host?.clientHeight ?? 1);
  }

  /** A drag moves the sheet with the pointer. */
  private _listenToPanning(): () => void {
    let last: Point2 | undefined;
    const down = (event: PointerEvent): void => {
      last = { x: event.clientX, y: event.clientY };
    };
    const move = (event: PointerEvent): void => {
      if (last === undefined || event.buttons === 0) return;
      const { zoom, center } = this._viewport;
      this.viewport = {
        center: { x: center.x - (event.clientX - last.x) / zoom, y: center.y + (event.clientY - last.y) / zoom },
        zoom,
      };
      last = { x: event.clientX, y: event.clientY };
    };
    const up = (): void => {
      last = undefined;
    };
    this.canvas.addEventListener('pointerdown', down);
    this.canvas.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    return () => {
      this.canvas.removeEventListener('pointerdown', down);
      this.canvas.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  }

  /** The wheel zooms about the point under the pointer (it stays where it is). */
  private _wheel(event: WheelEvent): void {
    event.preventDefault();
    const before = this.toSheetPoint(event.clientX, event.clientY);
    const factor = event.deltaY < 0 ? WHEEL_STEP : 1 / WHEEL_STEP;
    const zoom = this._viewport.zoom * factor;
    const { center } = this._viewport;
    this.viewport = {
      center: { x: before.x - (before.x - center.x) / factor, y: before.y - (before.y - center.y) / factor },
      zoom,
    };
    this._events.viewChanged('zoomed');
  }
}
