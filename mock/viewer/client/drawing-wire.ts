// The drawing's wire shapes, as the spec gives them (what `…/resource/drawing/…` answers).
import type { components } from '../../../spec/generated/mock';

type Schemas = components['schemas'];

export type Point2 = Schemas['DrawingPoint'];
export type DrawingEntity = Schemas['DrawingSheet']['entities'][number];
export type SheetSummary = Schemas['SheetSummary'];
export type DrawingSheet = Schemas['DrawingSheet'];
