// The layers of a floor plan, named as the AIA CAD layer guidelines name them, each with its own
// colour (a page toggles them by id; a test tells them apart by colour). Listed in drawing order:
// openings come after the walls they cut, annotation last.
import type { DrawingLayer } from './drawing-types';

export const PLAN_LAYERS = {
  grids: { id: '1', name: 'S-GRID', color: '#d05050' },
  walls: { id: '2', name: 'A-WALL', color: '#e8e8e8' },
  columns: { id: '3', name: 'S-COLS', color: '#8fa3bf' },
  doors: { id: '4', name: 'A-DOOR', color: '#ff9f1c' },
  windows: { id: '5', name: 'A-GLAZ', color: '#2ec4f0' },
  stairs: { id: '6', name: 'A-FLOR-STRS', color: '#c77dff' },
  dimensions: { id: '7', name: 'A-ANNO-DIMS', color: '#52d273' },
  text: { id: '8', name: 'A-ANNO-TEXT', color: '#ffd23f' },
} as const satisfies Record<string, DrawingLayer>;

/** The layers in drawing order. */
export const PLAN_LAYER_LIST: readonly DrawingLayer[] = Object.values(PLAN_LAYERS);
