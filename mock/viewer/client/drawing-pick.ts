// Which drawing element is under a point of the sheet: the topmost entity carrying an element id, on
// a shown layer, whose outline holds the point or whose stroke passes within a few pixels of it.
import type { DrawingEntity, DrawingSheet, Point2 } from './drawing-wire';
import type { DrawingLook } from './drawing-paint';

/** Pixels a click may miss a line or an arc by and still pick it. */
const SLOP_PX = 4;

function insidePolygon(points: readonly number[], at: Point2): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 2; i < points.length; j = i, i += 2) {
    const [xi, yi, xj, yj] = [
      points[i] as number,
      points[i + 1] as number,
      points[j] as number,
      points[j + 1] as number,
    ];
    if (yi > at.y !== yj > at.y && at.x < ((xj - xi) * (at.y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(at: Point2, a: Point2, b: Point2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((at.x - a.x) * dx + (at.y - a.y) * dy) / length));
  return Math.hypot(at.x - (a.x + t * dx), at.y - (a.y + t * dy));
}

function nearPolyline(points: readonly number[], at: Point2, slop: number): boolean {
  for (let index = 2; index < points.length; index += 2) {
    const a = { x: points[index - 2] as number, y: points[index - 1] as number };
    const b = { x: points[index] as number, y: points[index + 1] as number };
    if (distanceToSegment(at, a, b) <= slop) return true;
  }
  return false;
}

function nearArc(entity: Extract<DrawingEntity, { kind: 'arc' }>, at: Point2, slop: number): boolean {
  const distance = Math.hypot(at.x - entity.center.x, at.y - entity.center.y);
  if (Math.abs(distance - entity.radius) > slop) return false;
  const angle = ((Math.atan2(at.y - entity.center.y, at.x - entity.center.x) * 180) / Math.PI + 360) % 360;
  return angle >= entity.from && angle <= entity.to;
}

function hits(entity: DrawingEntity, at: Point2, slop: number): boolean {
  switch (entity.kind) {
    case 'polygon':
      return (
        insidePolygon(entity.points, at) ||
        nearPolyline([...entity.points, entity.points[0] as number, entity.points[1] as number], at, slop)
      );
    case 'line':
      return nearPolyline(entity.points, at, slop);
    case 'arc':
      return nearArc(entity, at, slop);
    case 'text':
      return false;
  }
}

/**
 * The element id under a sheet point, at `zoom` pixels per mm, or null.
 * @example pickElement(sheet, { x: 1200, y: 300 }, 0.03, look) // '310019'
 */
export function pickElement(sheet: DrawingSheet, at: Point2, zoom: number, look: DrawingLook): string | null {
  const slop = SLOP_PX / zoom;
  for (let index = sheet.entities.length - 1; index >= 0; index -= 1) {
    const entity = sheet.entities[index] as DrawingEntity;
    const id = entity.objectId;
    if (id === undefined || look.hiddenLayers.has(entity.layer) || look.hidden.has(id)) continue;
    if (look.isolation?.hideOthers === true && !look.isolation.ids.has(id)) continue;
    if (hits(entity, at, slop)) return id;
  }
  return null;
}
