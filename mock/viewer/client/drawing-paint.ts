// Paints a sheet's entities on a 2D canvas: a sheet point (mm, Y up) at `(x - cx) * k + w/2,
// h/2 - (y - cy) * k` on screen. Each entity in its layer's colour, or as the page's state says
// (selected, coloured, hidden, isolated); hidden layers not at all.
import type { DrawingEntity, DrawingSheet, Point2 } from './drawing-wire';
import { SELECTION_COLOR } from './scene-materials';
import type { RgbaColor } from './viewer-state';
import { cssColor } from './viewer-state';

/** The sheet's background (the 3D viewer's too). */
const DRAWING_BACKGROUND = '#1f2430';

/** Where the view is: the sheet point at the canvas's centre and pixels per mm. */
export interface DrawingViewport {
  center: Point2;
  zoom: number;
}

/** What the page's calls make of each drawing element. */
export interface DrawingLook {
  hiddenLayers: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
  colors: Readonly<Record<string, RgbaColor>>;
  isolation: { ids: ReadonlySet<string>; hideOthers: boolean } | null;
  /** The drawing's elements' opacity (`setOpacity`), 0 to 1. */
  opacity: number;
}

/** Sheet → screen, for a canvas `width` × `height`. */
export function toScreen(viewport: DrawingViewport, width: number, height: number, point: Point2): Point2 {
  return {
    x: (point.x - viewport.center.x) * viewport.zoom + width / 2,
    y: height / 2 - (point.y - viewport.center.y) * viewport.zoom,
  };
}

/** Screen → sheet. */
export function toSheet(viewport: DrawingViewport, width: number, height: number, point: Point2): Point2 {
  return {
    x: (point.x - width / 2) / viewport.zoom + viewport.center.x,
    y: (height / 2 - point.y) / viewport.zoom + viewport.center.y,
  };
}

/** The colour an entity is drawn in, or undefined when it is not drawn; and its opacity. */
function styleOf(
  entity: DrawingEntity,
  layerColor: string,
  look: DrawingLook,
): { color: string; alpha: number } | undefined {
  const id = entity.objectId;
  if (id === undefined) return { color: layerColor, alpha: 1 };
  const outside = look.isolation !== null && !look.isolation.ids.has(id);
  if (look.hidden.has(id) || (outside && look.isolation?.hideOthers === true)) return undefined;
  const alpha = (outside ? 0.2 : 1) * look.opacity;
  if (look.selected.has(id)) return { color: cssColor(SELECTION_COLOR), alpha };
  const color = look.colors[id];
  return { color: color === undefined ? layerColor : cssColor(color), alpha };
}

function tracePoints(
  context: CanvasRenderingContext2D,
  screen: (point: Point2) => Point2,
  points: readonly number[],
): void {
  context.beginPath();
  for (let at = 0; at < points.length; at += 2) {
    const point = screen({ x: points[at] as number, y: points[at + 1] as number });
    if (at === 0) context.moveTo(point.x, point.y);
    else context.lineTo(point.x, point.y);
  }
}

function paintEntity(
  context: CanvasRenderingContext2D,
  entity: DrawingEntity,
  screen: (point: Point2) => Point2,
  zoom: number,
): void {
  switch (entity.kind) {
    case 'polygon':
      tracePoints(context, screen, entity.points);
      context.closePath();
      if (entity.fill !== 'none') {
        if (entity.fill === 'background') context.fillStyle = DRAWING_BACKGROUND;
        context.fill();
      }
      return context.stroke();
    case 'line':
      tracePoints(context, screen, entity.points);
      context.setLineDash(entity.dashed === true ? [8, 6] : []);
      context.stroke();
      return context.setLineDash([]);
    case 'arc': {
      const center = screen(entity.center);
      context.beginPath();
      // Y up on the sheet is Y down on screen: counter-clockwise there is clockwise here.
      context.arc(
        center.x,
        center.y,
        entity.radius * zoom,
        (-entity.from * Math.PI) / 180,
        (-entity.to * Math.PI) / 180,
        true,
      );
      return context.stroke();
    }
    case 'text': {
      const size = entity.size * zoom;
      // Text too small to read is left out, as CAD viewers do.
      if (size < 4) return;
      const at = screen(entity.at);
      context.font = `${size.toFixed(1)}px system-ui, sans-serif`;
      context.textAlign = entity.anchor === 'start' ? 'left' : entity.anchor === 'end' ? 'right' : 'center';
      return context.fillText(entity.text, at.x, at.y);
    }
  }
}

/** Paints the whole sheet (background first). */
export function paintSheet(
  context: CanvasRenderingContext2D,
  sheet: DrawingSheet,
  viewport: DrawingViewport,
  look: DrawingLook,
): void {
  const { width, height } = context.canvas;
  context.fillStyle = DRAWING_BACKGROUND;
  context.fillRect(0, 0, width, height);
  const colors = new Map(sheet.layers.map((layer) => [layer.id, layer.color]));
  const screen = (point: Point2): Point2 => toScreen(viewport, width, height, point);
  context.lineWidth = 1;
  for (const entity of sheet.entities) {
    if (look.hiddenLayers.has(entity.layer)) continue;
    const style = styleOf(entity, colors.get(entity.layer) ?? '#ffffff', look);
    if (style === undefined) continue;
    context.globalAlpha = style.alpha;
    context.strokeStyle = style.color;
    context.fillStyle = style.color;
    paintEntity(context, entity, screen, viewport.zoom);
  }
  context.globalAlpha = 1;
}
