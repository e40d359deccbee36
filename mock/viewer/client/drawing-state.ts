// A drawing viewer's state as `getCurrentState()` gives it and `setState()` takes it back: the
// drawing's own (its sheet, where the view is, which layers are hidden) and its elements' looks.
import type { Point2 } from './drawing-wire';
import type { DrawingViewport } from './drawing-paint';
import type { ViewerState } from './viewer-state';
import { copyOf } from './viewer-state';

export interface DrawingState {
  sheetId: string | null;
  /** The sheet point at the view's centre (mm, Y up). */
  center: Point2;
  /** Pixels per mm. */
  zoom: number;
  hiddenLayers: string[];
  selected: string[];
  hidden: string[];
  colors: ViewerState['colors'];
  isolation: ViewerState['isolation'];
}

export function toDrawingState(
  sheetId: string | null,
  viewport: DrawingViewport | undefined,
  hiddenLayers: string[],
  state: ViewerState,
): DrawingState {
  return copyOf({
    sheetId,
    center: viewport?.center ?? { x: 0, y: 0 },
    zoom: viewport?.zoom ?? 1,
    hiddenLayers,
    selected: state.selected,
    hidden: state.hidden,
    colors: state.colors,
    isolation: state.isolation,
  });
}
