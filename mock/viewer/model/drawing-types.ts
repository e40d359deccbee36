// A drawing as the mock serves it to the stand-in's drawing viewer: plan sheets of a model, each a set
// of vector entities on named layers, in drawing units (mm) with Y up, as CAD draws a plan.

/** A point of a sheet (mm, Y up: north is up the sheet). */
export interface Point2 {
  x: number;
  y: number;
}

/** A layer of a sheet: `id` is what `hideLayer(id)` takes; `color` is the layer's own (`#rrggbb`). */
export interface DrawingLayer {
  id: string;
  name: string;
  color: string;
}

/** What every entity has: its layer, and the element it draws (what a click selects), if any. */
interface EntityBase {
  layer: string;
  objectId?: string;
}

/** One vector entity. Points are flat `[x0, y0, x1, y1, …]` (a sheet holds thousands of them). */
export type DrawingEntity =
  /** `fill`: the layer's colour, the sheet's background (an opening cut in a wall), or none (an outline). */
  | (EntityBase & { kind: 'polygon'; points: number[]; fill: 'solid' | 'background' | 'none' })
  | (EntityBase & { kind: 'line'; points: number[]; dashed?: boolean })
  /** A circular arc, counter-clockwise from `from` to `to` (degrees, 0 along +x). */
  | (EntityBase & { kind: 'arc'; center: Point2; radius: number; from: number; to: number })
  /** Text standing upright at `at`, `size` mm tall. */
  | (EntityBase & { kind: 'text'; at: Point2; text: string; size: number; anchor: 'start' | 'middle' | 'end' });

/** What the sheet list says of a sheet (`getViews()`, a frame). */
export interface SheetSummary {
  id: string;
  name: string;
  /** The level the plan cuts, when it is a floor plan. */
  levelName: string | undefined;
  /** The sheet's extent (mm, Y up): its frame. */
  frame: { min: Point2; max: Point2 };
}

/** A whole sheet: its summary, its layers and its entities. */
export interface DrawingSheet extends SheetSummary {
  layers: DrawingLayer[];
  entities: DrawingEntity[];
}

/** What the config says of a drawing's sheets: which levels' plans, named how (default: every storey's). */
export interface SheetSetting {
  name: string;
  level: string;
}
