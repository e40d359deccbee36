// A drawing as the mock serves it to the stand-in's drawing viewer: plan sheets of a model, each a set
// of vector entities on named layers, in drawing units (mm) with Y up, as CAD draws a plan. The wire
// shapes are the spec's (spec/mock.openapi.yaml: DrawingSheet and its entities).
import type { components } from '../../../spec/generated/mock';

type Schemas = components['schemas'];

/** A point of a sheet (mm, Y up: north is up the sheet). */
export type Point2 = Schemas['DrawingPoint'];

/** A layer of a sheet: `id` is what `hideLayer(id)` takes; `color` is the layer's own (`#rrggbb`). */
export type DrawingLayer = Schemas['DrawingSheet']['layers'][number];

/** One vector entity (points flat `[x0, y0, x1, y1, …]`; a sheet holds thousands of them). */
export type DrawingEntity = Schemas['DrawingSheet']['entities'][number];

/** What the sheet list says of a sheet (`getViews()`, a frame). */
export type SheetSummary = Schemas['SheetSummary'];

/** A whole sheet: its summary, its layers and its entities. */
export type DrawingSheet = Schemas['DrawingSheet'];

/** What the config says of a drawing's sheets: which levels' plans, named how (default: every storey's). */
export interface SheetSetting {
  name: string;
  level: string;
}
